// The mongodb connector's fields as EMQX 5.8 has them (emqx_bridge_mongodb_connector over emqx_mongodb) and what
// the official Node driver is given for them:
//   parameters.mongo_type single  → `server`, one host, a direct connection
//                         rs      → `servers` (host[:port], comma-separated), `replica_set_name` (required),
//                                   `r_mode` master → primary, slave_ok → secondaryPreferred
//                         sharded → `servers`, the mongos routers
//   w_mode unsafe → write concern w: 0 (no acknowledgement), safe → w: 1
//   srv_record   → mongodb+srv:// with the first host (the driver resolves the SRV and TXT records as EMQX does)
//   username, password, auth_source, database, pool_size, ssl, topology.* (timeouts, heartbeat) as driver options
//   use_legacy_protocol: auto and false; `true` (OP_QUERY, MongoDB before 3.6) is refused: the driver does not speak it
// Deviation: when topology.server_selection_timeout_ms is not set the driver waits 5 s (EMQX's driver 30 s), so a
// server that is not there shows `disconnected` within the connector's start_timeout instead of `connecting`.
import type { MongoClientOptions } from 'mongodb';
import { ApiError } from '../../../../errors';
import { isObject } from '../../../../config/tree';
import { parseDuration } from '../../../../config/units';
import type { TypeContext } from '../../resource/types';
import { parseSqlServer } from '../mysql/sql-config';

export const MONGO_DEFAULT_PORT = 27017;
const DEFAULT_SERVER_SELECTION_MS = 5000;

const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

export type MongoType = 'single' | 'rs' | 'sharded';

export interface MongoSettings {
  type: MongoType;
  hosts: { host: string; port: number }[];
  srv: boolean;
  replicaSet: string | undefined;
  readPreference: 'primary' | 'secondaryPreferred';
  w: 0 | 1;
  database: string;
  username: string | undefined;
  password: string | undefined;
  authSource: string | undefined;
  poolSize: number;
  ssl: Record<string, unknown>;
  /** driver options from `topology` (ms) */
  timeouts: Partial<
    Record<
      'connectTimeoutMS' | 'socketTimeoutMS' | 'serverSelectionTimeoutMS' | 'waitQueueTimeoutMS' | 'heartbeatFrequencyMS' | 'localThresholdMS' | 'minHeartbeatFrequencyMS',
      number
    >
  >;
}

