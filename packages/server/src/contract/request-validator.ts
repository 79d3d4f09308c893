// Request validation for every route() (issue 21): what reaches a handler has the contract's types.
//   - bodies are checked without type coercion: Fastify's shared ajv coerces (`coerceTypes: 'array'`), which turned
//     `{"name": ["a"]}` into "a" and `{"enable": null}` into false. EMQX's HOCON check refuses both; so do we.
//   - integers must be safe integers: JSON's 1e308 and 2^53 pass ajv's "integer" yet no store or Date can hold them.
//   - bodies nested deeper than MAX_BODY_DEPTH are refused before any handler walks them recursively
//     (a 10,000-deep object made the config routes overflow the stack: 500 "Maximum call stack size exceeded").
//   - query strings and path parameters are text on the wire, so there the numbers and booleans are still coerced.
// A failure answers 400 {code: 'BAD_REQUEST', message} naming the field, e.g. "force_gc.count must be <= 9007199254740991".
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { ApiError } from '../errors';
import { enumRefusal, fieldNames, hoconMessage, rangeName, type HoconCheckError } from './hocon-error';

type Json = Record<string, any>;

/** deeper than any EMQX request body (config roots, connectors, rules are under 10); far below the stack's limit */
export const MAX_BODY_DEPTH = 32;

const common = { strict: false, removeAdditional: false, useDefaults: true, allErrors: false } as const;
const strictAjv = new Ajv({ ...common, coerceTypes: false });
const textAjv = new Ajv({ ...common, coerceTypes: 'array' });

const tightened = new WeakMap<object, Json>();

function isInteger(type: unknown): boolean {
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
}

/** a copy of the schema where every integer is bounded to the safe range unless the contract bounds it more */
export function tighten(schema: Json): Json {
  if (schema === null || typeof schema !== 'object') return schema;
  const hit = tightened.get(schema);
  if (hit) return hit;
  const out: Json = Array.isArray(schema) ? [] : {};
  tightened.set(schema, out);
  for (const [k, v] of Object.entries(schema)) out[k] = v !== null && typeof v === 'object' ? tighten(v) : v;
  if (!Array.isArray(schema) && isInteger(schema.type)) {
    if (typeof out.maximum !== 'number' || out.maximum > Number.MAX_SAFE_INTEGER) out.maximum = Number.MAX_SAFE_INTEGER;
    if (typeof out.minimum !== 'number' || out.minimum < Number.MIN_SAFE_INTEGER) out.minimum = Number.MIN_SAFE_INTEGER;
  }
  return out;
}

/** '/force_gc/count' → 'force_gc.count', '/rules/0/topic' → 'rules[0].topic' */
function fieldPath(instancePath: string): string {
  let out = '';
  for (const raw of instancePath.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : out ? `.${part}` : part;
  }
  return out;
}

const PART_NAMES: Record<string, string> = { body: 'request body', querystring: 'query string', params: 'path' };

function subject(part: string, path: string): string {
  if (!path) return `the ${PART_NAMES[part] ?? part}`;
  return part === 'querystring' ? `query parameter ${path}` : part === 'params' ? `path parameter ${path}` : path;
}

function sentence(e: ErrorObject, part: string, sameField: ErrorObject[]): string {
  const path = fieldPath(e.instancePath);
  const p = e.params as Json;
  switch (e.keyword) {
    case 'required': {
      const field = path ? `${path}.${p.missingProperty}` : String(p.missingProperty);
      return `${subject(part, field)} is required`;
    }
    case 'additionalProperties':
      return `${subject(part, path ? `${path}.${p.additionalProperty}` : String(p.additionalProperty))} is not an accepted field`;
    case 'type':
    case 'enum': {
      // a union's branches: every type it would take, and the values of its enum branches
      const types = [...new Set(sameField.filter((x) => x.keyword === 'type').flatMap((x) => String((x.params as Json).type).split(',')))];
      const values = sameField.filter((x) => x.keyword === 'enum').flatMap((x) => (x.params as Json).allowedValues as unknown[]);
      // a type its enum values already name ("string" next to one of "infinity") is left out
      const named = new Set<string>(values.map((v) => (v === null ? 'null' : typeof v)));
      const forms = [...types.filter((t) => !named.has(t)), ...(values.length ? [`one of ${values.map((v) => JSON.stringify(v)).join(', ')}`] : [])];
      return `${subject(part, path)} must be ${forms.join(' or ')}`;
    }
    case 'maxLength':
      return `${subject(part, path)} must be at most ${p.limit} characters long`;
    case 'minLength':
      return `${subject(part, path)} must be at least ${p.limit} characters long`;
    default:
      return `${subject(part, path)} ${e.message ?? 'is invalid'}`;
  }
}

