// The variform functions (EMQX 5.8 emqx_variform_bif) this node evaluates. Values are text (UTF-8 strings),
// integers, booleans, null (Erlang's `undefined`, printed "undefined"), arrays and maps (user_property, client_attrs).
// Byte-level functions work on the UTF-8 bytes of the text. Regular expressions run on JavaScript's engine, which
// agrees with EMQX's PCRE for the usual patterns (classes, groups, anchors, quantifiers) but not for PCRE-only syntax.
import { createHash, randomBytes, randomInt } from 'node:crypto';

export type Value = string | number | boolean | null | Value[] | { [key: string]: Value };

export class VariformError extends Error {}

/** evaluated lazily by the evaluator itself, with any number of arguments (coalesce) */
export const SPECIAL_FORMS = new Set(['coalesce', 'iif', 'is_empty']);

type Fn = { arity: number[]; call: (...args: Value[]) => Value };

export function isEmpty(v: Value): boolean {
  return v === '' || v === null || (Array.isArray(v) && v.length === 0);
}

function bad(fn: string, why = 'bad argument'): never {
  throw new VariformError(`${fn}: ${why}`);
}

function str(fn: string, v: Value): string {
  return typeof v === 'string' ? v : bad(fn, `expected a string, got ${JSON.stringify(v)}`);
}

function int(fn: string, v: Value): number {
  return typeof v === 'number' && Number.isInteger(v) ? v : bad(fn, `expected an integer, got ${JSON.stringify(v)}`);
}

function list(fn: string, v: Value): Value[] {
  return Array.isArray(v) ? v : bad(fn, `expected an array, got ${JSON.stringify(v)}`);
}

/** EMQX any_to_str: text as is, numbers and atoms printed, maps and arrays as JSON */
export function anyToStr(v: Value): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v === null) return 'undefined';
  return JSON.stringify(v);
}

const chars = (s: string) => Array.from(s);
const WHITESPACE = /^[\s\u0085]+|[\s\u0085]+$/g;

function trimChars(s: string, set: string, leading: boolean, trailing: boolean): string {
  const cs = chars(s);
  const drop = new Set(chars(set));
  let a = 0;
  let b = cs.length;
  while (leading && a < b && drop.has(cs[a])) a++;
  while (trailing && b > a && drop.has(cs[b - 1])) b--;
  return cs.slice(a, b).join('');
}

function trimDefault(s: string, leading: boolean, trailing: boolean): string {
  if (leading && trailing) return s.replace(WHITESPACE, '');
  return leading ? s.replace(/^[\s\u0085]+/, '') : s.replace(/[\s\u0085]+$/, '');
}

/** Erlang string:split with leading / trailing / all */
function splitAt(s: string, p: string, where: 'leading' | 'trailing' | 'all'): string[] {
  if (p === '') return [s];
  if (where === 'all') return s.split(p);
  const i = where === 'leading' ? s.indexOf(p) : s.lastIndexOf(p);
  return i < 0 ? [s] : [s.slice(0, i), s.slice(i + p.length)];
}

function tokens(s: string, seps: string[]): string[] {
  const out: string[] = [];
  let cur = '';
  for (const c of chars(s)) {
    if (seps.includes(c)) {
      if (cur) out.push(cur);
      cur = '';
    } else cur += c;
  }
  if (cur) out.push(cur);
  return out;
}

function pad(s: string, len: number, dir: string, fill: string): string {
  const missing = len - chars(s).length;
  if (missing <= 0) return s;
  if (dir === 'leading') return fill.repeat(missing) + s;
  if (dir === 'both') return fill.repeat(Math.floor(missing / 2)) + s + fill.repeat(missing - Math.floor(missing / 2));
  return s + fill.repeat(missing);
}

function replace(s: string, p: string, r: string, where: string): string {
  if (p === '') return s;
  if (where === 'all') return s.split(p).join(r);
  const i = where === 'leading' ? s.indexOf(p) : s.lastIndexOf(p);
  return i < 0 ? s : s.slice(0, i) + r + s.slice(i + p.length);
}