const optionalText = (raw: Record<string, unknown>, key: string, prefix = ''): string | undefined => {
  const v = raw[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw bad(`${prefix}${key}: expected text`);
  return v;
};

/** EMQX servers_sc: `host[:port]`, several separated by commas */
function parseHosts(v: unknown, field: string): { host: string; port: number }[] {
  if (typeof v !== 'string' || v.trim() === '') throw bad(`parameters.${field}: required field missing`);
  const list = v.split(',').map((s) => s.trim());
  if (list.some((s) => s === '')) throw bad(`parameters.${field}: "${v}" has an empty host`);
  return list.map((s) => {
    try {
      return parseSqlServer(s, MONGO_DEFAULT_PORT);
    } catch {
      throw bad(`parameters.${field}: "${s}" is not a valid host:port`);
    }
  });
}

const TOPOLOGY: [string, keyof MongoSettings['timeouts']][] = [
  ['connect_timeout_ms', 'connectTimeoutMS'],
  ['socket_timeout_ms', 'socketTimeoutMS'],
  ['server_selection_timeout_ms', 'serverSelectionTimeoutMS'],
  ['wait_queue_timeout_ms', 'waitQueueTimeoutMS'],
  ['heartbeat_frequency_ms', 'heartbeatFrequencyMS'],
  ['local_threshold_ms', 'localThresholdMS'],
  ['min_heartbeat_frequency_ms', 'minHeartbeatFrequencyMS'],
];

export function readMongo(config: Record<string, unknown>): MongoSettings {
  const p = config.parameters;
  if (!isObject(p)) throw bad('parameters: required field missing');
  const type = p.mongo_type;
  if (type !== 'single' && type !== 'rs' && type !== 'sharded') throw bad(`parameters.mongo_type: expected single, rs or sharded, got ${JSON.stringify(type)}`);
  const hosts = type === 'single' ? parseHosts(p.server, 'server') : parseHosts(p.servers, 'servers');
  if (type === 'single' && hosts.length > 1) throw bad('parameters.server: a single MongoDB takes one host:port');
  const replicaSet = type === 'rs' ? optionalText(p, 'replica_set_name', 'parameters.') : undefined;
  if (type === 'rs' && replicaSet === undefined) throw bad('parameters.replica_set_name: required field missing');
  const wMode = p.w_mode ?? 'unsafe';
  if (wMode !== 'unsafe' && wMode !== 'safe') throw bad(`parameters.w_mode: expected unsafe or safe, got ${JSON.stringify(wMode)}`);
  const rMode = type === 'rs' ? (p.r_mode ?? 'master') : 'master';
  if (rMode !== 'master' && rMode !== 'slave_ok') throw bad(`parameters.r_mode: expected master or slave_ok, got ${JSON.stringify(rMode)}`);

  const database = config.database;
  if (typeof database !== 'string' || database === '') throw bad('database: required field missing');
  const legacy = config.use_legacy_protocol ?? 'auto';
  if (legacy === true || legacy === 'true') {
    throw bad('use_legacy_protocol: this node’s MongoDB driver speaks only the current protocol (MongoDB 3.6 and later); choose auto or false');
  }
  if (legacy !== 'auto' && legacy !== false && legacy !== 'false') throw bad(`use_legacy_protocol: expected auto, true or false, got ${JSON.stringify(legacy)}`);
  const poolSize = config.pool_size ?? 8;
  if (typeof poolSize !== 'number' || !Number.isInteger(poolSize) || poolSize < 1) throw bad(`pool_size: expected an integer of at least 1, got ${JSON.stringify(poolSize)}`);
  const ssl = config.ssl ?? { enable: false };
  if (!isObject(ssl)) throw bad('ssl: expected an object');
  const topology = config.topology ?? {};
  if (!isObject(topology)) throw bad('topology: expected an object');
  const timeouts: MongoSettings['timeouts'] = {};
  for (const [field, option] of TOPOLOGY) {
    if (topology[field] === undefined) continue;
    const ms = parseDuration(topology[field]);
    if (ms === undefined || ms === null || ms < 0) throw bad(`topology.${field}: expected a duration such as "10s", got ${JSON.stringify(topology[field])}`);
    timeouts[option] = ms;
  }
  return {
    type,
    hosts,
    srv: config.srv_record === true,
    replicaSet,
    readPreference: rMode === 'slave_ok' ? 'secondaryPreferred' : 'primary',
    w: wMode === 'safe' ? 1 : 0,
    database,
    username: optionalText(config, 'username'),
    password: optionalText(config, 'password'),
    authSource: optionalText(config, 'auth_source'),
    poolSize,
    ssl,
    timeouts,
  };
}

/** the connection string: hosts only (credentials go in the options, never into the URL) */
export function mongoUrl(s: MongoSettings): string {
  const name = (h: { host: string }) => (h.host.includes(':') ? `[${h.host}]` : h.host);
  // EMQX keeps only the first host of an SRV record's servers
  if (s.srv) return `mongodb+srv://${name(s.hosts[0])}/`;
  return `mongodb://${s.hosts.map((h) => `${name(h)}:${h.port}`).join(',')}/`;
}

/** the Node TLS options the driver accepts as they are (it refuses options it does not know) */
const TLS_KEYS = ['ca', 'cert', 'key', 'passphrase', 'crl', 'ciphers', 'ecdhCurve', 'servername', 'rejectUnauthorized', 'checkServerIdentity'] as const;
function driverTls(tls: NonNullable<ReturnType<TypeContext['tls']>>): MongoClientOptions {
  const out: Record<string, unknown> = {};
  for (const k of TLS_KEYS) if (tls[k] !== undefined) out[k] = tls[k];
  return out;
}

export function mongoOptions(s: MongoSettings, tls: ReturnType<TypeContext['tls']>): MongoClientOptions {
  return {
    maxPoolSize: s.poolSize,
    serverSelectionTimeoutMS: DEFAULT_SERVER_SELECTION_MS,
    ...s.timeouts,
    ...(s.type === 'single' && !s.srv ? { directConnection: true } : {}),
    ...(s.replicaSet !== undefined ? { replicaSet: s.replicaSet } : {}),
    readPreference: s.readPreference,
    writeConcern: { w: s.w },
    ...(s.authSource !== undefined ? { authSource: s.authSource } : {}),
    ...(s.username !== undefined ? { auth: { username: s.username, password: s.password ?? '' } } : {}),
    ...(tls ? { tls: true, ...driverTls(tls) } : {}),
  };
}
