// OpenAPI 3.0 schema → plain JSON schema for ajv: $refs inlined, `nullable` turned into a null type,
// documentation-only keys dropped, `oneOf` relaxed to `anyOf` (EMQX's unions overlap, e.g. an epoch
// integer-or-date string next to the "infinity" enum, which would make strict oneOf reject good input),
// and `format` dropped (EMQX formats such as "date-time" or "binary" are descriptive, not enforced).
import { openapi } from './openapi';

type Json = Record<string, any>;

const DROPPED = new Set(['example', 'examples', 'format', 'discriminator', 'xml', 'externalDocs', 'deprecated', 'readOnly', 'writeOnly']);

function resolveRef(ref: string): Json {
  if (!ref.startsWith('#/')) throw new Error(`unsupported $ref ${ref}`);
  let node: any = openapi();
  for (const part of ref.slice(2).split('/')) node = node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
  return node as Json;
}

/** Follow a `$ref` (possibly chained) to the referenced object. */
export function deref<T extends Json>(node: T): T {
  let current: Json = node;
  for (let i = 0; i < 16 && typeof current?.$ref === 'string'; i++) current = resolveRef(current.$ref);
  return current as T;
}

export function toJsonSchema(schema: Json, seen: string[] = []): Json {
  if (schema === null || typeof schema !== 'object') return schema;
  if (Array.isArray(schema)) return schema.map((s) => toJsonSchema(s, seen));
  if (typeof schema.$ref === 'string') {
    // A recursive schema is cut to "anything" at its second appearance rather than looping.
    if (seen.includes(schema.$ref)) return {};
    return toJsonSchema(resolveRef(schema.$ref), [...seen, schema.$ref]);
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key)) continue;
    if (key === 'nullable') continue;
    if (key === 'oneOf') out.anyOf = toJsonSchema(value, seen);
    else if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonSchema(v as Json, seen)]));
    } else if (value && typeof value === 'object') out[key] = toJsonSchema(value, seen);
    else out[key] = value;
  }
  // EMQX declares mixed enums such as enable_authn `[true, false, "quick_deny_anonymous"]` with type "string";
  // the enum alone is the real constraint, so a declared type that some enum values contradict is dropped.
  if (Array.isArray(out.enum) && typeof out.type === 'string' && out.enum.some((v: unknown) => v !== null && typeof v !== out.type)) {
    delete out.type;
  }
  if (schema.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (out.anyOf) out.anyOf = [...out.anyOf, { type: 'null' }];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  return out;
}
