// EMQX's encode/decode functions: base64_encode/decode, json_encode/decode, term_encode/decode.
// base64_* and term_decode take a binary only; json_encode and term_encode take any rule value.
import { bytesResult, isBinary, toBytes } from './binary-args';
import { jsonDecode, jsonEncode } from './codec-json';
import { binaryToTerm, termToBinary } from './codec-term';
import type { FunctionGroup } from './types';
import { defineGroup, fail } from './values';

/** The standard alphabet with its padding; whitespace between characters is skipped as OTP's base64 does. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function base64Decode(text: string): Buffer {
  const compact = text.replace(/[ \t\r\n]/g, '');
  if (!BASE64.test(compact)) return fail('the argument is not valid base64 (standard alphabet, with padding)');
  return Buffer.from(compact, 'base64');
}

function binaryArg(data: unknown): Buffer {
  if (!isBinary(data)) return fail('the argument must be a binary');
  return toBytes(data);
}

export const codecFunctions: FunctionGroup = defineGroup({
  base64_encode: [1, ([data]) => binaryArg(data).toString('base64')],
  base64_decode: [1, ([data]) => bytesResult(base64Decode(binaryArg(data).toString('latin1')))],
  json_encode: [1, ([value]) => jsonEncode(value)],
  json_decode: [1, ([text]) => jsonDecode(text)],
  term_encode: [1, ([value]) => bytesResult(termToBinary(value))],
  term_decode: [1, ([data]) => binaryToTerm(binaryArg(data))],
});
