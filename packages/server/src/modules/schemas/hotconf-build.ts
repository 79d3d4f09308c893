// GET /schemas/hotconf: the JSON schema document the official console renders its settings forms from
// (MQTT settings tabs, logging, listeners…). Built once from the EMQX 5.8.1 HOCON schema dump (types,
// defaults, descriptions) for the roots this node serves; roots the dump lacks (durable_sessions, broker,
// limiter) are described from our default values. Shape: OpenAPI-like { info, paths, components.schemas }.
// Descriptions in Chinese come from hotconf.zh.json (hotconf-lang.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defaultConfig } from '../../config/defaults';
import { EMQX_VERSION } from '../status/version';
import { localize, type HotconfLang } from './hotconf-lang';

type Json = Record<string, any>;
interface DumpField {
  text: string;
  type?: string;
  doc?: string;
  default?: string;
  refs?: DumpStruct[];
}
interface DumpStruct {
  hash: string;
  doc?: string;
  fields?: DumpField[];
}

/** the served roots of the EMQX CE 5.8.1 HOCON dump, vendored unmodified (provenance in the file's `doc`) */
const DUMP = fileURLToPath(new URL('./hocon-roots.emqx-5.8.1.json', import.meta.url));
/** the roots whose settings the console edits through /configs… and /listeners (MQTT `listeners` before
 * `dashboard`, so that it, not the dashboard's HTTP listeners, is named `emqx.listeners`) */
const ROOTS = [
  'mqtt',
  'flapping_detect',
  'force_shutdown',
  'force_gc',
  'durable_sessions',
  'sys_topics',
  'sysmon',
  'alarm',
  'log',
  'broker',
  'listeners',
  'dashboard',
  'retainer',
  'limiter',
];
const ZONE = ['mqtt', 'flapping_detect', 'force_shutdown', 'force_gc', 'durable_sessions'];

/** `OneOf(String("infinity"),Integer(1..+inf))` → { name: 'OneOf', args: ['String("infinity")', 'Integer(1..+inf)'] } */
function splitType(type: string): { name: string; args: string[] } {
  const open = type.indexOf('(');
  if (open === -1 || !type.endsWith(')')) return { name: type, args: [] };
  const inner = type.slice(open + 1, -1);
  const args: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') depth++;
    else if (!quoted && ch === ')') depth--;
    else if (!quoted && ch === ',' && depth === 0) {
      args.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  args.push(inner.slice(start).trim());
  return { name: type.slice(0, open), args };
}

/** HOCON default text ('"1m"', '1000', 'true', '[log, publish]', 'disabled') → JSON value */
function parseDefault(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    if (/^\[.*\]$/s.test(text))
      return text
        .slice(1, -1)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => parseDefault(s));
    return text;
  }
}

class Builder {
  readonly schemas: Json = {};
  private readonly names = new Map<string, string>(); // struct hash → component name

