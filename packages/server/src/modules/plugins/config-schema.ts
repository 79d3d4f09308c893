// A plugin's config schema: the package's Avro `config_schema.avsc` (as EMQX 5.8 plugins ship it), read with avsc.
// A config is the plain JSON the console's form sends: unions unwrapped (wrapUnions: false), fields with a default
// may be left out, undeclared fields are refused. A refused config is named in EMQX's words
// ("invalid_type: Invalid type for field 'foo': expected string, got integer").
import type avro from 'avsc';
import { avsc } from '../../shared/drivers'; // loaded with the first plugin config schema read

export type ConfigType = avro.Type;

/** the avsc type of a schema, or the reason it is not a usable Avro schema */
export function compileSchema(schema: unknown): { type: ConfigType } | { error: string } {
  try {
    return { type: avsc().Type.forSchema(schema as avro.Schema, { wrapUnions: false }) };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

function jsonKind(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'float';
  if (typeof v === 'object') return 'object';
  return typeof v;
}

function expected(type: avro.Type): string {
  if (type.typeName === 'record' || type.typeName === 'enum' || type.typeName === 'fixed') return type.name?.split('.').pop() ?? type.typeName;
  if (type.typeName.startsWith('union')) {
    return (type as unknown as { types: avro.Type[] }).types.map(expected).join(' | ');
  }
  return type.typeName;
}

/** undefined when `config` fits the schema, else a sentence naming the first field that does not */
export function checkConfig(type: ConfigType, config: unknown): string | undefined {
  let problem: string | undefined;
  const ok = type.isValid(config, {
    noUndeclaredFields: true,
    errorHook: (path: string[], value: unknown, t: avro.Type) => {
      if (problem) return;
      const where = path.length ? path.join('.') : '$';
      if (t.typeName === 'record' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
        const declared = new Set((t as avro.types.RecordType).fields.map((f) => f.name));
        const extra = Object.keys(value).filter((k) => !declared.has(k));
        if (extra.length) {
          problem = `unknown_field: Unknown field '${path.length ? `${where}.` : ''}${extra[0]}': the schema does not declare it`;
          return;
        }
      }
      problem = `invalid_type: Invalid type for field '${where}': expected ${expected(t)}, got ${jsonKind(value)}`;
    },
  });
  return ok ? undefined : (problem ?? 'invalid_type: the config does not fit the plugin schema');
}
