// The kinesis connector and action end to end on a running node against kinesalite (a real Kinesis protocol server,
// started here on a free port): rules put records rendered from real MQTT messages (the default `${.}` payload and
// templates), batches become PutRecords calls, a missing stream is `disconnected` with EMQX's sentence,
// an unreachable endpoint is `disconnected` with a plain reason, and an outage (a proxy in front of
// kinesalite closes and reopens) keeps the messages in the buffer and delivers them once.
import { CreateStreamCommand, DescribeStreamCommand, GetRecordsCommand, GetShardIteratorCommand, KinesisClient, ListShardsCommand } from '@aws-sdk/client-kinesis';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../../../shared/testing';
import { startKinesalite, type TestServer } from '../aws/servers.testing';
import { freePort } from '../mqtt/mosquitto.testing';
import { TcpProxy } from '../mysql/tcp-proxy.testing';
import { regionOf, STREAM_INVALID } from '.';

let node: TestNode;
let kin: TestServer;
let ks: KinesisClient;
const clients: MqttClient[] = [];

beforeAll(async () => {
  kin = await startKinesalite();
  ks = new KinesisClient({
    endpoint: kin.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    requestHandler: new NodeHttpHandler(),
  });
  node = await startTestNode();
});

afterAll(async () => {
  ks?.destroy();
  await node?.close();
  await kin?.close();
});

afterEach(async () => {
  await closeClients(clients.splice(0));
  for (const r of (await api(node, 'GET', '/rules?limit=1000')).body.data ?? []) await api(node, 'DELETE', `/rules/${r.id}`);
  for (const a of (await api(node, 'GET', '/actions')).body ?? []) await api(node, 'DELETE', `/actions/${a.type}:${a.name}?also_delete_dep_actions=true`);
  for (const c of (await api(node, 'GET', '/connectors')).body ?? []) await api(node, 'DELETE', `/connectors/${c.type}:${c.name}`);
});

async function createStream(name: string, shards = 1) {
  await ks.send(new CreateStreamCommand({ StreamName: name, ShardCount: shards }));
  await waitFor(async () => (await ks.send(new DescribeStreamCommand({ StreamName: name }))).StreamDescription?.StreamStatus === 'ACTIVE', 5000, 'stream active');
}

/** every record of the stream, all shards, from the start */
async function records(stream: string) {
  const out: { data: string; key: string }[] = [];
  for (const shard of (await ks.send(new ListShardsCommand({ StreamName: stream }))).Shards ?? []) {
    const it = await ks.send(new GetShardIteratorCommand({ StreamName: stream, ShardId: shard.ShardId, ShardIteratorType: 'TRIM_HORIZON' }));
    const got = await ks.send(new GetRecordsCommand({ ShardIterator: it.ShardIterator, Limit: 10_000 }));
    for (const r of got.Records ?? []) out.push({ data: Buffer.from(r.Data ?? []).toString('utf8'), key: r.PartitionKey ?? '' });
  }
  return out;
}

