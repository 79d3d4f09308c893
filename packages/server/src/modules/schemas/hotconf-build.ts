// GET /schemas/hotconf: the schema document EMQX's dashboard renders its settings forms from (MQTT settings tabs,
// logging, system monitoring, flow control…), in EMQX's own shape (emqx_dashboard_schema_api:hotconf_schema_json/0,
// emqx_dashboard_swagger:gen_api_schema_json_iodata/3): `{info, paths, components.schemas}` where each path maps a
// method straight to its 200 schema, and every field is typed for the dashboard (emqx_conf_schema_types
// readable_dashboard): `duration`, `byteSize`, `percent`, `enum` with `symbols`, `oneOf` (members in EMQX's order,
// the reverse of the union's), maps as an object whose one property is `$name`, integers with minimum/maximum,
// `default` as EMQX writes it. Built once from the EMQX 5.8.1 HOCON schema dump (types, defaults, descriptions);
// the dump's docgen type names lose a few distinctions (percent, ip_port, url, comma separated lists, word sizes,
// required fields), taken back from the same struct in the vendored EE OpenAPI document. Roots the dump lacks
// (durable_sessions, broker, limiter) are described from our default values.
// Components are named as emqx_dashboard_swagger names them, `<namespace of the struct's schema module>.<struct>`
// (?TO_REF(namespace(Module), Struct)), one component per name: `emqx.` for emqx_schema and emqx_conf_schema (mqtt,
// log, sysmon, broker, MQTT listeners…), `dashboard.` for emqx_dashboard_schema, `retainer.` and `limiter.` for theirs.
// Deviations, all additions: `description` on fields (EMQX serves none; the official console drops them, ours shows
// them as help, in Chinese from hotconf.zh.json, hotconf-lang.ts) and the components for `retainer` and `listeners`,
// which no EMQX hotconf path reaches but our console's help texts read.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defaultConfig } from '../../config/defaults';
import { openapi } from '../../contract/openapi';
import { dashboardNode } from './integration-build';
import { parseHocon } from '../configs/hocon-parse';
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
/** the roots whose settings the console edits through /configs… and /listeners */
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
/**
 * The namespace of the module whose structs a root's schema reaches (hocon_schema:namespace/1 of emqx_dashboard_schema,
 * emqx_retainer_schema, emqx_limiter_schema); every other served root is emqx_schema's or emqx_conf_schema's, `emqx`.
 */
const NAMESPACE: Record<string, string> = { dashboard: 'dashboard', retainer: 'retainer', limiter: 'limiter' };
const namespaceOf = (root: string) => NAMESPACE[root] ?? 'emqx';

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
    // a struct's default in HOCON ("{level = warning}"), sent by EMQX as the JSON object
    if (/^\{.*\}$/s.test(text)) {
      try {
        return parseHocon(`v = ${text}`).v;
      } catch {
        return text;
      }
    }
    return text;
  }
}

/**
 * The vendored EE document's component of the same name, if any. Only that name: a struct of another namespace with
 * the same struct name is another struct (`dashboard.listeners` is the dashboard's HTTP listeners, not MQTT's).
 */
function contractStruct(namespace: string, typeName: string): Json | undefined {
  return openapi().components?.schemas?.[`${namespace}.${typeName}`];
}

/** swagger examples (emqx_conf_schema_types) that name a dashboard type the docgen name ("String", "Bytesize") hides */
const BY_EXAMPLE: Record<string, Json> = {
  '12%': { type: 'percent' },
  '127.0.0.1:80': { type: 'ip_port' },
  'http://127.0.0.1': { type: 'url' },
  'item1,item2': { type: 'comma_separated_string' },
  '1024KB': { type: 'wordSize' },
};

/** A dashboard type recovered from the swagger flavour of the same field (one level, oneOf members included). */
function refine(schema: Json, swagger: Json | undefined): Json {
  if (!swagger) return schema;
  if ((schema.type === 'string' || schema.type === 'byteSize') && typeof swagger.example === 'string' && BY_EXAMPLE[swagger.example]) return BY_EXAMPLE[swagger.example];
  if (Array.isArray(schema.oneOf) && Array.isArray(swagger.oneOf) && swagger.oneOf.length === schema.oneOf.length) {
    return { ...schema, oneOf: schema.oneOf.map((m: Json, i: number) => refine(m, swagger.oneOf[i])) };
  }
  if (schema.type === 'array' && schema.items && swagger.items) return { ...schema, items: refine(schema.items, swagger.items) };
  return schema;
}

