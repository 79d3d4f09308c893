// sprintf(Format, Args…) / sprintf_s(Format, [Args]) of EMQX's "String Operations": Erlang's io_lib:format.
// Controls: ~s ~ts (text), ~p ~tp ~w ~tw (the value as an Erlang term: strings print as <<"…">>), ~b ~B ~x ~X ~# ~+
// (integers in a base), ~f ~e ~g (floats), ~c (a character), ~n, ~~, ~i (skip); field width, precision and pad
// character as in ~-10.3.0f. An argument of the wrong kind or count is an error.
import { BitString, asText, fail, formatFloat, isBinary, isMap, isPrintableList } from './values';

const PRINTABLE_LATIN1 = (c: number) => (c >= 32 && c <= 126) || (c >= 160 && c <= 255) || (c >= 8 && c <= 13) || c === 27;
const ESC: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '\b': '\\b', '\f': '\\f', '\x1b': '\\e', '"': '\\"', '\\': '\\\\' };
/* eslint-disable no-control-regex */
const ASCII = /^[\x00-\x7f]*$/;
const PRINTABLE_UNICODE = /^[\P{C}\n\r\t\v\b\f\x1b]*$/u;
const quote = (s: string) => `"${s.replace(/[\n\r\t\v\b\f\x1b"\\]/g, (c) => ESC[c])}"`;
/* eslint-enable no-control-regex */

/** A float as Erlang prints it in ~p/~w: the shortest form, with ".0" and no "+" in exponents. */
function erlangFloat(x: number): string {
  if (Number.isInteger(x) && Math.abs(x) < 1e21) return String(x);
  const s = String(x).replace('e+', 'e');
  const [m, e] = s.split('e');
  return e === undefined ? s : `${m.includes('.') ? m : `${m}.0`}e${e}`;
}

/** io_lib's ~p/~w rendering of a rule value as an Erlang term; `unicode` for the t modifier. */
export function erlangTerm(v: unknown, unicode: boolean): string {
  if (v === undefined) return 'undefined';
  if (v === null) return 'null';
  if (typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (typeof v === 'number') return erlangFloat(v);
  if (typeof v === 'string' && unicode) {
    if (ASCII.test(v) && [...v].every((c) => PRINTABLE_LATIN1(c.charCodeAt(0)))) return `<<${quote(v)}>>`;
    return PRINTABLE_UNICODE.test(v) ? `<<${quote(v)}/utf8>>` : erlangTerm(Buffer.from(v), false);
  }
  if (isBinary(v)) {
    const b = typeof v === 'string' ? Buffer.from(v) : v;
    return [...b].every(PRINTABLE_LATIN1) ? `<<${quote(b.toString('latin1'))}>>` : `<<${[...b].join(',')}>>`;
  }
  if (v instanceof BitString) {
    const whole = Math.floor(v.bitLength / 8);
    const rest = v.bitLength % 8;
    const parts = [...v.bytes.subarray(0, whole)].map(String);
    if (rest) parts.push(`${v.bytes[whole] >> (8 - rest)}:${rest}`);
    return `<<${parts.join(',')}>>`;
  }
  if (Array.isArray(v)) return v.length > 0 && isPrintableList(v) ? quote(String.fromCharCode(...(v as number[]))) : `[${v.map((x) => erlangTerm(x, unicode)).join(',')}]`;
  if (isMap(v)) {
    const keys = Object.keys(v).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    return `#{${keys.map((k) => `${erlangTerm(k, unicode)} => ${erlangTerm(v[k], unicode)}`).join(',')}}`;
  }
  return String(v);
}

// Erlang refuses an integer here; a float with an integral value (20.0 from a payload) is a JS integer, so any number goes
function asFloat(v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) fail('~f, ~e and ~g take a float');
  return v;
}

/** ~e: `digits` significant digits (at least 2), exponent written as e+N / e-N. */
function expForm(x: number, digits: number): string {
  const [m, e] = x.toExponential(Math.max(digits, 2) - 1).split('e');
  return `${m}e${e}`;
}

