// A registered schema compiled once into a serde (EMQX emqx_schema_registry_serde:make_serde/3): Avro with avsc,
// Protobuf with protobufjs, JSON Schema with Ajv. Compiling is the validation of a schema's source: a source that
// does not compile throws a SchemaSourceError whose message is the sentence the API answers with (400).
// decode/encode follow eval_decode/eval_encode: Avro decodes a binary to a map and encodes a map; Protobuf takes the
// message type as an extra argument; JSON decodes a JSON text and validates it, and encodes a map to JSON text that
// must validate. Values are the rule engine's (funcs/types.ts): a binary is a string or a Buffer, maps are objects.
import type avro from 'avsc';
import type protobuf from 'protobufjs';
import { createRequire } from 'node:module';
import { Ajv, type AnySchema, type AnySchemaObject, type ErrorObject, type ValidateFunction } from 'ajv';
import { avsc, protobufjs, ajv2019, ajv2020, ajvDraft04, ajvFormats } from '../../shared/drivers'; // loaded each with the first schema of its kind
import { jsonEncode } from '../rules/funcs/codec-json';
import { jsonErrorOffset, lineColumn } from './json-error';
import { binaryResult, bytesOf, isBinary, isMap } from '../rules/funcs/values';

// ajv's draft-06 meta-schema, read with require: the compiled node keeps ajv external, and esbuild drops the
// `with { type: 'json' }` attribute Node needs to import a JSON file from ESM (npm start failed on it)
const draft06 = createRequire(import.meta.url)('ajv/dist/refs/json-schema-draft-06.json') as AnySchemaObject;

export type SerdeType = 'avro' | 'protobuf' | 'json';
export const SERDE_TYPES: readonly SerdeType[] = ['avro', 'protobuf', 'json'];

/** A schema source that does not compile; the message is a plain sentence for the operator. */
export class SchemaSourceError extends Error {}

/** Decoding or encoding failed (the rule call fails with this message). */
export class SerdeError extends Error {}

export interface Serde {
  readonly type: SerdeType;
  decode(data: unknown, args: unknown[]): unknown;
  encode(term: unknown, args: unknown[]): string | Buffer;
  /** EMQX's has_inner_type: a Protobuf schema has its message types one level deep; the others only the root */
  hasType(path: string[]): boolean;
}

export function makeSerde(type: SerdeType, source: string): Serde {
  switch (type) {
    case 'avro':
      return avroSerde(source);
    case 'protobuf':
      return protobufSerde(source);
    case 'json':
      return jsonSerde(source);
  }
}

function parseJsonSource(source: string, what: string): unknown {
  try {
    return JSON.parse(source) as unknown;
  } catch {
    const at = jsonErrorOffset(source);
    const found = at >= source.length ? 'the text ends too early' : `unexpected ${JSON.stringify(source[at])}`;
    throw new SchemaSourceError(`The ${what} is not valid JSON at ${lineColumn(source, Math.max(at, 0))}: ${found}.`);
  }
}

/** a decoded value as a rule value: records and messages as plain maps, bytes as binaries */
function toRuleValue(v: unknown): unknown {
  if (Buffer.isBuffer(v)) return binaryResult(v);
  if (v instanceof Uint8Array) return binaryResult(Buffer.from(v));
  if (Array.isArray(v)) return v.map(toRuleValue);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = toRuleValue(x);
    return out;
  }
  return v;
}

function binaryArg(data: unknown): Buffer {
  if (!isBinary(data)) throw new SerdeError('the data to decode must be a binary');
  return bytesOf(data);
}

// ---------------------------------------------------------------- Avro

/** The rule value shaped for avsc: a binary where Avro wants bytes or fixed is a Buffer (EMQX's binaries are both). */
function forAvro(type: avro.Type, v: unknown): unknown {
  const { Type } = avsc();
  if (Type.isType(type, 'bytes', 'fixed')) return isBinary(v) ? bytesOf(v) : v;
  if (Type.isType(type, 'record', 'error') && isMap(v)) {
    const out: Record<string, unknown> = { ...v };
    for (const f of (type as avro.types.RecordType).fields) if (f.name in v) out[f.name] = forAvro(f.type, v[f.name]);
    return out;
  }
  if (Type.isType(type, 'array') && Array.isArray(v)) return v.map((x) => forAvro((type as avro.types.ArrayType).itemsType, x));
  if (Type.isType(type, 'map') && isMap(v)) {
    const values = (type as avro.types.MapType).valuesType;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, forAvro(values, x)]));
  }
  if (Type.isType(type, 'union:unwrapped')) {
    for (const branch of (type as avro.types.UnwrappedUnionType).types) {
      const candidate = forAvro(branch, v);
      if (branch.isValid(candidate)) return candidate;
    }
  }
  return v;
}

