// The `influxdb` connector type (EMQX 5.8 emqx_bridge_influxdb over the influxdb HTTP client): `pool_size`
// keep-alive HTTP connections to one InfluxDB server, and actions that write the points of the action's
// `write_syntax` (line protocol with placeholders, see line-protocol.ts).
//   parameters.influxdb_type = influxdb_api_v1: POST /write?db=<database>&precision=…, username/password as HTTP
//                              Basic authentication (tested against InfluxDB 1.6 here)
//                            = influxdb_api_v2: POST /api/v2/write?org=…&bucket=…&precision=…, `Authorization: Token`
//                              (the fields and the request as EMQX's; no InfluxDB 2 server here to test against)
//   connector health = GET /ping answers (EMQX is_alive) and, for v1 with a username, a query is allowed (check_auth)
//   write outcome    = 2xx ok; 401 "authorization failure" and any other HTTP status unrecoverable (EMQX
//                      is_unrecoverable_error: every non-2xx status); no answer (refused, reset, timeout) recoverable
//   batches          = the points of the whole batch in one write, as EMQX's on_batch_query
import type { Pool } from 'undici';
import { undici } from '../../../../shared/drivers';
import { ApiError } from '../../../../errors';
import { isObject } from '../../../../config/tree';
import type { ActionInstance, ConnectorInstance, ConnectorType, Health, SendOutcome, TypeContext } from '../../resource/types';
import { errorReason, isRecoverableError } from '../http/outcome';
import { parseSqlServer } from '../mysql/sql-config';
import { compileWriteSyntax, encodePoint, renderPoints, type CompiledLine, type Precision } from './line-protocol';

export const INFLUXDB_DEFAULT_PORT = 8086;
const REQUEST_TIMEOUT_MS = 15_000;
const CONNECT_TIMEOUT_MS = 5_000;

const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

type Api = { version: 'v1'; database: string; username?: string; password?: string } | { version: 'v2'; bucket: string; org: string; token: string };

interface Settings {
  host: string;
  port: number;
  poolSize: number;
  ssl: Record<string, unknown>;
  api: Api;
}

const text = (v: unknown, field: string, required: boolean): string | undefined => {
  if (v === undefined || v === null || v === '') {
    if (required) throw bad(`parameters.${field}: required field missing`);
    return undefined;
  }
  if (typeof v !== 'string') throw bad(`parameters.${field}: expected text`);
  return v;
};

