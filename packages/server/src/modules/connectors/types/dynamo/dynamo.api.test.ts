// The dynamo connector and action end to end on a running node against dynalite (a real DynamoDB protocol server,
// started here on a free port): rules put items rendered from real MQTT messages (the whole rule output, or a JSON
// template), batches become BatchWriteItem calls, a missing key column or table fails the message with a plain
// reason, an unreachable endpoint is `disconnected` with its reason, and an outage (a proxy in front of dynalite
// closes and reopens) keeps the messages in the buffer and delivers them once.
import { CreateTableCommand, DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../../../shared/testing';
import { startDynalite, type TestServer } from '../aws/servers.testing';
import { freePort } from '../mqtt/mosquitto.testing';
import { TcpProxy } from '../mysql/tcp-proxy.testing';

let node: TestNode;
let dyn: TestServer;
let db: DynamoDBClient;
const clients: MqttClient[] = [];

beforeAll(async () => {
  dyn = await startDynalite();
  db = new DynamoDBClient({ endpoint: dyn.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'k', secretAccessKey: 's' } });
  node = await startTestNode();
});

afterAll(async () => {
  db?.destroy();
  await node?.close();
  await dyn?.close();
});

afterEach(async () => {
  await closeClients(clients.splice(0));
  for (const r of (await api(node, 'GET', '/rules?limit=1000')).body.data ?? []) await api(node, 'DELETE', `/rules/${r.id}`);
  for (const a of (await api(node, 'GET', '/actions')).body ?? []) await api(node, 'DELETE', `/actions/${a.type}:${a.name}?also_delete_dep_actions=true`);
  for (const c of (await api(node, 'GET', '/connectors')).body ?? []) await api(node, 'DELETE', `/connectors/${c.type}:${c.name}`);
});

async function createTable(name: string, range = false) {
  await db.send(
    new CreateTableCommand({
      TableName: name,
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }, ...(range ? [{ AttributeName: 'topic', AttributeType: 'S' as const }] : [])],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }, ...(range ? [{ AttributeName: 'topic', KeyType: 'RANGE' as const }] : [])],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
}

const items = async (table: string) => (await db.send(new ScanCommand({ TableName: table }))).Items ?? [];

