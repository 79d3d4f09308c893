// String functions (EMQX "String Operations"), as Erlang's string module computes them: lengths, positions and
// padding count grapheme clusters ("\r\n" and "e" + a combining accent are one character each); a search only
// matches at character boundaries. Every string argument must be a string (or binary payload).
import { anyToStr, asBinary, asInt, asText, binaryResult, bytesOf, defineGroup, fail, graphemes, isBinary, type Binary, type Def } from './values';

// Erlang's whitespace for trim: Pattern_White_Space (not JS's wider \s, which also strips U+00A0 and U+FEFF)
const WS = '[\\t\\n\\v\\f\\r \\u0085\\u200e\\u200f\\u2028\\u2029]+';
const LEADING_WS = new RegExp(`^${WS}`);
const TRAILING_WS = new RegExp(`${WS}$`);

const ltrim = (s: string) => s.replace(LEADING_WS, '');
const rtrim = (s: string) => s.replace(TRAILING_WS, '');

/** rtrim(S, Chars): strip the characters of Chars from the end (a string of characters or an array of them). */
function rtrimChars(s: string, chars: unknown): string {
  const set = new Set(Array.isArray(chars) ? chars.map((c) => asText(c, 'each character')) : graphemes(asText(chars, 'the characters')));
  const gs = graphemes(s);
  let end = gs.length;
  while (end > 0 && set.has(gs[end - 1])) end--;
  return gs.slice(0, end).join('');
}

/** Offsets of `s` where a character starts (plus its end), for boundary checks of a search. */
function boundaryTest(s: string): (i: number) => boolean {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(s)) return (i) => !(s[i - 1] === '\r' && s[i] === '\n');
  const set = new Set<number>([0]);
  let at = 0;
  for (const g of graphemes(s)) set.add((at += g.length));
  return (i) => set.has(i);
}

/** Every index where `p` occurs in `s` on character boundaries, without overlaps. */
function occurrences(s: string, p: string): number[] {
  const out: number[] = [];
  let isBoundary: ((i: number) => boolean) | undefined;
  for (let i = s.indexOf(p); i !== -1;) {
    isBoundary ??= boundaryTest(s);
    if (isBoundary(i) && isBoundary(i + p.length)) {
      out.push(i);
      i = s.indexOf(p, i + p.length);
    } else i = s.indexOf(p, i + 1);
  }
  return out;
}

type Where = 'all' | 'leading' | 'trailing';
/** string:split/3: around every occurrence, the first, or the last; no occurrence (or an empty pattern) gives [s]. */
export function splitAt(s: string, p: string, where: Where): string[] {
  if (p === '') return [s];
  const found = occurrences(s, p);
  if (found.length === 0) return [s];
  if (where !== 'all') {
    const i = where === 'leading' ? found[0] : found[found.length - 1];
    return [s.slice(0, i), s.slice(i + p.length)];
  }
  const parts: string[] = [];
  let from = 0;
  for (const i of found) {
    parts.push(s.slice(from, i));
    from = i + p.length;
  }
  parts.push(s.slice(from));
  return parts;
}

const SPLIT_MODES: Record<string, [Where, boolean]> = {
  notrim: ['all', false],
  leading: ['leading', true],
  leading_notrim: ['leading', false],
  trailing: ['trailing', true],
  trailing_notrim: ['trailing', false],
};

function split(args: unknown[]): string[] {
  const s = asText(args[0], 'the string');
  const p = asText(args[1], 'the separator');
  const mode = args.length === 2 ? (['all', true] as [Where, boolean]) : SPLIT_MODES[String(args[2])];
  if (!mode) fail('the mode must be notrim, leading, leading_notrim, trailing or trailing_notrim');
  const parts = splitAt(s, p, mode[0]);
  return mode[1] ? parts.filter((x) => x !== '') : parts;
}

/**
 * tokens(S, Separators[, "nocrlf"]): the runs between separator characters, empty runs dropped. EMQX compares
 * bytes here (each byte of Separators is a separator); "\r\n" counts as one unit, which only "nocrlf" removes.
 */
function tokens(args: unknown[]): Binary[] {
  const b = bytesOf(asBinary(args[0], 'the string'));
  const seps = new Set(bytesOf(asBinary(args[1], 'the separators')));
  if (args.length === 3 && args[2] !== 'nocrlf') fail('the third argument must be "nocrlf"');
  const crlf = args.length === 3;
  if (crlf) seps.add(13).add(10);
  const out: Binary[] = [];
  let start = 0;
  for (let i = 0; i < b.length;) {
    const width = b[i] === 13 && b[i + 1] === 10 ? 2 : 1;
    if (width === 2 ? crlf : seps.has(b[i])) {
      if (i > start) out.push(binaryResult(b.subarray(start, i)));
      start = i + width;
    }
    i += width;
  }
  if (start < b.length) out.push(binaryResult(b.subarray(start)));
  return out;
}

