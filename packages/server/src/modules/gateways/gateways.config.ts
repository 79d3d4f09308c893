/**
 * Gateway and listener configs with EMQX 5.8's field names and defaults (emqx_gateway_schema): what a PUT
 * /gateways/{name} or a listener POST/PUT may carry, checked field by field into plain sentences (400), and the
 * defaults GET answers are filled with. The protocol's own fields come from its defaults() and validate().
 */
import { ApiError } from '../../errors';
import { parseBind, parseDuration } from '../../config/units';
import { parseAccessRules } from '../listeners/access';
import { storePems } from '../listeners/tls';
import { normalizeAuthn } from './authn';
import type { GatewayListenerConfig, GatewayListenerType, GatewayProtocol } from './protocol';

export type Raw = Record<string, unknown>;

const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);
const isObj = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fields every gateway has (emqx_gateway_schema:gateway_common_options/0 and mountpoint). */
export const COMMON_DEFAULTS: Raw = { enable: true, enable_stats: true, idle_timeout: '30s', mountpoint: '' };
const COMMON_KEYS = new Set([...Object.keys(COMMON_DEFAULTS), 'clientinfo_override']);

/** Listener fields EMQX fills in (common_listener_opts, tcp/udp listener options). */
export function listenerDefaults(type: GatewayListenerType): Raw {
  const base: Raw = { enable: true, max_connections: 1024, max_conn_rate: 1000, enable_authn: true, access_rules: [] };
  if (type === 'tcp' || type === 'ssl') {
    return {
      ...base,
      acceptors: 16,
      proxy_protocol: false,
      proxy_protocol_timeout: '3s',
      tcp_options: { active_n: 100, backlog: 1024, send_timeout: '15s', send_timeout_close: true, nodelay: true, reuseaddr: true, keepalive: 'none' },
    };
  }
  if (type === 'udp' || type === 'dtls') return { ...base, ...(type === 'dtls' ? { acceptors: 16 } : {}), udp_options: { active_n: 100, reuseaddr: true } };
  return { ...base, acceptors: 16 };
}

const LISTENER_KEYS = new Set([
  'id',
  'type',
  'name',
  'running',
  'enable',
  'bind',
  'max_connections',
  'max_conn_rate',
  'enable_authn',
  'mountpoint',
  'access_rules',
  'acceptors',
  'proxy_protocol',
  'proxy_protocol_timeout',
  'tcp_options',
  'ssl_options',
  'udp_options',
  'dtls_options',
  'websocket',
  'health_check',
  'authentication',
  'zone',
]);

/** Checks one listener body; returns the record to store (without id/type/name/running). */
export function checkListener(proto: GatewayProtocol, type: unknown, name: unknown, body: Raw): { type: GatewayListenerType; name: string; conf: Raw } {
  if (typeof type !== 'string' || !(proto.listenerTypes as string[]).includes(type)) {
    throw bad(`The ${proto.name} gateway has no listener type ${JSON.stringify(type)}; it takes ${proto.listenerTypes.join(', ')}`);
  }
  if (typeof name !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(name)) throw bad('Listener name must be 1 to 64 letters, digits, "_" or "-"');
  for (const key of Object.keys(body)) if (!LISTENER_KEYS.has(key)) throw bad(`Unknown listener field: ${key}`);
  if (body.bind === undefined) throw bad('bind is required');
  if (!parseBind(body.bind)) throw bad(`bind: ${JSON.stringify(body.bind)} is not a port or an address:port`);
  const mc = body.max_connections;
  if (mc !== undefined && mc !== 'infinity' && !(Number.isInteger(mc) && (mc as number) > 0)) throw bad('max_connections must be a positive whole number or "infinity"');
  const rate = body.max_conn_rate;
  if (rate !== undefined && !(Number.isInteger(rate) && (rate as number) >= 0)) throw bad('max_conn_rate must be a whole number of connections per second');
  for (const key of ['enable', 'enable_authn', 'proxy_protocol'] as const) {
    if (body[key] !== undefined && typeof body[key] !== 'boolean') throw bad(`${key} must be true or false`);
  }
  if (body.mountpoint !== undefined && body.mountpoint !== null && typeof body.mountpoint !== 'string') throw bad('mountpoint must be a string');
  if (body.proxy_protocol === true) throw bad('proxy_protocol is not available on gateway listeners of this node');
  if (body.access_rules !== undefined) {
    try {
      parseAccessRules(body.access_rules);
    } catch (err) {
      throw bad((err as Error).message);
    }
  }
  for (const key of ['tcp_options', 'ssl_options', 'udp_options', 'dtls_options', 'websocket'] as const) {
    if (body[key] !== undefined && !isObj(body[key])) throw bad(`${key} must be an object`);
  }
  if (body.ssl_options !== undefined && type !== 'ssl' && type !== 'wss') throw bad(`ssl_options belongs to ssl listeners, not ${type}`);
  if (body.dtls_options !== undefined && type !== 'dtls') throw bad(`dtls_options belongs to dtls listeners, not ${type}`);
  const conf: Raw = { ...body };
  if (body.authentication !== undefined) conf.authentication = normalizeAuthn(proto.name, body.authentication);
  for (const key of ['id', 'type', 'name', 'running']) delete conf[key];
  return { type: type as GatewayListenerType, name, conf };
}

