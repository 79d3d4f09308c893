// The `clickhouse` connector type (EMQX 5.8 emqx_bridge_clickhouse over ClickHouse's HTTP interface): `pool_size`
// keep-alive connections to the server's `url`, every statement POSTed as the request body with the connector's
// `database`, user and password (EMQX's client does the same over HTTP).
//   connector health = `SELECT 1` answered within connect_timeout (EMQX detailed_status); a wrong password or an
//                      unknown database is disconnected with ClickHouse's own sentence
//   one message      = the `sql` template rendered as text (see sql.ts)
//   a batch          = one INSERT with the rows of every message joined by batch_value_separator
//   outcome          = HTTP 200 ok; any answer with an error status is unrecoverable (a SQL error, a missing table:
//                      EMQX to_error_tuple); no answer (refused, closed, reset, timeout) is recoverable
import type { Pool } from 'undici';
import { undici } from '../../../../shared/drivers';
import { ApiError } from '../../../../errors';
import { parseDuration } from '../../../../config/units';
import type { ActionInstance, ConnectorInstance, ConnectorType, Health, SendOutcome, TypeContext } from '../../resource/types';
import { errorReason, isRecoverableError } from '../http/outcome';
import { batchSql, compileSql, renderRequest, type ClickhouseRequest, type ClickhouseTemplates } from './sql';

const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);
const REQUEST_TIMEOUT_MS = 30_000;

interface Settings {
  origin: string;
  /** the url's path (EMQX keeps it: a proxy in front of ClickHouse may need one) */
  path: string;
  database: string;
  username: string;
  password: string;
  poolSize: number;
  connectTimeoutMs: number;
}

function readSettings(config: Record<string, unknown>): Settings {
  const raw = config.url;
  if (typeof raw !== 'string' || raw.trim() === '') throw bad('url: required field missing');
  let url: URL;
  try {
    url = new URL(raw.includes('://') ? raw : `http://${raw}`);
  } catch {
    throw bad(`url: "${raw}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw bad(`url: "${raw}" must start with http:// or https://`);
  if (url.search !== '') throw bad('url: There must be no query in the url');
  const database = config.database;
  if (typeof database !== 'string' || database === '') throw bad('database: required field missing');
  const username = config.username ?? 'default';
  if (typeof username !== 'string') throw bad('username: expected text');
  // EMQX's default when no password is set
  const password = config.password ?? 'public';
  if (typeof password !== 'string') throw bad('password: expected text');
  const poolSize = config.pool_size ?? 8;
  if (typeof poolSize !== 'number' || !Number.isInteger(poolSize) || poolSize < 1) throw bad(`pool_size: expected an integer of at least 1, got ${JSON.stringify(poolSize)}`);
  const ms = parseDuration(config.connect_timeout ?? '15s');
  if (ms === undefined || ms === null || ms <= 0) throw bad(`connect_timeout: expected a duration such as "15s", got ${JSON.stringify(config.connect_timeout)}`);
  return { origin: url.origin, path: url.pathname, database, username, password, poolSize, connectTimeoutMs: ms };
}

/** ClickHouse's error text: `Code: 60, e.displayText() = DB::Exception: Table x doesn't exist., e.what() = …` (18.x)
 * or `Code: 60. DB::Exception: Table x doesn't exist. (UNKNOWN_TABLE) (version …)` (newer) → the sentence */
export function clickhouseSaid(body: string): string {
  const m = /DB::Exception: ([\s\S]*?)(?:, e\.what\(\) = |\s+\([A-Z_]+\)(?: \(version [^)]*\))?\s*$|\s*$)/.exec(body);
  return (m ? m[1] : body).trim().slice(0, 500) || 'no answer text';
}

class ClickhouseConnector implements ConnectorInstance {
  constructor(
    private readonly pool: Pool,
    readonly settings: Settings,
  ) {}

  async query(sql: string, timeoutMs = REQUEST_TIMEOUT_MS): Promise<{ status: number; body: string }> {
    const s = this.settings;
    const res = await this.pool.request({
      method: 'POST',
      path: `${s.path}?${new URLSearchParams({ database: s.database }).toString()}`,
      body: sql,
      headers: { 'x-clickhouse-user': s.username, 'x-clickhouse-key': s.password, 'content-type': 'text/plain; charset=utf-8' },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    return { status: res.statusCode, body: await res.body.text() };
  }

  async health(): Promise<Health> {
    try {
      const res = await this.query('SELECT 1', this.settings.connectTimeoutMs);
      if (res.status === 200) return { status: 'connected' };
      return { status: 'disconnected', reason: clickhouseSaid(res.body) };
    } catch (err) {
      return { status: 'disconnected', reason: errorReason(err) };
    }
  }

  stop(): Promise<void> {
    return this.pool.destroy().catch(() => undefined);
  }
}

class ClickhouseAction implements ActionInstance {
  constructor(
    private readonly connector: ClickhouseConnector,
    private readonly templates: ClickhouseTemplates,
  ) {}

  render(selected: Record<string, unknown>): ClickhouseRequest {
    return renderRequest(this.templates, selected);
  }

  async send(requests: unknown[]): Promise<SendOutcome> {
    const sql = batchSql(requests as ClickhouseRequest[]);
    let res: { status: number; body: string };
    try {
      res = await this.connector.query(sql);
    } catch (err) {
      const reason = errorReason(err);
      return isRecoverableError(err) ? { ok: false, recoverable: true, reason } : { ok: false, recoverable: false, reason };
    }
    if (res.status === 200 || res.status === 204) return { ok: true };
    return { ok: false, recoverable: false, reason: clickhouseSaid(res.body) };
  }
}

function readAction(parameters: Record<string, unknown>): { sql: string; separator: string; nullForMissing: boolean } {
  const sql = parameters.sql;
  if (typeof sql !== 'string' || sql.trim() === '') throw bad('parameters.sql: required field missing');
  const separator = parameters.batch_value_separator ?? ', ';
  if (typeof separator !== 'string') throw bad('parameters.batch_value_separator: expected text');
  return { sql, separator, nullForMissing: parameters.undefined_vars_as_null === true };
}

function startPool(s: Settings, ctx: TypeContext): Pool {
  const { Pool } = undici();
  ctx.log.info('clickhouse connector starting', { connector: ctx.connectorId, url: s.origin + s.path, database: s.database, pool_size: s.poolSize });
  return new Pool(s.origin, { connections: s.poolSize, connect: { timeout: s.connectTimeoutMs } });
}

export const clickhouseType: ConnectorType = {
  type: 'clickhouse',
  check(config) {
    readSettings(config);
  },
  async start(config, ctx) {
    const settings = readSettings(config);
    const connector = new ClickhouseConnector(startPool(settings, ctx), settings);
    const health = await connector.health();
    if (health.status !== 'connected') {
      await connector.stop();
      throw new Error(health.reason ?? 'The ClickHouse server cannot be reached');
    }
    return connector;
  },
  action: {
    batches: true,
    check(parameters) {
      readAction(parameters);
    },
    start(parameters, connector): Promise<ActionInstance> {
      if (!(connector instanceof ClickhouseConnector)) return Promise.reject(new Error('A clickhouse action needs a clickhouse connector.'));
      const { sql, separator, nullForMissing } = readAction(parameters);
      // EMQX prepares the templates when the channel is added: a statement that is not an INSERT fails the install
      return Promise.resolve(new ClickhouseAction(connector, compileSql(sql, separator, nullForMissing)));
    },
  },
};
