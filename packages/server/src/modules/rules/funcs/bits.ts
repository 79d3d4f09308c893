// Bit functions: EMQX's "Bit Operations" (bitand … bitsr on integers of any size) and "Bit Sequence Operations"
// (bitsize, bytesize, subbits on binaries). Bits are numbered from 1 at the most significant bit of the first byte.
import { BitString, binaryResult, bytesOf, defineGroup, fail, isBinary, isInt, type Def } from './values';

function big(v: unknown, what: string): bigint {
  if (!isInt(v)) fail(`${what} must be an integer`);
  return BigInt(v);
}
function toNumber(r: bigint): number {
  const n = Number(r);
  if (!Number.isFinite(n)) fail('the result is too large');
  return n;
}
const binop = (f: (x: bigint, y: bigint) => bigint): Def => [2, ([x, y]) => toNumber(f(big(x, 'the first argument'), big(y, 'the second argument')))];

// Past 1100 bits any non-zero result is beyond a double (the results are numbers): refuse before BigInt allocates it.
function shiftLeft(x: bigint, n: bigint): bigint {
  if (n > 1100n && x !== 0n) fail('the result is too large');
  return n >= 0n ? x << n : x >> -n;
}

/** A binary or bitstring as bytes plus a length in bits. */
export function bitsOf(v: unknown): BitString {
  if (v instanceof BitString) return v;
  if (isBinary(v)) {
    const bytes = bytesOf(v);
    return new BitString(bytes, bytes.length * 8);
  }
  fail('the argument must be a binary');
}

const bitAt = (b: BitString, i: number) => (b.bytes[i >> 3] >> (7 - (i & 7))) & 1;

/** `n` bits of `b` from bit offset `from` (0-based), as a new bitstring. */
export function sliceBits(b: BitString, from: number, n: number): BitString {
  const out = Buffer.alloc(Math.ceil(n / 8));
  if (from % 8 === 0) b.bytes.copy(out, 0, from / 8, Math.ceil((from + n) / 8));
  else for (let i = 0; i < n; i++) if (bitAt(b, from + i)) out[i >> 3] |= 0x80 >> (i & 7);
  if (n % 8) out[out.length - 1] &= (0xff << (8 - (n % 8))) & 0xff;
  return new BitString(out, n);
}

function readUnsigned(b: BitString, little: boolean): bigint {
  let v = 0n;
  if (!little) {
    for (let i = 0; i < b.bitLength; i++) v = (v << 1n) | BigInt(bitAt(b, i));
    return v;
  }
  // little endian: the first 8 bits are the least significant byte; a trailing partial chunk is the most significant
  for (let chunk = 0, shift = 0n; chunk * 8 < b.bitLength; chunk++) {
    const width = Math.min(8, b.bitLength - chunk * 8);
    let part = 0n;
    for (let i = 0; i < width; i++) part = (part << 1n) | BigInt(bitAt(b, chunk * 8 + i));
    v |= part << shift;
    shift += BigInt(width);
  }
  return v;
}

function readFloat(b: BitString, little: boolean): number {
  const bytes = Buffer.from(b.bytes);
  const x =
    b.bitLength === 64
      ? little
        ? bytes.readDoubleLE(0)
        : bytes.readDoubleBE(0)
      : b.bitLength === 32
        ? little
          ? bytes.readFloatLE(0)
          : bytes.readFloatBE(0)
        : halfFloat(little ? bytes.readUInt16LE(0) : bytes.readUInt16BE(0));
  if (!Number.isFinite(x)) fail('the bits are not a finite float');
  return x;
}
function halfFloat(h: number): number {
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  const sign = h & 0x8000 ? -1 : 1;
  if (exp === 0) return sign * 2 ** -14 * (frac / 1024);
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * 2 ** (exp - 15) * (1 + frac / 1024);
}

const TYPES = ['integer', 'float', 'bits'];
const SIGNS = ['unsigned', 'signed'];
const ENDIANS = ['big', 'little'];

/** EMQX's subbits: `len` bits from bit `start` (1-based); fewer when the data ends first; undefined past the end. */
export function subbits(data: unknown, start: unknown, len: unknown, type: unknown = 'integer', sign: unknown = 'unsigned', endian: unknown = 'big'): unknown {
  if (!isInt(start) || !isInt(len)) fail('the start and length must be integers');
  const bits = bitsOf(data);
  if (!TYPES.includes(type as string) || !SIGNS.includes(sign as string) || !ENDIANS.includes(endian as string)) {
    fail('the type must be integer, float or bits; the signedness signed or unsigned; the endianness big or little');
  }
  const begin = Number(start) - 1;
  if (begin < 0 || begin >= bits.bitLength) return undefined;
  const rest = bits.bitLength - begin;
  const want = Number(len);
  let size = want >= 0 && want <= rest ? want : rest;
  if (type === 'float' && ![16, 32, 64].includes(size)) {
    if (![16, 32, 64].includes(rest)) fail('a float takes 16, 32 or 64 bits');
    size = rest;
  }
  const part = sliceBits(bits, begin, size);
  const little = endian === 'little';
  if (type === 'bits') return size % 8 === 0 ? binaryResult(part.bytes) : part;
  if (type === 'float') return readFloat(part, little);
  let v = readUnsigned(part, little);
  if (sign === 'signed' && size > 0 && v >= 1n << BigInt(size - 1)) v -= 1n << BigInt(size);
  return toNumber(v);
}

function iolistSize(v: unknown): number {
  if (v instanceof BitString) {
    if (v.bitLength % 8) fail('the bitstring is not a whole number of bytes');
    return v.bytes.length;
  }
  if (isBinary(v)) return typeof v === 'string' ? Buffer.byteLength(v, 'utf8') : v.length;
  if (Array.isArray(v)) return v.reduce<number>((n, x) => n + (typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 255 ? 1 : iolistSize(x)), 0);
  fail('the argument must be a binary or a list of bytes and binaries');
}

export const bitsFunctions = defineGroup({
  bitnot: [1, ([x]) => toNumber(~big(x, 'the argument'))],
  bitand: binop((x, y) => x & y),
  bitor: binop((x, y) => x | y),
  bitxor: binop((x, y) => x ^ y),
  bitsl: binop((x, y) => shiftLeft(x, y)),
  bitsr: binop((x, y) => shiftLeft(x, -y)),
  bitsize: [1, ([x]) => bitsOf(x).bitLength],
  bytesize: [1, ([x]) => iolistSize(x)],
  subbits: [[2, 3, 4, 5, 6], (a) => (a.length === 2 ? subbits(a[0], 1, a[1]) : subbits(a[0], a[1], a[2], a[3], a[4], a[5]))],
});
