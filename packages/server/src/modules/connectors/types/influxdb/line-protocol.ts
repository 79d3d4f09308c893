// InfluxDB line protocol as EMQX 5.8 writes it (emqx_bridge_influxdb:to_influx_lines parses the action's
// `write_syntax`; emqx_bridge_influxdb_connector renders one point per line and message):
//   parse   `measurement[,tag=v…] field=v[,field=v…] [timestamp]`, one or more lines, every part may hold
//           `${…}` placeholders; escapes as the protocol's (`\,` `\ ` `\=` in names, `\"` `\\` in quoted values);
//           anything else is refused ("Unable to parse InfluxDB line protocol")
//   render  a tag or field whose key or value renders from a missing placeholder is left out; a line with no
//           field left fails the message; field types follow EMQX's value_type: `${x}i` an integer, `${x}u` an
//           unsigned, a number a float, t/T/true/TRUE/True (and f…) a boolean, a quoted value or any other text a
//           string; literal values `12i`, `12u`, `1.5`, `7` are typed the same way
//   time    no timestamp or `${timestamp}` is the message's time in ms converted to the action's precision; any
//           other must render one integer, already in that precision
import { DecodeMemo, MISSING, parseTemplate, toText, valueAt, type Template } from '../../../../shared/template';

export type Precision = 'ns' | 'us' | 'ms' | 's';

interface ParsedLine {
  measurement: string;
  tags: [string, string][];
  fields: [string, string | { quoted: string }][];
  timestamp: string | undefined;
}

class SyntaxError_ extends Error {}
const fail = (): never => {
  throw new SyntaxError_('bad line protocol');
};

const MEASUREMENT_ESC = [',', ' '];
const KEY_ESC = [',', '=', ' '];
const QUOTED_ESC = ['"', '\\'];

/** EMQX unescape/4: reads up to a separator; an unescaped escape character that is not a separator is an error */
function unescape(esc: string[], seps: string[], s: string, i: number): [string, number] {
  let out = '';
  while (i < s.length) {
    const c = s[i];
    if (c === '\\' && i + 1 < s.length) {
      const next = s[i + 1];
      if (esc.includes(next)) out += next;
      else if (!esc.includes('\\')) out += `\\${next}`;
      else fail();
      i += 2;
      continue;
    }
    if (seps.includes(c)) return [out, i];
    if (esc.includes(c)) fail();
    out += c;
    i++;
  }
  return [out, i];
}

/** EMQX strip_l: drops `ch` between two items, never at the end or before a space */
const stripL = (s: string, i: number, ch: string): number => (s[i] === ch && i + 1 < s.length && s[i + 1] !== ' ' ? i + 1 : i);
const nonEmpty = (v: string): string => (v === '' ? fail() : v);

function key(s: string, i: number): [string, number] {
  const [k, j] = unescape(KEY_ESC, ['='], s, i);
  return [nonEmpty(k), stripL(s, j, '=')];
}

function parseLine(s: string, start: number): [ParsedLine, number] {
  const [measurement, afterMeasurement] = unescape(MEASUREMENT_ESC, [',', ' '], s, start);
  nonEmpty(measurement);
  let i = afterMeasurement;
  const tags: ParsedLine['tags'] = [];
  if (s[i] === ',') {
    i++;
    while (i < s.length && !(s[i] === ' ' && tags.length > 0)) {
      const [k, j] = key(s, i);
      const [v, j2] = unescape(KEY_ESC, [',', ' '], s, j);
      tags.push([k, nonEmpty(v)]);
      i = stripL(s, j2, ',');
    }
  }
  if (s[i] !== ' ') fail();
  while (s[i] === ' ') i++;
  const fields: ParsedLine['fields'] = [];
  while (i < s.length && s[i] !== ' ' && s[i] !== '\n') {
    const [k, j] = key(s, i);
    if (s[j] === '"') {
      const [v, j2] = unescape(QUOTED_ESC, ['"'], s, j + 1);
      if (s[j2] !== '"') fail();
      fields.push([k, { quoted: v }]);
      i = stripL(s, j2 + 1, ',');
    } else {
      const [v, j2] = unescape(KEY_ESC, [',', ' ', '\n'], s, j);
      fields.push([k, nonEmpty(v)]);
      i = stripL(s, j2, ',');
    }
  }
  if (fields.length === 0) fail();
  let timestamp: string | undefined;
  if (s[i] === ' ') {
    while (s[i] === ' ') i++;
    const [t, j] = unescape(KEY_ESC, [' ', '\n'], s, i);
    timestamp = t === '' ? undefined : t;
    i = j;
  }
  return [{ measurement, tags, fields, timestamp }, i];
}

