// The `mysql` connector type (EMQX 5.8 emqx_bridge_mysql over emqx_mysql): a pool of `pool_size` connections to
// one MySQL/MariaDB database, and actions that run one SQL statement per rule output.
//   connector health  = `SELECT count(1) AS T` answered (EMQX do_get_status); a failed start is the driver's reason
//   action install    = the statement is prepared; a missing table fails the install ("Undefined table" in EMQX)
//                       and the layer tries again at the connector's next health check
//   one message       = the prepared statement executed with the placeholders' values bound (missing → NULL)
//   a batch (> 1)     = an `INSERT … VALUES (…)` becomes one multi-row insert, values written as escaped literals
//                       (EMQX on_batch_insert: a missing value is the text 'undefined' unless undefined_vars_as_null)
import type { Pool, PoolOptions, SslOptions } from 'mysql2/promise';
import { mysql2 } from '../../../../shared/drivers';
import { DecodeMemo, MISSING, parseTemplate, valueAt, type Template } from '../../../../shared/template';
import type { ActionInstance, ConnectorInstance, ConnectorType, Health, SendOutcome, TypeContext } from '../../resource/types';
import { isMissingTable, mysqlOutcome, mysqlReason } from './errors';
import { readSql, readSqlConnector, type SqlConnectorSettings } from './sql-config';
import { mysqlLiteral, parseInsert, prepare, toSqlValue, type Prepared } from './sql-template';

export const MYSQL_DEFAULT_PORT = 3306;
const CONNECT_TIMEOUT_MS = 5000;
const HEALTH_TIMEOUT_MS = 10_000;

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

class MysqlConnector implements ConnectorInstance {
  constructor(readonly pool: Pool) {}

  async health(): Promise<Health> {
    try {
      await withTimeout(this.pool.query('SELECT count(1) AS T'), HEALTH_TIMEOUT_MS, 'The MySQL server');
      return { status: 'connected' };
    } catch (err) {
      return { status: 'disconnected', reason: mysqlReason(err) };
    }
  }

  stop(): Promise<void> {
    return this.pool.end().catch(() => undefined);
  }
}

function poolOptions(s: SqlConnectorSettings, ctx: TypeContext): PoolOptions {
  const tls = ctx.tls(s.ssl);
  return {
    host: s.host,
    port: s.port,
    user: s.username,
    password: s.password ?? '',
    database: s.database,
    connectionLimit: s.poolSize,
    maxIdle: s.poolSize,
    connectTimeout: CONNECT_TIMEOUT_MS,
    enableKeepAlive: true,
    // EMQX's mysql driver hands DATETIME etc. back as they are; nothing is read back here except the health check
    dateStrings: true,
    // mysql2 reads the TLS context fields (ca, cert, key, passphrase, versions) and rejectUnauthorized from it
    ...(tls ? { ssl: tls as SslOptions } : {}),
  };
}

interface BatchTemplate {
  insert: string;
  row: Template;
  /** where the row's placeholders start among the statement's (the insert part may have some, left as text) */
  offset: number;
}

/** a rule output as it waits in the buffer: the placeholders' values, unconverted (single and batch differ) */
type MysqlRequest = unknown[];

class MysqlAction implements ActionInstance {
  private readonly batch: BatchTemplate | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly prepared: Prepared,
    sql: string,
    private readonly undefinedAs: 'undefined' | 'NULL',
  ) {
    const ins = parseInsert(sql);
    if (ins) {
      const insertVars = prepare(ins.insert, 'question').vars.length;
      this.batch = { insert: ins.insert, row: parseTemplate(ins.row), offset: insertVars };
    }
  }

  render(selected: Record<string, unknown>): MysqlRequest {
    const memo = new DecodeMemo();
    return this.prepared.vars.map((p) => {
      const v = valueAt(p.path, selected, memo);
      return v === MISSING ? undefined : v;
    });
  }

  async send(requests: unknown[]): Promise<SendOutcome> {
    const reqs = requests as MysqlRequest[];
    if (reqs.length === 1) return this.execute(reqs[0]);
    if (this.batch) return this.insertRows(this.batch, reqs);
    // EMQX refuses to install a non-insert statement when batch_size > 1; this type does not see batch_size, so a
    // batch of such statements runs one by one (a failure stops the batch: its outcome is the batch's)
    for (const r of reqs) {
      const outcome = await this.execute(r);
      if (!outcome.ok) return outcome;
    }
    return { ok: true };
  }

  private async execute(values: MysqlRequest): Promise<SendOutcome> {
    try {
      await this.pool.execute(this.prepared.text, values.map(toSqlValue));
      return { ok: true };
    } catch (err) {
      return mysqlOutcome(err);
    }
  }

  private async insertRows(b: BatchTemplate, reqs: MysqlRequest[]): Promise<SendOutcome> {
    const rows = reqs.map((values) => {
      let i = b.offset;
      let out = '';
      for (const part of b.row) out += typeof part === 'string' ? part : mysqlLiteral(values[i++], this.undefinedAs);
      return out;
    });
    try {
      await this.pool.query(`${b.insert} values ${rows.join(',')}`);
      return { ok: true };
    } catch (err) {
      return mysqlOutcome(err);
    }
  }
}

/** EMQX prepares the statement when the action is installed: a missing table or a bad statement is refused there */
async function checkPrepare(pool: Pool, text: string): Promise<void> {
  const conn = await pool.getConnection().catch((err: unknown) => {
    throw new Error(mysqlReason(err));
  });
  try {
    await conn.prepare(text);
  } catch (err) {
    if (isMissingTable(err)) throw new Error(`Undefined table: ${mysqlReason(err)}`);
    throw new Error(`The SQL statement cannot be prepared: ${mysqlReason(err)}`);
  } finally {
    conn.release();
  }
}

export const mysqlType: ConnectorType = {
  type: 'mysql',
  check(config) {
    readSqlConnector(config, MYSQL_DEFAULT_PORT, 'root');
  },
  async start(config, ctx) {
    const settings = readSqlConnector(config, MYSQL_DEFAULT_PORT, 'root');
    const mysql = mysql2();
    const pool = mysql.createPool(poolOptions(settings, ctx));
    // a connection that dies while idle must not take the node down: the pool opens another when one is needed
    pool.pool.on('connection', (conn) => conn.on('error', () => undefined));
    const connector = new MysqlConnector(pool);
    const health = await connector.health();
    if (health.status !== 'connected') {
      await connector.stop();
      throw new Error(health.reason ?? 'The MySQL server cannot be reached');
    }
    ctx.log.info('mysql connector started', { connector: ctx.connectorId, server: `${settings.host}:${settings.port}`, pool_size: settings.poolSize });
    return connector;
  },
  action: {
    batches: true,
    check(parameters) {
      readSql(parameters);
    },
    async start(parameters, connector): Promise<ActionInstance> {
      if (!(connector instanceof MysqlConnector)) throw new Error('A mysql action needs a mysql connector.');
      const sql = readSql(parameters);
      const prepared = prepare(sql, 'question');
      await checkPrepare(connector.pool, prepared.text);
      return new MysqlAction(connector.pool, prepared, sql, parameters.undefined_vars_as_null === true ? 'NULL' : 'undefined');
    },
  },
};
