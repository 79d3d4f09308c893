// EMQX's encode/decode functions: base64_encode/decode, json_encode/decode, term_encode/decode.
// base64_* and term_decode take a binary only; json_encode and term_encode take any rule value.
import { arity, bytesResult, describe, isBinary, toBytes } from './binary-args';
import { jsonDecode, jsonEncode } from './codec-json';
import { binaryToTerm, termToBinary } from './codec-term';
import { RuleFunctionError, type FunctionGroup } from './types';

/** The standard alphabet with its padding; whitespace between characters is skipped as OTP's base64 does. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function base64Decode(text: string): Buffer {
  const compact = text.replace(/[ \t\r\n]/g, '');
  if (!BASE64.test(compact)) throw new RuleFunctionError('base64_decode: the argument is not valid base64 (standard alphabet, with padding)', 'base64_decode');
  return Buffer.from(compact, 'base64');
}

function binaryArg(func: string, args: unknown[]): string | Buffer {
  arity(func, args, 1);
  const [data] = args;
  if (!isBinary(data)) throw new RuleFunctionError(`${func}: the argument must be a binary, got ${describe(data)}`, func);
  return data;
}

export const codecFunctions: FunctionGroup = {
  sync: {
    base64_encode: (args) => toBytes('base64_encode', binaryArg('base64_encode', args)).toString('base64'),
    base64_decode: (args) => bytesResult(base64Decode(toBytes('base64_decode', binaryArg('base64_decode', args)).toString('latin1'))),
    json_encode: (args) => {
      arity('json_encode', args, 1);
      return jsonEncode(args[0]);
    },
    json_decode: (args) => {
      arity('json_decode', args, 1);
      return jsonDecode(args[0]);
    },
    term_encode: (args) => {
      arity('term_encode', args, 1);
      return bytesResult(termToBinary(args[0]));
    },
    term_decode: (args) => binaryToTerm(toBytes('term_decode', binaryArg('term_decode', args))),
  },
};
