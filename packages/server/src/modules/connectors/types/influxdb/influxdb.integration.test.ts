// The influxdb connector and action end to end on a running node against a private InfluxDB 1.x (Debian's influxd,
// started here on free loopback ports with its own data dir): a rule writes points rendered from real MQTT messages
// and an InfluxQL query reads them back; batches are one write; a bad write_syntax is refused at create; a missing
// database fails the write (unrecoverable, as EMQX); the server stopping and coming back keeps the messages in the
// buffer and writes them once.
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../../../shared/testing';
import { freePort } from '../mqtt/mosquitto.testing';
import { startInfluxd, type Influxd } from './influxd.testing';

const DB = 'mqdeck';
let node: TestNode;
let influx: Influxd;
const clients: MqttClient[] = [];

beforeAll(async () => {
  [node, influx] = await Promise.all([startTestNode(), startInfluxd()]);
  await influx.query(`CREATE DATABASE ${DB}`);
}, 60_000);
afterAll(async () => {
  await node?.close();
  await influx?.close();
});
afterEach(async () => {
  await closeClients(clients.splice(0));
  for (const r of (await api(node, 'GET', '/rules?limit=1000')).body.data ?? []) await api(node, 'DELETE', `/rules/${r.id}`);
  for (const a of (await api(node, 'GET', '/actions')).body ?? []) await api(node, 'DELETE', `/actions/${a.type}:${a.name}?also_delete_dep_actions=true`);
  for (const c of (await api(node, 'GET', '/connectors')).body ?? []) await api(node, 'DELETE', `/connectors/${c.type}:${c.name}`);
});

