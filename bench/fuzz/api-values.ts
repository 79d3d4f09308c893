// Request parts for the API fuzzer, from the contract's own schemas: a plausible value for a schema, then the
// hostile variants of it (wrong types, missing and unknown fields, huge and deep values, odd path parameters).
import { int, pick } from './node';

type Json = Record<string, any>;

export interface Contract {
  paths: Record<string, Record<string, Json>>;
  components: Json;
}

export function deref(doc: Contract, node: Json | undefined, depth = 0): Json {
  let cur: Json = node ?? {};
  for (let i = 0; i < 16 && typeof cur.$ref === 'string'; i++) {
    cur = cur.$ref
      .slice(2)
      .split('/')
      .reduce((n: Json, k: string) => n?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc as Json);
  }
  return depth > 12 ? {} : (cur ?? {});
}

/** a value the schema describes (defaults and examples first), nested at most a few levels */
export function plausible(doc: Contract, schema: Json | undefined, r: () => number, depth = 0): unknown {
  const s = deref(doc, schema, depth);
  if (depth > 6) return null;
  if (Array.isArray(s.enum) && s.enum.length) return pick(r, s.enum);
  const union = s.oneOf ?? s.anyOf;
  if (Array.isArray(union) && union.length) return plausible(doc, pick(r, union), r, depth + 1);
  if (s.default !== undefined && r() < 0.5) return s.default;
  if (s.example !== undefined && r() < 0.5) return s.example;
  const type = Array.isArray(s.type) ? pick(r, s.type) : s.type;
  switch (type) {
    case 'object':
    case undefined: {
      if (!s.properties) return type === 'object' ? {} : 'fz';
      const out: Json = {};
      const required: string[] = s.required ?? [];
      for (const [k, v] of Object.entries(s.properties as Json)) if (required.includes(k) || r() < 0.6) out[k] = plausible(doc, v, r, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: int(r, 3) }, () => plausible(doc, s.items, r, depth + 1));
    case 'integer':
    case 'number': {
      const lo = typeof s.minimum === 'number' ? s.minimum : 0;
      const hi = typeof s.maximum === 'number' ? s.maximum : lo + 100;
      return lo + int(r, Math.max(1, hi - lo + 1));
    }
    case 'boolean':
      return r() < 0.5;
    default:
      return `fz${int(r, 1000)}`;
  }
}

const deepObject = (n: number): string => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const deepArray = (n: number): string => '['.repeat(n) + ']'.repeat(n);

/** values of the wrong kind: each a JSON text, so 1e308 and lone surrogates reach the node as sent */
const HOSTILE: Array<(r: () => number) => string> = [
  () => 'null',
  () => '[]',
  () => '{}',
  () => '["a"]',
  () => '1e308',
  () => '-1',
  () => '9007199254740992',
  () => '99999999999999',
  () => '2.5',
  () => 'true',
  () => '"x"',
  () => '""',
  () => '"\\ud800"',
  () => '"\\u0000"',
  () => '"../../etc/passwd"',
  () => '"1970-01-01T00:00:00Z"',
  () => '"infinity"',
  () => JSON.stringify('w'.repeat(1 + 1024 * 1024)),
  (r) => JSON.stringify('ü€𝄞'.repeat(1 + int(r, 3000))),
  (r) => deepObject(100 + int(r, 10_000)),
  (r) => deepArray(100 + int(r, 10_000)),
  () => `[${'1,'.repeat(20_000)}1]`,
];

export const hostileValue = (r: () => number): string => pick(r, HOSTILE)(r);

/** one hostile body text for an operation whose body schema is `schema` (undefined: none declared) */
export function hostileBody(doc: Contract, schema: Json | undefined, r: () => number): string {
  const base = plausible(doc, schema, r);
  const obj = base !== null && typeof base === 'object' && !Array.isArray(base) ? (base as Json) : {};
  const keys = Object.keys(obj);
  switch (int(r, 8)) {
    case 0:
      return hostileValue(r); // the whole body of the wrong kind
    case 1: {
      // one field deleted (often a required one)
      if (keys.length) delete obj[pick(r, keys)];
      return JSON.stringify(obj);
    }
    case 2:
      return JSON.stringify({ ...obj, [`fz_unknown_${int(r, 9)}`]: 1 });
    case 3:
      return pick(r, ['{"a":', '{,}', 'nul', '\u0000', '{"a":1}{"b":2}', '']);
    case 4:
    case 5:
    case 6: {
      // one field (maybe nested) set to a hostile value, spliced as text
      if (!keys.length) return `{"fz":${hostileValue(r)}}`;
      const k = pick(r, keys);
      const inner = obj[k];
      if (inner && typeof inner === 'object' && !Array.isArray(inner) && Object.keys(inner).length && r() < 0.5) {
        const ik = pick(r, Object.keys(inner));
        const rest = JSON.stringify({ ...inner, [ik]: '__FZ__' });
        return JSON.stringify({ ...obj, [k]: '__FZ_OUTER__' }).replace('"__FZ_OUTER__"', rest.replace('"__FZ__"', hostileValue(r)));
      }
      return JSON.stringify({ ...obj, [k]: '__FZ__' }).replace('"__FZ__"', hostileValue(r));
    }
    default:
      return JSON.stringify(base ?? {});
  }
}

/** a path parameter: plausible for its schema, or odd */
export function pathParam(doc: Contract, schema: Json | undefined, r: () => number): string {
  if (r() < 0.5) {
    const v = plausible(doc, schema, r);
    return encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));
  }
  return pick(r, [
    'p'.repeat(150),
    'p'.repeat(3000),
    '..',
    '%2e%2e',
    '%00',
    '%ff',
    '%',
    encodeURIComponent('ü/€'),
    'a%2Fb',
    '-1',
    '1e308',
    '99999999999999999999',
    'emqx@127.0.0.1',
    'password_based:built_in_database',
    'tcp:default',
    'null',
    ' ',
  ]);
}

/** a query value for a declared parameter: plausible or hostile */
export function queryValue(doc: Contract, schema: Json | undefined, r: () => number): string {
  if (r() < 0.4) {
    const v = plausible(doc, schema, r);
    return typeof v === 'string' ? v : JSON.stringify(v);
  }
  return pick(r, ['abc', '-1', '0', '1e308', '99999999999999999999', '', 'true', '[]', '%00', 'x'.repeat(5000), '2147483648', 'infinity', '\u00ff', 'emqx@127.0.0.1']);
}