/**
 * One plain sentence for ajv's errors. Without allErrors ajv stops at the first failure, but a union (anyOf) lists
 * each branch's failure before its own: the most telling one is a failure that is not about the type (a bound,
 * an enum), else all the types the field could have had.
 */
export function describeErrors(errors: ErrorObject[], part: string): string {
  const first = errors.find((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && e.keyword !== 'if') ?? errors[0];
  if (!first) return `the ${PART_NAMES[part] ?? part} is invalid`;
  const sameField = errors.filter((e) => e.instancePath === first.instancePath && e.keyword !== 'anyOf');
  // a bound (maximum, maxLength ...) means the type was right: that is the message; else the accepted forms
  const telling = sameField.find((e) => e.keyword !== 'type' && e.keyword !== 'enum') ?? first;
  return sentence(telling, part, sameField);
}

/** Fastify's validator compiler for route(): strict bodies, coerced query strings and path parameters. */
export const compileRequestValidator: FastifySchemaCompiler<Json> = ({ schema, httpPart }) => {
  const part = httpPart ?? 'body';
  const ajv = part === 'body' ? strictAjv : textAjv;
  const validate: ValidateFunction = ajv.compile(tighten(schema));
  return (data: unknown) => {
    if (validate(data)) return { value: data };
    return { error: new ApiError(400, 'BAD_REQUEST', describeErrors(validate.errors ?? [], part)) };
  };
};

const hoconAjv = new Ajv({ ...common, coerceTypes: false, allErrors: true, verbose: true });

/** typerefl's names of the JSON types (a text field is binary() in EMQX's schemas) */
const TYPEREFL: Record<string, string> = { integer: 'integer()', boolean: 'boolean()', string: 'binary()', number: 'number()' };

/** an integer schema's bounds as typerefl names its range (hocon-error.ts rangeName) */
function schemaRangeName(s: Json): string {
  const lo = typeof s.minimum === 'number' && s.minimum > Number.MIN_SAFE_INTEGER ? s.minimum : undefined;
  const hi = typeof s.maximum === 'number' && s.maximum < Number.MAX_SAFE_INTEGER ? s.maximum : undefined;
  return rangeName(lo, hi);
}

/**
 * ajv's errors (allErrors, verbose) of a body as the error maps hocon_tconf throws for the same body: see
 * hocon-error.ts. `root` is the name hocon checks the body under (`root` for a body that is one struct, none when
 * EMQX checks each field of a field list by its own name, e.g. /authorization/settings).
 */
export function hoconErrorsOf(errors: ErrorObject[], root: string | undefined): HoconCheckError[] {
  const at = (instancePath: string, extra?: string) => {
    const parts = instancePath
      .split('/')
      .slice(1)
      .map((p) => (/^\d+$/.test(p) ? String(Number(p) + 1) : p.replace(/~1/g, '/').replace(/~0/g, '~')));
    return [...(root ? [root] : []), ...parts, ...(extra ? [extra] : [])].join('.');
  };
  const out: HoconCheckError[] = [];
  const unknown = new Map<string, HoconCheckError & { names: string[] }>();
  for (const e of errors) {
    const p = e.params as Json;
    const parent = (e.parentSchema ?? {}) as Json;
    switch (e.keyword) {
      case 'anyOf':
      case 'oneOf':
      case 'if':
        break;
      case 'required':
        out.push({ path: at(e.instancePath, String(p.missingProperty)), reason: 'required_field' });
        break;
      case 'additionalProperties': {
        const path = at(e.instancePath) || 'root';
        let entry = unknown.get(path);
        if (!entry) {
          const given = Object.keys((e.data as Json) ?? {});
          const unmatched = Object.keys((parent.properties as Json) ?? {}).filter((k) => !given.includes(k));
          entry = { path, reason: 'unknown_fields', names: [], unmatched: fieldNames(unmatched) };
          unknown.set(path, entry);
          out.push(entry);
        }
        entry.names.push(String(p.additionalProperty));
        break;
      }
      case 'enum':
        out.push(enumRefusal(at(e.instancePath), e.data));
        break;
      case 'type': {
        const type = String(p.type);
        if (type === 'object') out.push({ path: at(e.instancePath), reason: 'bad_value_for_struct', value: e.data });
        else if (type === 'array') out.push({ path: at(e.instancePath), expected_data_type: 'array', got: typeof e.data === 'string' ? 'string' : e.data });
        else
          out.push({
            path: at(e.instancePath),
            reason: {
              expected: type
                .split(',')
                .map((t) => TYPEREFL[t] ?? t)
                .join(' | '),
            },
            value: e.data,
          });
        break;
      }
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        out.push({ path: at(e.instancePath), reason: { expected: schemaRangeName(parent) }, value: e.data });
        break;
      default:
        out.push({ path: at(e.instancePath), reason: e.message ?? e.keyword, value: e.data });
    }
  }
  return out.map((x) => {
    if (!('names' in x)) return x;
    const { names, ...rest } = x as HoconCheckError & { names: string[] };
    return { ...rest, unknown: fieldNames(names) };
  });
}

/**
 * A validator compiler whose body refusals are hocon's error text (400 BAD_REQUEST, as emqx_dashboard_swagger answers
 * a failed check_schema); query strings and path parameters keep compileRequestValidator's sentences.
 */
export function hoconRequestValidator(root: string | undefined): FastifySchemaCompiler<Json> {
  return (route) => {
    if ((route.httpPart ?? 'body') !== 'body') return compileRequestValidator(route);
    const validate: ValidateFunction = hoconAjv.compile(tighten(route.schema));
    return (data: unknown) => {
      if (validate(data)) return { value: data };
      return { error: new ApiError(400, 'BAD_REQUEST', hoconMessage(hoconErrorsOf(validate.errors ?? [], root))) };
    };
  };
}

/** The field (dotted path) where `value` first goes deeper than `max` levels, or undefined. Iterative: no recursion. */
export function tooDeep(value: unknown, max = MAX_BODY_DEPTH): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const stack: Array<[unknown, number, string]> = [[value, 1, '']];
  while (stack.length > 0) {
    const [node, depth, path] = stack.pop()!;
    if (depth > max) return path || 'the request body';
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) if (node[i] !== null && typeof node[i] === 'object') stack.push([node[i], depth + 1, `${path}[${i}]`]);
    } else {
      for (const [k, v] of Object.entries(node as Json)) if (v !== null && typeof v === 'object') stack.push([v, depth + 1, path ? `${path}.${k}` : k]);
    }
  }
  return undefined;
}