class Builder {
  readonly schemas: Json = {};

  /**
   * The component of a struct, named as EMQX names it; the dump repeats a struct under every path that reaches it
   * (tcp_opts under each listener type), EMQX has one component per name: the first one built is kept.
   * Structs reached from a struct are of its namespace (each schema module refers to its own structs).
   */
  ref(struct: DumpStruct, typeName: string, namespace: string): Json {
    const name = `${namespace}.${typeName}`;
    if (this.schemas[name] === undefined) {
      this.schemas[name] = {}; // reserve before recursing (self-references)
      this.schemas[name] = this.struct(struct, contractStruct(namespace, typeName), namespace);
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  /** emqx_dashboard_swagger:parse_object/3: `{type, properties}` and `required` when a field is required */
  struct(struct: DumpStruct, swagger: Json | undefined, namespace: string): Json {
    const properties: Json = {};
    for (const f of struct.fields ?? []) properties[f.text] = this.field(f, swagger?.properties?.[f.text], namespace);
    // fields the CE docgen dump leaves out (importance no_doc such as `enable` toggles, EE-only such as log.audit)
    for (const [k, v] of Object.entries<Json>(swagger?.properties ?? {})) if (!(k in properties)) properties[k] = this.fromContract(v);
    const required: unknown = swagger?.required;
    const known = Array.isArray(required) ? required.filter((r) => typeof r === 'string' && r in properties).sort() : [];
    return { type: 'object', properties, ...(known.length ? { required: known } : {}) };
  }

  field(f: DumpField, swagger: Json | undefined, namespace: string): Json {
    const schema = refine(this.type(f.type ?? 'String', f.refs ?? [], namespace), swagger);
    const def = parseDefault(f.default);
    // emqx_dashboard_swagger:desc_struct/1: a field without a text of its own takes the one of the struct it names
    const doc = f.doc ?? (f.type?.startsWith('Struct(') ? f.refs?.[0]?.doc : undefined);
    return { ...schema, ...(def !== undefined ? { default: def } : {}), ...(doc ? { description: doc } : {}) };
  }

  /** a node of the vendored EE document in the dashboard flavour, the components it reaches added; no descriptions, as EMQX */
  fromContract(node: Json): Json {
    const all: Json = openapi().components?.schemas ?? {};
    for (const ref of JSON.stringify(node).match(/#\/components\/schemas\/[^"]+/g) ?? []) {
      const name = ref.slice('#/components/schemas/'.length);
      if (this.schemas[name] !== undefined || !all[name]) continue;
      this.schemas[name] = {}; // reserve before recursing
      this.schemas[name] = this.fromContract(all[name]);
    }
    return withoutDescriptions(dashboardNode(node)) as Json;
  }

  /** the docgen type name of the dump → emqx_conf_schema_types:readable_dashboard/2 and hocon_schema_to_spec/2 */
  type(type: string, refs: DumpStruct[], namespace: string): Json {
    const { name, args } = splitType(type);
    switch (name) {
      case 'Boolean':
        return { type: 'boolean' };
      case 'Number':
        return { type: 'number' };
      case 'Integer': {
        // qos() is the one 0..2 integer of the served roots: the dashboard shows it as a choice
        if (args[0] === '0..2') return { type: 'enum', symbols: [0, 1, 2] };
        const [min, max] = (args[0] ?? '').split('..');
        const bound = (v: string | undefined) => (v && /^-?\d+$/.test(v) ? Number(v) : undefined);
        return { type: 'integer', ...(bound(min) !== undefined ? { minimum: bound(min) } : {}), ...(bound(max) !== undefined ? { maximum: bound(max) } : {}) };
      }
      case 'Duration':
        // duration_s() and timeout_duration_s() (docgen "Duration(s)") carry a floor of one second
        return args[0] === 's' ? { type: 'duration', minimum: '1s' } : { type: 'duration' };
      case 'Bytesize':
        return { type: 'byteSize' };
      case 'Secret':
        return { type: 'string' };
      case 'Enum':
        return { type: 'enum', symbols: args };
      case 'String':
        // String("infinity"): an atom of a union, `{type: enum, symbols: [Atom]}`
        return args.length ? { type: 'enum', symbols: args.map((a) => a.replace(/^"|"$/g, '')) } : { type: 'string' };
      case 'Array':
        return { type: 'array', items: this.type(args[0] ?? 'String', refs, namespace) };
      case 'Map': {
        // `Map($name->Struct(x))`: one property named after the key; a bare `Map` (map() typerefl) is an object
        const arrow = args[0]?.indexOf('->') ?? -1;
        if (arrow === -1) return { type: 'object' };
        return { type: 'object', properties: { [args[0].slice(0, arrow)]: this.type(args[0].slice(arrow + 2), refs, namespace) } };
      }
      case 'Struct':
        return refs[0] ? this.ref(refs[0], args[0], namespace) : { type: 'object' };
      case 'OneOf': {
        // the dump lists one ref per `Struct(` in the type text, in order: hand each member its own
        let next = 0;
        const members = args.map((a) => {
          const count = a.match(/Struct\(/g)?.length ?? 0;
          next += count;
          return this.type(a, refs.slice(next - count, next), namespace);
        });
        // hocon_schema_to_spec folds the union's members onto a list head first: EMQX lists them in reverse
        return { oneOf: members.reverse() };
      }
      default:
        return { type: 'string' };
    }
  }
}

/** EMQX 5.8 EE's emqx_mgmt_api_configs roots served as /configs/<root> (?ROOT_KEYS): file_transfer comes from the contract */
const CONFIG_ROOTS = ['dashboard', 'alarm', 'sys_topics', 'sysmon', 'log', 'broker'];

/** A schema from a default value, typed as the dashboard types values ("1m" a duration, "1MB" a byte size). */
function fromValue(value: unknown): Json {
  if (Array.isArray(value)) return { type: 'array', default: value };
  if (value !== null && typeof value === 'object') {
    return { type: 'object', properties: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromValue(v)])) };
  }
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number', default: value };
  if (typeof value === 'boolean') return { type: 'boolean', default: value };
  return { type: 'string', default: value };
}

/** The document with its descriptions in `lang` (English: EMQX's own texts). */
export function buildHotconf(lang: HotconfLang = 'en'): Json {
  const dump: DumpStruct = JSON.parse(readFileSync(DUMP, 'utf8'));
  const defaults = defaultConfig();
  const b = new Builder();
  const rootRefs: Json = {};
  for (const root of ROOTS) {
    const field = dump.fields?.find((f) => f.text === root);
    if (field?.refs?.[0]) rootRefs[root] = b.ref(field.refs[0], splitType(field.type ?? `Struct(${root})`).args[0] ?? root, namespaceOf(root));
    else if (defaults[root] !== undefined) {
      const name = `${namespaceOf(root)}.${root}`;
      b.schemas[name] = fromValue(defaults[root]);
      rootRefs[root] = { $ref: `#/components/schemas/${name}` };
    }
  }
  const getPut = (schema: Json) => ({ get: schema, put: schema });
  // emqx_dashboard_swagger:gen_api_schema_json_iodata/3 keeps, per path, each method's 200 JSON schema: /configs (text
  // or JSON) and /configs_reset (a sentence) have none and stay as empty objects
  const paths: Json = {
    '/configs': {},
    '/configs_reset/:rootname': {},
    '/configs/global_zone': getPut({ type: 'object', properties: Object.fromEntries(ZONE.filter((r) => rootRefs[r]).map((r) => [r, rootRefs[r]])) }),
    '/configs/limiter': getPut(rootRefs.limiter),
  };
  for (const root of CONFIG_ROOTS) if (rootRefs[root]) paths[`/configs/${root}`] = getPut(rootRefs[root]);
  // file_transfer (EE only, absent from the CE dump): from the vendored EE document
  paths['/configs/file_transfer'] = getPut(b.fromContract(openapi().paths['/configs/file_transfer'].get.responses[200].content['application/json'].schema));
  return localize({ info: { title: 'Hot Conf Schema', version: '0.2.0' }, paths, components: { schemas: b.schemas } }, lang);
}

function withoutDescriptions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDescriptions);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k, v]) => !(k === 'description' && typeof v === 'string'))
      .map(([k, v]) => [k, k === 'default' || k === 'example' ? v : withoutDescriptions(v)]),
  );
}