function avroSerde(source: string): Serde {
  const schema = parseJsonSource(source, 'Avro schema');
  let type: avro.Type;
  try {
    type = avsc().Type.forSchema(schema as avro.Schema);
  } catch (err) {
    throw new SchemaSourceError(`The Avro schema is not valid: ${err instanceof Error ? err.message : String(err)}.`);
  }
  return {
    type: 'avro',
    decode(data) {
      try {
        return toRuleValue(type.fromBuffer(binaryArg(data)));
      } catch (err) {
        if (err instanceof SerdeError) throw err;
        throw new SerdeError(`the data is not valid Avro of this schema (${err instanceof Error ? err.message : String(err)})`);
      }
    },
    encode(term) {
      const value = forAvro(type, term);
      const problems: string[] = [];
      type.isValid(value, {
        errorHook: (path, v, t) =>
          problems.push(
            `${path.join('.') || 'the value'} must be ${t.typeName === 'record' ? 'a record' : String(t.typeName)}, got ${JSON.stringify(toRuleValue(v)) ?? 'nothing'}`,
          ),
      });
      if (problems.length > 0) throw new SerdeError(`the value does not match the Avro schema: ${problems[0]}`);
      return binaryResult(type.toBuffer(value));
    },
    hasType: (path) => path.length === 0,
  };
}

// ---------------------------------------------------------------- Protobuf

function protobufSerde(source: string): Serde {
  const pb = protobufjs();
  let root: protobuf.Root;
  try {
    root = pb.parse(source, { keepCase: true }).root;
    root.resolveAll();
  } catch (err) {
    throw new SchemaSourceError(`The Protobuf schema is not valid: ${err instanceof Error ? err.message : String(err)}.`);
  }
  // gpb's maps_unset_optional=omitted: a field with presence (proto2 optional, proto3 `optional`, oneof members,
  // messages) is left out when unset; a proto3 scalar without presence reads as its default
  const proto3 = /^\s*syntax\s*=\s*["']proto3["']/m.test(source);
  const types = new Map<string, protobuf.Type>();
  const typeOf = (name: unknown): protobuf.Type => {
    if (!isBinary(name)) throw new SerdeError('a Protobuf schema needs the message type as the last argument');
    const text = bytesOf(name).toString('utf8');
    let t = types.get(text);
    if (!t) {
      const found = root.lookup(text);
      if (!(found instanceof pb.Type)) throw new SerdeError(`the schema has no message type ${text}`);
      t = found;
      types.set(text, t);
    }
    return t;
  };
  const hasPresence = (f: protobuf.Field) => f.partOf !== null || f.resolvedType instanceof pb.Type || (!proto3 && !f.repeated && !f.map);

  /** toObject with defaults fills every field; unset fields with presence come out again, at every depth */
  const prune = (t: protobuf.Type, msg: Record<string, unknown>, obj: Record<string, unknown>): void => {
    for (const f of t.fieldsArray) {
      if (!Object.hasOwn(msg, f.name)) {
        if (hasPresence(f)) delete obj[f.name];
        continue;
      }
      const rt = f.resolvedType;
      if (!(rt instanceof pb.Type)) continue;
      const m = msg[f.name] as Record<string, Record<string, unknown>>;
      const o = obj[f.name] as Record<string, Record<string, unknown>>;
      if (f.repeated || f.map) for (const k of Object.keys(m)) prune(rt, m[k], o[k]);
      else prune(rt, m, o);
    }
  };

  const decodeAs = (t: protobuf.Type, bytes: Buffer): unknown => {
    const msg = t.decode(bytes);
    const obj = t.toObject(msg, { defaults: true, longs: Number, enums: String, arrays: true, objects: true });
    prune(t, msg, obj);
    return toRuleValue(obj);
  };

  /** the rule value shaped for protobufjs: binaries as Buffers for bytes fields, enum names as numbers */
  const forProtobuf = (t: protobuf.Type, v: unknown): unknown => {
    if (!isMap(v)) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const f = t.fields[k];
      if (!f) throw new SerdeError(`the message type ${t.name} has no field ${k}`);
      const one = (y: unknown): unknown => {
        if (f.type === 'bytes' && isBinary(y)) return bytesOf(y);
        if (f.resolvedType instanceof pb.Enum && isBinary(y)) return f.resolvedType.values[bytesOf(y).toString('utf8')] ?? y;
        if (f.resolvedType instanceof pb.Type) return forProtobuf(f.resolvedType, y);
        if (f.type === 'string' && Buffer.isBuffer(y)) return y.toString('utf8');
        return y;
      };
      if (f.map && isMap(x)) out[k] = Object.fromEntries(Object.entries(x).map(([mk, mv]) => [mk, one(mv)]));
      else if (f.repeated && Array.isArray(x)) out[k] = x.map(one);
      else out[k] = one(x);
    }
    return out;
  };

  return {
    type: 'protobuf',
    decode(data, args) {
      if (isMap(data)) throw new SerdeError('Attempted to schema decode an already decoded message. Check your rules or transformation pipeline');
      const t = typeOf(args[0]);
      try {
        return decodeAs(t, binaryArg(data));
      } catch (err) {
        if (err instanceof SerdeError) throw err;
        throw new SerdeError('The given data could not be decoded. Please check the input data and the schema');
      }
    },
    encode(term, args) {
      const t = typeOf(args[0]);
      if (!isMap(term)) throw new SerdeError('the value to encode must be a map');
      const value = forProtobuf(t, term) as Record<string, unknown>;
      const problem = t.verify(value);
      if (problem) throw new SerdeError(`the value does not match the message type ${t.name}: ${problem}`);
      return binaryResult(Buffer.from(t.encode(t.fromObject(value)).finish()));
    },
    hasType(path) {
      if (path.length === 0) return true;
      if (path.length > 1) return false;
      return root.lookup(path[0]) instanceof pb.Type;
    },
  };
}

