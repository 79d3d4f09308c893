// The mysql connector and action end to end on a running node against the machine's MariaDB (127.0.0.1:3306, root,
// database `test`): rules insert rows rendered from real MQTT messages; batches become multi-row inserts; a wrong
// password, an unknown database, a missing table and a bad statement give EMQX's statuses with plain reasons; and
// an outage (a proxy in front of MariaDB closes and reopens — the shared server itself is never stopped) keeps the
// messages in the buffer and delivers them once, when the server is back. Each run uses its own tables, dropped after.
import mysql, { type Connection, type RowDataPacket } from 'mysql2/promise';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../../../shared/testing';
import { freePort } from '../mqtt/mosquitto.testing';
import { TcpProxy } from './tcp-proxy.testing';

const SERVER = '127.0.0.1:3306';
const run = `${process.pid}_${Date.now().toString(36)}`;
const tables: string[] = [];
let node: TestNode;
let db: Connection;
const clients: MqttClient[] = [];

beforeAll(async () => {
  node = await startTestNode();
  db = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test', dateStrings: true });
});
afterAll(async () => {
  for (const t of tables) await db.query(`DROP TABLE IF EXISTS ${t}`);
  await db.end();
  await node.close();
});
afterEach(async () => {
  await closeClients(clients.splice(0));
  for (const r of (await api(node, 'GET', '/rules?limit=1000')).body.data ?? []) await api(node, 'DELETE', `/rules/${r.id}`);
  for (const a of (await api(node, 'GET', '/actions')).body ?? []) await api(node, 'DELETE', `/actions/${a.type}:${a.name}?also_delete_dep_actions=true`);
  for (const c of (await api(node, 'GET', '/connectors')).body ?? []) await api(node, 'DELETE', `/connectors/${c.type}:${c.name}`);
});

/** a table of this run (EMQX's t_mqtt_msg shape plus a few columns), dropped after all tests */
async function table(name: string): Promise<string> {
  const t = `mqdeck_${name}_${run}`;
  tables.push(t);
  await db.query(
    `CREATE TABLE ${t} (id INT AUTO_INCREMENT PRIMARY KEY, msgid VARCHAR(64), topic VARCHAR(255), qos INT, payload TEXT,
     temp DOUBLE NULL, extra TEXT NULL, arrived DATETIME NULL, stmt_at DATETIME(6) NULL)`,
  );
  return t;
}

async function rows(t: string): Promise<RowDataPacket[]> {
  const [r] = await db.query<RowDataPacket[]>(`SELECT * FROM ${t} ORDER BY id`);
  return r;
}

