// Shared value helpers of the built-in functions: the type tests and conversions that stand in for Erlang's
// (binary/integer/float/map/list, see the mapping at the top of types.ts) and the group definition helper.
import { jsonEncode } from './codec-json';
import { RuleFunctionError, type FuncContext, type FunctionGroup, type RuleFunction } from './types';

/** A bitstring whose length need not be a whole number of bytes: bits packed from the top of `bytes[0]`. */
export class BitString {
  constructor(
    readonly bytes: Buffer,
    readonly bitLength: number,
  ) {}
}

export type Binary = string | Buffer;
export type MapValue = Record<string, unknown>;

export const isBinary = (v: unknown): v is Binary => typeof v === 'string' || Buffer.isBuffer(v);
export const isBitstring = (v: unknown): v is Binary | BitString => isBinary(v) || v instanceof BitString;
export const isInt = (v: unknown): v is number | bigint => (typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint';
export const isNum = (v: unknown): v is number | bigint => (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'bigint';
export const isFloat = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && !Number.isInteger(v);

/** A plain object (an Erlang map); arrays, Buffers and bitstrings are not. */
export function isMap(v: unknown): v is MapValue {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** An argument error: the group wrapper turns it into a RuleFunctionError naming the call. */
export function fail(message: string): never {
  throw new ArgumentError(message);
}
class ArgumentError extends Error {}

export function asBinary(v: unknown, what = 'the argument'): Binary {
  if (!isBinary(v)) fail(`${what} must be a string`);
  return v;
}
export function asText(v: unknown, what = 'the argument'): string {
  const b = asBinary(v, what);
  return typeof b === 'string' ? b : b.toString('utf8');
}
export function asInt(v: unknown, what = 'the argument'): number {
  if (typeof v === 'bigint') return Number(v);
  if (typeof v !== 'number' || !Number.isInteger(v)) fail(`${what} must be an integer`);
  return v;
}
export function asNumber(v: unknown, what = 'the argument'): number {
  if (typeof v === 'bigint') return Number(v);
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(`${what} must be a number`);
  return v;
}
export function asList(v: unknown, what = 'the argument'): unknown[] {
  if (!Array.isArray(v)) fail(`${what} must be an array`);
  return v;
}

export const bytesOf = (v: Binary): Buffer => (typeof v === 'string' ? Buffer.from(v, 'utf8') : v);

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** Bytes a function produced: text when they are valid UTF-8 (the usual case), else the Buffer itself. */
export function binaryResult(bytes: Buffer): Binary {
  try {
    return utf8.decode(bytes);
  } catch {
    return bytes;
  }
}

/** Erlang's float_to_binary(F, [{decimals, D}] ++ [compact]): fixed notation, D digits after the point. */
export function formatFloat(x: number, decimals: number, compact: boolean): string {
  let s: string;
  if (Math.abs(x) < 1e21 && decimals <= 100) s = x.toFixed(decimals);
  else s = exactFixed(x, decimals);
  if (!compact || decimals === 0) return s;
  return s.replace(/(\.\d*?)0+$/, (_m, keep: string) => (keep === '.' ? '.0' : keep));
}

// The exact decimal expansion of a double, rounded half up at `decimals` digits (toFixed stops at 100 digits).
function exactFixed(x: number, decimals: number): string {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const sign = hi >>> 31 ? '-' : '';
  const exp = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(view.getUint32(4));
  let e = exp - 1075;
  if (exp === 0) e = -1074;
  else mant |= 1n << 52n;
  const scale = 10n ** BigInt(decimals);
  let q: bigint;
  if (e >= 0) q = (mant << BigInt(e)) * scale;
  else {
    const den = 1n << BigInt(-e);
    const num = mant * scale;
    q = num / den;
    if ((num % den) * 2n >= den) q += 1n;
  }
  const digits = q.toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  return decimals === 0 ? `${sign}${int}` : `${sign}${int}.${digits.slice(-decimals)}`;
}

/** emqx_utils_conv's number_to_binary: integers in full, floats with up to 10 decimals. */
export function numberToString(n: number | bigint): string {
  if (typeof n === 'bigint') return n.toString();
  if (Number.isInteger(n)) return Math.abs(n) < 1e21 ? String(n) : BigInt(n).toString();
  if (!Number.isFinite(n)) fail('the number is not finite');
  return formatFloat(n, 10, true);
}

/** io_lib:printable_list (Latin-1): a list of character codes that reads as text. */
export function isPrintableList(list: unknown[]): boolean {
  return list.every((c) => typeof c === 'number' && Number.isInteger(c) && ((c >= 32 && c <= 126) || (c >= 160 && c <= 255) || (c >= 8 && c <= 13) || c === 27));
}

/** emqx_utils_conv:bin — how EMQX turns any value into text (str, concat, join_to_string …). */
export function anyToStr(v: unknown): Binary {
  if (typeof v === 'string' || Buffer.isBuffer(v)) return v;
  if (typeof v === 'number' || typeof v === 'bigint') return numberToString(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v === undefined) return 'undefined';
  if (v === null) return 'null';
  if (Array.isArray(v)) return isPrintableList(v) ? String.fromCharCode(...(v as number[])) : jsonEncode(v);
  if (isMap(v)) return jsonEncode(v);
  fail('the value cannot be turned into a string');
}
export const anyToText = (v: unknown): string => {
  const s = anyToStr(v);
  return typeof s === 'string' ? s : s.toString('utf8');
};

/** A JSON text decoded as EMQX's map() and friends do; undefined when the text is not JSON. */
export function jsonDecode(v: Binary): unknown {
  try {
    return JSON.parse(typeof v === 'string' ? v : v.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Erlang's =:= on rule values: numbers by value, binaries by bytes, lists and maps deeply. */
export function termEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isBinary(a) && isBinary(b)) return bytesOf(a).equals(bytesOf(b));
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) return Number(a) === Number(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => termEquals(x, b[i]));
  if (isMap(a) && isMap(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && termEquals(a[k], b[k]));
  }
  if (a instanceof BitString && b instanceof BitString) return a.bitLength === b.bitLength && a.bytes.equals(b.bytes);
  return false;
}

let segmenter: Intl.Segmenter | undefined;
/** The grapheme clusters of a string, as Erlang's string module counts characters ("\r\n" is one). */
export function graphemes(s: string): string[] {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(s)) return s.match(/\r\n|[\s\S]/g) ?? [];
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  return Array.from(segmenter.segment(s), (x) => x.segment);
}

/** A short rendering of an argument for error messages. */
export function show(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 64 ? `${v.slice(0, 64)}…` : v);
  if (Buffer.isBuffer(v)) return `<<${v.length} bytes>>`;
  if (v instanceof BitString) return `<<${v.bitLength} bits>>`;
  if (v === undefined) return 'undefined';
  if (typeof v === 'bigint') return v.toString();
  try {
    const s = JSON.stringify(v);
    return s.length > 64 ? `${s.slice(0, 64)}…` : s;
  } catch {
    return String(v);
  }
}

type Impl = (args: unknown[], ctx: FuncContext) => unknown;
/** A function's accepted argument counts ('variadic': one or more) and its body. */
export type Def = readonly [arity: number | readonly number[] | 'variadic', impl: Impl];

/**
 * Builds a group file's FunctionGroup: each function checks its argument count (EMQX: "function not supported"
 * for an unknown arity) and reports an argument error as a RuleFunctionError naming the call, as EMQX's
 * bad_sql_function_argument does.
 */
export function defineGroup(defs: Record<string, Def>): FunctionGroup {
  const sync: Record<string, RuleFunction> = {};
  for (const [name, [arity, impl]] of Object.entries(defs)) {
    const accepts = (n: number) => (arity === 'variadic' ? n >= 1 : typeof arity === 'number' ? n === arity : arity.includes(n));
    sync[name] = (args, ctx) => {
      if (!accepts(args.length)) throw new RuleFunctionError(`The SQL function ${name}/${args.length} is not supported.`, name);
      try {
        return impl(args, ctx);
      } catch (e) {
        if (e instanceof RuleFunctionError) throw e;
        const why = e instanceof Error ? e.message : String(e);
        throw new RuleFunctionError(`Bad argument to ${name}(${args.map(show).join(', ')}): ${why}.`, name);
      }
    };
  }
  return { sync };
}
