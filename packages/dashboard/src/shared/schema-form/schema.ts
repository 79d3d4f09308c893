// Reads the JSON schema documents EMQX serves for its console (GET /schemas/connectors, /schemas/actions: an
// OpenAPI-like `{paths, components: {schemas}}` where each connector, action or source type has a component such as
// `connector_mqtt.post_connector` or `bridge_http.post_bridge_v2`) and turns one component into the fields a form
// renders. Both flavours are read: EMQX's dashboard flavour (`type: enum` + `symbols`, `duration`, `byteSize`,
// `comma_separated_string`…) and the swagger flavour (`type: string` + `enum`, `format: password`).

export interface SchemaNode {
  $ref?: string;
  type?: string;
  format?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  enum?: unknown[];
  symbols?: unknown[];
  default?: unknown;
  example?: unknown;
  description?: string;
  label?: string;
  title?: string;
  summary?: string;
  minimum?: number | string;
  maximum?: number | string;
  deprecated?: boolean;
  required?: string[] | boolean;
  is_template?: boolean;
  importance?: string;
  sensitive?: boolean;
  additionalProperties?: SchemaNode | boolean;
}

export interface SchemaDoc {
  components?: { schemas?: Record<string, SchemaNode> };
}

/** What a form shows for one key. `path` is the key's place in the body ('resource_opts', 'batch_size'). */
export type Field = {
  key: string;
  path: string[];
  /** the document's label, when it has one (else the form names the key itself) */
  label?: string;
  description?: string;
  required: boolean;
  default?: unknown;
} & FieldKind;

export type Scalar = string | number | boolean;

export type FieldKind =
  | { kind: 'boolean' }
  | { kind: 'integer'; min?: number; max?: number }
  | { kind: 'number'; min?: number; max?: number }
  | { kind: 'string'; template: boolean; multiline: boolean }
  | { kind: 'password' }
  | { kind: 'enum'; options: Scalar[] }
  | { kind: 'duration'; minMs?: number }
  | { kind: 'size' }
  /** a scalar that may be one of several types (`infinity` or a number, a template or a boolean): typed as text */
  | { kind: 'scalar'; numeric: boolean; words: Scalar[] }
  /** an array of strings, or EMQX's comma-separated string */
  | { kind: 'list'; comma: boolean }
  /** a map of names to text (HTTP headers) */
  | { kind: 'map' }
  | { kind: 'object'; fields: Field[] }
  /** one of several object shapes (Redis single/sentinel/cluster): `variants[i].tag` names each */
  | { kind: 'variants'; variants: { tag: string; discriminator?: { key: string; value: Scalar }; fields: Field[] }[] }
  /** anything else: edited as JSON */
  | { kind: 'json' };

const REF_PREFIX = '#/components/schemas/';

export function resolveRef(doc: SchemaDoc, node: SchemaNode | undefined): SchemaNode | undefined {
  const seen = new Set<string>();
  let n = node;
  while (n?.$ref && !seen.has(n.$ref)) {
    seen.add(n.$ref);
    const target: SchemaNode | undefined = doc.components?.schemas?.[n.$ref.replace(REF_PREFIX, '')];
    // a $ref with its own default/description (`resource_opts`) keeps them over the target's
    n = target ? { ...target, ...withoutRef(n) } : undefined;
  }
  return n;
}

function withoutRef(n: SchemaNode): SchemaNode {
  const out = { ...n };
  delete out.$ref;
  return out;
}

/** The symbols of an enum in either flavour. */
export function symbolsOf(n: SchemaNode | undefined): Scalar[] | undefined {
  const list = n?.symbols ?? n?.enum;
  return Array.isArray(list) ? list.filter((x): x is Scalar => ['string', 'number', 'boolean'].includes(typeof x)) : undefined;
}

/** EMQX's duration notation in milliseconds ('1s', '500ms', '1h5m'); undefined when it is not one. */
export function durationMs(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string' || !/^(\d+(ms|s|m|h|d))+$/i.test(v.trim())) return undefined;
  const unit: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  let total = 0;
  for (const [, n, u] of v.trim().matchAll(/(\d+)(ms|s|m|h|d)/gi)) total += Number(n) * unit[u.toLowerCase()];
  return total;
}

const DURATION_DESC = /time interval is a string|duration/i;
const SIZE_DESC = /bytesize|\d+\s?(KB|MB|GB)\b/i;

function isDurationString(n: SchemaNode): boolean {
  if (n.type === 'duration' || n.type === 'timeout_duration' || n.type === 'timeout_duration_ms' || n.type === 'timeout_duration_s') return true;
  // the swagger flavour says string; its description or default tell a duration
  return n.type === 'string' && (DURATION_DESC.test(n.description ?? '') || (typeof n.default === 'string' && durationMs(n.default) !== undefined && /[a-z]$/i.test(n.default)));
}

