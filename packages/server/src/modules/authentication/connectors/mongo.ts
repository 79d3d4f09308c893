// MongoDB (official driver) for the mongodb authenticator and source: single, rs and sharded topologies.
// The filter is a JSON template: placeholders are replaced inside string values only, so a value can
// never become an operator or a new key.
import type { Document } from 'mongodb';
import { mongodb } from '../../../shared/drivers';
import { bad, intField, objectField, optionalString, parseServer, parseServers, pingAndStatus, requiredString, sslField, withTimeout, type Status } from './options';
import { isOneOf } from '../../../shared/guards';

export interface MongoConnector {
  find(filter: Document, limit: number): Promise<Document[]>;
  /** the `ping` command on the database; throws the driver's reason */
  ping(): Promise<void>;
  status(): Promise<Status>;
  close(): Promise<void>;
}

const TYPES = ['single', 'rs', 'sharded'] as const;

export function normalizeMongo(raw: Record<string, unknown>): Record<string, unknown> {
  const type = raw.mongo_type ?? 'single';
  if (!isOneOf(TYPES, type)) throw bad(`mongo_type: expected single, rs or sharded, got ${JSON.stringify(type)}`);
  if (type === 'single') parseServer(raw.server, 27017);
  else parseServers(raw.servers, 27017);
  if (type === 'rs') requiredString(raw, 'replica_set_name');
  const out: Record<string, unknown> = {
    ...raw,
    mongo_type: type,
    collection: requiredString(raw, 'collection'),
    database: requiredString(raw, 'database'),
    filter: objectField(raw, 'filter', {}),
    w_mode: raw.w_mode ?? 'unsafe',
    srv_record: raw.srv_record ?? false,
    pool_size: intField(raw, 'pool_size', 8, 1, 1024),
    use_legacy_protocol: raw.use_legacy_protocol ?? 'auto',
    ssl: sslField(raw),
  };
  if (type === 'rs') out.r_mode = raw.r_mode ?? 'master';
  for (const k of ['username', 'password', 'auth_source']) if (optionalString(raw, k) === undefined) delete out[k];
  return out;
}

/** The connection string (hosts only: credentials go in the options, never into the URL). */
export function mongoUrl(cfg: Record<string, unknown>): string {
  const hosts = cfg.mongo_type === 'single' ? [parseServer(cfg.server, 27017)] : parseServers(cfg.servers, 27017);
  const scheme = cfg.srv_record === true ? 'mongodb+srv' : 'mongodb';
  const list = hosts.map((h) => (h.host.includes(':') ? `[${h.host}]` : h.host) + (cfg.srv_record === true ? '' : `:${h.port}`)).join(',');
  return `${scheme}://${list}/`;
}

export function mongoConnector(cfg: Record<string, unknown>, timeoutMs = 5000): MongoConnector {
  const { MongoClient } = mongodb();
  const client = new MongoClient(mongoUrl(cfg), {
    maxPoolSize: cfg.pool_size as number,
    serverSelectionTimeoutMS: timeoutMs,
    connectTimeoutMS: timeoutMs,
    directConnection: cfg.mongo_type === 'single' && cfg.srv_record !== true ? true : undefined,
    replicaSet: cfg.mongo_type === 'rs' ? (cfg.replica_set_name as string) : undefined,
    readPreference: cfg.r_mode === 'slave_ok' ? 'secondaryPreferred' : 'primary',
    authSource: cfg.auth_source as string | undefined,
    auth: cfg.username ? { username: cfg.username as string, password: (cfg.password as string | undefined) ?? '' } : undefined,
  });
  client.on('error', () => undefined);
  const collection = client.db(cfg.database as string).collection(cfg.collection as string);
  return {
    find: (filter, limit) => withTimeout(collection.find(filter, { limit }).toArray(), timeoutMs, 'MongoDB query'),
    ...pingAndStatus(() => client.db(cfg.database as string).command({ ping: 1 }), timeoutMs, 'MongoDB ping'),
    close: () => client.close().catch(() => undefined),
  };
}