// ---------------------------------------------------------------- JSON Schema

const DRAFTS: Record<string, 'draft-04' | 'draft-06' | 'draft-07' | '2019-09' | '2020-12'> = {
  'http://json-schema.org/draft-04/schema': 'draft-04',
  'http://json-schema.org/draft-06/schema': 'draft-06',
  'http://json-schema.org/draft-07/schema': 'draft-07',
  'https://json-schema.org/draft/2019-09/schema': '2019-09',
  'https://json-schema.org/draft/2020-12/schema': '2020-12',
};

function ajvFor(draft: (typeof DRAFTS)[string]): Ajv {
  const opts = { strict: false, allErrors: false, validateFormats: true };
  const ajv =
    draft === 'draft-04' ? new (ajvDraft04())(opts) : draft === '2019-09' ? new (ajv2019().Ajv2019)(opts) : draft === '2020-12' ? new (ajv2020().Ajv2020)(opts) : new Ajv(opts);
  if (draft === 'draft-06') ajv.addMetaSchema(draft06);
  ajvFormats().default(ajv);
  return ajv;
}

function firstError(errors: ErrorObject[] | null | undefined): string {
  const e = errors?.[0];
  if (!e) return 'it does not match the schema';
  return `${e.instancePath || 'the value'} ${e.message ?? 'is not valid'}`;
}

function jsonSerde(source: string): Serde {
  const schema = parseJsonSource(source, 'JSON schema');
  if (!isMap(schema)) throw new SchemaSourceError('The JSON schema must be a JSON object.');
  return compileJsonSchema(schema);
}

function compileJsonSchema(schema: Record<string, unknown>): Serde {
  const declared = typeof schema.$schema === 'string' ? schema.$schema.replace(/#$/, '') : 'http://json-schema.org/draft-07/schema';
  const draft = DRAFTS[declared];
  if (!draft) throw new SchemaSourceError(`The JSON schema's $schema ${declared} is not supported: use draft-04, draft-06, draft-07, 2019-09 or 2020-12.`);
  let validate: ValidateFunction;
  try {
    validate = ajvFor(draft).compile(schema as AnySchema);
  } catch (err) {
    throw new SchemaSourceError(`The JSON schema is not valid: ${err instanceof Error ? err.message : String(err)}.`);
  }
  const check = (value: unknown) => {
    if (!validate(value)) throw new SerdeError(`the JSON does not match the schema: ${firstError(validate.errors)}`);
  };
  return {
    type: 'json',
    decode(data) {
      const bytes = binaryArg(data);
      let value: unknown;
      try {
        value = JSON.parse(bytes.toString('utf8'));
      } catch {
        throw new SerdeError('the data is not valid JSON');
      }
      check(value);
      return value;
    },
    encode(term) {
      const text = jsonEncode(term);
      check(JSON.parse(text));
      return text;
    },
    hasType: (path) => path.length === 0,
  };
}
