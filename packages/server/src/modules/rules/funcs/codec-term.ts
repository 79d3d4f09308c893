// Erlang's external term format (erlang:term_to_binary / binary_to_term) for term_encode/term_decode.
// No npm library fits: the maintained one (erlang_js) decodes compressed terms only through an async zlib
// callback (rule functions are synchronous) and maps JS strings to Erlang charlists, not binaries.
// So this implements the part of the format that rule values can hold, with OTP 26's choices when encoding:
//   integer 0..255 → SMALL_INTEGER_EXT, 32-bit → INTEGER_EXT, larger → SMALL_BIG_EXT / LARGE_BIG_EXT;
//   other number → NEW_FLOAT_EXT; string/Buffer → BINARY_EXT (strings as UTF-8);
//   true/false/undefined/null → SMALL_ATOM_UTF8_EXT; [] → NIL_EXT; a list of bytes (≤ 65535) → STRING_EXT,
//   other arrays → LIST_EXT; objects → MAP_EXT with binary keys (sorted by bytes up to 32 keys, as flatmaps).
// Decoding also reads the older atom and float tags, tuples (as arrays), and compressed terms (tag 80).
// Binaries decode to strings when they are valid UTF-8, to Buffers otherwise; atoms other than
// true/false/undefined/null decode to their names; bitstrings (BIT_BINARY_EXT) are values.ts's BitString both
// ways. Pids, ports, references and funs have no rule value and fail the call.
import { isUtf8 } from 'node:buffer';
import { inflateSync } from 'node:zlib';
import { fromBigInt } from './binary-args';
import { BitString, fail } from './values';

const VERSION = 131;
const FLATMAP_MAX = 32;

class Writer {
  private chunks: Buffer[] = [];
  byte(n: number): void {
    this.chunks.push(Buffer.of(n));
  }
  u16(n: number): void {
    const b = Buffer.alloc(2);
    b.writeUInt16BE(n);
    this.chunks.push(b);
  }
  u32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    this.chunks.push(b);
  }
  bytes(b: Buffer): void {
    this.chunks.push(b);
  }
  done(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

function writeInteger(w: Writer, n: bigint): void {
  if (n >= 0n && n <= 255n) {
    w.byte(97);
    w.byte(Number(n));
  } else if (n >= -(2n ** 31n) && n < 2n ** 31n) {
    w.byte(98);
    const b = Buffer.alloc(4);
    b.writeInt32BE(Number(n));
    w.bytes(b);
  } else {
    const digits: number[] = [];
    for (let m = n < 0n ? -n : n; m > 0n; m >>= 8n) digits.push(Number(m & 0xffn));
    if (digits.length <= 255) {
      w.byte(110);
      w.byte(digits.length);
    } else {
      w.byte(111);
      w.u32(digits.length);
    }
    w.byte(n < 0n ? 1 : 0);
    w.bytes(Buffer.from(digits));
  }
}

function writeAtom(w: Writer, name: string): void {
  const b = Buffer.from(name, 'utf8');
  w.byte(119);
  w.byte(b.length);
  w.bytes(b);
}

function writeBinary(w: Writer, b: Buffer): void {
  w.byte(109);
  w.u32(b.length);
  w.bytes(b);
}

/** BIT_BINARY_EXT: whole bytes, then how many bits of the last byte are used (from its top). */
function writeBitString(w: Writer, bits: BitString): void {
  const bytes = bits.bytes.subarray(0, Math.ceil(bits.bitLength / 8));
  const tail = bits.bitLength % 8;
  if (tail === 0) return writeBinary(w, bytes);
  w.byte(77);
  w.u32(bytes.length);
  w.byte(tail);
  const copy = Buffer.from(bytes);
  copy[copy.length - 1] &= (0xff << (8 - tail)) & 0xff;
  w.bytes(copy);
}

function writeTerm(w: Writer, value: unknown): void {
  if (value === true || value === false || value === null || value === undefined) return writeAtom(w, String(value));
  if (typeof value === 'bigint') return writeInteger(w, value);
  if (typeof value === 'number') {
    if (Number.isInteger(value)) return writeInteger(w, BigInt(value));
    if (!Number.isFinite(value)) return fail(`${String(value)} is not an Erlang number`);
    const b = Buffer.alloc(8);
    b.writeDoubleBE(value);
    w.byte(70);
    return w.bytes(b);
  }
  if (typeof value === 'string') return writeBinary(w, Buffer.from(value, 'utf8'));
  if (Buffer.isBuffer(value)) return writeBinary(w, value);
  if (value instanceof BitString) return writeBitString(w, value);
  if (Array.isArray(value)) {
    if (value.length === 0) return w.byte(106);
    if (value.length <= 0xffff && value.every((x) => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 255)) {
      w.byte(107);
      w.u16(value.length);
      return w.bytes(Buffer.from(value as number[]));
    }
    w.byte(108);
    w.u32(value.length);
    for (const item of value) writeTerm(w, item);
    return w.byte(106);
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => [Buffer.from(k, 'utf8'), v] as const);
    if (entries.length <= FLATMAP_MAX) entries.sort((a, b) => Buffer.compare(a[0], b[0]));
    w.byte(116);
    w.u32(entries.length);
    for (const [k, v] of entries) {
      writeBinary(w, k);
      writeTerm(w, v);
    }
    return;
  }
  fail(`a ${typeof value} has no Erlang term`);
}

