// More of EMQX's "String Operations": sprintf, joins into text and SQL value lists, Redis HSET arguments, unescape.
import { sprintf } from './sprintf';
import { anyToText, asList, asText, defineGroup, fail, formatFloat, isBinary, isMap, jsonDecode, numberToString } from './values';
import { jsonEncode } from './codec-json';

/** emqx_utils_sql's quoting of one value: strings in '…' with \ and ' escaped, numbers bare, undefined as NULL. */
function sqlValue(v: unknown): string {
  if (v === undefined) return 'NULL';
  if (typeof v === 'number' || typeof v === 'bigint') return numberToString(v);
  const s = Array.isArray(v) || isMap(v) ? jsonEncode(v) : anyToText(v);
  return `'${s.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}

/** The fields of a Redis HSET: keys with string, number or boolean values; other values are left out. */
function redisHsetArgs(v: unknown): unknown[] {
  const map = isBinary(v) ? jsonDecode(v) : v;
  const out: unknown[] = ['map_to_redis_hset_args'];
  if (!isMap(map)) return out;
  for (const [k, x] of Object.entries(map)) {
    if (isBinary(x)) out.push(k, x);
    else if (typeof x === 'number' && Number.isFinite(x)) out.push(k, Number.isInteger(x) ? numberToString(x) : formatFloat(x, 6, true));
    else if (typeof x === 'boolean') out.push(k, String(x));
  }
  return out;
}

const SIMPLE_ESCAPES: Record<string, string> = { '\\': '\\', n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', "'": "'", '"': '"', '?': '?', a: '\x07' };

/** unescape: C-style escapes (\n \t \\ \" \xHH… with any number of hex digits); any other escape is an error. */
export function unescape(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch !== '\\' || i === s.length - 1) {
      out += ch;
      continue;
    }
    const next = s[i + 1];
    if (Object.hasOwn(SIMPLE_ESCAPES, next)) {
      out += SIMPLE_ESCAPES[next];
      i++;
      continue;
    }
    const hex = next === 'x' ? /^[0-9a-fA-F]+/.exec(s.slice(i + 2)) : null;
    if (!hex) fail(`the escape sequence \\${next} is not recognized`);
    const cp = parseInt(hex[0], 16);
    if (!(cp <= 0x10ffff) || (cp >= 0xd800 && cp <= 0xdfff)) fail(`\\x${hex[0]} is not a Unicode character`);
    out += String.fromCodePoint(cp);
    i += 1 + hex[0].length;
  }
  return out;
}

export const stringFormatFunctions = defineGroup({
  sprintf: ['variadic', ([format, ...args]) => sprintf(asText(format, 'the format'), args)],
  sprintf_s: [2, ([format, args]) => sprintf(asText(format, 'the format'), asList(args, 'the arguments'))],
  join_to_string: [
    [1, 2],
    (a) => {
      const [sep, list] = a.length === 1 ? [', ', a[0]] : [asText(a[0], 'the separator'), a[1]];
      return asList(list, 'the list').map(anyToText).join(sep);
    },
  ],
  join_to_sql_values_string: [1, ([list]) => asList(list).map(sqlValue).join(', ')],
  map_to_redis_hset_args: [1, ([v]) => redisHsetArgs(v)],
  unescape: [1, ([s]) => unescape(asText(s, 'the string'))],
});
