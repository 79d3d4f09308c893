// The `pgsql` connector type (EMQX 5.8 emqx_bridge_pgsql over emqx_postgresql) and its two variants `timescale`
// and `matrix` (emqx_bridge_timescale, emqx_bridge_matrix: the same connector and action under another name): a
// pool of `pool_size` connections to one PostgreSQL database, and actions that run one SQL statement per output.
//   connector health = `SELECT count(1) AS T` answered (EMQX do_get_status); a failed start is the driver's reason
//   action install   = the statement is prepared (unless disable_prepared_statements): a missing table or a bad
//                      statement fails the install, tried again at the connector's next health check
//   action health    = the statement still parses: a table dropped since is `disconnected`, "Table does not exist"
//                      (EMQX on_get_channel_status)
//   one message      = the named prepared statement executed with `$1…$n` bound (missing → NULL); an unnamed one
//                      when disable_prepared_statements
//   a batch (> 1)    = all rows in one statement, all or nothing. EMQX pipelines one execute per row before a single
//                      Sync (epgsql execute_batch: one implicit transaction); here an `INSERT … VALUES (…)` becomes a
//                      multi-row insert with the parameters numbered on, anything else runs in BEGIN … COMMIT.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { checkout, giveBack } from './checkout';
import { DecodeMemo, MISSING, parseTemplate, valueAt, type Template } from '../../../../shared/template';
import type { ActionInstance, ConnectorInstance, ConnectorType, Health, SendOutcome, TypeContext } from '../../resource/types';
import { readSql, readSqlConnector, type SqlConnectorSettings } from '../mysql/sql-config';
import { parseInsert, prepare, toSqlValue, type Prepared } from '../mysql/sql-template';
import { isPgsqlRecoverable, isUndefinedTable, pgsqlOutcome, pgsqlReason } from './errors';
import { pg as pgDriver } from '../../../../shared/drivers';

export const PGSQL_DEFAULT_PORT = 5432;
const CONNECT_TIMEOUT_MS = 5000;
const HEALTH_TIMEOUT_MS = 10_000;
/** PostgreSQL's limit of bind parameters in one statement */
const MAX_PARAMETERS = 65_535;

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

class PgsqlConnector implements ConnectorInstance {
  constructor(
    readonly pool: pg.Pool,
    readonly preparedStatements: boolean,
  ) {}

  async health(): Promise<Health> {
    try {
      await withTimeout(this.pool.query('SELECT count(1) AS T'), HEALTH_TIMEOUT_MS, 'The PostgreSQL server');
      return { status: 'connected' };
    } catch (err) {
      return { status: 'disconnected', reason: pgsqlReason(err) };
    }
  }

  stop(): Promise<void> {
    return this.pool.end().catch(() => undefined);
  }
}

function poolConfig(s: SqlConnectorSettings, ctx: TypeContext): pg.PoolConfig {
  const tls = ctx.tls(s.ssl);
  return {
    host: s.host,
    port: s.port,
    user: s.username,
    password: s.password ?? '',
    database: s.database,
    max: s.poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    ...(tls ? { ssl: tls } : {}),
  };
}

/** a bound value for pg: bytes that are UTF-8 go as text (pg would send a Buffer in binary format, as bytea) */
function pgValue(v: unknown): unknown {
  const x = toSqlValue(v);
  if (Buffer.isBuffer(x)) {
    const s = x.toString('utf8');
    return Buffer.from(s, 'utf8').equals(x) ? s : x;
  }
  return x;
}

let statements = 0;

/**
 * The server-side name of a statement: from its text, so an action restarted or updated with the same statement
 * reuses what its connections prepared, and a pooled connection never holds one per restart (pg cannot close a
 * named statement on every connection of a pool, as EMQX's on_remove_channel does)
 */