/** erlang:term_to_binary of a rule value (uncompressed, as term_to_binary/1 writes it). */
export function termToBinary(value: unknown): Buffer {
  const w = new Writer();
  w.byte(VERSION);
  writeTerm(w, value);
  return w.done();
}

class Reader {
  pos = 0;
  constructor(private readonly buf: Buffer) {}
  need(n: number): void {
    if (this.pos + n > this.buf.length) throw new TermError('the data ends in the middle of a term');
  }
  u8(): number {
    this.need(1);
    return this.buf[this.pos++];
  }
  u16(): number {
    this.need(2);
    const n = this.buf.readUInt16BE(this.pos);
    this.pos += 2;
    return n;
  }
  u32(): number {
    this.need(4);
    const n = this.buf.readUInt32BE(this.pos);
    this.pos += 4;
    return n;
  }
  bytes(n: number): Buffer {
    this.need(n);
    const b = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return b;
  }
  remaining(): number {
    return this.buf.length - this.pos;
  }
}

class TermError extends Error {}

function atomValue(name: string): unknown {
  if (name === 'true') return true;
  if (name === 'false') return false;
  if (name === 'undefined') return undefined;
  if (name === 'null') return null;
  return name;
}

function binaryValue(b: Buffer): string | Buffer {
  return isUtf8(b) ? b.toString('utf8') : Buffer.from(b);
}

function readElements(r: Reader, count: number): unknown[] {
  if (count > r.remaining()) throw new TermError('the data ends in the middle of a term');
  const out: unknown[] = [];
  for (let i = 0; i < count; i++) out.push(readTerm(r));
  return out;
}

function mapKey(key: unknown): string {
  if (typeof key === 'string') return key;
  if (Buffer.isBuffer(key)) return key.toString('utf8');
  if (typeof key === 'number' || typeof key === 'bigint' || typeof key === 'boolean' || key === null || key === undefined) return String(key);
  throw new TermError('a map key that is a list, map or tuple has no rule value');
}

function readTerm(r: Reader): unknown {
  const tag = r.u8();
  switch (tag) {
    case 97:
      return r.u8();
    case 98:
      return r.bytes(4).readInt32BE();
    case 70:
      return r.bytes(8).readDoubleBE();
    case 99:
      return Number.parseFloat(r.bytes(31).toString('latin1').replace(/\0+$/, ''));
    case 109:
      return binaryValue(r.bytes(r.u32()));
    case 77: {
      const n = r.u32();
      const tail = r.u8();
      const bytes = Buffer.from(r.bytes(n));
      if (n === 0 || tail < 1 || tail > 8) throw new TermError('a bitstring with a bad length');
      return tail === 8 ? binaryValue(bytes) : new BitString(bytes, (n - 1) * 8 + tail);
    }
    case 100: // ATOM_EXT (Latin-1)
      return atomValue(r.bytes(r.u16()).toString('latin1'));
    case 115: // SMALL_ATOM_EXT (Latin-1)
      return atomValue(r.bytes(r.u8()).toString('latin1'));
    case 118:
      return atomValue(r.bytes(r.u16()).toString('utf8'));
    case 119:
      return atomValue(r.bytes(r.u8()).toString('utf8'));
    case 106:
      return [];
    case 107:
      return [...r.bytes(r.u16())];
    case 108: {
      const items = readElements(r, r.u32());
      const tail = readTerm(r);
      if (!Array.isArray(tail) || tail.length !== 0) throw new TermError('an improper list has no rule value');
      return items;
    }
    case 104:
      return readElements(r, r.u8());
    case 105:
      return readElements(r, r.u32());
    case 110:
    case 111: {
      const n = tag === 110 ? r.u8() : r.u32();
      const sign = r.u8();
      const digits = r.bytes(n);
      let value = 0n;
      for (let i = digits.length - 1; i >= 0; i--) value = (value << 8n) | BigInt(digits[i]);
      return fromBigInt(sign ? -value : value);
    }
    case 116: {
      const arity = r.u32();
      if (arity * 2 > r.remaining()) throw new TermError('the data ends in the middle of a term');
      const out: Record<string, unknown> = {};
      for (let i = 0; i < arity; i++) {
        const key = mapKey(readTerm(r));
        Object.defineProperty(out, key, { value: readTerm(r), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    default:
      throw new TermError(`the term tag ${tag} (a pid, port, reference or fun) has no rule value`);
  }
}

/** erlang:binary_to_term of bytes, as a rule value. */
export function binaryToTerm(data: Buffer): unknown {
  try {
    const r = new Reader(data);
    if (r.u8() !== VERSION) throw new TermError('the data does not start with the term format version 131');
    if (data[1] === 80) {
      r.u8();
      const size = r.u32();
      const inflated = inflateSync(r.bytes(r.remaining()));
      if (inflated.length !== size) throw new TermError('the compressed term has the wrong size');
      return readTerm(new Reader(inflated));
    }
    return readTerm(r);
  } catch (err) {
    if (err instanceof TermError) return fail(err.message);
    if (err instanceof RangeError) return fail('the term is nested too deeply');
    return fail(`the data is not an Erlang term (${err instanceof Error ? err.message : String(err)})`);
  }
}
