// The fields EMQX 5.8's SQL connectors share (emqx_connector_schema_lib:relational_db_fields + server + ssl):
// server `host[:port]` with the database's default port, database, username, password (a secret; `file://<path>`
// reads it from a file), pool_size, auto_reconnect (deprecated, accepted and ignored as EMQX does), ssl; and the
// actions' `sql` parameter. Problems are plain sentences naming the field (ApiError 400 from `check`).
import { readFileSync } from 'node:fs';
import { ApiError } from '../../../../errors';
import { isObject } from '../../../../config/tree';

export interface SqlConnectorSettings {
  host: string;
  port: number;
  database: string;
  username: string | undefined;
  password: string | undefined;
  poolSize: number;
  ssl: Record<string, unknown>;
}

const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

/** EMQX parse_server: `host`, `host:port` or `[v6]:port` */
export function parseSqlServer(text: unknown, defaultPort: number): { host: string; port: number } {
  if (typeof text !== 'string' || text.trim() === '') throw bad('server: required field missing');
  const s = text.trim();
  const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(s) ?? /^([^:\s,[\]]+)(?::(\d+))?$/.exec(s);
  const port = m?.[2] === undefined ? defaultPort : Number(m[2]);
  if (!m || !m[1] || !Number.isInteger(port) || port < 1 || port > 65535) throw bad(`server: "${text}" is not a valid host:port`);
  return { host: m[1], port };
}

function secret(v: unknown): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw bad('password: expected text');
  if (!v.startsWith('file://')) return v;
  const path = v.slice('file://'.length);
  try {
    return readFileSync(path, 'utf8').replace(/\n+$/, '');
  } catch {
    throw bad(`password: the file ${path} could not be read`);
  }
}

/** `usernameDefault`: MySQL's is "root"; PostgreSQL's username is required */
export function readSqlConnector(raw: Record<string, unknown>, defaultPort: number, usernameDefault: string | undefined): SqlConnectorSettings {
  const { host, port } = parseSqlServer(raw.server, defaultPort);
  const database = raw.database;
  if (typeof database !== 'string' || database === '') throw bad('database: required field missing');
  const username = raw.username ?? usernameDefault;
  if (username === undefined || username === '') throw bad('username: required field missing');
  if (typeof username !== 'string') throw bad('username: expected text');
  const poolSize = raw.pool_size ?? 8;
  if (typeof poolSize !== 'number' || !Number.isInteger(poolSize) || poolSize < 1) throw bad(`pool_size: expected an integer of at least 1, got ${JSON.stringify(poolSize)}`);
  const ssl = raw.ssl ?? { enable: false };
  if (!isObject(ssl)) throw bad('ssl: expected an object');
  return { host, port, database, username, password: secret(raw.password), poolSize, ssl };
}

/** the action's `sql` (EMQX's default is an insert into t_mqtt_msg; the schema fills it in) */
export function readSql(parameters: Record<string, unknown>): string {
  const sql = parameters.sql;
  if (typeof sql !== 'string' || sql.trim() === '') throw bad('parameters.sql: required field missing');
  return sql;
}