  ref(struct: DumpStruct, typeName: string): Json {
    let name = this.names.get(struct.hash);
    if (!name) {
      const base = `emqx.${typeName}`;
      name = base;
      for (let i = 2; this.schemas[name] !== undefined; i++) name = `${base}_${i}`;
      this.names.set(struct.hash, name);
      this.schemas[name] = {}; // reserve before recursing (self-references)
      this.schemas[name] = this.struct(struct);
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  struct(struct: DumpStruct): Json {
    const properties: Json = {};
    for (const f of struct.fields ?? []) properties[f.text] = this.field(f);
    return { type: 'object', ...(struct.doc ? { description: struct.doc } : {}), properties };
  }

  field(f: DumpField): Json {
    const schema = this.type(f.type ?? 'String', f.refs ?? []);
    const def = parseDefault(f.default);
    return { ...schema, ...(f.doc ? { description: f.doc } : {}), ...(def !== undefined ? { default: def } : {}) };
  }

  type(type: string, refs: DumpStruct[]): Json {
    const { name, args } = splitType(type);
    switch (name) {
      case 'Boolean':
        return { type: 'boolean' };
      case 'Number':
        return { type: 'number' };
      case 'Integer': {
        const [min, max] = (args[0] ?? '').split('..');
        const bound = (v: string | undefined) => (v && /^-?\d+$/.test(v) ? Number(v) : undefined);
        return { type: 'integer', ...(bound(min) !== undefined ? { minimum: bound(min) } : {}), ...(bound(max) !== undefined ? { maximum: bound(max) } : {}) };
      }
      case 'Duration':
        return { type: 'string', format: 'duration', example: '30s' };
      case 'Bytesize':
        return { type: 'string', format: 'bytesize', example: '32MB' };
      case 'Secret':
        return { type: 'string', format: 'password' };
      case 'Enum':
        return { type: 'string', enum: args };
      case 'String':
        return args.length ? { type: 'string', enum: args.map((a) => a.replace(/^"|"$/g, '')) } : { type: 'string' };
      case 'Array':
        return { type: 'array', items: this.type(args[0] ?? 'String', refs) };
      case 'Map': {
        // `Map($name->Struct(x))`: the values' type follows the arrow; a bare `Map` holds scalars
        const arrow = args[0]?.indexOf('->') ?? -1;
        return { type: 'object', additionalProperties: arrow === -1 ? { type: 'string' } : this.type(args[0].slice(arrow + 2), refs) };
      }
      case 'Struct':
        return refs[0] ? this.ref(refs[0], args[0]) : { type: 'object' };
      case 'OneOf': {
        let next = 0;
        return {
          // anyOf: alternatives overlap ("infinity" is a string and a Duration is a string too)
          // the dump lists one ref per `Struct(` in the type text, in order: hand each alternative its own
          anyOf: args.map((a) => {
            const count = a.match(/Struct\(/g)?.length ?? 0;
            next += count;
            return this.type(a, refs.slice(next - count, next));
          }),
        };
      }
      default:
        return { type: 'string' };
    }
  }
}

/** A schema from a default value, for roots the dump does not describe. */
function fromValue(value: unknown): Json {
  if (Array.isArray(value)) return { type: 'array', default: value };
  if (value !== null && typeof value === 'object') {
    return { type: 'object', properties: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromValue(v)])) };
  }
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number', default: value };
  if (typeof value === 'boolean') return { type: 'boolean', default: value };
  return { type: 'string', default: value };
}

const body = (schema: Json) => ({ content: { 'application/json': { schema } } });
const getPut = (schema: Json) => ({ get: { responses: { 200: body(schema) } }, put: { requestBody: body(schema), responses: { 200: body(schema) } } });

/** The document with its descriptions in `lang` (English: EMQX's own texts). */
export function buildHotconf(lang: HotconfLang = 'en'): Json {
  const dump: DumpStruct = JSON.parse(readFileSync(DUMP, 'utf8'));
  const defaults = defaultConfig();
  const b = new Builder();
  const rootRefs: Json = {};
  for (const root of ROOTS) {
    const field = dump.fields?.find((f) => f.text === root);
    if (field?.refs?.[0]) rootRefs[root] = b.ref(field.refs[0], splitType(field.type ?? `Struct(${root})`).args[0] ?? root);
    else if (defaults[root] !== undefined) {
      b.schemas[`emqx.${root}`] = fromValue(defaults[root]);
      rootRefs[root] = { $ref: `#/components/schemas/emqx.${root}` };
    }
  }
  const paths: Json = {
    '/configs/global_zone': getPut({ type: 'object', properties: Object.fromEntries(ZONE.filter((r) => rootRefs[r]).map((r) => [r, rootRefs[r]])) }),
    '/mqtt/retainer': getPut(rootRefs.retainer),
  };
  for (const root of ROOTS) if (rootRefs[root] && !ZONE.includes(root) && root !== 'retainer') paths[`/configs/${root}`] = getPut(rootRefs[root]);
  return localize({ openapi: '3.0.0', info: { title: 'EMQX Hot Conf Schema', version: EMQX_VERSION }, paths, components: { schemas: b.schemas } }, lang);
}
