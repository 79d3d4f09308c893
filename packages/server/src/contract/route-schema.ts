// Fastify route schemas cut from the vendored EMQX OpenAPI document, so request validation follows the
// contract: `app.get('/clients', { schema: routeSchema('get', '/clients') }, handler)`.
import { deref, toJsonSchema } from './to-json-schema';
import { operation, openapi } from './openapi';

type Json = Record<string, any>;

export interface RouteSchema {
  querystring?: Json;
  params?: Json;
  body?: Json;
}

const cache = new Map<string, RouteSchema>();

/** Parameters of one location ('query' | 'path') as an object schema; undefined when there are none. */
function parameterSchema(params: Json[], location: 'query' | 'path'): Json | undefined {
  const selected = params.filter((p) => p.in === location);
  if (selected.length === 0) return undefined;
  const properties: Json = {};
  const required: string[] = [];
  for (const p of selected) {
    properties[p.name] = toJsonSchema(p.schema ?? {});
    if (p.required) required.push(p.name);
  }
  // Undeclared query keys are ignored by EMQX, never rejected: no additionalProperties:false here.
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

export function routeSchema(method: string, path: string): RouteSchema {
  const key = `${method.toLowerCase()} ${path}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const op = operation(method, path);
  if (!op) throw new Error(`routeSchema: ${method.toUpperCase()} ${path} is not in the EMQX 5.8.1 contract`);
  const pathItem: Json = openapi().paths[path];
  const params = [...(pathItem.parameters ?? []), ...(op.parameters ?? [])].map((p: Json) => deref(p));
  const schema: RouteSchema = {};
  const querystring = parameterSchema(params, 'query');
  if (querystring) schema.querystring = querystring;
  const pathParams = parameterSchema(params, 'path');
  if (pathParams) schema.params = pathParams;
  const body = op.requestBody ? deref(op.requestBody as Json).content?.['application/json']?.schema : undefined;
  if (body) schema.body = toJsonSchema(body);
  cache.set(key, schema);
  return schema;
}
