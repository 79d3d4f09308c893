// Argument checks shared by the hash, compression, codec, time, random, kv-store, system and jq groups.
// EMQX's binaries are JS strings (UTF-8 text) or Buffers (raw bytes); see types.ts for the full mapping.
// A refused argument calls values.ts's fail(): defineGroup reports it as "Bad argument to f(…): <why>.", as part A does.
import { isUtf8 } from 'node:buffer';
import { fail } from './values';

export function isBinary(value: unknown): value is string | Buffer {
  return typeof value === 'string' || Buffer.isBuffer(value);
}

/** The bytes of a binary argument; anything else is EMQX's badarg. */
export function toBytes(value: unknown, what = 'the argument'): Buffer {
  if (typeof value === 'string') return Buffer.from(value, 'utf8');
  if (Buffer.isBuffer(value)) return value;
  return fail(`${what} must be a string or binary`);
}

/** A binary argument read as UTF-8 text. */
export function toText(value: unknown, what = 'the argument'): string {
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return fail(`${what} must be a string`);
}

/** An integer argument (a JS integer number or a bigint) as a bigint. */
export function toBigInt(value: unknown, what = 'the argument'): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  return fail(`${what} must be an integer`);
}

/** A bigint result as a number when it is exact, otherwise as a bigint (types.ts). */
export function fromBigInt(value: bigint): number | bigint {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** Bytes a function produced, as a rule value: text when they are valid UTF-8, else the Buffer (types.ts). */
export function bytesResult(bytes: Buffer): string | Buffer {
  return isUtf8(bytes) ? bytes.toString('utf8') : bytes;
}