/** EMQX to_influx_lines; throws the sentence EMQX's schema check gives */
export function parseWriteSyntax(text: string): ParsedLine[] {
  const lines: ParsedLine[] = [];
  try {
    let i = 0;
    for (;;) {
      while (s(text, i) === ' ' || s(text, i) === '\n') i++;
      if (i >= text.length) break;
      const [line, j] = parseLine(text, i);
      lines.push(line);
      i = j;
    }
    if (lines.length === 0) fail();
  } catch (err) {
    if (err instanceof SyntaxError_) throw new Error(`Unable to parse InfluxDB line protocol: ${JSON.stringify(text)}`);
    throw err;
  }
  return lines;
}
const s = (text: string, i: number): string | undefined => text[i];

// ---- compiled templates and rendering ----

type ValueTemplate = { quoted: true; t: Template } | { quoted: false; t: Template };

export interface CompiledLine {
  measurement: Template;
  tags: [Template, Template][];
  fields: [Template, ValueTemplate][];
  timestamp: Template;
  /** `${timestamp}` (or none): the message's time, in ms; any other timestamp is in the action's precision */
  fromMs: boolean;
}

/** EMQX turns the lists into maps with proplists:to_map: one value per key, the first one written */
function firstOfEachKey<T>(pairs: [string, T][]): [string, T][] {
  const seen = new Set<string>();
  return pairs.filter(([k]) => !seen.has(k) && seen.add(k) !== undefined);
}

export function compileWriteSyntax(text: string): CompiledLine[] {
  return parseWriteSyntax(text).map((l) => {
    const ts = l.timestamp ?? '${timestamp}';
    return {
      measurement: parseTemplate(l.measurement),
      tags: firstOfEachKey(l.tags).map(([k, v]) => [parseTemplate(k), parseTemplate(v)]),
      fields: firstOfEachKey(l.fields).map(([k, v]) => [
        parseTemplate(k),
        typeof v === 'string' ? { quoted: false, t: parseTemplate(v) } : { quoted: true, t: parseTemplate(v.quoted) },
      ]),
      timestamp: parseTemplate(ts),
      fromMs: ts === '${timestamp}',
    };
  });
}

/** one typed field value (EMQX value_type) */
export type FieldValue = { kind: 'int' | 'uint'; v: bigint } | { kind: 'float'; v: string } | { kind: 'bool'; v: string } | { kind: 'string'; v: string };

export interface Point {
  measurement: string;
  tags: [string, string][];
  fields: [string, FieldValue][];
  timestamp: bigint;
}

/** rendered parts: literal text, or a placeholder's value (undefined when missing); EMQX's rawlist */
type Raw = unknown[];

function raw(t: Template, data: unknown, memo: DecodeMemo): Raw {
  return t.map((p) => {
    if (typeof p === 'string') return p;
    const v = valueAt(p.path, data, memo);
    if (v === MISSING || v === undefined) return undefined;
    if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
    return toText(v);
  });
}
const joined = (r: Raw): string => r.map((x) => (typeof x === 'string' ? x : toText(x))).join('');

const BOOLS = new Set(['t', 'T', 'TRUE', 'True', 'f', 'F', 'FALSE', 'False']);
const INT = /^[+-]?\d+$/;
/** Erlang binary_to_float: digits, a dot, digits, an optional exponent */
const FLOAT = /^[+-]?\d+\.\d+(?:[eE][+-]?\d+)?$/;

function literalNumber(text: string): FieldValue {
  const suffix = text.slice(-1);
  const num = text.slice(0, -1);
  if (suffix === 'i' || suffix === 'u') {
    if (INT.test(num)) return { kind: suffix === 'i' ? 'int' : 'uint', v: BigInt(num) };
    if (FLOAT.test(num)) return { kind: suffix === 'i' ? 'int' : 'uint', v: BigInt(Math.floor(Number(num))) };
    return { kind: 'string', v: text };
  }
  if (FLOAT.test(text) || INT.test(text)) return { kind: 'float', v: text };
  return { kind: 'string', v: text };
}

