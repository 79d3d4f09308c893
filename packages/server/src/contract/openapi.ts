// The vendored EMQX EE 5.8.1 OpenAPI document, loaded once. It is the single source of request
// validation (route-schema.ts), of response checks in tests (validate-response.ts) and of /api-docs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

type Json = Record<string, any>;

const require = createRequire(import.meta.url);

export const openapiPath: string = require.resolve('@mqdeck/api/openapi.json');

let cached: Json | undefined;
export function openapi(): Json {
  cached ??= JSON.parse(readFileSync(openapiPath, 'utf8')) as Json;
  return cached;
}

/** The OpenAPI operation object for a method + contract path, or undefined. */
export function operation(method: string, path: string): Json | undefined {
  return openapi().paths?.[path]?.[method.toLowerCase()];
}