function isSizeString(n: SchemaNode): boolean {
  if (n.type === 'byteSize' || n.type === 'bytesize' || n.type === 'wordSize') return true;
  return n.type === 'string' && typeof n.default === 'string' && /^\d+(\.\d+)?\s?(B|KB|MB|GB)$/i.test(n.default) && SIZE_DESC.test(`${n.default} ${n.description ?? ''}`);
}

/** A free-form object whose sample holds text values only (HTTP headers): edited as name → text rows. */
const isTextMap = (v: unknown) => !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0 && Object.values(v).every((x) => typeof x === 'string');

const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

function scalarKind(doc: SchemaDoc, alts: SchemaNode[]): FieldKind {
  const nodes = alts.map((a) => resolveRef(doc, a) ?? a);
  const words = nodes.flatMap((n) => symbolsOf(n) ?? []);
  const numeric = nodes.some((n) => n.type === 'integer' || n.type === 'number');
  if (nodes.some(isDurationString) && nodes.every((n) => isDurationString(n) || symbolsOf(n))) return { kind: 'duration' };
  if (nodes.every((n) => symbolsOf(n))) return { kind: 'enum', options: words };
  return { kind: 'scalar', numeric, words };
}

/** The field kind of one schema node (after $ref). */
function kindOf(doc: SchemaDoc, raw: SchemaNode, depth: number): FieldKind {
  const n = resolveRef(doc, raw) ?? raw;
  const alts = n.oneOf ?? n.anyOf;
  if (alts && !n.properties) {
    const resolved = alts.map((a) => resolveRef(doc, a) ?? a);
    if (resolved.length === 1) return kindOf(doc, { ...withoutRef(n), oneOf: undefined, anyOf: undefined, ...resolved[0] }, depth);
    if (resolved.every((a) => a.properties)) return variantsOf(doc, resolved, depth);
    if (resolved.every((a) => !a.properties && a.type !== 'array' && a.type !== 'object')) return scalarKind(doc, resolved);
    return { kind: 'json' };
  }
  if (n.format === 'password' || n.sensitive) return { kind: 'password' };
  const symbols = symbolsOf(n);
  if (symbols && (n.type === 'enum' || n.type === 'string' || n.type === 'integer' || n.enum)) return { kind: 'enum', options: symbols };
  if (n.type === 'boolean') return { kind: 'boolean' };
  if (n.type === 'integer') return { kind: 'integer', min: num(n.minimum), max: num(n.maximum) };
  if (n.type === 'number') return { kind: 'number', min: num(n.minimum), max: num(n.maximum) };
  if (isDurationString(n)) return { kind: 'duration', minMs: durationMs(n.minimum) };
  if (isSizeString(n)) return { kind: 'size' };
  if (n.type === 'comma_separated_string') return { kind: 'list', comma: true };
  if (n.type === 'string' || n.type === 'url' || n.type === 'ip_port' || n.type === 'percent' || n.type === 'sql' || n.type === 'file') {
    const multiline = n.format === 'sql' || n.type === 'sql' || /\b(body|payload|sql|template|pem|certfile|keyfile)\b/i.test(n.description ?? '');
    return { kind: 'string', template: n.is_template === true, multiline };
  }
  if (n.type === 'array') {
    const item = resolveRef(doc, n.items) ?? n.items;
    return item && (item.type === 'string' || symbolsOf(item)) ? { kind: 'list', comma: false } : { kind: 'json' };
  }
  if (n.properties && depth < 6) {
    const keys = Object.keys(n.properties);
    // EMQX writes a map as one property named `$name` (headers: `$header`)
    if (keys.length === 1 && keys[0].startsWith('$')) {
      const value = resolveRef(doc, n.properties[keys[0]]);
      return value && !value.properties && value.type !== 'array' ? { kind: 'map' } : { kind: 'json' };
    }
    return { kind: 'object', fields: fieldsOfNode(doc, n, [], depth + 1) };
  }
  if (n.type === 'object' && (typeof n.additionalProperties === 'object' || isTextMap(n.default) || isTextMap(n.example))) return { kind: 'map' };
  return { kind: 'json' };
}

function variantsOf(doc: SchemaDoc, alts: SchemaNode[], depth: number): FieldKind {
  return {
    kind: 'variants',
    variants: alts.map((a, i) => {
      // the key whose enum has one value in this shape and differs between shapes names it (redis_type: single…)
      const disc = Object.entries(a.properties ?? {})
        .map(([key, p]) => ({ key, values: symbolsOf(resolveRef(doc, p)) }))
        .find(({ key, values }) => values?.length === 1 && alts.some((b) => b !== a && symbolsOf(resolveRef(doc, b.properties?.[key]))?.[0] !== values[0]));
      const value = disc?.values?.[0];
      return {
        tag: value !== undefined ? String(value) : (a.title ?? `#${i + 1}`),
        discriminator: disc && value !== undefined ? { key: disc.key, value } : undefined,
        fields: fieldsOfNode(doc, a, [], depth + 1),
      };
    }),
  };
}

