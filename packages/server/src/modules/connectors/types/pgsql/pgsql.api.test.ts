// The pgsql connector and action (and the timescale and matrix variants) end to end on a running node against the
// machine's PostgreSQL (127.0.0.1:5432, user postgres, database `test`): rules insert rows rendered from real MQTT
// messages; batches are one statement (a multi-row insert, or one transaction for other statements); an unknown
// role or database, a missing table and a bad statement give EMQX's statuses with plain reasons; and an outage (a
// proxy in front of PostgreSQL closes and reopens — the shared server is never stopped) keeps the messages in the
// buffer and delivers them once when it is back. Each run uses its own tables, dropped after.
import type { MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../../../shared/testing';
import { freePort } from '../mqtt/mosquitto.testing';
import { TcpProxy } from '../mysql/tcp-proxy.testing';

const SERVER = '127.0.0.1:5432';
const run = `${process.pid}_${Date.now().toString(36)}`;
const tables: string[] = [];
let node: TestNode;
let db: pg.Client;
const clients: MqttClient[] = [];

beforeAll(async () => {
  node = await startTestNode();
  db = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });
  await db.connect();
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
    `CREATE TABLE ${t} (id SERIAL PRIMARY KEY, msgid VARCHAR(64) UNIQUE, topic VARCHAR(255), qos INT, payload TEXT,
     temp DOUBLE PRECISION NULL, extra TEXT NULL, arrived TIMESTAMPTZ NULL, stmt_at TIMESTAMPTZ NULL)`,
  );
  return t;
}

async function rows(t: string): Promise<Record<string, unknown>[]> {
  return (await db.query(`SELECT *, stmt_at::text AS stmt FROM ${t} ORDER BY id`)).rows;
}

type Kind = 'pgsql' | 'timescale' | 'matrix';

