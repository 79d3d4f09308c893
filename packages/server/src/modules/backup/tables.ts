// The data tables of a backup, one JSON file each under `mnesia/`, named as EMQX names its Mnesia tables and
// grouped in EMQX's table sets (the export's `table_sets`). Each table reads its rows from the area's store and
// writes them back through the area's own service where there is one (bans are indexed in memory, authorization
// rules are cached), so the running node follows an import at once. An import inserts or updates, never deletes.
import type { FastifyInstance } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import type { RetainedMessage } from '@mqdeck/broker';
import { parseApiRules, type ApiRule, type WhoType } from '../authorization/sources/built-in-rules';
import { BAN_KINDS, type BanKind } from '../banned-clients/match';

export type Outcome = 'success' | 'override' | 'skipped';
type Row = Record<string, unknown>;

export interface Table<R> {
  /** the file name under mnesia/ (EMQX's table name) */
  name: string;
  /** EMQX's table set the export's `table_sets` selects it by */
  set: string;
  rows(app: FastifyInstance): R[];
  /** the row checked and typed; throws an Error whose message names the bad field */
  parse(row: Row): R;
  /** stores one row; says whether it was new, changed or already the same */
  put(app: FastifyInstance, row: R): Outcome;
  /** after all rows of the table are stored */
  after?(app: FastifyInstance): void;
}

const str = (row: Row, key: string, opts: { empty?: boolean } = {}): string => {
  const v = row[key];
  if (typeof v !== 'string' || (!opts.empty && v === '')) throw new Error(`${key}: expected a${opts.empty ? '' : ' non-empty'} string`);
  return v;
};
const int = (row: Row, key: string, nullable = false): number | null => {
  const v = row[key];
  if (nullable && (v === null || v === undefined)) return null;
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new Error(`${key}: expected an integer`);
  return v;
};
const bool = (row: Row, key: string): boolean => {
  const v = row[key];
  if (typeof v !== 'boolean') throw new Error(`${key}: expected true or false`);
  return v;
};

interface AdminRow {
  username: string;
  password_hash: string;
  description: string;
  role: string;
}

const dashboardUsers: Table<AdminRow> = {
  name: 'emqx_admin',
  set: 'dashboard_users',
  rows: (app) => app.db.prepare<[], AdminRow>('SELECT username, password_hash, description, role FROM dashboard_users ORDER BY created_at, username').all(),
  parse: (row) => {
    const username = str(row, 'username');
    if (!/^[_a-zA-Z0-9]+$/.test(username)) throw new Error('username: only letters, numbers and underscores');
    const role = str(row, 'role');
    if (role !== 'administrator' && role !== 'viewer') throw new Error(`role: unknown role '${role}'`);
    return { username, password_hash: str(row, 'password_hash'), description: str(row, 'description', { empty: true }), role };
  },
  // the users service reads the table on every login: no cache to refresh
  put: (app, r) => {
    const old = app.db.prepare<[string], AdminRow>('SELECT username, password_hash, description, role FROM dashboard_users WHERE username = ?').get(r.username);
    if (old && isDeepStrictEqual({ ...old }, { ...r })) return 'skipped';
    app.db
      .prepare(
        `INSERT INTO dashboard_users (username, password_hash, description, role, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (username) DO UPDATE SET password_hash = excluded.password_hash, description = excluded.description, role = excluded.role`,
      )
      .run(r.username, r.password_hash, r.description, r.role, Date.now());
    return old ? 'override' : 'success';
  },
};

interface AppRow {
  name: string;
  api_key: string;
  secret_hash: string;
  description: string;
  enable: boolean;
  expired_at: number | null;
  created_at: number;
  role: string;
}

