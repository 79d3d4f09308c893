// The types a real EMQX EE 5.8 offers, read from the vendored contract: for each root (connectors, actions,
// sources) the POST/PUT body schema of each type (a type with several shapes, e.g. iotdb's thrift and REST
// connectors, gets all of them). Bodies of every type are checked against these, so a bad field answers a 400
// naming it whether or not this node runs the type; ajv also fills the schema's defaults in, as EMQX's
// fill_defaults does for its answers.
import type { ValidateFunction } from 'ajv';
import { Ajv } from 'ajv';
import { openapi } from '../../../contract/openapi';
import { toJsonSchema } from '../../../contract/to-json-schema';
import { describeErrors, tighten } from '../../../contract/request-validator';
import { ApiError } from '../../../errors';
import type { Kind } from './store';

type Json = Record<string, any>;

const ajv = new Ajv({ strict: false, removeAdditional: false, useDefaults: true, allErrors: false, coerceTypes: false });

const PATHS: Record<Kind, { post: string; put: string }> = {
  connectors: { post: '/connectors', put: '/connectors/{id}' },
  actions: { post: '/actions', put: '/actions/{id}' },
  sources: { post: '/sources', put: '/sources/{id}' },
};

interface TypeSchemas {
  /** component names of the POST body (with type and name) */
  post: string[];
  /** component names of the PUT body */
  put: string[];
}

const catalogue = new Map<Kind, Map<string, TypeSchemas>>();

function refs(schema: unknown): string[] {
  const out: string[] = [];
  const walk = (n: unknown) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      const ref = (n as Json).$ref;
      if (typeof ref === 'string') out.push(ref.replace('#/components/schemas/', ''));
      else Object.values(n).forEach(walk);
    }
  };
  walk(schema);
  return out;
}

function load(kind: Kind): Map<string, TypeSchemas> {
  const hit = catalogue.get(kind);
  if (hit) return hit;
  const doc = openapi();
  const components: Json = doc.components.schemas;
  const body = (path: string, method: string) => doc.paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema;
  const putNames = new Set(refs(body(PATHS[kind].put, 'put')));
  const types = new Map<string, TypeSchemas>();
  for (const name of refs(body(PATHS[kind].post, 'post'))) {
    const type = components[name]?.properties?.type?.enum?.[0];
    if (typeof type !== 'string') continue;
    const entry = types.get(type) ?? { post: [], put: [] };
    entry.post.push(name);
    const put = name.replace(/\.post(_|$)/, '.put$1');
    if (putNames.has(put)) entry.put.push(put);
    types.set(type, entry);
  }
  catalogue.set(kind, types);
  return types;
}

/** the types of a root a real EMQX EE 5.8 offers, in the contract's order */
export function knownTypes(kind: Kind): string[] {
  return [...load(kind).keys()];
}

export function isKnownType(kind: Kind, type: string): boolean {
  return load(kind).has(type);
}

const validators = new Map<string, ValidateFunction>();

function validator(kind: Kind, type: string, method: 'post' | 'put'): ValidateFunction | undefined {
  const key = `${kind}:${type}:${method}`;
  const hit = validators.get(key);
  if (hit) return hit;
  const entry = load(kind).get(type);
  if (!entry) return undefined;
  const names = entry[method].length ? entry[method] : entry.post;
  const schemas = names.map((n) => {
    const s = toJsonSchema({ $ref: `#/components/schemas/${n}` });
    // a PUT body carries neither type nor name; when only the POST shape exists, it is used without them
    if (method === 'put' && !entry.put.length) {
      const { type: _t, name: _n, ...properties } = s.properties ?? {};
      return { ...s, properties, required: (s.required ?? []).filter((r: string) => r !== 'type' && r !== 'name') };
    }
    return s;
  });
  const v = ajv.compile(tighten(schemas.length === 1 ? schemas[0] : { anyOf: schemas }));
  validators.set(key, v);
  return v;
}

/**
 * Checks a body against its type's contract schema, filling in the schema's defaults (in place). Throws a 400
 * naming the first bad field.
 */
export function checkBody(kind: Kind, type: string, method: 'post' | 'put', body: Json): void {
  const v = validator(kind, type, method);
  if (!v) return;
  if (!v(body)) throw new ApiError(400, 'BAD_REQUEST', describeErrors(v.errors ?? [], 'body'));
}
