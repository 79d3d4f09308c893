// The rabbitmq connector, action and source end to end on a running node against the machine's RabbitMQ
// (127.0.0.1:5672, guest/guest): a rule publishes to an exchange and a consumer opened here receives the message with
// its routing key and delivery mode; a message published here to a queue feeds a `$bridges/rabbitmq:<name>` rule
// whose republish reaches an MQTT client; a wrong password is `disconnected` with RabbitMQ's words. Every exchange
// and queue is named for this run and deleted after.
import amqp, { type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../../../shared/testing';
import { CountingProxy } from '../redis/redis.testing';

const run = `${process.pid}.${Date.now().toString(36)}`;
const exchanges: string[] = [];
const queues: string[] = [];
let node: TestNode;
let conn: ChannelModel;
let ch: Channel;
const clients: MqttClient[] = [];

beforeAll(async () => {
  node = await startTestNode();
  conn = await amqp.connect('amqp://guest:guest@127.0.0.1:5672');
  ch = await conn.createChannel();
});
afterAll(async () => {
  for (const q of queues) await ch.deleteQueue(q);
  for (const x of exchanges) await ch.deleteExchange(x);
  await conn.close();
  await node.close();
});
afterEach(async () => {
  await closeClients(clients.splice(0));
  for (const r of (await api(node, 'GET', '/rules?limit=1000')).body.data ?? []) await api(node, 'DELETE', `/rules/${r.id}`);
  for (const a of (await api(node, 'GET', '/actions')).body ?? []) await api(node, 'DELETE', `/actions/${a.type}:${a.name}?also_delete_dep_actions=true`);
  for (const s of (await api(node, 'GET', '/sources')).body ?? []) await api(node, 'DELETE', `/sources/${s.type}:${s.name}?also_delete_dep_actions=true`);
  for (const c of (await api(node, 'GET', '/connectors')).body ?? []) await api(node, 'DELETE', `/connectors/${c.type}:${c.name}`);
});

/** an exchange and a queue bound to it with `key`, collecting what arrives */
async function target(name: string, key: string): Promise<{ exchange: string; queue: string; got: ConsumeMessage[] }> {
  const exchange = `mqdeck.${name}.${run}`;
  const queue = `mqdeck.${name}.${run}`;
  exchanges.push(exchange);
  queues.push(queue);
  await ch.assertExchange(exchange, 'direct', { durable: false, autoDelete: false });
  await ch.assertQueue(queue, { durable: false });
  await ch.bindQueue(queue, exchange, key);
  const got: ConsumeMessage[] = [];
  await ch.consume(queue, (m) => m && got.push(m), { noAck: true });
  return { exchange, queue, got };
}

async function connector(name: string, extra: Record<string, unknown> = {}) {
  const res = await api(node, 'POST', '/connectors', {
    type: 'rabbitmq',
    name,
    server: '127.0.0.1',
    port: 5672,
    username: 'guest',
    password: 'guest',
    pool_size: 2,
    resource_opts: { health_check_interval: '200ms' },
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function action(name: string, parameters: Record<string, unknown>, resourceOpts: Record<string, unknown> = {}) {
  const res = await api(node, 'POST', '/actions', { type: 'rabbitmq', name, connector: name, parameters, resource_opts: { health_check_interval: '200ms', ...resourceOpts } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function rule(id: string, sql: string, actions: unknown[]) {
  const res = await api(node, 'POST', '/rules', { id, sql, actions });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function mqttClient(clientId: string): Promise<MqttClient> {
  const c = await connectClient(node.mqttPort, { clientId });
  clients.push(c);
  return c;
}

const metrics = async (kind: 'actions' | 'sources', id: string) => (await api(node, 'GET', `/${kind}/${id}/metrics`)).body.metrics as Record<string, number>;

describe('rabbitmq action through the API', () => {
  test('a rule publishes to the exchange: the consumer gets the rendered payload, the routing key and persistent delivery', async () => {
    const t = await target('act', 'dev.temp');
    const c = await connector('act');
    expect(c).toMatchObject({ type: 'rabbitmq', name: 'act', status: 'connected', password: '******', virtual_host: '/', heartbeat: '30s' });
    await action('act', { exchange: t.exchange, routing_key: 'dev.${payload.kind}', payload_template: '${clientid}:${payload.v}', delivery_mode: 'persistent' });
    await rule('rule_rmq_act', 'SELECT * FROM "rmq/#"', ['rabbitmq:act']);
    const pub = await mqttClient('dev-1');
    await pub.publishAsync('rmq/1', JSON.stringify({ kind: 'temp', v: 21.5 }), { qos: 1 });
    await waitFor(() => t.got.length === 1, 5000, 'the message at the consumer');
    const [m] = t.got;
    expect(m.content.toString()).toBe('dev-1:21.5');
    expect(m.fields).toMatchObject({ exchange: t.exchange, routingKey: 'dev.temp' });
    expect(m.properties.deliveryMode).toBe(2);
    await waitFor(async () => (await metrics('actions', 'rabbitmq:act')).success === 1, 5000, 'success counted');
    expect(await metrics('actions', 'rabbitmq:act')).toMatchObject({ matched: 1, success: 1, failed: 0 });
  });

  test('defaults: the whole rule output as JSON, non persistent, confirmations awaited; batches of several', async () => {
    const t = await target('defaults', 'k');
    await connector('defaults');
    const a = await action('defaults', { exchange: t.exchange, routing_key: 'k' }, { batch_size: 5, batch_time: '100ms' });
    expect(a.parameters).toMatchObject({ delivery_mode: 'non_persistent', payload_template: '', wait_for_publish_confirmations: true, publish_confirmation_timeout: '30s' });
    await rule('rule_rmq_defaults', 'SELECT clientid, payload, topic FROM "rmqd/#"', ['rabbitmq:defaults']);
    const pub = await mqttClient('dev-2');
    const N = 12;
    await Promise.all(Array.from({ length: N }, (_, i) => pub.publishAsync('rmqd/x', `p${i}`, { qos: 1 })));
    await waitFor(() => t.got.length === N, 5000, `${N} messages`);
    const bodies = t.got.map((m) => JSON.parse(m.content.toString()) as Record<string, unknown>);
    expect(bodies[0]).toEqual({ clientid: 'dev-2', payload: expect.any(String), topic: 'rmqd/x' });
    expect(new Set(bodies.map((b) => b.payload))).toEqual(new Set(Array.from({ length: N }, (_, i) => `p${i}`)));
    expect(t.got.every((m) => m.properties.deliveryMode === 1)).toBe(true);
    await waitFor(async () => (await metrics('actions', 'rabbitmq:defaults')).success === N, 5000, 'success counted');
  });

  test('an exchange that does not exist: the publish is retried (recoverable) until the TTL drops it', async () => {
    await connector('noex');
    await action('noex', { exchange: `mqdeck.none.${run}`, routing_key: 'k' }, { request_ttl: '1s', query_mode: 'sync' });
    await rule('rule_rmq_noex', 'SELECT * FROM "noex/#"', ['rabbitmq:noex']);
    const pub = await mqttClient('dev-3');
    await pub.publishAsync('noex/1', 'x', { qos: 1 });
    await waitFor(async () => (await metrics('actions', 'rabbitmq:noex')).dropped === 1, 10_000, 'dropped when expired');
    expect(await metrics('actions', 'rabbitmq:noex')).toMatchObject({ matched: 1, success: 0, failed: 0, dropped: 1 });
  });

  test('a wrong password or an unknown virtual host: disconnected with RabbitMQ’s words', async () => {
    const wrong = await api(node, 'POST', '/connectors', { type: 'rabbitmq', name: 'wrongpw', server: '127.0.0.1', username: 'guest', password: 'nope' });
    expect(wrong.body.status).toBe('disconnected');
    expect(wrong.body.status_reason).toMatch(/^ACCESS_REFUSED - Login was refused/);
    const vhost = await api(node, 'POST', '/connectors', {
      type: 'rabbitmq',
      name: 'novhost',
      server: '127.0.0.1',
      username: 'guest',
      password: 'guest',
      virtual_host: `nope-${run}`,
    });
    expect(vhost.body.status).toBe('disconnected');
    expect(vhost.body.status_reason).toBe(`RabbitMQ refused the virtual host "nope-${run}": it does not exist or the user may not use it`);
  });
});

describe('rabbitmq source through the API', () => {
  test('a message published to the queue feeds $bridges/rabbitmq:<name>; the rule republishes it to an MQTT client', async () => {
    const queue = `mqdeck.src.${run}`;
    queues.push(queue);
    await ch.assertQueue(queue, { durable: false });
    await connector('src', { pool_size: 1 });
    const s = await api(node, 'POST', '/sources', { type: 'rabbitmq', name: 'src', connector: 'src', parameters: { queue, no_ack: false } });
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    expect(s.body).toMatchObject({ status: 'connected', parameters: { queue, no_ack: false, wait_for_publish_confirmations: true } });
    await rule('rule_rmq_src', 'SELECT payload.v as v, queue, routing_key, exchange FROM "$bridges/rabbitmq:src"', [
      { function: 'republish', args: { topic: 'from/rabbit', payload: '${v}|${queue}|${routing_key}|${exchange}', qos: 1 } },
    ]);
    const sub = await mqttClient('listener');
    const got: string[] = [];
    sub.on('message', (_t, p) => got.push(p.toString()));
    await sub.subscribeAsync('from/rabbit', { qos: 1 });
    ch.sendToQueue(queue, Buffer.from(JSON.stringify({ v: 42 })), { contentType: 'application/json' });
    await waitFor(() => got.length === 1, 5000, 'the republished message');
    expect(got[0]).toBe(`42|${queue}|${queue}|`);
    await waitFor(async () => (await metrics('sources', 'rabbitmq:src')).received === 1, 5000, 'received counted');
    // no_ack false: the node acked it, nothing is left in the queue
    await waitFor(async () => (await ch.checkQueue(queue)).messageCount === 0, 5000, 'the queue empty');
    const q = await ch.checkQueue(queue);
    expect(q).toMatchObject({ messageCount: 0, consumerCount: 1 });
  });

  test('a queue that does not exist: the source is disconnected with RabbitMQ’s words', async () => {
    await connector('noq', { pool_size: 1 });
    const s = await api(node, 'POST', '/sources', { type: 'rabbitmq', name: 'noq', connector: 'noq', parameters: { queue: `mqdeck.none.${run}` } });
    expect(s.status).toBe(201);
    expect(s.body.status).toBe('disconnected');
    expect(s.body.status_reason).toBe(`NOT_FOUND - no queue 'mqdeck.none.${run}' in vhost '/'`);
  });
});

describe('probes (the console’s Test buttons)', () => {
  test('connector, action and source probes: 204 when they work, 400 with RabbitMQ’s words when not', async () => {
    const base = { type: 'rabbitmq', name: 'p', server: '127.0.0.1', username: 'guest' };
    expect((await api(node, 'POST', '/connectors_probe', { ...base, password: 'guest' })).status).toBe(204);
    const bad = await api(node, 'POST', '/connectors_probe', { ...base, password: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/ACCESS_REFUSED/);
    await connector('probe');
    const queue = `mqdeck.probe.${run}`;
    queues.push(queue);
    await ch.assertQueue(queue, { durable: false });
    expect((await api(node, 'POST', '/actions_probe', { type: 'rabbitmq', name: 'pa', connector: 'probe', parameters: { exchange: 'amq.direct', routing_key: 'k' } })).status).toBe(
      204,
    );
    expect((await api(node, 'POST', '/sources_probe', { type: 'rabbitmq', name: 'ps', connector: 'probe', parameters: { queue } })).status).toBe(204);
    const noq = await api(node, 'POST', '/sources_probe', { type: 'rabbitmq', name: 'ps', connector: 'probe', parameters: { queue: `${queue}.none` } });
    expect(noq.status).toBe(400);
    expect(noq.body.message).toMatch(/NOT_FOUND - no queue/);
  });
});

describe('outage: RabbitMQ goes away (a proxy in front of it closes) and comes back', () => {
  test('messages wait in the buffer and are delivered once; the source consumes again on the new connection', async () => {
    const t = await target('outage', 'k');
    const srcQueue = `mqdeck.outsrc.${run}`;
    queues.push(srcQueue);
    await ch.assertQueue(srcQueue, { durable: false });
    const proxy = new CountingProxy('127.0.0.1', 5672);
    await proxy.up();
    try {
      await connector('outage', { port: proxy.port, pool_size: 1 });
      await action('outage', { exchange: t.exchange, routing_key: 'k', payload_template: '${payload}' }, { request_ttl: '60s' });
      expect((await api(node, 'POST', '/sources', { type: 'rabbitmq', name: 'outage', connector: 'outage', parameters: { queue: srcQueue } })).status).toBe(201);
      await rule('rule_rmq_outage', 'SELECT * FROM "rout/#"', ['rabbitmq:outage']);
      await rule('rule_rmq_outsrc', 'SELECT payload FROM "$bridges/rabbitmq:outage"', [{ function: 'republish', args: { topic: 'rout-back', payload: '${payload}', qos: 1 } }]);
      const sub = await mqttClient('outage-listener');
      const back: string[] = [];
      sub.on('message', (_t, p) => back.push(p.toString()));
      await sub.subscribeAsync('rout-back', { qos: 1 });
      const pub = await mqttClient('outage-dev');
      for (let i = 0; i < 5; i++) await pub.publishAsync('rout/1', String(i), { qos: 1 });
      await waitFor(() => t.got.length === 5, 5000, 'the first five');
      await proxy.down();
      await waitFor(async () => (await api(node, 'GET', '/connectors/rabbitmq:outage')).body.status === 'disconnected', 10_000, 'connector disconnected');
      expect((await api(node, 'GET', '/connectors/rabbitmq:outage')).body.status_reason).toBe('Connection refused');
      for (let i = 5; i < 15; i++) await pub.publishAsync('rout/1', String(i), { qos: 1 });
      await waitFor(async () => (await metrics('actions', 'rabbitmq:outage')).matched === 15, 5000, 'all matched');
      expect(t.got.length).toBe(5);
      await proxy.up();
      await waitFor(() => t.got.length >= 15, 15_000, 'the buffered ten');
      await waitFor(async () => (await metrics('actions', 'rabbitmq:outage')).success === 15, 5000, 'all counted');
      const bodies = t.got.map((m) => m.content.toString());
      expect(bodies).toHaveLength(15);
      expect(new Set(bodies)).toEqual(new Set(Array.from({ length: 15 }, (_, i) => String(i))));
      // the source subscribed again on the connection opened after the outage
      await waitFor(async () => (await api(node, 'GET', '/sources/rabbitmq:outage')).body.status === 'connected', 10_000, 'source connected');
      ch.sendToQueue(srcQueue, Buffer.from('after-outage'));
      await waitFor(() => back.includes('after-outage'), 5000, 'the source works again');
    } finally {
      await proxy.down();
    }
  }, 60_000);
});
