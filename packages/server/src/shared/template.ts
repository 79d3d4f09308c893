// `${path}` placeholder templates as EMQX renders them (emqx_template with emqx_jsonish bindings): the rule
// engine's republish action now, data-integration actions later. A placeholder is `${a.b.c}` (letters, digits,
// `_` and `.`; an optional leading dot, `${.}` being the whole binding map); `${$}` is a literal `$`. Anything else
// between `${` and `}` stays literal text. Looking a path up walks objects key by key; a string (or Buffer) met on
// the way is decoded as JSON once, so `${payload.temp}` reads a field of a JSON payload. A missing value renders as
// `undefined`, as EMQX does.
import { jsonEncode } from '../modules/rules/funcs/codec-json';

export interface Placeholder {
  /** the text between the braces, without the leading dot */
  name: string;
  path: string[];
}
export type TemplatePart = string | Placeholder;
export type Template = TemplatePart[];

const PLACEHOLDER = /\$\{\.?([a-zA-Z0-9._]*)\}|\$\{\$\}/g;

export function parseTemplate(text: string): Template {
  const parts: Template = [];
  let last = 0;
  let literal = '';
  for (const m of text.matchAll(PLACEHOLDER)) {
    literal += text.slice(last, m.index);
    last = m.index + m[0].length;
    if (m[1] === undefined) {
      literal += '$'; // ${$}
      continue;
    }
    if (literal) parts.push(literal);
    literal = '';
    parts.push({ name: m[1], path: m[1] === '' ? [] : m[1].split('.') });
  }
  literal += text.slice(last);
  if (literal) parts.push(literal);
  return parts;
}

/** the template when it is exactly one placeholder (EMQX's "simple var": its value is used as it is, not as text) */
export function singlePlaceholder(t: Template): Placeholder | undefined {
  return t.length === 1 && typeof t[0] !== 'string' ? t[0] : undefined;
}

export function placeholders(t: Template): string[] {
  return t.filter((p): p is Placeholder => typeof p !== 'string').map((p) => p.name);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);

type Decoded = { ok: true; value: unknown } | { ok: false };

function decodeJson(v: string | Buffer): Decoded {
  try {
    return { ok: true, value: JSON.parse(typeof v === 'string' ? v : v.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

/**
 * The serialized value last decoded while rendering one output: `${payload.a} ${payload.b}` (and a republish's
 * topic, payload, QoS … read from the same payload) parse it once, not once per placeholder. One per render.
 */
export class DecodeMemo {
  private source: string | Buffer | undefined;
  private result: Decoded = { ok: false };
  decode(v: string | Buffer): Decoded {
    if (this.source !== v) {
      this.result = decodeJson(v);
      this.source = v;
    }
    return this.result;
  }
}

/** what `valueAt` gives for a path that leads nowhere */
export const MISSING: unique symbol = Symbol('missing');

/** The value at `path` in `bindings`, or MISSING when some step is missing or not an object (no allocation). */
export function valueAt(path: readonly string[], bindings: unknown, memo?: DecodeMemo): unknown {
  let current = bindings;
  let decoded = false;
  for (let i = 0; i < path.length; i++) {
    if (isPlainObject(current)) {
      const next = current[path[i]];
      if (next === undefined) return MISSING;
      current = next;
    } else if (!decoded && (typeof current === 'string' || Buffer.isBuffer(current))) {
      // a serialized value is decoded once; a JSON string inside it is not decoded again
      const d = memo ? memo.decode(current) : decodeJson(current);
      if (!d.ok) return MISSING;
      decoded = true;
      current = d.value;
      i--;
    } else {
      return MISSING;
    }
  }
  return current;
}

/** The value at `path` in `bindings`; `found: false` when some step is missing or not an object. */
export function lookup(path: readonly string[], bindings: unknown): { found: true; value: unknown } | { found: false } {
  const value = valueAt(path, bindings);
  return value === MISSING ? { found: false } : { found: true, value };
}

/**
 * JSON text of a rule value, written by the rule engine's one encoder (EMQX's emqx_utils_json): keys in Erlang's
 * map order, Buffers as their UTF-8 text, a missing value (`undefined`) as "undefined".
 */
export const toJson = (value: unknown): string => jsonEncode(value);

/** A float as Erlang's float_to_binary(F, [{decimals, 10}, compact]): at most 10 decimals, at least one. */
function floatText(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const fixed = n.toFixed(10).replace(/0+$/, '');
  return fixed.endsWith('.') ? `${fixed}0` : fixed;
}

/** How a value reads inside a rendered text (emqx_template:to_string). */
export function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : floatText(value);
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  return toJson(value);
}

function valueOf(p: Placeholder, bindings: unknown, memo: DecodeMemo): unknown {
  const v = valueAt(p.path, bindings, memo);
  return v === MISSING ? undefined : v;
}

/** The text of the template with every placeholder replaced; `missing` collects the names not found. */
export function renderTemplate(t: Template, bindings: unknown, missing?: string[], memo = new DecodeMemo()): string {
  let out = '';
  for (const part of t) {
    if (typeof part === 'string') out += part;
    else {
      const v = valueAt(part.path, bindings, memo);
      if (v === MISSING) missing?.push(part.name);
      out += typeof v === 'string' ? v : toText(v === MISSING ? undefined : v);
    }
  }
  return out;
}

/** The same as bytes: a Buffer value (a binary payload) is copied as it is, not through UTF-8 text. */
export function renderTemplateBytes(t: Template, bindings: unknown, memo = new DecodeMemo()): Buffer {
  let text = '';
  let chunks: Buffer[] | undefined;
  for (const part of t) {
    const v = typeof part === 'string' ? part : valueOf(part, bindings, memo);
    if (Buffer.isBuffer(v)) {
      // bytes that need not be UTF-8: the text so far and this value go in as they are
      chunks ??= [];
      if (text) chunks.push(Buffer.from(text, 'utf8'));
      chunks.push(v);
      text = '';
    } else text += typeof v === 'string' ? v : toText(v);
  }
  if (!chunks) return Buffer.from(text, 'utf8');
  if (text) chunks.push(Buffer.from(text, 'utf8'));
  return Buffer.concat(chunks);
}