const apiKeys: Table<AppRow> = {
  name: 'emqx_app',
  set: 'api_keys',
  rows: (app) =>
    app.db
      .prepare<[], Omit<AppRow, 'enable'> & { enable: number }>(
        'SELECT name, api_key, secret_hash, description, enable, expired_at, created_at, role FROM api_keys ORDER BY created_at, name',
      )
      .all()
      .map((r) => ({ ...r, enable: r.enable === 1 })),
  parse: (row) => ({
    name: str(row, 'name'),
    api_key: str(row, 'api_key'),
    secret_hash: str(row, 'secret_hash'),
    description: str(row, 'description', { empty: true }),
    enable: bool(row, 'enable'),
    expired_at: int(row, 'expired_at', true),
    created_at: int(row, 'created_at')!,
    role: str(row, 'role'),
  }),
  // the API keys service checks every request against the table: no cache to refresh
  put: (app, r) => {
    const old = app.db
      .prepare<[string], { api_key: string; secret_hash: string; description: string; enable: number; expired_at: number | null; role: string }>(
        'SELECT api_key, secret_hash, description, enable, expired_at, role FROM api_keys WHERE name = ?',
      )
      .get(r.name);
    const same =
      old &&
      old.api_key === r.api_key &&
      old.secret_hash === r.secret_hash &&
      old.description === r.description &&
      old.enable === (r.enable ? 1 : 0) &&
      old.expired_at === r.expired_at &&
      old.role === r.role;
    if (same) return 'skipped';
    const clash = app.db.prepare<[string, string], { name: string }>('SELECT name FROM api_keys WHERE api_key = ? AND name <> ?').get(r.api_key, r.name);
    if (clash) throw new Error(`api_key ${r.api_key} already belongs to the key named '${clash.name}'`);
    app.db
      .prepare(
        `INSERT INTO api_keys (name, api_key, secret_hash, description, enable, expired_at, created_at, role) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET api_key = excluded.api_key, secret_hash = excluded.secret_hash, description = excluded.description,
           enable = excluded.enable, expired_at = excluded.expired_at, role = excluded.role`,
      )
      .run(r.name, r.api_key, r.secret_hash, r.description, r.enable ? 1 : 0, r.expired_at, r.created_at, r.role);
    return old ? 'override' : 'success';
  },
};

interface AuthnUserRow {
  authenticator: string;
  user_id: string;
  password_hash: string;
  salt: string;
  is_superuser: boolean;
}

const authnUsers: Table<AuthnUserRow> = {
  name: 'emqx_authn_mnesia',
  set: 'builtin_authn',
  rows: (app) =>
    app.db
      .prepare<[], Omit<AuthnUserRow, 'is_superuser'> & { is_superuser: number }>(
        'SELECT authenticator, user_id, password_hash, salt, is_superuser FROM authn_users ORDER BY authenticator, created_at, user_id',
      )
      .all()
      .map((r) => ({ ...r, is_superuser: r.is_superuser === 1 })),
  parse: (row) => {
    const authenticator = str(row, 'authenticator');
    // the node's chain keys its users by authenticator id, a gateway by gateway:<name>:global or gateway:<listener id>
    if (!authenticator.endsWith(':built_in_database') && !/^gateway:[a-z0-9]+:/.test(authenticator))
      throw new Error(`authenticator: '${authenticator}' is not a built-in database authenticator`);
    return {
      authenticator,
      user_id: str(row, 'user_id'),
      password_hash: str(row, 'password_hash'),
      salt: str(row, 'salt', { empty: true }),
      is_superuser: bool(row, 'is_superuser'),
    };
  },
  // the built-in database backend reads the table at each CONNECT
  put: (app, r) => {
    const old = app.authnUsers.get(r.authenticator, r.user_id);
    const { authenticator, ...user } = r;
    if (old && isDeepStrictEqual({ ...old }, user)) return 'skipped';
    app.authnUsers.upsert(authenticator, user);
    return old ? 'override' : 'success';
  },
};

interface AclRow {
  who_type: WhoType;
  who: string;
  rules: ApiRule[];
}

const WHO_TYPES: readonly WhoType[] = ['clientid', 'username', 'all'];