function regex(fn: string, re: string, flags = ''): RegExp {
  try {
    return new RegExp(re, flags);
  } catch {
    return bad(fn, `invalid regular expression ${JSON.stringify(re)}`);
  }
}

/** Erlang re:replace replacement: \N or \g{N} is group N, & the whole match, \& a literal & */
function reReplacement(rep: string): (match: string, ...groups: unknown[]) => string {
  return (match, ...rest) => {
    const groups = rest.slice(
      0,
      rest.findIndex((x) => typeof x === 'number'),
    ) as (string | undefined)[];
    return rep.replace(/\\g\{(\d+)\}|\\(\d+)|\\&|&|\\\\/g, (tok, g1: string | undefined, g2: string | undefined) => {
      if (tok === '&') return match;
      if (tok === '\\&') return '&';
      if (tok === '\\\\') return '\\';
      const n = Number(g1 ?? g2);
      return n === 0 ? match : (groups[n - 1] ?? '');
    });
  };
}

function unescape(s: string): string {
  const simple: Record<string, string> = { '\\': '\\', n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', "'": "'", '"': '"', '?': '?', a: '\x07' };
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '\\') {
      out += s[i];
      continue;
    }
    const c = s[i + 1];
    if (c !== undefined && c in simple) {
      out += simple[c];
      i++;
    } else if (c === 'x' && /[0-9a-fA-F]/.test(s[i + 2] ?? '')) {
      const hex = /^[0-9a-fA-F]+/.exec(s.slice(i + 2))![0];
      out += String.fromCodePoint(parseInt(hex, 16));
      i += 1 + hex.length;
    } else throw new VariformError(`unescape: unrecognized escape sequence \\${c ?? ''}`);
  }
  return out;
}

const HASHES: Record<string, string> = { md5: 'md5', sha: 'sha1', sha1: 'sha1', sha224: 'sha224', sha256: 'sha256', sha384: 'sha384', sha512: 'sha512' };

function hashHex(alg: string, s: string): string {
  const node = HASHES[alg];
  if (!node) bad('hash', `unknown hash algorithm ${alg}`);
  return createHash(node).update(s, 'utf8').digest('hex');
}

function mapToRange(n: bigint, min: number, max: number): number {
  if (min > max) bad('map_to_range');
  return Number(BigInt(min) + (n % BigInt(max - min + 1)));
}

function compareText(a: Value, b: Value): number {
  return Buffer.compare(Buffer.from(anyToStr(a), 'utf8'), Buffer.from(anyToStr(b), 'utf8'));
}

function num(fn: string, v: Value): number {
  return typeof v === 'number' ? v : bad(fn, `expected a number, got ${JSON.stringify(v)}`);
}

const f = (arity: number[], call: Fn['call']): Fn => ({ arity, call });

