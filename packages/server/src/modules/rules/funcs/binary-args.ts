// Argument checks shared by the hash, compression, codec, time, random, kv-store and jq groups.
// EMQX's binaries are JS strings (UTF-8 text) or Buffers (raw bytes); see types.ts for the full mapping.
import { isUtf8 } from 'node:buffer';
import { RuleFunctionError } from './types';

export function isBinary(value: unknown): value is string | Buffer {
  return typeof value === 'string' || Buffer.isBuffer(value);
}

/** The bytes of a binary argument; anything else is EMQX's badarg. */
export function toBytes(func: string, value: unknown, what = 'the argument'): Buffer {
  if (typeof value === 'string') return Buffer.from(value, 'utf8');
  if (Buffer.isBuffer(value)) return value;
  throw new RuleFunctionError(`${func}: ${what} must be a string or binary, got ${describe(value)}`, func);
}

/** A binary argument read as UTF-8 text. */
export function toText(func: string, value: unknown, what = 'the argument'): string {
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  throw new RuleFunctionError(`${func}: ${what} must be a string, got ${describe(value)}`, func);
}

/** Throws unless the call has one of the given argument counts (EMQX: sql_function_not_supported). */
export function arity(func: string, args: unknown[], ...counts: number[]): void {
  if (!counts.includes(args.length)) throw new RuleFunctionError(`The SQL function ${func}/${args.length} is not supported.`, func);
}

/** Bytes a function produced, as a rule value: text when they are valid UTF-8, else the Buffer (types.ts). */
export function bytesResult(bytes: Buffer): string | Buffer {
  return isUtf8(bytes) ? bytes.toString('utf8') : bytes;
}

/** An integer argument (a JS integer number or a bigint) as a bigint. */
export function toBigInt(func: string, value: unknown, what = 'the argument'): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  throw new RuleFunctionError(`${func}: ${what} must be an integer, got ${describe(value)}`, func);
}

/** A bigint result as a number when it is exact, otherwise as a bigint (types.ts). */
export function fromBigInt(value: bigint): number | bigint {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** A short, operator-readable description of a rule value for error messages. */
export function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (Buffer.isBuffer(value)) return `a ${value.length}-byte binary`;
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'object') return 'a map';
  return `${typeof value} ${String(value)}`;
}
