// The fields of EMQX 5.8's `redis` connector (emqx_bridge_redis_schema "config_connector": `parameters` is one of
// emqx_redis's redis_single_connector / redis_sentinel_connector / redis_cluster_connector; `ssl` beside it) and of
// its action (bridge_redis action_parameters: `command_template`, a nonempty list of templates, one per argument).
// Problems are plain sentences naming the field (ApiError 400 from the type's `check`).
import { ApiError } from '../../../../errors';
import { isObject } from '../../../../config/tree';

export const REDIS_DEFAULT_PORT = 6379;

export type RedisMode = 'single' | 'sentinel' | 'cluster';

export interface HostPort {
  host: string;
  port: number;
}

export interface RedisSettings {
  mode: RedisMode;
  /** single: one server; sentinel: the sentinels; cluster: the seed nodes */
  servers: HostPort[];
  /** sentinel: the master's name the sentinels know */
  sentinel?: string;
  username?: string;
  password?: string;
  /** not for cluster (EMQX removes the field there) */
  database: number;
  poolSize: number;
  ssl: Record<string, unknown>;
}

const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

/** one `host[:port]` (or `[v6]:port`) with Redis's default port, as emqx_schema:parse_servers */
function parseServer(text: string, field: string): HostPort {
  const s = text.trim();
  const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(s) ?? /^([^:\s,[\]]+)(?::(\d+))?$/.exec(s);
  const port = m?.[2] === undefined ? REDIS_DEFAULT_PORT : Number(m[2]);
  if (!m || !m[1] || !Number.isInteger(port) || port < 1 || port > 65535) throw bad(`${field}: "${text}" is not a valid host:port`);
  return { host: m[1], port };
}

/** `servers`: comma separated (EMQX servers_sc also takes a list) */
function parseServers(v: unknown, field: string): HostPort[] {
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : undefined;
  if (!items) throw bad(`${field}: required field missing`);
  const list = items.map((x) => String(x)).filter((x) => x.trim() !== '');
  if (list.length === 0) throw bad(`${field}: required field missing`);
  return list.map((x) => parseServer(x, field));
}

const optionalText = (v: unknown, field: string): string | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw bad(`${field}: expected text`);
  return v;
};

export function readRedisConnector(config: Record<string, unknown>): RedisSettings {
  const p = config.parameters;
  if (!isObject(p)) throw bad('parameters: required field missing');
  const mode = (p.redis_type ?? (p.server !== undefined ? 'single' : p.sentinel !== undefined ? 'sentinel' : 'cluster')) as RedisMode;
  if (!['single', 'sentinel', 'cluster'].includes(mode)) throw bad(`parameters.redis_type: expected single, sentinel or cluster, got ${JSON.stringify(p.redis_type)}`);
  let servers: HostPort[];
  if (mode === 'single') {
    if (typeof p.server !== 'string' || p.server.trim() === '') throw bad('parameters.server: required field missing');
    servers = [parseServer(p.server, 'parameters.server')];
  } else servers = parseServers(p.servers, 'parameters.servers');
  const sentinel = mode === 'sentinel' ? optionalText(p.sentinel, 'parameters.sentinel') : undefined;
  if (mode === 'sentinel' && !sentinel) throw bad('parameters.sentinel: required field missing');
  const database = p.database ?? 0;
  if (mode !== 'cluster' && (typeof database !== 'number' || !Number.isInteger(database) || database < 0)) {
    throw bad(`parameters.database: expected an integer of at least 0, got ${JSON.stringify(database)}`);
  }
  const poolSize = p.pool_size ?? 8;
  if (typeof poolSize !== 'number' || !Number.isInteger(poolSize) || poolSize < 1)
    throw bad(`parameters.pool_size: expected an integer of at least 1, got ${JSON.stringify(poolSize)}`);
  const ssl = config.ssl ?? { enable: false };
  if (!isObject(ssl)) throw bad('ssl: expected an object');
  return {
    mode,
    servers,
    ...(sentinel ? { sentinel } : {}),
    username: optionalText(p.username, 'parameters.username'),
    password: optionalText(p.password, 'parameters.password'),
    database: mode === 'cluster' ? 0 : (database as number),
    poolSize,
    ssl,
  };
}

/** EMQX is_command_template_valid */
export function readCommandTemplate(parameters: Record<string, unknown>): string[] {
  const t = parameters.command_template;
  if (!Array.isArray(t) || t.length === 0 || !t.every((x) => typeof x === 'string')) {
    throw bad("parameters.command_template: the value of the field 'command_template' should be a nonempty list of strings (templates for Redis command and arguments)");
  }
  return t;
}