async function connector(name: string, extra: Record<string, unknown> = {}) {
  const res = await api(node, 'POST', '/connectors', {
    type: 'mysql',
    name,
    server: SERVER,
    database: 'test',
    username: 'root',
    pool_size: 2,
    resource_opts: { health_check_interval: '200ms' },
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function action(name: string, sql: string, resourceOpts: Record<string, unknown> = {}, parameters: Record<string, unknown> = {}) {
  const res = await api(node, 'POST', '/actions', {
    type: 'mysql',
    name,
    connector: name,
    parameters: { sql, ...parameters },
    resource_opts: { health_check_interval: '200ms', ...resourceOpts },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function rule(id: string, sql: string, actions: string[]) {
  const res = await api(node, 'POST', '/rules', { id, sql, actions });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function publisher(clientId: string): Promise<MqttClient> {
  const c = await connectClient(node.mqttPort, { clientId });
  clients.push(c);
  return c;
}

const metrics = async (id: string) => (await api(node, 'GET', `/actions/${id}/metrics`)).body.metrics as Record<string, number>;
const status = async (kind: 'connectors' | 'actions', id: string) => (await api(node, 'GET', `/${kind}/${id}`)).body as { status: string; status_reason?: string };

describe('mysql through the API', () => {
  test('a rule inserts rows rendered from MQTT messages (prepared statement, one row per message)', async () => {
    const t = await table('single');
    const c = await connector('single', { password: '' });
    expect(c).toMatchObject({ type: 'mysql', name: 'single', status: 'connected', server: SERVER, database: 'test', pool_size: 2 });
    await action(
      'single',
      `insert into ${t}(msgid, topic, qos, payload, temp, extra, arrived) values (\${id}, \${topic}, \${qos}, \${payload}, \${payload.temp}, \${payload.meta}, FROM_UNIXTIME(\${timestamp}/1000))`,
    );
    expect((await status('actions', 'mysql:single')).status).toBe('connected');
    await rule('rule_mysql_single', 'SELECT * FROM "sql/#"', ['mysql:single']);
    const pub = await publisher('mysql-dev');
    await pub.publishAsync('sql/a', JSON.stringify({ temp: 21.5, meta: { k: 'v' } }), { qos: 1 });
    await pub.publishAsync('sql/b', "it's plain text", { qos: 0 });
    await waitFor(async () => (await rows(t)).length === 2, 5000, 'two rows');
    // two connections, sent concurrently: the order of the rows is not the order of the messages
    const [a, b] = (await rows(t)).sort((x, y) => String(x.topic).localeCompare(String(y.topic)));
    expect(a).toMatchObject({ topic: 'sql/a', qos: 1, temp: 21.5, extra: '{"k":"v"}' });
    expect(a.msgid).toMatch(/^[0-9A-F]{32}$/);
    expect(a.arrived).toBeTruthy();
    // a missing value is bound as NULL (EMQX render_prepstmt)
    expect(b).toMatchObject({ topic: 'sql/b', qos: 0, payload: "it's plain text", temp: null, extra: null });
    await waitFor(async () => (await metrics('mysql:single')).success === 2, 5000, 'success counted');
    expect(await metrics('mysql:single')).toMatchObject({ matched: 2, success: 2, failed: 0 });
  });

  test('batch_size > 1: one multi-row insert per batch; missing values are the text "undefined" unless undefined_vars_as_null', async () => {
    const t = await table('batch');
    await connector('batch', { pool_size: 1 });
    // NOW(6) is the statement's start time: rows of one statement share it
    const sql = `INSERT INTO ${t}(msgid, topic, payload, extra, stmt_at) VALUES (\${id}, \${topic}, \${payload}, \${payload.nothing}, NOW(6))`;
    await action('batch', sql, { batch_size: 10, batch_time: '200ms', query_mode: 'sync' });
    await rule('rule_mysql_batch', 'SELECT * FROM "batch/#"', ['mysql:batch']);
    const pub = await publisher('batcher');
    const N = 25;
    await Promise.all(Array.from({ length: N }, (_, i) => pub.publishAsync('batch/x', `m${i}\\'`, { qos: 1 })));
    await waitFor(async () => (await rows(t)).length === N, 10_000, `${N} rows`);
    const all = await rows(t);
    expect(new Set(all.map((r) => r.payload))).toEqual(new Set(Array.from({ length: N }, (_, i) => `m${i}\\'`)));
    const perStatement = new Map<string, number>();
    for (const r of all) perStatement.set(String(r.stmt_at), (perStatement.get(String(r.stmt_at)) ?? 0) + 1);
    console.log(`mysql batch: ${N} rows in ${perStatement.size} statements, sizes ${[...perStatement.values()].join(',')}`);
    expect(perStatement.size).toBeLessThan(N);
    expect(Math.max(...perStatement.values())).toBeGreaterThan(1);
    expect(Math.max(...perStatement.values())).toBeLessThanOrEqual(10);
    // EMQX's batch rows render a missing value as the text 'undefined' (backward compatible) …
    const multi = all.filter((r) => (perStatement.get(String(r.stmt_at)) ?? 0) > 1);
    expect(multi.every((r) => r.extra === 'undefined')).toBe(true);
    await waitFor(async () => (await metrics('mysql:batch')).success === N, 5000, 'success counted');

    // … and as NULL with undefined_vars_as_null
    const t2 = await table('batchnull');
    const put = await api(node, 'PUT', '/actions/mysql:batch', {
      connector: 'batch',
      parameters: { sql: sql.replace(t, t2), undefined_vars_as_null: true },
      resource_opts: { batch_size: 10, batch_time: '200ms', query_mode: 'sync', health_check_interval: '200ms' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await Promise.all(Array.from({ length: 10 }, (_, i) => pub.publishAsync('batch/y', `n${i}`, { qos: 1 })));
    await waitFor(async () => (await rows(t2)).length === 10, 10_000, '10 rows');
    expect((await rows(t2)).every((r) => r.extra === null)).toBe(true);
  });

  test('a wrong password or an unknown database: the connector is disconnected with the server’s reason', async () => {
    const wrong = await api(node, 'POST', '/connectors', { type: 'mysql', name: 'wrongpw', server: SERVER, database: 'test', username: 'root', password: 'nope' });
    expect(wrong.status).toBe(201);
    expect(wrong.body).toMatchObject({ status: 'disconnected', password: '******' });
    expect(wrong.body.status_reason).toMatch(/^Access denied for user 'root'@'[^']+' \(using password: YES\)$/);
    const nodb = await api(node, 'POST', '/connectors', { type: 'mysql', name: 'nodb', server: SERVER, database: `nope_${run}` });
    expect(nodb.body).toMatchObject({ status: 'disconnected', status_reason: `Unknown database 'nope_${run}'` });
    const port = await freePort();
    const refused = await api(node, 'POST', '/connectors', { type: 'mysql', name: 'refused', server: `127.0.0.1:${port}`, database: 'test' });
    expect(refused.body).toMatchObject({ status: 'disconnected', status_reason: 'Connection refused' });
    // the machine's MariaDB has no TLS: asking for it is refused in plain words (the ssl object reaches the driver)
    const tls = await api(node, 'POST', '/connectors', { type: 'mysql', name: 'tls', server: SERVER, database: 'test', ssl: { enable: true, verify: 'verify_none' } });
    expect(tls.body).toMatchObject({ status: 'disconnected', status_reason: 'Server does not support secure connection' });
    const probe = await api(node, 'POST', '/connectors_probe', { type: 'mysql', name: 'p', server: SERVER, database: 'test', password: 'nope' });
    expect(probe.status).toBe(400);
    expect(probe.body.message).toMatch(/Access denied/);
  });

  test('bad fields are refused with a plain sentence and nothing is stored', async () => {
    const res = await api(node, 'POST', '/connectors', { type: 'mysql', name: 'bad', server: '127.0.0.1:99999', database: 'test' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/server/);
    expect((await api(node, 'GET', '/connectors/mysql:bad')).status).toBe(404);
  });

  test('a missing table: the action is disconnected ("Undefined table") until the table exists; dropped later → failed', async () => {
    const t = `mqdeck_late_${run}`;
    tables.push(t);
    await connector('late');
    const a = await action('late', `insert into ${t}(msgid, topic, qos, payload) values (\${id}, \${topic}, \${qos}, \${payload})`);
    expect(a.status).toBe('disconnected');
    expect(a.status_reason).toBe(`Undefined table: Table 'test.${t}' doesn't exist`);
    // the Test button of an action says the same
    const probe = await api(node, 'POST', '/actions_probe', { type: 'mysql', name: 'late', connector: 'late', parameters: { sql: `insert into ${t}(msgid) values (\${id})` } });
    expect(probe.status).toBe(400);
    expect(probe.body.message).toMatch(/^Undefined table: /);
    await db.query(`CREATE TABLE ${t} (msgid VARCHAR(64), topic VARCHAR(255), qos INT, payload TEXT)`);
    await waitFor(async () => (await status('actions', 'mysql:late')).status === 'connected', 5000, 'the action connected once the table exists');
    await rule('rule_mysql_late', 'SELECT * FROM "late/#"', ['mysql:late']);
    const pub = await publisher('late-dev');
    await pub.publishAsync('late/1', 'one', { qos: 1 });
    await waitFor(async () => (await metrics('mysql:late')).success === 1, 5000, 'one row');
    // the table goes away while the action runs: the server refuses the statement, unrecoverable (EMQX: failed)
    await db.query(`DROP TABLE ${t}`);
    await pub.publishAsync('late/2', 'two', { qos: 1 });
    await waitFor(async () => (await metrics('mysql:late')).failed === 1, 5000, 'failed counted');
    expect(await metrics('mysql:late')).toMatchObject({ matched: 2, success: 1, failed: 1, retried: 0 });
    const r = (await api(node, 'GET', '/rules/rule_mysql_late/metrics')).body.metrics;
    expect(r).toMatchObject({ 'actions.success': 1, 'actions.failed': 1 });
  });

  test('a statement with a syntax error: the action is disconnected with MySQL’s words', async () => {
    await connector('syntax');
    const a = await action('syntax', 'insert into (${id}) values nothing');
    expect(a.status).toBe('disconnected');
    expect(a.status_reason).toMatch(/^The SQL statement cannot be prepared: You have an error in your SQL syntax/);
  });
});

describe('outage: the server goes away (a proxy in front of it closes) and comes back', () => {
  test('messages wait in the buffer while it is down and are inserted once when it is back', async () => {
    const t = await table('outage');
    const proxy = new TcpProxy('127.0.0.1', 3306);
    await proxy.up();
    try {
      await connector('outage', { server: proxy.address, pool_size: 2 });
      await action('outage', `insert into ${t}(msgid, topic, payload) values (\${id}, \${topic}, \${payload})`, { request_ttl: '60s' });
      await rule('rule_mysql_outage', 'SELECT * FROM "out/#"', ['mysql:outage']);
      const pub = await publisher('outage-dev');
      const N = 30;
      for (let i = 0; i < 10; i++) await pub.publishAsync('out/1', String(i), { qos: 1 });
      await waitFor(async () => (await rows(t)).length === 10, 15_000, 'the first rows');
      // and acknowledged: a reply still on its way when the proxy cuts would make that insert a retried one
      await waitFor(async () => (await metrics('mysql:outage')).success === 10, 15_000, 'the first rows acknowledged');
      await proxy.down();
      // the pooled connections are lost first, then new ones are refused
      await waitFor(async () => (await status('connectors', 'mysql:outage')).status === 'disconnected', 15_000, 'connector disconnected');
      await waitFor(async () => (await status('connectors', 'mysql:outage')).status_reason === 'Connection refused', 15_000, 'connection refused');
      for (let i = 10; i < N; i++) await pub.publishAsync('out/1', String(i), { qos: 1 });
      let during: Record<string, number> = {};
      await waitFor(
        async () => {
          during = await metrics('mysql:outage');
          return during.matched === N && during.queuing + during.inflight === N - 10;
        },
        15_000,
        'the rest waiting in the buffer',
      ).catch((err: Error) => {
        throw new Error(`${err.message}: ${JSON.stringify(during)}`);
      });
      expect((await rows(t)).length).toBe(10);
      await proxy.up();
      await waitFor(async () => (await rows(t)).length >= N, 10_000, 'every row');
      await waitFor(async () => (await metrics('mysql:outage')).success === N, 15_000, 'every message counted');
      const payloads = (await rows(t)).map((r) => r.payload);
      expect(payloads).toHaveLength(N);
      expect(new Set(payloads).size).toBe(N);
      expect(await status('connectors', 'mysql:outage')).toMatchObject({ status: 'connected' });
      const m = await metrics('mysql:outage');
      console.log(`mysql outage: ${N} published, ${N - 10} buffered while down, ${payloads.length} rows; metrics ${JSON.stringify(m)}`);
      expect(m).toMatchObject({ matched: N, success: N, failed: 0, dropped: 0 });
    } finally {
      await proxy.down();
    }
  }, 90_000);
});