const PAD_WHERE = ['trailing', 'leading', 'both'];
// a guard for the node's memory: a rule cannot make one string of more than 16 MiB characters by padding
const MAX_PAD = 16 * 1024 * 1024;
function pad(args: unknown[]): string {
  const s = asText(args[0], 'the string');
  const len = asInt(args[1], 'the length');
  const where = args.length > 2 ? String(args[2]) : 'trailing';
  if (!PAD_WHERE.includes(where)) fail('the direction must be trailing, leading or both');
  const char = args.length > 3 ? asText(args[3], 'the padding') : ' ';
  const missing = Math.max(0, len - graphemes(s).length);
  if (missing * char.length > MAX_PAD) fail('the padded string would be too long');
  if (where === 'leading') return char.repeat(missing) + s;
  if (where === 'trailing') return s + char.repeat(missing);
  const side = char.repeat(Math.floor(missing / 2));
  return side + s + side + (missing % 2 ? char : '');
}

function replace(args: unknown[]): string {
  const [s, p, r] = [asText(args[0], 'the string'), asText(args[1], 'the pattern'), asText(args[2], 'the replacement')];
  const where = args.length === 4 ? String(args[3]) : 'all';
  if (!['all', 'leading', 'trailing'].includes(where)) fail('the position must be all, leading or trailing');
  return splitAt(s, p, where as Where).join(r);
}

function find(args: unknown[]): string {
  const [s, p] = [asText(args[0], 'the string'), asText(args[1], 'the pattern')];
  const where = args.length === 3 ? String(args[2]) : 'leading';
  if (where !== 'leading' && where !== 'trailing') fail('the direction must be leading or trailing');
  if (p === '') return s;
  const found = occurrences(s, p);
  if (found.length === 0) return '';
  return s.slice(where === 'leading' ? found[0] : found[found.length - 1]);
}

function substr(args: unknown[]): string {
  const gs = graphemes(asText(args[0], 'the string'));
  const start = asInt(args[1], 'the start');
  if (start < 0) fail('the start must not be negative');
  if (args.length === 2) return gs.slice(start).join('');
  const len = asInt(args[2], 'the length');
  if (len < 0) fail('the length must not be negative');
  return gs.slice(start, start + len).join('');
}

/** concat: every value as text (numbers, maps as JSON …), joined; bytes that are not UTF-8 stay bytes. */
export function concat(values: unknown[]): Binary {
  const parts = values.map(anyToStr);
  return parts.every((p) => typeof p === 'string') ? parts.join('') : binaryResult(Buffer.concat(parts.map(bytesOf)));
}

function rmPrefix(s: unknown, prefix: unknown): unknown {
  const pre = bytesOf(asBinary(prefix, 'the prefix'));
  if (!isBinary(s)) return s;
  const b = bytesOf(s);
  return b.length >= pre.length && b.subarray(0, pre.length).equals(pre) ? binaryResult(b.subarray(pre.length)) : s;
}

const text1 = (f: (s: string) => unknown): Def => [1, ([s]) => f(asText(s, 'the string'))];

export const stringFunctions = defineGroup({
  lower: text1((s) => s.toLowerCase()),
  upper: text1((s) => s.toUpperCase()),
  trim: text1((s) => rtrim(ltrim(s))),
  ltrim: text1(ltrim),
  rtrim: [[1, 2], ([s, chars]) => (chars === undefined ? rtrim(asText(s, 'the string')) : rtrimChars(asText(s, 'the string'), chars))],
  reverse: text1((s) => graphemes(s).reverse().join('')),
  strlen: text1((s) => graphemes(s).length),
  substr: [[2, 3], substr],
  split: [[2, 3], split],
  tokens: [[2, 3], tokens],
  concat: [[1, 2], (a) => concat(a.length === 2 ? a : Array.isArray(a[0]) ? a[0] : fail('the argument must be an array'))],
  pad: [[2, 3, 4], pad],
  replace: [[3, 4], replace],
  find: [[2, 3], find],
  ascii: [
    1,
    ([c]) => {
      const b = bytesOf(asBinary(c, 'the character'));
      if (b.length === 0) fail('the string is empty');
      return b[0];
    },
  ],
  rm_prefix: [2, ([s, prefix]) => rmPrefix(s, prefix)],
});