/** EMQX convert_server: an http:// or https:// prefix and a trailing / are accepted and dropped */
function readSettings(config: Record<string, unknown>): Settings {
  const server =
    typeof config.server === 'string'
      ? config.server
          .trim()
          .replace(/^https?:\/\//, '')
          .replace(/\/+$/, '')
      : '127.0.0.1:8086';
  const { host, port } = parseSqlServer(server, INFLUXDB_DEFAULT_PORT);
  const poolSize = config.pool_size ?? 8;
  if (typeof poolSize !== 'number' || !Number.isInteger(poolSize) || poolSize < 1) throw bad(`pool_size: expected an integer of at least 1, got ${JSON.stringify(poolSize)}`);
  const ssl = config.ssl ?? { enable: false };
  if (!isObject(ssl)) throw bad('ssl: expected an object');
  const p = config.parameters;
  if (!isObject(p)) throw bad('parameters: required field missing');
  let api: Api;
  if (p.influxdb_type === 'influxdb_api_v1') {
    api = { version: 'v1', database: text(p.database, 'database', true)!, username: text(p.username, 'username', false), password: text(p.password, 'password', false) };
  } else if (p.influxdb_type === 'influxdb_api_v2') {
    api = { version: 'v2', bucket: text(p.bucket, 'bucket', true)!, org: text(p.org, 'org', true)!, token: text(p.token, 'token', true)! };
  } else {
    throw bad('parameters.influxdb_type: expected influxdb_api_v1 or influxdb_api_v2');
  }
  return { host, port, poolSize, ssl, api };
}

/** InfluxDB's `{"error": "…"}` answer, or the start of whatever it said */
function said(body: string): string {
  try {
    const j = JSON.parse(body) as { error?: unknown; message?: unknown };
    if (typeof j.error === 'string') return j.error;
    if (typeof j.message === 'string') return j.message;
  } catch {
    // not JSON: the text itself
  }
  return body.trim().slice(0, 300);
}

class InfluxConnector implements ConnectorInstance {
  constructor(
    readonly pool: Pool,
    readonly settings: Settings,
  ) {}

  authHeaders(): Record<string, string> {
    const a = this.settings.api;
    if (a.version === 'v2') return { authorization: `Token ${a.token}` };
    if (a.username === undefined) return {};
    return { authorization: `Basic ${Buffer.from(`${a.username}:${a.password ?? ''}`).toString('base64')}` };
  }

  async call(method: 'GET' | 'POST', path: string, body?: string): Promise<{ status: number; body: string }> {
    const res = await this.pool.request({
      method,
      path,
      body,
      headers: { ...this.authHeaders(), ...(body !== undefined ? { 'content-type': 'text/plain; charset=utf-8' } : {}) },
      headersTimeout: REQUEST_TIMEOUT_MS,
      bodyTimeout: REQUEST_TIMEOUT_MS,
    });
    return { status: res.statusCode, body: await res.body.text() };
  }

  async health(): Promise<Health> {
    try {
      const ping = await this.call('GET', '/ping');
      if (ping.status < 200 || ping.status >= 300) return { status: 'disconnected', reason: `InfluxDB answered the ping with HTTP ${ping.status}` };
      const a = this.settings.api;
      if (a.version === 'v1' && a.username !== undefined) {
        const q = await this.call('GET', `/query?q=${encodeURIComponent('SHOW DATABASES')}`);
        if (q.status === 401 || q.status === 403) return { status: 'disconnected', reason: `InfluxDB refused the username or password: ${said(q.body)}` };
      }
      return { status: 'connected' };
    } catch (err) {
      return { status: 'disconnected', reason: errorReason(err) };
    }
  }

  stop(): Promise<void> {
    return this.pool.destroy().catch(() => undefined);
  }
}

/** v1 names microseconds `u`; v2 `us` */
const precisionParam = (api: Api, p: Precision): string => (api.version === 'v1' && p === 'us' ? 'u' : p);

class InfluxAction implements ActionInstance {
  private readonly path: string;

  constructor(
    private readonly connector: InfluxConnector,
    private readonly lines: CompiledLine[],
    private readonly precision: Precision,
  ) {
    const a = connector.settings.api;
    const q = new URLSearchParams(a.version === 'v1' ? { db: a.database, precision: precisionParam(a, precision) } : { org: a.org, bucket: a.bucket, precision });
    this.path = `${a.version === 'v1' ? '/write' : '/api/v2/write'}?${q.toString()}`;
  }

  /** the lines of one rule output; a line that cannot be written (bad timestamp, no field) fails the message */
  render(selected: Record<string, unknown>): string {
    try {
      return renderPoints(this.lines, selected, this.precision).map(encodePoint).join('\n');
    } catch (err) {
      throw new Error(`The message cannot be written to InfluxDB: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async send(requests: unknown[]): Promise<SendOutcome> {
    let res: { status: number; body: string };
    try {
      res = await this.connector.call('POST', this.path, (requests as string[]).join('\n'));
    } catch (err) {
      const reason = errorReason(err);
      return isRecoverableError(err) ? { ok: false, recoverable: true, reason } : { ok: false, recoverable: false, reason };
    }
    if (res.status >= 200 && res.status < 300) return { ok: true };
    if (res.status === 401) return { ok: false, recoverable: false, reason: 'authorization failure' };
    return { ok: false, recoverable: false, reason: `InfluxDB refused the write (HTTP ${res.status}): ${said(res.body)}` };
  }
}

const PRECISIONS: Precision[] = ['ns', 'us', 'ms', 's'];

function readAction(parameters: Record<string, unknown>): { lines: CompiledLine[]; precision: Precision } {
  const ws = parameters.write_syntax;
  if (ws === undefined || ws === null) throw bad('parameters.write_syntax: required field missing');
  if (typeof ws !== 'string' || ws.trim() === '') throw bad("parameters.write_syntax: the value of the field 'write_syntax' cannot be empty");
  const precision = (parameters.precision ?? 'ms') as Precision;
  if (!PRECISIONS.includes(precision)) throw bad(`parameters.precision: expected one of ns, us, ms, s, got ${JSON.stringify(parameters.precision)}`);
  try {
    return { lines: compileWriteSyntax(ws), precision };
  } catch (err) {
    throw bad(`parameters.write_syntax: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function startPool(s: Settings, ctx: TypeContext): Pool {
  const { Pool } = undici();
  const tls = ctx.tls(s.ssl);
  const origin = `${tls ? 'https' : 'http'}://${s.host.includes(':') ? `[${s.host}]` : s.host}:${s.port}`;
  return new Pool(origin, { connections: s.poolSize, connect: { timeout: CONNECT_TIMEOUT_MS, ...(tls ?? {}) } });
}

export const influxdbType: ConnectorType = {
  type: 'influxdb',
  check(config) {
    readSettings(config);
  },
  async start(config, ctx) {
    const settings = readSettings(config);
    const connector = new InfluxConnector(startPool(settings, ctx), settings);
    const health = await connector.health();
    if (health.status !== 'connected') {
      await connector.stop();
      throw new Error(health.reason ?? 'The InfluxDB server cannot be reached');
    }
    ctx.log.info('influxdb connector started', { connector: ctx.connectorId, server: `${settings.host}:${settings.port}`, api: settings.api.version });
    return connector;
  },
  action: {
    batches: true,
    check(parameters) {
      readAction(parameters);
    },
    start(parameters, connector): Promise<ActionInstance> {
      if (!(connector instanceof InfluxConnector)) return Promise.reject(new Error('An influxdb action needs an influxdb connector.'));
      const { lines, precision } = readAction(parameters);
      return Promise.resolve(new InfluxAction(connector, lines, precision));
    },
  },
};