async function connector(name: string, endpoint = kin.endpoint, extra: Record<string, unknown> = {}) {
  const res = await api(node, 'POST', '/connectors', {
    type: 'kinesis',
    name,
    endpoint,
    aws_access_key_id: 'mqdeck',
    aws_secret_access_key: 'secret',
    pool_size: 2,
    resource_opts: { health_check_interval: '200ms', start_timeout: '3s' },
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function action(name: string, parameters: Record<string, unknown>, resourceOpts: Record<string, unknown> = {}) {
  const res = await api(node, 'POST', '/actions', {
    type: 'kinesis',
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

describe('kinesis through the API', () => {
  test('the default payload is the rule output as JSON; templates render data and partition key', async () => {
    await createStream('plain');
    await createStream('templated', 2);
    const c = await connector('plain');
    expect(c).toMatchObject({ type: 'kinesis', status: 'connected', endpoint: kin.endpoint, max_retries: 2, aws_secret_access_key: '******' });
    await action('plain', { stream_name: 'plain', partition_key: '${clientid}' });
    await connector('templated');
    await action('templated', { stream_name: 'templated', partition_key: '${payload.key}', payload_template: '${payload.data}' });
    expect((await status('actions', 'kinesis:plain')).status).toBe('connected');
    await rule('rule_kin', 'SELECT clientid, topic, payload FROM "kin/#"', ['kinesis:plain', 'kinesis:templated']);
    const pub = await publisher('kin-dev');
    await pub.publishAsync('kin/a', '{"key":"my_key", "data":"my_data"}', { qos: 1 });
    await waitFor(async () => (await records('plain')).length === 1 && (await records('templated')).length === 1, 5000, 'the records');
    const [p] = await records('plain');
    expect(p.key).toBe('kin-dev');
    expect(JSON.parse(p.data)).toEqual({ clientid: 'kin-dev', topic: 'kin/a', payload: '{"key":"my_key", "data":"my_data"}' });
    expect(await records('templated')).toEqual([{ data: 'my_data', key: 'my_key' }]);
    await waitFor(async () => (await metrics('kinesis:templated')).success === 1, 5000, 'success counted');
  });

  test('batches go as PutRecords, every record once', async () => {
    await createStream('batched', 3);
    await connector('batched');
    await action('batched', { stream_name: 'batched', partition_key: '${payload}', payload_template: '${payload}' }, { batch_size: 20, batch_time: '200ms', query_mode: 'sync' });
    await rule('rule_kin_batch', 'SELECT * FROM "kbatch/#"', ['kinesis:batched']);
    const pub = await publisher('kin-batch');
    const N = 50;
    await Promise.all(Array.from({ length: N }, (_, i) => pub.publishAsync('kbatch/x', `m${i}`, { qos: 1 })));
    await waitFor(async () => (await metrics('kinesis:batched')).success === N, 10_000, `${N} records`);
    const all = await records('batched');
    expect(all).toHaveLength(N);
    expect(new Set(all.map((r) => r.data))).toEqual(new Set(Array.from({ length: N }, (_, i) => `m${i}`)));
  });

  test('a stream that does not exist: the action is disconnected with the EMQX sentence until the stream exists, its messages fail', async () => {
    await connector('nostream');
    await action('nostream', { stream_name: 'no_such_stream', partition_key: 'k' });
    await waitFor(async () => (await status('actions', 'kinesis:nostream')).status === 'disconnected', 5000, 'action disconnected');
    expect((await status('actions', 'kinesis:nostream')).status_reason).toBe(STREAM_INVALID);
    // a message meanwhile fails with the same sentence (EMQX: unhealthy_target is unrecoverable)
    await rule('rule_kin_nostream', 'SELECT * FROM "kno/#"', ['kinesis:nostream']);
    const pub = await publisher('kin-nostream');
    await pub.publishAsync('kno/1', 'x', { qos: 1 });
    await waitFor(async () => (await metrics('kinesis:nostream')).failed === 1, 5000, 'failed counted');
    // once the stream exists the action becomes connected at its next check
    await createStream('no_such_stream');
    await waitFor(async () => (await status('actions', 'kinesis:nostream')).status === 'connected', 5000, 'action connected');
  });

  test('an endpoint nobody listens on is disconnected with a plain reason; bad input is refused', async () => {
    const port = await freePort();
    await connector('nowhere', `http://127.0.0.1:${port}`, { max_retries: 0 });
    await waitFor(async () => (await status('connectors', 'kinesis:nowhere')).status === 'disconnected', 5000, 'disconnected');
    expect((await status('connectors', 'kinesis:nowhere')).status_reason).toBe('Connection refused');
    const noKey = await api(node, 'POST', '/connectors', { type: 'kinesis', name: 'nokey', endpoint: kin.endpoint, aws_access_key_id: 'k' });
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toMatch(/aws_secret_access_key/);
    expect(regionOf('https://kinesis.eu-west-1.amazonaws.com')).toBe('eu-west-1');
  });
});

describe('outage: kinesalite goes away (a proxy in front of it closes) and comes back', () => {
  test('messages wait in the buffer while it is down and are put once when it is back', async () => {
    await createStream('outage');
    const proxy = new TcpProxy('127.0.0.1', kin.port);
    await proxy.up();
    try {
      await connector('outage', `http://${proxy.address}`, { max_retries: 0 });
      await action('outage', { stream_name: 'outage', partition_key: 'k', payload_template: '${payload}' }, { request_ttl: '60s' });
      await rule('rule_kin_outage', 'SELECT * FROM "kout/#"', ['kinesis:outage']);
      const pub = await publisher('kin-outage');
      for (let i = 0; i < 5; i++) await pub.publishAsync('kout/1', String(i), { qos: 1 });
      await waitFor(async () => (await metrics('kinesis:outage')).success === 5, 10_000, 'the first records');
      await proxy.down();
      await waitFor(async () => (await status('connectors', 'kinesis:outage')).status_reason === 'Connection refused', 15_000, 'connection refused');
      for (let i = 5; i < 15; i++) await pub.publishAsync('kout/1', String(i), { qos: 1 });
      await waitFor(
        async () => {
          const m = await metrics('kinesis:outage');
          return m.matched === 15 && m.queuing + m.inflight === 10;
        },
        15_000,
        'the rest waiting in the buffer',
      );
      await proxy.up();
      await waitFor(async () => (await metrics('kinesis:outage')).success === 15, 15_000, 'every record put');
      const put = (await records('outage')).map((r) => r.data);
      expect(put).toHaveLength(15);
      expect(new Set(put)).toEqual(new Set(Array.from({ length: 15 }, (_, i) => String(i))));
      expect(await metrics('kinesis:outage')).toMatchObject({ matched: 15, success: 15, failed: 0, dropped: 0 });
    } finally {
      await proxy.down();
    }
  }, 60_000);
});
