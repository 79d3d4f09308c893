// Nested get and put along `a.b[1].c` paths, with the semantics of EMQX's emqx_rule_maps: 1-based indexes
// (negative from the end; `[0]` puts at the head, `[-0]` at the tail), JSON text met along a path is decoded,
// a missing step gives undefined; a put copies what it changes (the input is never modified).
import { SqlEvalError } from './errors';
import { isMap } from './terms';

/** A compiled path step: a key, a constant index, or an index read from another field (`a[b]`); `get` applies it. */
export type Step = ({ k: 'key'; key: string; read: KeyReader } | { k: 'idx'; i: number | 'head' | 'tail' } | { k: 'dyn'; read: (env: never) => unknown }) & { get: StepGet };

/** One step of a get: the value under it, or undefined. `env` is only used by indexes read from a field. */
export type StepGet = (v: unknown, env: unknown) => unknown;

/** Reads one key of a map; undefined when it is missing. */
export type KeyReader = (m: Record<string, unknown>) => unknown;

const PROTO_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));
const hasOwn = Object.prototype.hasOwnProperty;

/**
 * A reader for one key, made for one place in a rule. A key that is not a name of Object.prototype is read
 * with its own generated property access (`m["temp"]`): V8 caches each such access for the shapes it meets,
 * where one shared `m[key]` would see every shape of every rule. Other keys are read only when own.
 */
export function keyReader(key: string): KeyReader {
  if (PROTO_KEYS.has(key)) return (m) => (hasOwn.call(m, key) ? m[key] : undefined);
  return new Function('m', `return m[${JSON.stringify(key)}];`) as KeyReader;
}

/** Read a key decided at run time (the output's own keys). */
export function readOwn(m: Record<string, unknown>, key: string): unknown {
  return hasOwn.call(m, key) ? m[key] : undefined;
}

const NOT_JSON = Symbol('not json');

/** JSON text inside a value (not the payload): decoded when it is an object or array, else NOT_JSON. */
function decodeNested(v: string | Buffer): unknown {
  const s = typeof v === 'string' ? v : v.toString('utf8');
  let i = 0;
  while (i < s.length && (s.charCodeAt(i) === 32 || s.charCodeAt(i) === 10 || s.charCodeAt(i) === 13 || s.charCodeAt(i) === 9)) i++;
  const c = s.charCodeAt(i);
  if (c !== 123 && c !== 91) return NOT_JSON; // `{` or `[`: only these can hold keys or items
  try {
    return JSON.parse(s);
  } catch {
    return NOT_JSON;
  }
}

/** The payload as JSON: EMQX fails the rule when a path goes into a payload that is not JSON. */
export function decodePayload(raw: string | Buffer): unknown {
  try {
    return JSON.parse(typeof raw === 'string' ? raw : raw.toString('utf8'));
  } catch {
    throw new SqlEvalError('decode_json_failed', 'the payload is not valid JSON, so it has no fields to read');
  }
}

/** The n-th item (1-based; negative counts from the end; 0, head and tail find nothing). */
export function nth(list: unknown[], i: unknown): unknown {
  if (typeof i !== 'number' || !Number.isInteger(i) || i === 0) return undefined;
  const at = i > 0 ? i - 1 : list.length + i;
  return at >= 0 && at < list.length ? list[at] : undefined;
}

export function keyStep(key: string): Step {
  const read = keyReader(key);
  const get: StepGet = (v) => {
    if (typeof v === 'object' && v !== null) {
      if (Object.getPrototypeOf(v) === Object.prototype) return read(v as Record<string, unknown>);
      if (Array.isArray(v)) return undefined;
      if (Buffer.isBuffer(v)) {
        const d = decodeNested(v);
        return isMap(d) ? read(d) : undefined;
      }
      return isMap(v) ? read(v) : undefined;
    }
    if (typeof v !== 'string') return undefined;
    const d = decodeNested(v);
    return isMap(d) ? read(d) : undefined;
  };
  return { k: 'key', key, read, get };
}

function indexGet(index: (env: unknown) => unknown): StepGet {
  return (v, env) => {
    if (Array.isArray(v)) return nth(v, index(env));
    if (typeof v !== 'string' && !Buffer.isBuffer(v)) return undefined;
    const d = decodeNested(v);
    return Array.isArray(d) ? nth(d, index(env)) : undefined;
  };
}