const authzRules: Table<AclRow> = {
  name: 'emqx_acl',
  set: 'builtin_authz',
  rows: (app) =>
    app.db
      .prepare<[], { who_type: WhoType; who: string; rules: string }>('SELECT who_type, who, rules FROM authz_rules ORDER BY created_at, who_type, who')
      .all()
      .map((r) => ({ who_type: r.who_type, who: r.who, rules: JSON.parse(r.rules) as ApiRule[] })),
  parse: (row) => {
    const whoType = str(row, 'who_type') as WhoType;
    if (!WHO_TYPES.includes(whoType)) throw new Error(`who_type: expected clientid, username or all`);
    let rules: ApiRule[];
    try {
      rules = parseApiRules(row.rules, Number.MAX_SAFE_INTEGER);
    } catch (err) {
      throw new Error(`rules: ${(err as Error).message}`);
    }
    return { who_type: whoType, who: str(row, 'who', { empty: whoType === 'all' }), rules };
  },
  put: (app, r) => {
    const old = app.authzRules.get(r.who_type, r.who);
    if (old && isDeepStrictEqual(old, r.rules)) return 'skipped';
    app.authzRules.set(r.who_type, r.who, r.rules);
    return old ? 'override' : 'success';
  },
  // decisions cached from the old rules would outlive them
  after: (app) => app.authz.cache.clear(),
};

interface BanRow {
  as: BanKind;
  who: string;
  by: string;
  reason: string;
  at: number;
  until: number | null;
}

const banned: Table<BanRow> = {
  name: 'emqx_banned',
  set: 'banned',
  rows: (app) => app.banned.list().map((b) => ({ as: b.as, who: b.who, by: b.by, reason: b.reason, at: b.at, until: b.until })),
  parse: (row) => {
    const as = str(row, 'as') as BanKind;
    if (!BAN_KINDS.includes(as)) throw new Error(`as: unknown ban type '${as}'`);
    return { as, who: str(row, 'who'), by: str(row, 'by', { empty: true }), reason: str(row, 'reason', { empty: true }), at: int(row, 'at')!, until: int(row, 'until', true) };
  },
  // through the banned service: its in-memory index refuses the client at its next CONNECT and kicks it now
  put: (app, r) => {
    if (r.until !== null && r.until <= Date.now()) return 'skipped'; // expired meanwhile: nothing to restore
    const old = app.banned.get(r.as, r.who);
    if (old && old.by === r.by && old.reason === r.reason && old.at === r.at && old.until === r.until) return 'skipped';
    if (old) app.banned.delete(r.as, r.who);
    app.banned.create(r);
    return old ? 'override' : 'success';
  },
};

type RetainedRow = Record<string, unknown> & { topic: string };

const retained: Table<RetainedRow> = {
  name: 'emqx_retainer_message',
  set: 'builtin_retainer',
  rows: (app) => {
    const store = app.broker.retained;
    return store.list(0, store.count()) as unknown as RetainedRow[];
  },
  parse: (row) => {
    const msg = row; // payload and correlation data are Buffers again (json-value.ts)
    str(msg, 'topic');
    str(msg, 'id');
    if (!Buffer.isBuffer(msg.payload)) throw new Error('payload: expected {"$base64": "..."}');
    const qos = int(msg, 'qos');
    if (qos !== 0 && qos !== 1 && qos !== 2) throw new Error('qos: expected 0, 1 or 2');
    int(msg, 'timestamp');
    return msg as RetainedRow;
  },
  // through the broker's retained store (the enforced one: the retainer's limits apply as to a publish)
  put: (app, r) => {
    const msg = { ...r, retain: true } as unknown as RetainedMessage;
    const old = app.broker.retained.get(msg.topic);
    if (old && old.id === msg.id) return 'skipped';
    app.broker.retained.put(msg);
    return old ? 'override' : 'success';
  },
};

/** in EMQX's import order: users and keys first, then access control, then the data */
export const TABLES: Table<any>[] = [dashboardUsers, apiKeys, authnUsers, authzRules, banned, retained];

export const TABLE_SETS = [...new Set(TABLES.map((t) => t.set))].sort();