function requiredKeys(n: SchemaNode): Set<string> {
  if (Array.isArray(n.required)) return new Set(n.required);
  return new Set(Object.entries(n.properties ?? {}).flatMap(([k, p]) => (p.required === true ? [k] : [])));
}

function fieldsOfNode(doc: SchemaDoc, node: SchemaNode, at: string[], depth: number): Field[] {
  const n = resolveRef(doc, node) ?? node;
  const required = requiredKeys(n);
  return Object.entries(n.properties ?? {}).flatMap(([key, raw]) => {
    if (raw.deprecated || raw.importance === 'hidden') return [];
    const kind = kindOf(doc, raw, depth);
    const path = [...at, key];
    const withPaths = rebase(kind, path);
    return [{ key, path, label: raw.label, description: raw.description ?? resolveRef(doc, raw)?.description, required: required.has(key), default: raw.default, ...withPaths }];
  });
}

/** Nested fields carry their full path in the body. */
function rebase(kind: FieldKind, at: string[]): FieldKind {
  const shift = (fields: Field[]): Field[] =>
    fields.map((f) => {
      const path = [...at, ...f.path];
      return { ...f, ...rebase(f, path), path } as Field;
    });
  if (kind.kind === 'object') return { kind: 'object', fields: shift(kind.fields) };
  if (kind.kind === 'variants') return { kind: 'variants', variants: kind.variants.map((v) => ({ ...v, fields: shift(v.fields) })) };
  return kind;
}

/** The fields of component `name` ('connector_mqtt.post_connector'); empty when the document has none. */
export function componentFields(doc: SchemaDoc, name: string): Field[] {
  const node = doc.components?.schemas?.[name];
  return node ? fieldsOfNode(doc, node, [], 0) : [];
}

export type SchemaKind = 'connector' | 'action' | 'source';

const SUFFIX: Record<SchemaKind, RegExp> = {
  connector: /\.post_connector\w*$/,
  action: /\.post_bridge_v2\w*$/,
  source: /\.post_source\w*$/,
};

/**
 * The types a document describes for `kind`, each with its component: the `post` components, typed by their own
 * `type` enum (so `connector_mqtt.post_connector` is `mqtt`, `bridge_mqtt_publisher.post_source` too).
 */
export function typesOf(doc: SchemaDoc | undefined, kind: SchemaKind): { type: string; component: string }[] {
  const out = new Map<string, string>();
  for (const [name, node] of Object.entries(doc?.components?.schemas ?? {})) {
    if (!SUFFIX[kind].test(name)) continue;
    const type = symbolsOf(resolveRef(doc ?? {}, node.properties?.type))?.[0];
    if (typeof type !== 'string') continue;
    // the plain suffix wins over a variant (`post_bridge_v2` over `post_bridge_v2_api_v1`)
    const known = out.get(type);
    if (!known || name.length < known.length) out.set(type, name);
  }
  return [...out].map(([type, component]) => ({ type, component })).sort((a, b) => a.type.localeCompare(b.type));
}

/** A body from the fields' defaults: what a new form starts with. */
export function defaultsOf(fields: Field[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.kind === 'object') {
      const inner = defaultsOf(f.fields);
      const given = f.default && typeof f.default === 'object' ? (f.default as Record<string, unknown>) : {};
      out[f.key] = { ...inner, ...given };
    } else if (f.kind === 'variants') {
      const first = f.variants[0];
      if (f.default && typeof f.default === 'object') out[f.key] = f.default;
      else if (first)
        out[f.key] = {
          ...defaultsOf(first.fields.map((x) => ({ ...x, path: [x.key] }))),
          ...(first.discriminator ? { [first.discriminator.key]: first.discriminator.value } : {}),
        };
    } else if (f.default !== undefined) {
      out[f.key] = f.kind === 'list' && f.comma && Array.isArray(f.default) ? f.default.join(',') : f.default;
    } else if (f.kind === 'enum' && f.required && f.options.length === 1) {
      out[f.key] = f.options[0];
    }
  }
  return out;
}

/** The paths of the secret fields (passwords, tokens) among `fields`, nested ones included. */
export function secretPaths(fields: Field[]): string[][] {
  return fields.flatMap((f) => {
    if (f.kind === 'password') return [f.path];
    if (f.kind === 'object') return secretPaths(f.fields);
    if (f.kind === 'variants') return f.variants.flatMap((v) => secretPaths(v.fields));
    return [];
  });
}

/** The mask a node sends in place of a stored secret. */
export const SECRET_MASK = '******';