/** name → arities and implementation; 'unsupported' names exist in EMQX but are refused when configured here */
const FUNCTIONS: Record<string, Fn | 'unsupported'> = {
  lower: f([1], (s) => str('lower', s).toLowerCase()),
  upper: f([1], (s) => str('upper', s).toUpperCase()),
  ltrim: f([1, 2], (s, c) => (c === undefined ? trimDefault(str('ltrim', s), true, false) : trimChars(str('ltrim', s), str('ltrim', c), true, false))),
  rtrim: f([1, 2], (s, c) => (c === undefined ? trimDefault(str('rtrim', s), false, true) : trimChars(str('rtrim', s), str('rtrim', c), false, true))),
  trim: f([1, 2], (s, c) => (c === undefined ? trimDefault(str('trim', s), true, true) : trimChars(str('trim', s), str('trim', c), true, true))),
  reverse: f([1], (s) => chars(str('reverse', s)).reverse().join('')),
  rm_prefix: f([2], (s, p) => (str('rm_prefix', s).startsWith(str('rm_prefix', p)) ? (s as string).slice((p as string).length) : s)),
  strlen: f([1], (s) => chars(str('strlen', s)).length),
  substr: f([2, 3], (s, start, len) => {
    const cs = chars(str('substr', s));
    const from = Math.max(0, int('substr', start));
    return cs.slice(from, len === undefined ? undefined : from + Math.max(0, int('substr', len))).join('');
  }),
  split: f([2, 3], (s, p, mode) => {
    const m = mode === undefined ? 'trim' : str('split', mode);
    const where = m.startsWith('leading') ? 'leading' : m.startsWith('trailing') ? 'trailing' : m === 'notrim' || m === 'trim' ? 'all' : bad('split', `unknown option ${m}`);
    const parts = splitAt(str('split', s), str('split', p), where);
    return m.endsWith('notrim') ? parts : parts.filter((x) => x !== '');
  }),
  tokens: f([2, 3], (s, seps, opt) => {
    if (opt !== undefined && opt !== 'nocrlf') bad('tokens', `unknown option ${JSON.stringify(opt)}`);
    return tokens(str('tokens', s), [...chars(str('tokens', seps)), ...(opt === 'nocrlf' ? ['\r', '\n', '\r\n'] : [])]);
  }),
  concat: f([1, 2], (a, b) => (b === undefined ? list('concat', a) : [a, b]).map(anyToStr).join('')),
  sprintf_s: 'unsupported',
  pad: f([2, 3, 4], (s, len, dir, fill) => {
    const d = dir === undefined ? 'trailing' : str('pad', dir);
    if (!['trailing', 'leading', 'both'].includes(d)) bad('pad', `unknown direction ${d}`);
    return pad(str('pad', s), int('pad', len), d, fill === undefined ? ' ' : str('pad', fill));
  }),
  replace: f([3, 4], (s, p, r, where) => {
    const w = where === undefined ? 'all' : str('replace', where);
    if (!['all', 'leading', 'trailing'].includes(w)) bad('replace', `unknown option ${w}`);
    return replace(str('replace', s), str('replace', p), str('replace', r), w);
  }),
  regex_match: f([2], (s, re) => regex('regex_match', str('regex_match', re)).test(str('regex_match', s))),
  regex_replace: f([3], (s, re, rep) => str('regex_replace', s).replace(regex('regex_replace', str('regex_replace', re), 'g'), reReplacement(str('regex_replace', rep)))),
  regex_extract: f([2], (s, re) => {
    const m = regex('regex_extract', str('regex_extract', re)).exec(str('regex_extract', s));
    return m ? m.slice(1).map((g) => g ?? '') : [];
  }),
  ascii: f([1], (c) => Buffer.from(str('ascii', c), 'utf8')[0] ?? bad('ascii')),
  find: f([2, 3], (s, p, dir) => {
    const d = dir === undefined ? 'leading' : str('find', dir);
    if (d !== 'leading' && d !== 'trailing') bad('find', `unknown direction ${d}`);
    const i = d === 'leading' ? str('find', s).indexOf(str('find', p)) : str('find', s).lastIndexOf(str('find', p));
    return i < 0 ? '' : (s as string).slice(i);
  }),
  join_to_string: f([1, 2], (a, b) =>
    b === undefined ? list('join_to_string', a).map(anyToStr).join(', ') : list('join_to_string', b).map(anyToStr).join(str('join_to_string', a)),
  ),
  unescape: f([1], (s) => unescape(str('unescape', s))),
  any_to_str: f([1], anyToStr),
  is_empty_val: f([1], (v) => isEmpty(v)),
  not: f([1], (v) => {
    if (typeof v === 'boolean') return !v;
    if (v === 'true' || v === 'false') return v === 'true' ? 'false' : 'true';
    return bad('not');
  }),
  nth: f([2], (n, l) => {
    const i = typeof n === 'string' && /^[+-]?\d+$/.test(n) ? Number(n) : typeof n === 'number' ? n : bad('nth', `invalid index ${JSON.stringify(n)}`);
    const items = list('nth', l);
    if (i > items.length) return '';
    if (i < 1) bad('nth', `invalid index ${i}`);
    return items[i - 1];
  }),
  rand_str: f([1], (n) => {
    const len = int('rand_str', n);
    if (len < 1) bad('rand_str');
    return randomBytes(Math.ceil((len * 3) / 4))
      .toString('base64')
      .slice(0, len)
      .replaceAll('+', '-')
      .replaceAll('/', '_');
  }),
  rand_int: f([1], (n) => {
    const max = int('rand_int', n);
    if (max < 1) bad('rand_int', 'expected a positive integer');
    return randomInt(1, max + 1);
  }),
  bin2hexstr: f([1], (s) => Buffer.from(str('bin2hexstr', s), 'utf8').toString('hex').toUpperCase()),
  hexstr2bin: f([1], (s) => {
    const hex = str('hexstr2bin', s);
    if (!/^([0-9a-fA-F]{2})*$/.test(hex)) bad('hexstr2bin', 'not a hex string');
    return Buffer.from(hex, 'hex').toString('utf8');
  }),
  int2hexstr: f([1], (n) => int('int2hexstr', n).toString(16).toUpperCase()),
  base64_encode: f([1], (s) => Buffer.from(str('base64_encode', s), 'utf8').toString('base64')),
  base64_decode: f([1], (s) => Buffer.from(str('base64_decode', s), 'base64').toString('utf8')),
  hash: f([2], (alg, s) => hashHex(str('hash', alg), str('hash', s))),
  hash_to_range: f([3], (s, min, max) => {
    if (str('hash_to_range', s) === '') bad('hash_to_range');
    return mapToRange(BigInt(`0x${hashHex('sha256', s as string)}`), int('hash_to_range', min), int('hash_to_range', max));
  }),
  map_to_range: f([3], (v, min, max) => {
    const n =
      typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : typeof v === 'string' && v !== '' ? BigInt(`0x${Buffer.from(v, 'utf8').toString('hex')}`) : bad('map_to_range');
    return mapToRange(n, int('map_to_range', min), int('map_to_range', max));
  }),
  str_comp: f([2], (a, b) => ['lt', 'eq', 'gt'][compareText(a, b) + 1]),
  str_eq: f([2], (a, b) => compareText(a, b) === 0),
  str_neq: f([2], (a, b) => compareText(a, b) !== 0),
  str_lt: f([2], (a, b) => compareText(a, b) < 0),
  str_lte: f([2], (a, b) => compareText(a, b) <= 0),
  str_gt: f([2], (a, b) => compareText(a, b) > 0),
  str_gte: f([2], (a, b) => compareText(a, b) >= 0),
  num_comp: f([2], (a, b) => (num('num_comp', a) < num('num_comp', b) ? 'lt' : a === b ? 'eq' : 'gt')),
  num_eq: f([2], (a, b) => num('num_eq', a) === num('num_eq', b)),
  num_neq: f([2], (a, b) => num('num_neq', a) !== num('num_neq', b)),
  num_lt: f([2], (a, b) => num('num_lt', a) < num('num_lt', b)),
  num_lte: f([2], (a, b) => num('num_lte', a) <= num('num_lte', b)),
  num_gt: f([2], (a, b) => num('num_gt', a) > num('num_gt', b)),
  num_gte: f([2], (a, b) => num('num_gte', a) >= num('num_gte', b)),
  // EMQX reads EMQXVAR_<name> only, so an expression cannot read arbitrary process environment
  getenv: f([1], (name) => process.env[`EMQXVAR_${str('getenv', name)}`] ?? ''),
};

/** own properties only: an expression naming `constructor` or `toString` is an unknown function */
export function functionNamed(name: string): Fn | 'unsupported' | undefined {
  return Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
}