async function connector(name: string, parameters: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const res = await api(node, 'POST', '/connectors', {
    type: 'influxdb',
    name,
    server: influx.server,
    pool_size: 2,
    parameters: { influxdb_type: 'influxdb_api_v1', database: DB, ...parameters },
    resource_opts: { health_check_interval: '200ms' },
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function action(name: string, parameters: Record<string, unknown>, resourceOpts: Record<string, unknown> = {}) {
  const res = await api(node, 'POST', '/actions', {
    type: 'influxdb',
    name,
    connector: name,
    parameters,
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

/** the rows of a measurement as objects (time in ms) */
async function points(measurement: string): Promise<Record<string, unknown>[]> {
  const series = await influx.query(`SELECT * FROM "${measurement}"`, DB);
  if (series.length === 0) return [];
  const { columns, values } = series[0];
  return values.map((v) => Object.fromEntries(columns.map((c, i) => [c, v[i]])));
}
const count = async (m: string) => (await points(m)).length;

const metrics = async (id: string) => (await api(node, 'GET', `/actions/${id}/metrics`)).body.metrics as Record<string, number>;
const status = async (kind: 'connectors' | 'actions', id: string) => (await api(node, 'GET', `/${kind}/${id}`)).body as { status: string; status_reason?: string };

describe('influxdb (API v1) through the API', () => {
  test('a rule writes points rendered from MQTT messages; a query reads them back with their types', async () => {
    const c = await connector('single', { username: 'emqx', password: 'secret' });
    expect(c).toMatchObject({ type: 'influxdb', name: 'single', status: 'connected', parameters: { influxdb_type: 'influxdb_api_v1', database: DB, password: '******' } });
    await action('single', {
      write_syntax:
        'mqtt_single,clientid=${clientid},topic=${topic} payload=${payload},int_value=${payload.int_key}i,float_value=${payload.float_key},bool=${payload.bool},label="${payload.label}",undef=${payload.undef}',
      precision: 'ms',
    });
    expect((await status('actions', 'influxdb:single')).status).toBe('connected');
    await rule('rule_influx_single', 'SELECT * FROM "influx/#"', ['influxdb:single']);
    const pub = await publisher('influx-dev');
    const before = Date.now();
    await pub.publishAsync('influx/a', JSON.stringify({ int_key: -123, float_key: 24.5, bool: true, label: 'room "1"' }), { qos: 1 });
    await pub.publishAsync('influx/b', JSON.stringify({ int_key: 7, float_key: 1, bool: 'F', label: 'x' }), { qos: 1 });
    await waitFor(async () => (await count('mqtt_single')) === 2, 10_000, 'two points');
    const [a, b] = (await points('mqtt_single')).sort((x, y) => String(x.topic).localeCompare(String(y.topic)));
    expect(a).toMatchObject({ clientid: 'influx-dev', topic: 'influx/a', int_value: -123, float_value: 24.5, bool: true, label: 'room "1"' });
    expect(JSON.parse(String(a.payload))).toEqual({ int_key: -123, float_key: 24.5, bool: true, label: 'room "1"' });
    expect(a).not.toHaveProperty('undef');
    // the message's timestamp (ms) is the point's time
    expect(Number(a.time)).toBeGreaterThanOrEqual(before - 1000);
    expect(Number(a.time)).toBeLessThanOrEqual(Date.now());
    expect(b).toMatchObject({ topic: 'influx/b', int_value: 7, float_value: 1, bool: false });
    // the field types InfluxDB stored: integer, float, boolean, string (EMQX value_type)
    const keys = await influx.query('SHOW FIELD KEYS FROM "mqtt_single"', DB);
    expect(Object.fromEntries(keys[0].values as [string, string][])).toEqual({ bool: 'boolean', float_value: 'float', int_value: 'integer', label: 'string', payload: 'string' });
    await waitFor(async () => (await metrics('influxdb:single')).success === 2, 5000, 'success counted');
    expect(await metrics('influxdb:single')).toMatchObject({ matched: 2, success: 2, failed: 0 });
  });

  test('batch_size > 1: the points of a batch go in one write; precision s and a timestamp from the payload', async () => {
    await connector('batch');
    await action('batch', { write_syntax: 'mqtt_batch,n=${payload.n} v=${payload.n}i ${payload.ts}', precision: 's' }, { batch_size: 10, batch_time: '200ms', query_mode: 'sync' });
    await rule('rule_influx_batch', 'SELECT * FROM "ib/#"', ['influxdb:batch']);
    const pub = await publisher('batcher');
    const N = 25;
    const t0 = 1_700_000_000;
    await Promise.all(Array.from({ length: N }, (_, i) => pub.publishAsync('ib/x', JSON.stringify({ n: i, ts: t0 + i }), { qos: 1 })));
    await waitFor(async () => (await count('mqtt_batch')) === N, 10_000, `${N} points`);
    const all = await points('mqtt_batch');
    expect(all.map((p) => Number(p.time)).sort((x, y) => x - y)).toEqual(Array.from({ length: N }, (_, i) => (t0 + i) * 1000));
    expect(new Set(all.map((p) => p.v))).toEqual(new Set(Array.from({ length: N }, (_, i) => i)));
    // each write is one request of the buffer: fewer requests than messages (the layer counts messages, not writes)
    const stats = await influx.query("SHOW STATS FOR 'write'");
    const writeReqs = Number(stats[0].values[0][stats[0].columns.indexOf('req')]);
    console.log(`influxdb batch: ${N} points in ${writeReqs} write requests`);
    expect(writeReqs).toBeLessThan(N);
    await waitFor(async () => (await metrics('influxdb:batch')).success === N, 5000, 'success counted');
  });

  test('precision us and ns: the v1 API gets `u` and `ns`; the stored time is the same instant', async () => {
    await connector('us');
    await connector('ns');
    await action('us', { write_syntax: 'mqtt_prec,p=us v=1i ${payload.us}', precision: 'us' });
    await action('ns', { write_syntax: 'mqtt_prec,p=ns v=1i', precision: 'ns' });
    await rule('rule_influx_prec', 'SELECT * FROM "prec/#"', ['influxdb:us', 'influxdb:ns']);
    const pub = await publisher('prec-dev');
    const before = Date.now();
    await pub.publishAsync('prec/1', JSON.stringify({ us: 1_700_000_000_123_456 }), { qos: 1 });
    await waitFor(async () => (await count('mqtt_prec')) === 2, 10_000, 'two points');
    const byP = Object.fromEntries((await points('mqtt_prec')).map((p) => [p.p, Number(p.time)]));
    expect(byP.us).toBe(1_700_000_000_123);
    expect(byP.ns).toBeGreaterThanOrEqual(before - 1000);
    expect(byP.ns).toBeLessThanOrEqual(Date.now());
  });

  test('a write_syntax that is not line protocol is refused at create with a plain sentence; nothing is stored', async () => {
    await connector('bad');
    for (const ws of ['measurement_only', 'm,tag f=1', 'm f= 1', '']) {
      const res = await api(node, 'POST', '/actions', { type: 'influxdb', name: 'bad', connector: 'bad', parameters: { write_syntax: ws } });
      expect(res.status, ws).toBe(400);
      expect(res.body.code).toBe('BAD_REQUEST');
      expect(res.body.message).toMatch(/write_syntax/);
      expect(res.body.message).not.toMatch(/\{"/);
    }
    const res = await api(node, 'POST', '/actions', { type: 'influxdb', name: 'bad', connector: 'bad', parameters: { write_syntax: 'm,tag f=1' } });
    expect(res.body.message).toBe('parameters.write_syntax: Unable to parse InfluxDB line protocol: "m,tag f=1"');
    expect((await api(node, 'GET', '/actions/influxdb:bad')).status).toBe(404);
  });

  test('a database that does not exist: the write is refused by InfluxDB and counted failed (not retried)', async () => {
    await connector('nodb', { database: 'nope_db' });
    await action('nodb', { write_syntax: 'm v=1' });
    await rule('rule_influx_nodb', 'SELECT * FROM "nodb/#"', ['influxdb:nodb']);
    const pub = await publisher('nodb-dev');
    await pub.publishAsync('nodb/1', 'x', { qos: 1 });
    await waitFor(async () => (await metrics('influxdb:nodb')).failed === 1, 5000, 'failed counted');
    expect(await metrics('influxdb:nodb')).toMatchObject({ matched: 1, success: 0, failed: 1, retried: 0 });
  });

  test('nothing listens: the connector is disconnected with "Connection refused"', async () => {
    const port = await freePort();
    const res = await api(node, 'POST', '/connectors', {
      type: 'influxdb',
      name: 'refused',
      server: `127.0.0.1:${port}`,
      parameters: { influxdb_type: 'influxdb_api_v1', database: DB },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'disconnected', status_reason: 'Connection refused' });
    const probe = await api(node, 'POST', '/connectors_probe', {
      type: 'influxdb',
      name: 'p',
      server: `127.0.0.1:${port}`,
      parameters: { influxdb_type: 'influxdb_api_v1', database: DB },
    });
    expect(probe.status).toBe(400);
    expect(probe.body.message).toMatch(/Connection refused/);
  });

  test('API v2 fields are taken as EMQX has them (bucket, org, token masked)', async () => {
    const port = await freePort();
    const res = await api(node, 'POST', '/connectors', {
      type: 'influxdb',
      name: 'v2',
      server: `http://127.0.0.1:${port}/`,
      parameters: { influxdb_type: 'influxdb_api_v2', bucket: 'b', org: 'o', token: 'tok' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ parameters: { influxdb_type: 'influxdb_api_v2', bucket: 'b', org: 'o', token: '******' }, status: 'disconnected' });
    const missing = await api(node, 'POST', '/connectors', { type: 'influxdb', name: 'v2b', parameters: { influxdb_type: 'influxdb_api_v2', bucket: 'b', org: 'o' } });
    expect(missing.status).toBe(400);
  });
});

describe('authentication on (a second influxd with an admin user)', () => {
  let secure: Influxd;
  beforeAll(async () => {
    secure = await startInfluxd({ admin: { username: 'admin', password: 'pw' } });
    await secure.query(`CREATE DATABASE ${DB}`);
  }, 60_000);
  afterAll(async () => {
    await secure?.close();
  });

  test('the right password writes; a wrong one is disconnected with InfluxDB’s words; none is refused at write', async () => {
    const make = async (name: string, auth: Record<string, unknown>) =>
      api(node, 'POST', '/connectors', {
        type: 'influxdb',
        name,
        server: secure.server,
        parameters: { influxdb_type: 'influxdb_api_v1', database: DB, ...auth },
        resource_opts: { health_check_interval: '200ms' },
      });
    const ok = await make('authok', { username: 'admin', password: 'pw' });
    expect(ok.body).toMatchObject({ status: 'connected', parameters: { password: '******' } });
    await action('authok', { write_syntax: 'authm v=1i' });
    await rule('rule_influx_auth', 'SELECT * FROM "auth/#"', ['influxdb:authok']);
    const pub = await publisher('auth-dev');
    await pub.publishAsync('auth/1', 'x', { qos: 1 });
    await waitFor(async () => (await secure.query('SELECT * FROM "authm"', DB)).length === 1, 10_000, 'the point');

    const wrong = await make('authbad', { username: 'admin', password: 'nope' });
    expect(wrong.body).toMatchObject({ status: 'disconnected', status_reason: 'InfluxDB refused the username or password: authorization failed' });

    // without credentials the ping answers (EMQX checks only the connection then), the write is refused: 401
    const none = await make('authnone', {});
    expect(none.body.status).toBe('connected');
    await action('authnone', { write_syntax: 'authm v=2i' });
    await rule('rule_influx_auth2', 'SELECT * FROM "auth2/#"', ['influxdb:authnone']);
    await pub.publishAsync('auth2/1', 'x', { qos: 1 });
    await waitFor(async () => (await metrics('influxdb:authnone')).failed === 1, 5000, 'failed counted');
    expect(await metrics('influxdb:authnone')).toMatchObject({ matched: 1, success: 0, failed: 1, retried: 0 });
  });
});

describe('outage: influxd stops and comes back', () => {
  test('messages wait in the buffer while it is down and are written once when it is back', async () => {
    await connector('outage');
    await action('outage', { write_syntax: 'mqtt_outage,n=${payload} v=1i' }, { request_ttl: '60s' });
    await rule('rule_influx_outage', 'SELECT * FROM "iout/#"', ['influxdb:outage']);
    const pub = await publisher('outage-dev');
    const N = 20;
    for (let i = 0; i < 5; i++) await pub.publishAsync('iout/1', String(i), { qos: 1 });
    await waitFor(async () => (await count('mqtt_outage')) === 5, 10_000, 'the first points');
    await influx.stop();
    await waitFor(async () => (await status('connectors', 'influxdb:outage')).status === 'disconnected', 10_000, 'connector disconnected');
    await waitFor(async () => (await status('connectors', 'influxdb:outage')).status_reason === 'Connection refused', 10_000, 'connection refused');
    for (let i = 5; i < N; i++) await pub.publishAsync('iout/1', String(i), { qos: 1 });
    await waitFor(
      async () => {
        const m = await metrics('influxdb:outage');
        return m.matched === N && m.queuing + m.inflight === N - 5;
      },
      10_000,
      'the rest waiting in the buffer',
    );
    await influx.start();
    await waitFor(async () => (await count('mqtt_outage')) === N, 20_000, 'every point');
    await waitFor(async () => (await metrics('influxdb:outage')).success === N, 10_000, 'every message counted');
    expect(new Set((await points('mqtt_outage')).map((p) => p.n)).size).toBe(N);
    expect(await status('connectors', 'influxdb:outage')).toMatchObject({ status: 'connected' });
    expect((await status('actions', 'influxdb:outage')).status).toBe('connected');
    expect(await metrics('influxdb:outage')).toMatchObject({ matched: N, success: N, failed: 0, dropped: 0 });
  }, 90_000);
});
