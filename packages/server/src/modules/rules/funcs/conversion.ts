// Data type conversion (EMQX "Data Type Conversion", plus the hex codecs EMQX lists under "Encoding and Decoding"):
// str, str_utf8, str_utf16_le, bool, int, float, float2str, map, bin2hexstr, hexstr2bin, sqlserver_bin2hexstr.
import { bitsOf } from './bits';
import { anyToStr, asBinary, asInt, binaryResult, bytesOf, defineGroup, fail, formatFloat, isBinary, isMap, jsonDecode, type MapValue } from './values';

const INTEGER = /^[+-]?\d+$/;
const FLOAT = /^[+-]?\d+\.\d+(?:[eE][+-]?\d+)?$/; // Erlang's float syntax: digits on both sides of the point

const text = (v: string | Buffer) => (typeof v === 'string' ? v : v.toString('utf8'));

export function toInt(v: unknown): number {
  if (typeof v === 'number' && Number.isFinite(v)) return Math.floor(v) + 0;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (isBinary(v)) {
    const s = text(v);
    if (INTEGER.test(s)) return Number(s);
    if (FLOAT.test(s)) return Math.floor(Number(s)) + 0;
    fail('the string is not a number');
  }
  fail('the argument must be a number, a numeric string or a boolean');
}

export function toFloat(v: unknown): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'bigint') return Number(v);
  if (isBinary(v)) {
    const s = text(v);
    if (FLOAT.test(s) || INTEGER.test(s)) return Number(s);
    fail('the string is not a number');
  }
  fail('the argument must be a number or a numeric string');
}

export function toBool(v: unknown): boolean {
  if (v === true || v === false) return v;
  if (isBinary(v)) {
    const s = text(v);
    if (s === 'true') return true;
    if (s === 'false') return false;
  }
  if (typeof v === 'number' || typeof v === 'bigint') {
    if (Number(v) === 1) return true;
    if (Number(v) === 0) return false;
  }
  fail('the argument must be true, false, "true", "false", 1 or 0');
}

/** EMQX's map(): a JSON object text, a list of [key, value] pairs, or a map. */
export function toMap(v: unknown): MapValue {
  if (isMap(v)) return v;
  if (isBinary(v)) {
    const decoded = jsonDecode(v);
    if (isMap(decoded)) return decoded;
    fail('the string is not a JSON object');
  }
  if (Array.isArray(v)) {
    const out: MapValue = {};
    for (const pair of v) {
      if (!Array.isArray(pair) || pair.length !== 2) fail('a list becomes a map only when it holds [key, value] pairs');
      out[text(anyToStr(pair[0]))] = pair[1];
    }
    return out;
  }
  fail('the argument must be a map, a JSON object string or a list of pairs');
}

export function str(v: unknown): string | Buffer {
  const s = anyToStr(v);
  return typeof s === 'string' ? s : binaryResult(s);
}

function strUtf8(v: unknown): string {
  const s = str(v);
  if (typeof s !== 'string') fail('the bytes are not valid UTF-8');
  return s;
}

/** Upper-case hex of a binary; a bitstring is padded with zero bits in front, dropping a leading 0 nibble. */
export function bin2hexstr(v: unknown): string {
  const bits = bitsOf(v);
  const hex = bits.bytes.toString('hex').toUpperCase();
  const tail = bits.bitLength % 8;
  if (tail === 0) return hex;
  // re-align: the bits sit at the top of the last byte; shift them right so the padding comes first
  const n = BigInt(`0x${hex || '0'}`) >> BigInt(8 - tail);
  const padded = n
    .toString(16)
    .toUpperCase()
    .padStart(bits.bytes.length * 2, '0');
  return 8 - tail >= 4 ? padded.slice(1) : padded;
}

export function hexstr2bin(v: unknown): string | Buffer {
  let s = text(asBinary(v));
  if (s.length % 2) s = `0${s}`;
  if (!/^[0-9a-fA-F]*$/.test(s)) fail('the string is not hexadecimal');
  return binaryResult(Buffer.from(s, 'hex'));
}

function prefixOf(p: unknown): string | undefined {
  if (p === undefined) return undefined;
  return text(asBinary(p, 'the prefix'));
}

export const conversionFunctions = defineGroup({
  str: [1, ([v]) => str(v)],
  str_utf8: [1, ([v]) => strUtf8(v)],
  str_utf16_le: [1, ([v]) => Buffer.from(strUtf8(v), 'utf16le')],
  bool: [1, ([v]) => toBool(v)],
  int: [1, ([v]) => toInt(v)],
  float: [
    [1, 2],
    ([v, decimals]) => {
      const f = toFloat(v);
      if (decimals === undefined) return f;
      const d = asInt(decimals, 'the number of decimals');
      if (d <= 0 || d > 253) fail('the number of decimals must be between 1 and 253');
      return Number(formatFloat(f, d, false));
    },
  ],
  float2str: [
    2,
    ([v, precision]) => {
      if (typeof v !== 'number' || !Number.isFinite(v)) fail('the first argument must be a float');
      const p = asInt(precision, 'the precision');
      if (p < 0 || p > 253) fail('the precision must be between 0 and 253');
      return formatFloat(v, p, true);
    },
  ],
  map: [1, ([v]) => toMap(v)],
  bin2hexstr: [[1, 2], ([v, prefix]) => (prefixOf(prefix) ?? '') + bin2hexstr(v)],
  hexstr2bin: [
    [1, 2],
    ([v, p]) => {
      const prefix = prefixOf(p);
      if (prefix === undefined) return hexstr2bin(v);
      const bytes = bytesOf(asBinary(v));
      const pre = Buffer.from(prefix, 'utf8');
      if (bytes.length < pre.length || !bytes.subarray(0, pre.length).equals(pre)) fail('the string does not start with the prefix');
      return hexstr2bin(bytes.subarray(pre.length));
    },
  ],
  sqlserver_bin2hexstr: [1, ([v]) => `0x${bin2hexstr(v)}`],
});