function fieldText(c: string, arg: unknown, precision: number | undefined, unicode: boolean): string {
  switch (c) {
    case 's': {
      let s: string;
      if (isBinary(arg)) s = typeof arg === 'string' ? arg : arg.toString(unicode ? 'utf8' : 'latin1');
      else if (typeof arg === 'boolean' || arg === undefined || arg === null) s = String(arg);
      else if (Array.isArray(arg) && arg.every((x) => typeof x === 'number' || isBinary(x)))
        s = arg.map((x) => (typeof x === 'number' ? String.fromCodePoint(x) : asText(x))).join('');
      else fail('~s takes a string');
      return precision === undefined ? s : [...s].slice(0, precision).join('');
    }
    case 'p':
    case 'w':
      return erlangTerm(arg, unicode);
    case 'f':
      return formatFloat(asFloat(arg), precision ?? 6, false);
    case 'e':
      return expForm(asFloat(arg), precision ?? 6);
    case 'g': {
      const x = asFloat(arg);
      const p = precision ?? 6;
      return Math.abs(x) >= 0.1 && Math.abs(x) < 10 ** p ? formatFloat(x, Math.max(0, p - 1 - Math.floor(Math.log10(Math.abs(x)))), false) : expForm(x, p);
    }
    case 'c':
      if (typeof arg !== 'number' || !Number.isInteger(arg) || arg < 0 || arg > 0x10ffff) fail('~c takes a character code');
      return String.fromCodePoint(arg);
    default: {
      // b B x X # + : integers in a base (the precision, default 10)
      if (typeof arg !== 'number' && typeof arg !== 'bigint') fail(`~${c} takes an integer`);
      if (typeof arg === 'number' && !Number.isInteger(arg)) fail(`~${c} takes an integer`);
      const base = precision ?? 10;
      if (base < 2 || base > 36) fail('the base must be between 2 and 36');
      const n = BigInt(arg);
      const digits = (n < 0n ? -n : n).toString(base);
      const sign = n < 0n ? '-' : '';
      if (c === 'b') return sign + digits;
      if (c === 'B') return sign + digits.toUpperCase();
      if (c === '#' || c === '+') return `${sign}${base}#${c === '#' ? digits.toUpperCase() : digits}`;
      fail(`~${c} is not supported`);
    }
  }
}

// a guard for the node's memory: no field of more than 16 Mi characters
const MAX_FIELD = 16 * 1024 * 1024;

/** A field of width |f| (left-aligned when negative): text is cut to fit, anything else that does not fit is stars. */
function fit(text: string, f: number | undefined, pad: string, c: string): string {
  if (f === undefined) return text;
  const width = Math.abs(f);
  if (width > MAX_FIELD) fail('the field width is too large');
  const chars = [...text];
  if (chars.length > width) return c === 's' ? chars.slice(0, width).join('') : '*'.repeat(width);
  const padding = pad.repeat(width - chars.length);
  return f < 0 ? text + padding : padding + text;
}

const CONTROL = /~(-?(?:\d+|\*))?(?:\.(\d+|\*)?)?(?:\.(.))?([tl]*)([cfegswpWPBX#bx+ni~])/gsy;

export function sprintf(format: string, args: unknown[]): string {
  let out = '';
  let next = 0;
  const take = () => {
    if (next >= args.length) fail('the format needs more arguments');
    return args[next++];
  };
  const number = (s: string | undefined) => (s === undefined ? undefined : s.endsWith('*') ? (s.startsWith('-') ? -1 : 1) * Number(take()) : Number(s));
  let at = 0;
  while (at < format.length) {
    const tilde = format.indexOf('~', at);
    if (tilde === -1) {
      out += format.slice(at);
      break;
    }
    out += format.slice(at, tilde);
    CONTROL.lastIndex = tilde;
    const m = CONTROL.exec(format);
    if (!m) fail(`the format has a bad control sequence at ${tilde + 1}`);
    at = CONTROL.lastIndex;
    const [, width, prec, padChar, mods, c] = m;
    if (c === '~' || c === 'n') {
      out += c === '~' ? '~' : '\n';
      continue;
    }
    if (c === 'i') {
      take();
      continue;
    }
    if (c === 'x' || c === 'X' || c === 'W' || c === 'P') {
      // ~x/~X also take a prefix argument; ~W/~P a depth: read both, print like ~b/~B and ~w/~p
      const arg = take();
      const extra = take();
      const body = c === 'x' || c === 'X' ? fieldText(c === 'x' ? 'b' : 'B', arg, number(prec), false) : fieldText('p', arg, undefined, mods.includes('t'));
      out += c === 'x' || c === 'X' ? asText(isBinary(extra) ? extra : String(extra)) + body : body;
      continue;
    }
    const f = number(width);
    const p = number(prec);
    let text = fieldText(c, take(), p, mods.includes('t'));
    if (c === 'c') {
      // ~c prints the character P times (default: the field width, else once)
      const times = p ?? (f === undefined ? 1 : Math.abs(f));
      if (times > MAX_FIELD) fail('the repeat count is too large');
      text = text.repeat(times);
    }
    out += fit(text, f, padChar ?? ' ', c);
  }
  if (next < args.length) fail('the format has fewer controls than arguments');
  return out;
}