async function connector(name: string, extra: Record<string, unknown> = {}, type: Kind = 'pgsql') {
  const res = await api(node, 'POST', '/connectors', {
    type,
    name,
    server: SERVER,
    database: 'test',
    username: 'postgres',
    pool_size: 2,
    resource_opts: { health_check_interval: '200ms' },
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function action(name: string, sql: string, resourceOpts: Record<string, unknown> = {}, type: Kind = 'pgsql') {
  const res = await api(node, 'POST', '/actions', {
    type,
    name,
    connector: name,
    parameters: { sql },
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

/** rows per statement: now() is the transaction's start, shared by the rows of one statement */
function statements(all: Record<string, unknown>[]): number[] {
  const per = new Map<string, number>();
  for (const r of all) per.set(String(r.stmt), (per.get(String(r.stmt)) ?? 0) + 1);
  return [...per.values()];
}

const INSERT = (t: string) =>
  `insert into ${t}(msgid, topic, qos, payload, temp, extra, arrived) values (\${id}, \${topic}, \${qos}, \${payload}, \${payload.temp}, \${payload.meta}, TO_TIMESTAMP((\${timestamp} :: bigint)/1000))`;

describe('pgsql through the API', () => {
  test('a rule inserts rows rendered from MQTT messages (named prepared statement, $1..$n bound)', async () => {
    const t = await table('single');
    const c = await connector('single');
    expect(c).toMatchObject({ type: 'pgsql', name: 'single', status: 'connected', server: SERVER, database: 'test', disable_prepared_statements: false });
    await action('single', INSERT(t));
    expect((await status('actions', 'pgsql:single')).status).toBe('connected');
    await rule('rule_pg_single', 'SELECT * FROM "pg/#"', ['pgsql:single']);
    const pub = await publisher('pg-dev');
    await pub.publishAsync('pg/a', JSON.stringify({ temp: 21.5, meta: { k: 'v' } }), { qos: 1 });
    await pub.publishAsync('pg/b', "it's plain text", { qos: 0 });
    await waitFor(async () => (await rows(t)).length === 2, 5000, 'two rows');
    // two connections, sent concurrently: the order of the rows is not the order of the messages
    const [a, b] = (await rows(t)).sort((x, y) => String(x.topic).localeCompare(String(y.topic)));
    expect(a).toMatchObject({ topic: 'pg/a', qos: 1, temp: 21.5, extra: '{"k":"v"}' });
    expect(a.msgid).toMatch(/^[0-9A-F]{32}$/);
    expect(Math.abs((a.arrived as Date).getTime() - Date.now())).toBeLessThan(60_000);
    expect(b).toMatchObject({ topic: 'pg/b', qos: 0, payload: "it's plain text", temp: null, extra: null });
    await waitFor(async () => (await metrics('pgsql:single')).success === 2, 5000, 'success counted');
    expect(await metrics('pgsql:single')).toMatchObject({ matched: 2, success: 2, failed: 0 });
  });

  test('disable_prepared_statements: the statement runs unnamed, the same rows', async () => {
    const t = await table('unnamed');
    await connector('unnamed', { disable_prepared_statements: true });
    await action('unnamed', INSERT(t));
    await rule('rule_pg_unnamed', 'SELECT * FROM "unnamed/#"', ['pgsql:unnamed']);
    const pub = await publisher('pg-unnamed');
    await pub.publishAsync('unnamed/1', '{"temp": 1}', { qos: 1 });
    await waitFor(async () => (await rows(t)).length === 1, 5000, 'one row');
    expect((await rows(t))[0]).toMatchObject({ topic: 'unnamed/1', temp: 1 });
  });

  test('timescale and matrix are the same connector and action under their own names', async () => {
    for (const type of ['timescale', 'matrix'] as const) {
      const t = await table(type);
      const c = await connector(type, {}, type);
      expect(c).toMatchObject({ type, status: 'connected' });
      await action(type, INSERT(t), {}, type);
      await rule(`rule_pg_${type}`, `SELECT * FROM "${type}/#"`, [`${type}:${type}`]);
      const pub = await publisher(`pg-${type}`);
      await pub.publishAsync(`${type}/1`, '{"temp": 2}', { qos: 1 });
      await waitFor(async () => (await rows(t)).length === 1, 5000, `a ${type} row`);
      expect((await rows(t))[0]).toMatchObject({ topic: `${type}/1`, temp: 2 });
    }
  });

  test('batch_size > 1: an INSERT … VALUES becomes one multi-row insert per batch', async () => {
    const t = await table('batch');
    await connector('batch', { pool_size: 1 });
    await action('batch', `INSERT INTO ${t}(msgid, payload, extra, stmt_at) VALUES (\${id}, \${payload}, \${payload.nothing}, now())`, {
      batch_size: 10,
      batch_time: '200ms',
      query_mode: 'sync',
    });
    await rule('rule_pg_batch', 'SELECT * FROM "batch/#"', ['pgsql:batch']);
    const pub = await publisher('pg-batcher');
    const N = 25;
    await Promise.all(Array.from({ length: N }, (_, i) => pub.publishAsync('batch/x', `m${i}'`, { qos: 1 })));
    await waitFor(async () => (await rows(t)).length === N, 10_000, `${N} rows`);
    const all = await rows(t);
    expect(new Set(all.map((r) => r.payload))).toEqual(new Set(Array.from({ length: N }, (_, i) => `m${i}'`)));
    // bound, so a missing value is NULL in batches too (EMQX renders pgsql rows as prepared-statement values)
    expect(all.every((r) => r.extra === null)).toBe(true);
    const sizes = statements(all);
    console.log(`pgsql batch: ${N} rows in ${sizes.length} statements, sizes ${sizes.join(',')}`);
    expect(sizes.length).toBeLessThan(N);
    expect(Math.max(...sizes)).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(10);
    await waitFor(async () => (await metrics('pgsql:batch')).success === N, 5000, 'success counted');
  });

  test('batch_size > 1 with a statement that is not a plain insert: one transaction per batch, all or nothing', async () => {
    const t = await table('upsert');
    await connector('upsert', { pool_size: 1 });
    await action('upsert', `INSERT INTO ${t}(msgid, payload, stmt_at) VALUES (\${payload}, \${payload}, now()) ON CONFLICT (msgid) DO NOTHING`, {
      batch_size: 10,
      batch_time: '200ms',
      query_mode: 'sync',
    });
    await rule('rule_pg_upsert', 'SELECT * FROM "upsert/#"', ['pgsql:upsert']);
    const pub = await publisher('pg-upsert');
    await Promise.all(Array.from({ length: 20 }, (_, i) => pub.publishAsync('upsert/x', `k${i % 15}`, { qos: 1 })));
    await waitFor(async () => (await metrics('pgsql:upsert')).success === 20, 10_000, 'every message counted');
    const all = await rows(t);
    expect(all).toHaveLength(15);
    expect(Math.max(...statements(all))).toBeGreaterThan(1);
  });

  test('an unknown role, an unknown database, nothing listening: disconnected with the server’s words', async () => {
    const role = await api(node, 'POST', '/connectors', { type: 'pgsql', name: 'role', server: SERVER, database: 'test', username: `nobody_${run}`, password: 'x' });
    expect(role.status).toBe(201);
    expect(role.body).toMatchObject({ status: 'disconnected', status_reason: `role "nobody_${run}" does not exist`, password: '******' });
    const nodb = await api(node, 'POST', '/connectors', { type: 'pgsql', name: 'nodb', server: SERVER, database: `nope_${run}`, username: 'postgres' });
    expect(nodb.body).toMatchObject({ status: 'disconnected', status_reason: `database "nope_${run}" does not exist` });
    const port = await freePort();
    const refused = await api(node, 'POST', '/connectors', { type: 'pgsql', name: 'refused', server: `127.0.0.1:${port}`, database: 'test', username: 'postgres' });
    expect(refused.body).toMatchObject({ status: 'disconnected', status_reason: 'Connection refused' });
    // the machine's PostgreSQL has no TLS: asking for it is refused in plain words (the ssl object reaches the driver)
    const tls = await api(node, 'POST', '/connectors', {
      type: 'pgsql',
      name: 'tls',
      server: SERVER,
      database: 'test',
      username: 'postgres',
      ssl: { enable: true, verify: 'verify_none' },
    });
    expect(tls.body).toMatchObject({ status: 'disconnected', status_reason: 'The server does not support SSL connections' });
    const probe = await api(node, 'POST', '/connectors_probe', { type: 'pgsql', name: 'p', server: SERVER, database: `nope_${run}`, username: 'postgres' });
    expect(probe.status).toBe(400);
    expect(probe.body.message).toMatch(/does not exist/);
  });

  test('the username is required (EMQX), with a plain sentence; nothing is stored', async () => {
    const res = await api(node, 'POST', '/connectors', { type: 'pgsql', name: 'nouser', server: SERVER, database: 'test' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/username/);
    expect((await api(node, 'GET', '/connectors/pgsql:nouser')).status).toBe(404);
  });

  test('a missing table: the action is disconnected ("Table does not exist") until it exists, and again once dropped', async () => {
    const t = `mqdeck_late_${run}`;
    tables.push(t);
    await connector('late');
    const a = await action('late', `insert into ${t}(msgid, payload) values (\${id}, \${payload})`);
    expect(a.status).toBe('disconnected');
    expect(a.status_reason).toBe(`Table does not exist: relation "${t}" does not exist`);
    await db.query(`CREATE TABLE ${t} (msgid VARCHAR(64), payload TEXT)`);
    await waitFor(async () => (await status('actions', 'pgsql:late')).status === 'connected', 5000, 'the action connected once the table exists');
    await rule('rule_pg_late', 'SELECT * FROM "late/#"', ['pgsql:late']);
    const pub = await publisher('pg-late');
    await pub.publishAsync('late/1', 'one', { qos: 1 });
    await waitFor(async () => (await metrics('pgsql:late')).success === 1, 5000, 'one row');
    await db.query(`DROP TABLE ${t}`);
    await waitFor(async () => (await status('actions', 'pgsql:late')).status === 'disconnected', 5000, 'the action disconnected');
    expect((await status('actions', 'pgsql:late')).status_reason).toBe(`Table does not exist: relation "${t}" does not exist`);
  });

  test('a statement PostgreSQL refuses when it runs: counted failed, not retried', async () => {
    const t = await table('badvalue');
    await connector('badvalue');
    await action('badvalue', `insert into ${t}(msgid, qos) values (\${id}, \${payload})`);
    await rule('rule_pg_badvalue', 'SELECT * FROM "badvalue/#"', ['pgsql:badvalue']);
    const pub = await publisher('pg-badvalue');
    await pub.publishAsync('badvalue/1', 'not a number', { qos: 1 });
    await waitFor(async () => (await metrics('pgsql:badvalue')).failed === 1, 5000, 'failed counted');
    expect(await metrics('pgsql:badvalue')).toMatchObject({ matched: 1, success: 0, failed: 1, retried: 0 });
  });

  test('a statement with a syntax error: the action is disconnected with PostgreSQL’s words', async () => {
    await connector('syntax');
    const a = await action('syntax', 'insert into (${id}) values nothing');
    expect(a.status).toBe('disconnected');
    expect(a.status_reason).toMatch(/^The SQL statement cannot be prepared: syntax error at or near/);
  });
});

describe('outage: the server goes away (a proxy in front of it closes) and comes back', () => {
  test('messages wait in the buffer while it is down and are inserted once when it is back', async () => {
    const t = await table('outage');
    const proxy = new TcpProxy('127.0.0.1', 5432);
    await proxy.up();
    try {
      await connector('outage', { server: proxy.address, pool_size: 2 });
      await action('outage', `insert into ${t}(msgid, topic, payload) values (\${id}, \${topic}, \${payload})`, { request_ttl: '60s' });
      await rule('rule_pg_outage', 'SELECT * FROM "out/#"', ['pgsql:outage']);
      const pub = await publisher('pg-outage');
      const N = 30;
      for (let i = 0; i < 10; i++) await pub.publishAsync('out/1', String(i), { qos: 1 });
      await waitFor(async () => (await rows(t)).length === 10, 15_000, 'the first rows');
      // and acknowledged: a reply still on its way when the proxy cuts would make that insert a retried one
      await waitFor(async () => (await metrics('pgsql:outage')).success === 10, 15_000, 'the first rows acknowledged');
      await proxy.down();
      await waitFor(async () => (await status('connectors', 'pgsql:outage')).status_reason === 'Connection refused', 15_000, 'connection refused');
      for (let i = 10; i < N; i++) await pub.publishAsync('out/1', String(i), { qos: 1 });
      await waitFor(
        async () => {
          const m = await metrics('pgsql:outage');
          return m.matched === N && m.queuing + m.inflight === N - 10;
        },
        15_000,
        'the rest waiting in the buffer',
      );
      await proxy.up();
      await waitFor(async () => (await metrics('pgsql:outage')).success === N, 10_000, 'every message counted');
      const payloads = (await rows(t)).map((r) => r.payload);
      expect(payloads).toHaveLength(N);
      expect(new Set(payloads).size).toBe(N);
      const m = await metrics('pgsql:outage');
      console.log(`pgsql outage: ${N} published, ${N - 10} buffered while down, ${payloads.length} rows; metrics ${JSON.stringify(m)}`);
      expect(m).toMatchObject({ matched: N, success: N, failed: 0, dropped: 0 });
      expect(await status('connectors', 'pgsql:outage')).toMatchObject({ status: 'connected' });
    } finally {
      await proxy.down();
    }
  }, 90_000);
});
