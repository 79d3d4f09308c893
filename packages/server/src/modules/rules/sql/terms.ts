// Rule values seen as Erlang terms (the mapping is in funcs/types.ts): their kinds, Erlang's total order
// between kinds (number < atom < map < list < binary), equality, and conversion to text as EMQX's `bin/1` does.
import { jsonEncode } from '../funcs/codec-json';

export type Binary = string | Buffer;

/** A plain object (an Erlang map); arrays and Buffers are not. */
export function isMap(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export const isBinary = (v: unknown): v is Binary => typeof v === 'string' || Buffer.isBuffer(v);
export const isNumber = (v: unknown): v is number | bigint => typeof v === 'number' || typeof v === 'bigint';
export const isInteger = (v: unknown): v is number | bigint => (typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint';

/** An Erlang atom: booleans, JSON null (`null`) and the missing value (`undefined`). */
const atomName = (v: unknown): string | undefined => (v === true ? 'true' : v === false ? 'false' : v === null ? 'null' : v === undefined ? 'undefined' : undefined);

export const textOf = (b: Binary): string => (typeof b === 'string' ? b : b.toString('utf8'));

// Erlang's order of kinds: number < atom < reference < fun < port < pid < tuple < map < list < binary
const enum Kind {
  Number = 0,
  Atom = 1,
  Other = 4,
  Map = 7,
  List = 8,
  Binary = 9,
}

function kindOf(v: unknown): Kind {
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return Kind.Number;
    case 'boolean':
    case 'undefined':
      return Kind.Atom;
    case 'string':
      return Kind.Binary;
    case 'object':
      if (v === null) return Kind.Atom;
      if (Array.isArray(v)) return Kind.List;
      if (Buffer.isBuffer(v)) return Kind.Binary;
      return isMap(v) ? Kind.Map : Kind.Other;
    default:
      return Kind.Other;
  }
}

const sign = (n: number): -1 | 0 | 1 => (n < 0 ? -1 : n > 0 ? 1 : 0);

function compareNumbers(a: number | bigint, b: number | bigint): -1 | 0 | 1 {
  if (typeof a === 'bigint' || typeof b === 'bigint') {
    if (typeof a === 'number' && !Number.isInteger(a)) return a < Number(b) ? -1 : 1;
    if (typeof b === 'number' && !Number.isInteger(b)) return Number(a) < b ? -1 : 1;
    const x = BigInt(a);
    const y = BigInt(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Binaries compare byte by byte (UTF-8), as Erlang binaries do. */
function compareBinaries(a: Binary, b: Binary): -1 | 0 | 1 {
  if (typeof a === 'string' && typeof b === 'string') {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const x = a.charCodeAt(i);
      const y = b.charCodeAt(i);
      if (x !== y) {
        // UTF-16 order differs from UTF-8 order only between surrogates (astral) and U+E000..U+FFFF
        const xs = x >= 0xd800 && x <= 0xdfff;
        const ys = y >= 0xd800 && y <= 0xdfff;
        if (xs !== ys && (x >= 0xe000 || y >= 0xe000)) return xs ? 1 : -1;
        return x < y ? -1 : 1;
      }
    }
    return sign(a.length - b.length);
  }
  const x = typeof a === 'string' ? Buffer.from(a, 'utf8') : a;
  const y = typeof b === 'string' ? Buffer.from(b, 'utf8') : b;
  return sign(Buffer.compare(x, y));
}

function compareLists(a: unknown[], b: unknown[]): -1 | 0 | 1 {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareTerms(a[i], b[i]);
    if (c !== 0) return c;
  }
  return sign(a.length - b.length);
}

// maps: by size, then by the keys in order, then by the values in key order
function compareMaps(a: Record<string, unknown>, b: Record<string, unknown>): -1 | 0 | 1 {
  const ka = Object.keys(a).sort((x, y) => compareBinaries(x, y));
  const kb = Object.keys(b).sort((x, y) => compareBinaries(x, y));
  if (ka.length !== kb.length) return sign(ka.length - kb.length);
  for (let i = 0; i < ka.length; i++) {
    const c = compareBinaries(ka[i], kb[i]);
    if (c !== 0) return c;
  }
  for (const k of ka) {
    const c = compareTerms(a[k], b[k]);
    if (c !== 0) return c;
  }
  return 0;
}

/** Erlang's term order: -1, 0 or 1. Numbers compare by value (1 == 1.0). */
export function compareTerms(a: unknown, b: unknown): -1 | 0 | 1 {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return a === b ? 0 : compareBinaries(a, b);
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka !== kb) return ka < kb ? -1 : 1;
  switch (ka) {
    case Kind.Number:
      return compareNumbers(a as number | bigint, b as number | bigint);
    case Kind.Atom: {
      const x = atomName(a) as string;
      const y = atomName(b) as string;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case Kind.Binary:
      return compareBinaries(a as Binary, b as Binary);
    case Kind.List:
      return compareLists(a as unknown[], b as unknown[]);
    case Kind.Map:
      return compareMaps(a as Record<string, unknown>, b as Record<string, unknown>);
    default:
      return a === b ? 0 : String(a) < String(b) ? -1 : 1;
  }
}

/** Structural equality (Erlang `==`; JS cannot tell 1 from 1.0, so it is also `=:=`). */
export function termEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const ta = typeof a;
  if (ta !== 'object' && ta !== 'bigint' && typeof b !== 'object' && typeof b !== 'bigint') return false;
  return compareTerms(a, b) === 0;
}

// ---- to text (emqx_utils_conv:bin) ----------------------------------------------------------------------

/** A float as EMQX prints it: up to 10 decimals, trailing zeros dropped, at least one decimal kept. */
export function floatText(f: number): string {
  if (!Number.isFinite(f)) return String(f);
  let s = f.toFixed(10);
  if (s.includes('e')) return String(f);
  s = s.replace(/0+$/, '');
  return s.endsWith('.') ? `${s}0` : s;
}

export function numberText(n: number | bigint): string {
  if (typeof n === 'bigint' || Number.isInteger(n)) return n.toString();
  return floatText(n);
}

// io_lib:printable_list with the default latin1 range
const printable = (c: unknown): boolean => typeof c === 'number' && Number.isInteger(c) && ((c >= 32 && c <= 126) || (c >= 160 && c <= 255) || (c >= 7 && c <= 13) || c === 27);

/** A value as text, the way EMQX's `str/1` and string concatenation convert it. */
export function toText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Buffer.isBuffer(v)) return v.toString('utf8');
  if (isNumber(v)) return numberText(v);
  const atom = atomName(v);
  if (atom !== undefined) return atom;
  if (Array.isArray(v)) {
    if (v.every(printable)) return String.fromCharCode(...(v as number[]));
    return jsonEncode(v);
  }
  if (isMap(v)) return jsonEncode(v);
  return String(v);
}