function fieldValue(t: ValueTemplate, r: Raw): FieldValue {
  if (t.quoted) return { kind: 'string', v: joined(r) };
  const tmplType = t.t.length === 1 ? (typeof t.t[0] === 'string' ? 'literal' : 'variable') : 'mixed';
  if (tmplType === 'mixed' && r.length === 2 && typeof r[0] === 'number' && Number.isInteger(r[0]) && (r[1] === 'i' || r[1] === 'u')) {
    return { kind: r[1] === 'i' ? 'int' : 'uint', v: BigInt(r[0]) };
  }
  if (r.length === 1) {
    const [x] = r;
    if (typeof x === 'number') return { kind: 'float', v: toText(x) };
    if (typeof x === 'boolean') return { kind: 'bool', v: String(x) };
    if (typeof x === 'string' && BOOLS.has(x)) return { kind: 'bool', v: x };
    if (typeof x === 'string' && tmplType === 'literal') return literalNumber(x);
  }
  return { kind: 'string', v: joined(r) };
}

const UNIT: Record<Precision, bigint> = { s: 1_000_000_000n, ms: 1_000_000n, us: 1_000n, ns: 1n };
/** erlang:convert_time_unit: rounds down */
function convert(v: bigint, from: Precision, to: Precision): bigint {
  const n = v * UNIT[from];
  const d = UNIT[to];
  return n >= 0n ? n / d : -((-n + d - 1n) / d);
}

function timestampOf(line: CompiledLine, r: Raw, precision: Precision): bigint {
  const from = line.fromMs ? 'ms' : precision;
  if (r.length === 1) {
    const [x] = r;
    if (x === undefined) return convert(BigInt(Date.now()), 'ms', precision);
    if (typeof x === 'number' && Number.isInteger(x)) return convert(BigInt(x), from, precision);
    if (typeof x === 'string' && INT.test(x)) return convert(BigInt(x), from, precision);
    throw new Error(`the timestamp is not an integer: ${JSON.stringify(joined(r))}`);
  }
  throw new Error('the timestamp must be one integer or one placeholder');
}

/** the points of one rule output (EMQX data_to_points); throws a plain sentence when a line cannot be written */
export function renderPoints(lines: CompiledLine[], data: unknown, precision: Precision): Point[] {
  const memo = new DecodeMemo();
  return lines.map((line) => {
    const timestamp = timestampOf(line, raw(line.timestamp, data, memo), precision);
    const tags: [string, string][] = [];
    for (const [kt, vt] of line.tags) {
      const k = raw(kt, data, memo);
      const v = raw(vt, data, memo);
      if ((k.length === 1 && k[0] === undefined) || v[0] === undefined) continue;
      tags.push([joined(k), joined(v)]);
    }
    const fields: [string, FieldValue][] = [];
    for (const [kt, vt] of line.fields) {
      const k = raw(kt, data, memo);
      const v = raw(vt.t, data, memo);
      if ((k.length === 1 && k[0] === undefined) || v[0] === undefined) continue;
      fields.push([joined(k), fieldValue(vt, v)]);
    }
    if (fields.length === 0) throw new Error('no field of the line has a value');
    return { measurement: joined(raw(line.measurement, data, memo)), tags, fields, timestamp };
  });
}

// ---- encoding to the wire ----

const escapeName = (v: string, chars: RegExp): string => v.replace(chars, (c) => `\\${c}`);
const MEASUREMENT_CHARS = /[, ]/g;
const KEY_CHARS = /[,= ]/g;

function encodeValue(f: FieldValue): string {
  switch (f.kind) {
    case 'int':
      return `${f.v}i`;
    case 'uint':
      return `${f.v}u`;
    case 'float':
    case 'bool':
      return f.v;
    case 'string':
      return `"${f.v.replace(/["\\]/g, (c) => `\\${c}`)}"`;
  }
}

/** one point as a line of the protocol (tags sorted by key, as InfluxDB recommends) */
export function encodePoint(p: Point): string {
  const tags = [...p.tags]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `,${escapeName(k, KEY_CHARS)}=${escapeName(v, KEY_CHARS)}`)
    .join('');
  const fields = p.fields.map(([k, v]) => `${escapeName(k, KEY_CHARS)}=${encodeValue(v)}`).join(',');
  return `${escapeName(p.measurement, MEASUREMENT_CHARS)}${tags} ${fields} ${p.timestamp}`;
}