export const indexStep = (i: number | 'head' | 'tail'): Step => ({ k: 'idx', i, get: indexGet(() => i) });

export const dynIndexStep = (read: (env: never) => unknown): Step => ({ k: 'dyn', read, get: indexGet(read as (env: unknown) => unknown) });

function stepIndex(s: Step, env: unknown): unknown {
  return s.k === 'idx' ? s.i : s.k === 'dyn' ? s.read(env as never) : undefined;
}

export function getIn(v: unknown, steps: Step[], from: number, env: unknown): unknown {
  for (let i = from; i < steps.length; i++) {
    if (v === undefined) return undefined;
    v = steps[i].get(v, env);
  }
  return v;
}

/** All steps of a path as one function (the common one- and two-step paths without a loop). */
export function walker(steps: Step[]): StepGet {
  if (steps.length === 1) return steps[0].get;
  if (steps.length === 2) {
    const a = steps[0].get;
    const b = steps[1].get;
    return (v, env) => {
      const x = a(v, env);
      return x === undefined ? undefined : b(x, env);
    };
  }
  return (v, env) => getIn(v, steps, 0, env);
}

// ---- put ------------------------------------------------------------------------------------------------

function setKey(m: Record<string, unknown>, key: string, val: unknown): void {
  if (key === '__proto__') Object.defineProperty(m, key, { value: val, enumerable: true, writable: true, configurable: true });
  else m[key] = val;
}

/** EMQX's setnth: head/tail prepend/append; 1-based replace; out of range or 0 leaves the list as it is. */
export function setNth(i: unknown, list: unknown, val: unknown): unknown[] {
  if (!Array.isArray(list)) return [val];
  if (i === 'head') return [val, ...list];
  if (i === 'tail') return [...list, val];
  if (typeof i !== 'number' || !Number.isInteger(i) || i === 0) return list;
  const at = i > 0 ? i - 1 : list.length + i;
  if (at < 0 || at >= list.length) return list;
  const copy = list.slice();
  copy[at] = val;
  return copy;
}

/** Put `val` at `steps[from..]` below `container`, returning the new container (copies, never mutates). */
export function putIn(container: unknown, steps: Step[], from: number, val: unknown, env: unknown): unknown {
  if (from === steps.length) return val;
  const s = steps[from];
  const sub = container === undefined ? undefined : s.get(container, env);
  const next = putIn(sub, steps, from + 1, val, env);
  if (s.k === 'key') {
    const m: Record<string, unknown> = isMap(container) ? { ...container } : {};
    setKey(m, s.key, next);
    return m;
  }
  return setNth(stepIndex(s, env), container, next);
}

/** Sets one top-level key of an output object this run owns (a generated store per site, as keyReader). */
export type KeyWriter = (m: Record<string, unknown>, v: unknown) => void;

export function keyWriter(key: string): KeyWriter {
  if (key === '__proto__') return (m, v) => setKey(m, key, v);
  return new Function('m', 'v', `m[${JSON.stringify(key)}] = v;`) as KeyWriter;
}

// ---- ranges ---------------------------------------------------------------------------------------------

/** `[1..4]`: the integers from begin to end (EMQX's lists:seq; begin > end + 1 is an error). */
export function rangeList(begin: number, end: number): number[] {
  if (begin > end + 1) throw new SqlEvalError('function_clause', `the range [${begin}..${end}] runs backwards`);
  const out: number[] = [];
  for (let i = begin; i <= end; i++) out.push(i);
  return out;
}

/** `a[2..4]`: the items from begin to end, 1-based, negative counting from the end (EMQX's range_get). */
export function rangeOf(begin: number, end: number, v: unknown): unknown[] {
  if (!Array.isArray(v)) throw new SqlEvalError('range_get', `a range [${begin}..${end}] can only be taken from a list`);
  const len = v.length;
  const index = (i: number): number => {
    if (i === 0) throw new SqlEvalError('invalid_index', 'list positions start at 1 (0 is not a position)');
    return i > 0 ? i : len + i + 1;
  };
  const b = index(begin);
  const count = index(end) - b + 1;
  if (b < 1 || b > len + 1 || count < 0) throw new SqlEvalError('function_clause', `the range [${begin}..${end}] is outside the list of ${len}`);
  return v.slice(b - 1, b - 1 + count);
}
