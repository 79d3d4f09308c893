// MySQL (mysql2) and PostgreSQL (pg) pools for the SQL backends. Queries come from EMQX-style
// templates with ${...} placeholders turned into bind markers: values are always bound, never pasted.
import { mysql2, pg as pgDriver } from '../../../shared/drivers';
import { parameterize } from '../placeholders';
import { bad, durationField, durationMs, intField, optionalString, parseServer, pingAndStatus, requiredString, sslField, withTimeout, type Status } from './options';

export type Row = Record<string, unknown>;

export interface SqlConnector {
  /** runs the parameterised query with the placeholder values in `names` order */
  query(values: string[]): Promise<Row[]>;
  /** the placeholder names of the query, in bind order */
  readonly names: string[];
  /** one `SELECT 1`; throws the driver's reason (refused, access denied, unknown database…) */
  ping(): Promise<void>;
  status(): Promise<Status>;
  close(): Promise<void>;
}

export type SqlDialect = 'mysql' | 'postgresql';

const DEFAULT_PORT: Record<SqlDialect, number> = { mysql: 3306, postgresql: 5432 };

/** Checks and completes the connector part of a mysql/postgresql authenticator or source. */
export function normalizeSql(dialect: SqlDialect, raw: Record<string, unknown>): Record<string, unknown> {
  parseServer(raw.server, DEFAULT_PORT[dialect]);
  const query = requiredString(raw, 'query');
  if (!/^\s*select\b/i.test(query)) throw bad('query: expected a SELECT statement');
  const out: Record<string, unknown> = {
    ...raw,
    server: raw.server,
    database: requiredString(raw, 'database'),
    pool_size: intField(raw, 'pool_size', 8, 1, 1024),
    username: dialect === 'mysql' ? (optionalString(raw, 'username') ?? 'root') : requiredString(raw, 'username'),
    auto_reconnect: raw.auto_reconnect ?? true,
    ssl: sslField(raw),
    query,
    query_timeout: durationField(raw, 'query_timeout', '5s'),
  };
  if (dialect === 'postgresql') out.disable_prepared_statements = raw.disable_prepared_statements ?? false;
  const password = optionalString(raw, 'password');
  if (password !== undefined) out.password = password;
  return out;
}

export function sqlConnector(dialect: SqlDialect, cfg: Record<string, unknown>): SqlConnector {
  const { host, port } = parseServer(cfg.server, DEFAULT_PORT[dialect]);
  const timeout = durationMs(cfg.query_timeout, 5000);
  const user = cfg.username as string;
  const password = (cfg.password as string | undefined) ?? '';
  const database = cfg.database as string;
  const size = cfg.pool_size as number;
  if (dialect === 'mysql') {
    const { text, names } = parameterize(cfg.query as string, () => '?');
    const pool = mysql2().createPool({ host, port, user, password, database, connectionLimit: size, connectTimeout: timeout, enableKeepAlive: true });
    return {
      names,
      async query(values) {
        const [rows] = await withTimeout(pool.execute({ sql: text, timeout }, values), timeout, 'MySQL query');
        return rows as Row[];
      },
      ...pingAndStatus(() => pool.query('SELECT 1'), timeout, 'MySQL connect'),
      close: () => pool.end().catch(() => undefined),
    };
  }
  const { text, names } = parameterize(cfg.query as string, (i) => `$${i}`);
  const pool = new (pgDriver().Pool)({ host, port, user, password, database, max: size, connectionTimeoutMillis: timeout, query_timeout: timeout });
  // an idle client losing its server must not crash the node: the next query reconnects
  pool.on('error', () => undefined);
  const prepared = cfg.disable_prepared_statements !== true;
  const name = `mqdeck_${Math.random().toString(36).slice(2)}`;
  return {
    names,
    async query(values) {
      const q = prepared ? { name, text, values } : { text, values };
      const res = await withTimeout(pool.query(q), timeout, 'PostgreSQL query');
      return res.rows as Row[];
    },
    ...pingAndStatus(() => pool.query('SELECT 1'), timeout, 'PostgreSQL connect'),
    close: () => pool.end().catch(() => undefined),
  };
}