/** Listener record → what a protocol starts. */
export function runtimeListener(gateway: string, type: GatewayListenerType, name: string, stored: Raw): GatewayListenerConfig {
  const raw = { ...listenerDefaults(type), ...stored };
  const bind = parseBind(raw.bind)!;
  const mc = raw.max_connections;
  return {
    id: `${gateway}:${type}:${name}`,
    type,
    name,
    host: bind.host,
    port: bind.port,
    max_connections: mc === 'infinity' || typeof mc !== 'number' ? Number.MAX_SAFE_INTEGER : mc,
    max_conn_rate: typeof raw.max_conn_rate === 'number' ? raw.max_conn_rate : undefined,
    mountpoint: typeof raw.mountpoint === 'string' ? raw.mountpoint : undefined,
    raw,
  };
}

/** Deep merge of plain objects (arrays and scalars replace). */
export function merge(base: Raw, over: Raw): Raw {
  const out: Raw = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = isObj(v) && isObj(out[k]) ? merge(out[k], v) : v;
  return out;
}

/**
 * Checks the gateway fields of a PUT body (listeners and authentication are checked by their own code).
 * Unknown fields are refused as EMQX's schema does.
 */
export function checkGatewayFields(proto: GatewayProtocol, body: Raw): void {
  const own = proto.defaults();
  for (const key of Object.keys(body)) {
    if (key === 'name' || key === 'listeners' || key === 'authentication') continue;
    if (!COMMON_KEYS.has(key) && !(key in own)) throw bad(`Unknown field for the ${proto.name} gateway: ${key}`);
  }
  for (const key of ['enable', 'enable_stats'] as const) {
    if (body[key] !== undefined && typeof body[key] !== 'boolean') throw bad(`${key} must be true or false`);
  }
  if (body.idle_timeout !== undefined && !parseDuration(body.idle_timeout)) throw bad(`idle_timeout: ${JSON.stringify(body.idle_timeout)} is not a duration such as "30s"`);
  if (body.mountpoint !== undefined && typeof body.mountpoint !== 'string') throw bad('mountpoint must be a string');
  const o = body.clientinfo_override;
  if (o !== undefined) {
    if (!isObj(o)) throw bad('clientinfo_override must be an object with username, password, clientid');
    for (const [k, v] of Object.entries(o)) {
      if (!['username', 'password', 'clientid'].includes(k)) throw bad(`Unknown field in clientinfo_override: ${k}`);
      if (typeof v !== 'string') throw bad(`clientinfo_override.${k} must be a string`);
    }
  }
  const merged = merge(own, Object.fromEntries(Object.entries(body).filter(([k]) => k in own)));
  const why = proto.validate?.(merged);
  if (why) throw bad(why);
}

/** Listener list of a load body (EMQX accepts an array of {type, name, bind, ...}) → stored map type → name → record. */
export function checkListenerList(proto: GatewayProtocol, list: unknown): Record<string, Record<string, Raw>> {
  if (list === undefined) return {};
  const out: Record<string, Record<string, Raw>> = {};
  const items = Array.isArray(list)
    ? list
    : isObj(list)
      ? Object.entries(list).flatMap(([type, byName]) => (isObj(byName) ? Object.entries(byName).map(([name, c]) => ({ ...(c as Raw), type, name })) : []))
      : null;
  if (!items) throw bad('listeners must be a list of {type, name, bind, ...}');
  for (const item of items) {
    if (!isObj(item)) throw bad('listeners must be a list of {type, name, bind, ...}');
    const { type, name, conf } = checkListener(proto, item.type, item.name, item);
    if (out[type]?.[name]) throw bad(`Listener ${proto.name}:${type}:${name} is given twice`);
    (out[type] ??= {})[name] = conf;
  }
  return out;
}

/**
 * PEM text sent in a listener's ssl_options / dtls_options (the console pastes or uploads it) is stored as files under
 * the data dir, as EMQX does: the option then holds the file's path (listeners/tls.ts storePems).
 */
export function listenersPems(dataDir: string, gateway: string, ls: unknown): Record<string, Record<string, Raw>> {
  const out: Record<string, Record<string, Raw>> = {};
  for (const [type, byName] of Object.entries((ls ?? {}) as Record<string, Record<string, Raw>>)) {
    out[type] = {};
    for (const [name, conf] of Object.entries(byName)) {
      const id = `gateway-${gateway}-${type}:${name}`;
      out[type][name] =
        type === 'dtls' && conf.dtls_options ? { ...conf, dtls_options: storePems(dataDir, id, { ssl_options: conf.dtls_options }).ssl_options } : storePems(dataDir, id, conf);
    }
  }
  return out;
}