async function connector(name: string, url = dyn.endpoint) {
  const res = await api(node, 'POST', '/connectors', {
    type: 'dynamo',
    name,
    url,
    region: 'us-east-1',
    aws_access_key_id: 'mqdeck',
    aws_secret_access_key: 'secret',
    pool_size: 2,
    resource_opts: { health_check_interval: '200ms', start_timeout: '3s' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function action(name: string, parameters: Record<string, unknown>, resourceOpts: Record<string, unknown> = {}) {
  const res = await api(node, 'POST', '/actions', {
    type: 'dynamo',
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

const metrics = async (id: string) => (await api(node, 'GET', `/actions/${id}/metrics`)).body.metrics as Record<string, number>;
const status = async (kind: 'connectors' | 'actions', id: string) => (await api(node, 'GET', `/${kind}/${id}`)).body as { status: string; status_reason?: string };

describe('dynamo through the API', () => {
  test('without a template the rule output is the item; with one, the rendered JSON object is', async () => {
    await createTable('whole');
    await createTable('templated', true);
    const c = await connector('whole');
    expect(c).toMatchObject({ type: 'dynamo', name: 'whole', status: 'connected', url: dyn.endpoint, aws_secret_access_key: '******' });
    await action('whole', { table: 'whole', hash_key: 'id' });
    await connector('templated');
    await action('templated', {
      table: 'templated',
      hash_key: 'id',
      range_key: 'topic',
      template: '{"id": "${id}", "topic": "${topic}", "temp": ${payload.temp}, "meta": ${payload.meta}, "none": "${payload.nothing}"}',
    });
    expect((await status('actions', 'dynamo:whole')).status).toBe('connected');
    await rule('rule_dyn_whole', 'SELECT id, topic, qos, payload, clientid FROM "dyn/#"', ['dynamo:whole', 'dynamo:templated']);
    const pub = await publisher('dyn-dev');
    await pub.publishAsync('dyn/a', JSON.stringify({ temp: 21.5, meta: { k: 'v' } }), { qos: 1 });
    await waitFor(async () => (await items('whole')).length === 1 && (await items('templated')).length === 1, 5000, 'the items');
    const [w] = await items('whole');
    expect(w.id.S).toMatch(/^[0-9A-F]{32}$/);
    expect(w).toMatchObject({ topic: { S: 'dyn/a' }, qos: { N: '1' }, clientid: { S: 'dyn-dev' }, payload: { S: '{"temp":21.5,"meta":{"k":"v"}}' } });
    const [t] = await items('templated');
    // a number stays a number, an object is stored as its JSON text, a missing value is the text "undefined"
    expect(t).toEqual({ id: w.id, topic: { S: 'dyn/a' }, temp: { N: '21.5' }, meta: { S: '{"k":"v"}' }, none: { S: 'undefined' } });
    await waitFor(async () => (await metrics('dynamo:templated')).success === 1, 5000, 'success counted');
    expect(await metrics('dynamo:whole')).toMatchObject({ matched: 1, success: 1, failed: 0 });
  });

  test('undefined_vars_as_null writes NULL; batches go as BatchWriteItem', async () => {
    await createTable('batched');
    await connector('batched');
    await action(
      'batched',
      { table: 'batched', hash_key: 'id', template: '{"id": "${id}", "p": "${payload}", "none": "${payload.nothing}"}', undefined_vars_as_null: true },
      { batch_size: 30, batch_time: '200ms', query_mode: 'sync' },
    );
    await rule('rule_dyn_batch', 'SELECT * FROM "batch/#"', ['dynamo:batched']);
    const pub = await publisher('dyn-batch');
    const N = 40;
    await Promise.all(Array.from({ length: N }, (_, i) => pub.publishAsync('batch/x', `m${i}`, { qos: 1 })));
    await waitFor(async () => (await items('batched')).length === N, 10_000, `${N} items`);
    const all = await items('batched');
    expect(new Set(all.map((i) => i.p.S))).toEqual(new Set(Array.from({ length: N }, (_, i) => `m${i}`)));
    expect(all.every((i) => i.none.NULL === true)).toBe(true);
    await waitFor(async () => (await metrics('dynamo:batched')).success === N, 5000, 'success counted');
  });

  test('a message without the hash key, and a missing table, fail with plain reasons', async () => {
    await createTable('keyed');
    await connector('keyed');
    await action('keyed', { table: 'keyed', hash_key: 'id' });
    await rule('rule_dyn_nokey', 'SELECT topic, payload FROM "nokey/#"', ['dynamo:keyed']);
    await connector('notable');
    await action('notable', { table: 'no_such_table', hash_key: 'id' });
    expect((await status('actions', 'dynamo:notable')).status).toBe('connected');
    await rule('rule_dyn_notable', 'SELECT id, topic FROM "notable/#"', ['dynamo:notable']);
    const pub = await publisher('dyn-bad');
    await pub.publishAsync('nokey/1', 'x', { qos: 1 });
    await pub.publishAsync('notable/1', 'x', { qos: 1 });
    await waitFor(async () => (await metrics('dynamo:keyed')).failed === 1, 5000, 'missing key counted failed');
    await waitFor(async () => (await metrics('dynamo:notable')).failed === 1, 5000, 'missing table counted failed');
    expect(await items('keyed')).toHaveLength(0);
    const rules = (await api(node, 'GET', '/rules/rule_dyn_notable/metrics')).body.metrics;
    expect(rules).toMatchObject({ 'actions.failed': 1 });
  });

  test('an endpoint nobody listens on is disconnected with a plain reason; bad input is refused', async () => {
    const port = await freePort();
    const res = await api(node, 'POST', '/connectors', {
      type: 'dynamo',
      name: 'nowhere',
      url: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      aws_access_key_id: 'k',
      aws_secret_access_key: 's',
      resource_opts: { start_timeout: '2s', health_check_interval: '200ms' },
    });
    expect(res.status).toBe(201);
    await waitFor(async () => (await status('connectors', 'dynamo:nowhere')).status === 'disconnected', 5000, 'disconnected');
    expect((await status('connectors', 'dynamo:nowhere')).status_reason).toBe('Connection refused');
    const badUrl = await api(node, 'POST', '/connectors', { type: 'dynamo', name: 'badurl', url: 'ftp://x', region: 'r', aws_access_key_id: 'k', aws_secret_access_key: 's' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.message).toMatch(/url/);
    expect((await api(node, 'GET', '/connectors/dynamo:badurl')).status).toBe(404);
  });
});

describe('outage: dynalite goes away (a proxy in front of it closes) and comes back', () => {
  test('messages wait in the buffer while it is down and are written once when it is back', async () => {
    await createTable('outage');
    const proxy = new TcpProxy('127.0.0.1', dyn.port);
    await proxy.up();
    try {
      await connector('outage', `http://${proxy.address}`);
      await action('outage', { table: 'outage', hash_key: 'id' }, { request_ttl: '60s' });
      await rule('rule_dyn_outage', 'SELECT id, payload FROM "out/#"', ['dynamo:outage']);
      const pub = await publisher('dyn-outage');
      for (let i = 0; i < 5; i++) await pub.publishAsync('out/1', String(i), { qos: 1 });
      await waitFor(async () => (await metrics('dynamo:outage')).success === 5, 10_000, 'the first items');
      await proxy.down();
      await waitFor(async () => (await status('connectors', 'dynamo:outage')).status_reason === 'Connection refused', 15_000, 'connection refused');
      for (let i = 5; i < 15; i++) await pub.publishAsync('out/1', String(i), { qos: 1 });
      await waitFor(
        async () => {
          const m = await metrics('dynamo:outage');
          return m.matched === 15 && m.queuing + m.inflight === 10;
        },
        15_000,
        'the rest waiting in the buffer',
      );
      expect(await items('outage')).toHaveLength(5);
      await proxy.up();
      await waitFor(async () => (await metrics('dynamo:outage')).success === 15, 15_000, 'every message written');
      expect(new Set((await items('outage')).map((i) => i.payload.S)).size).toBe(15);
      expect(await metrics('dynamo:outage')).toMatchObject({ matched: 15, success: 15, failed: 0, dropped: 0 });
      expect((await status('connectors', 'dynamo:outage')).status).toBe('connected');
    } finally {
      await proxy.down();
    }
  }, 60_000);
});