const statementName = (text: string): string => `mqdeck_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/** a rule output as it waits in the buffer: the bound values, in `$n` order */
type PgsqlRequest = unknown[];

class PgsqlAction implements ActionInstance {
  /** the row of a multi-row insert: only when the insert part has no placeholder */
  private readonly row: Template | undefined;
  private readonly insert: string | undefined;
  private readonly batchText = new Map<number, string>();

  constructor(
    private readonly connector: PgsqlConnector,
    private readonly prepared: Prepared,
    sql: string,
    /** the server-side name of the prepared statement; undefined when prepared statements are disabled */
    private readonly name: string | undefined,
  ) {
    const ins = parseInsert(sql);
    if (ins && prepare(ins.insert, 'dollar').vars.length === 0) {
      this.insert = ins.insert;
      this.row = parseTemplate(ins.row);
    }
  }

  render(selected: Record<string, unknown>): PgsqlRequest {
    const memo = new DecodeMemo();
    return this.prepared.vars.map((p) => {
      const v = valueAt(p.path, selected, memo);
      return pgValue(v === MISSING ? undefined : v);
    });
  }

  async send(requests: unknown[]): Promise<SendOutcome> {
    const reqs = requests as PgsqlRequest[];
    try {
      if (reqs.length === 1) await this.connector.pool.query(this.query(reqs[0]));
      else if (this.row && this.prepared.vars.length * reqs.length <= MAX_PARAMETERS) await this.connector.pool.query({ text: this.multiRow(reqs.length), values: reqs.flat() });
      else await this.transaction(reqs);
      return { ok: true };
    } catch (err) {
      return pgsqlOutcome(err);
    }
  }

  /** health: EMQX parses the statement on a connection; only a missing table makes the action disconnected */
  async health(): Promise<Health> {
    const err = await parseOnServer(this.connector.pool, this.prepared.text);
    return err && isUndefinedTable(err) ? { status: 'disconnected', reason: `Table does not exist: ${pgsqlReason(err)}` } : { status: 'connected' };
  }

  private query(values: PgsqlRequest): pg.QueryConfig {
    return this.name ? { name: this.name, text: this.prepared.text, values } : { text: this.prepared.text, values };
  }

  /** `INSERT INTO t (…) values ($1,…,$k),($k+1,…),…` for `n` rows */
  private multiRow(n: number): string {
    let text = this.batchText.get(n);
    if (text === undefined) {
      const rows: string[] = [];
      for (let i = 0; i < n; i++) rows.push(prepare(this.row as Template, 'dollar', 1 + i * this.prepared.vars.length).text);
      text = `${this.insert} values ${rows.join(',')}`;
      if (this.batchText.size < 64) this.batchText.set(n, text);
    }
    return text;
  }

  private async transaction(reqs: PgsqlRequest[]): Promise<void> {
    const client = await checkout(this.connector.pool);
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      try {
        for (const r of reqs) await client.query(this.query(r));
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch((e: Error) => (broken = e));
        throw err;
      }
    } catch (err) {
      broken ??= (err as { code?: string }).code ? undefined : (err as Error);
      throw err;
    } finally {
      giveBack(client, broken);
    }
  }
}

/** the statement parsed (PREPARE … / DEALLOCATE) on one connection: the server's error, or undefined when it parses */
async function parseOnServer(pool: pg.Pool, text: string): Promise<unknown> {
  let client: pg.PoolClient;
  try {
    client = await checkout(pool);
  } catch (err) {
    return err;
  }
  const name = `mqdeck_check_${++statements}`;
  try {
    await client.query(`PREPARE ${name} AS ${text}`);
    await client.query(`DEALLOCATE ${name}`);
    return undefined;
  } catch (err) {
    return err;
  } finally {
    giveBack(client);
  }
}

function pgsqlFamily(type: 'pgsql' | 'timescale' | 'matrix'): ConnectorType {
  return {
    type,
    check(config) {
      readSqlConnector(config, PGSQL_DEFAULT_PORT, undefined);
    },
    async start(config, ctx) {
      const settings = readSqlConnector(config, PGSQL_DEFAULT_PORT, undefined);
      const { Pool } = pgDriver();
      const pool = new Pool(poolConfig(settings, ctx));
      // an idle connection that dies must not take the node down: the pool opens another when one is needed
      pool.on('error', () => undefined);
      const connector = new PgsqlConnector(pool, config.disable_prepared_statements !== true);
      const health = await connector.health();
      if (health.status !== 'connected') {
        await connector.stop();
        throw new Error(health.reason ?? 'The PostgreSQL server cannot be reached');
      }
      ctx.log.info(`${type} connector started`, { connector: ctx.connectorId, server: `${settings.host}:${settings.port}`, pool_size: settings.poolSize });
      return connector;
    },
    action: {
      batches: true,
      check(parameters) {
        readSql(parameters);
      },
      async start(parameters, connector): Promise<ActionInstance> {
        if (!(connector instanceof PgsqlConnector)) throw new Error(`A ${type} action needs a ${type} connector.`);
        const sql = readSql(parameters);
        const prepared = prepare(sql, 'dollar');
        if (connector.preparedStatements) {
          const err = await parseOnServer(connector.pool, prepared.text);
          if (err && isUndefinedTable(err)) throw new Error(`Table does not exist: ${pgsqlReason(err)}`);
          if (err && isPgsqlRecoverable(err)) throw new Error(pgsqlReason(err));
          if (err) throw new Error(`The SQL statement cannot be prepared: ${pgsqlReason(err)}`);
        }
        return new PgsqlAction(connector, prepared, sql, connector.preparedStatements ? statementName(prepared.text) : undefined);
      },
    },
  };
}

export const pgsqlType = pgsqlFamily('pgsql');
export const timescaleType = pgsqlFamily('timescale');
export const matrixType = pgsqlFamily('matrix');