/** route()'s preValidation hook: every body, validated by a schema or not, is bounded in depth first */
export async function limitBodyDepth(req: FastifyRequest): Promise<void> {
  const deep = tooDeep(req.body);
  if (deep !== undefined) {
    const top = deep.split(/[.[]/)[0] || 'the request body';
    throw new ApiError(400, 'BAD_REQUEST', `${top} is nested more than ${MAX_BODY_DEPTH} levels deep`);
  }
}

const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** the integer schemas a value may match: the schema itself or its union branches */
function integerBranches(schema: Json): Json[] {
  const branches: Json[] = [];
  const visit = (s: unknown) => {
    if (!isObj(s)) return;
    if (isInteger(s.type)) branches.push(s);
    for (const b of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) visit(b);
  };
  visit(schema);
  return branches;
}

const acceptsFloat = (s: Json): boolean =>
  s.type === 'number' || (Array.isArray(s.type) && s.type.includes('number')) || [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some(acceptsFloat);

/**
 * The numbers in `value` that the contract types as integers but that are not integers in range (1e308, 2.5, 2^53),
 * as "path: reason" lines. For routes whose own checks answer EMQX's texts (PUT /configs/*) and so cannot take the
 * whole schema: numbers are what JavaScript would otherwise store loosely.
 */
export function numberErrors(schema: unknown, value: unknown, path: string): string[] {
  if (!isObj(schema)) return [];
  if (typeof value === 'number') {
    const ints = integerBranches(schema);
    if (ints.length === 0 || acceptsFloat(schema)) return [];
    const fits = ints.some((s) => Number.isSafeInteger(value) && (typeof s.minimum !== 'number' || value >= s.minimum) && (typeof s.maximum !== 'number' || value <= s.maximum));
    if (fits) return [];
    const lo = Math.min(...ints.map((s) => (typeof s.minimum === 'number' ? s.minimum : Number.MIN_SAFE_INTEGER)));
    const hi = Math.max(...ints.map((s) => (typeof s.maximum === 'number' ? Math.min(s.maximum, Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER)));
    return [`${path}: expected an integer from ${lo} to ${hi}, got ${value}`];
  }
  const out: string[] = [];
  if (Array.isArray(value) && isObj(schema.items)) value.forEach((v, i) => out.push(...numberErrors(schema.items, v, `${path}[${i}]`)));
  if (isObj(value)) {
    const objects = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].filter((s: Json) => isObj(s?.properties));
    for (const [k, v] of Object.entries(value)) {
      const sub = objects.find((s: Json) => s.properties[k] !== undefined)?.properties[k];
      if (sub !== undefined) out.push(...numberErrors(sub, v, path ? `${path}.${k}` : k));
    }
  }
  return out;
}
