// Contract test helper: checks a response body against the schema the EMQX 5.8.1 OpenAPI document
// declares for that method, path and status. Returns readable errors; [] means it conforms.
import { Ajv, type ValidateFunction } from 'ajv';
import { operation } from './openapi';
import { deref, toJsonSchema } from './to-json-schema';

const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes: false });
const compiled = new Map<string, ValidateFunction | null>();

function validatorFor(method: string, path: string, status: number): ValidateFunction | null {
  const key = `${method.toLowerCase()} ${path} ${status}`;
  if (compiled.has(key)) return compiled.get(key) ?? null;
  const op = operation(method, path);
  if (!op) throw new Error(`validateResponse: ${method.toUpperCase()} ${path} is not in the contract`);
  const response = op.responses?.[String(status)];
  if (!response) throw new Error(`validateResponse: status ${status} is not declared for ${method.toUpperCase()} ${path}`);
  const schema = deref(response).content?.['application/json']?.schema;
  const validate = schema ? ajv.compile(toJsonSchema(schema)) : null;
  compiled.set(key, validate);
  return validate;
}

export function validateResponse(method: string, path: string, status: number, body: unknown): string[] {
  const validate = validatorFor(method, path, status);
  if (!validate) return [];
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`);
}
