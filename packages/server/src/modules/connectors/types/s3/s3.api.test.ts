// The s3 connector and action end to end on a running node against s3rver (a real S3 protocol server, started here
// on a free port with its own temp dir): direct uploads write one object per MQTT message (bucket/key/content
// templates), aggregated uploads write CSV objects (multipart) per max_records or time_interval, a missing bucket
// fails direct messages with "S3 error: NoSuchBucket …" and makes an aggregated action `disconnected` "Bucket does not
// exist", and an unreachable endpoint is `disconnected` with a plain reason.
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../../../shared/testing';
import { startS3rver, type TestServer } from '../aws/servers.testing';
import { freePort } from '../mqtt/mosquitto.testing';
import { aggregatedKey } from './config';
import { s3Outcome } from './errors';

let node: TestNode;
let s3srv: TestServer;
let s3: S3Client;
const clients: MqttClient[] = [];

beforeAll(async () => {
  s3srv = await startS3rver();
  s3 = new S3Client({ endpoint: s3srv.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  node = await startTestNode();
});

afterAll(async () => {
  s3?.destroy();
  await node?.close();
  await s3srv?.close();
});

afterEach(async () => {
  await closeClients(clients.splice(0));
  for (const r of (await api(node, 'GET', '/rules?limit=1000')).body.data ?? []) await api(node, 'DELETE', `/rules/${r.id}`);
  for (const a of (await api(node, 'GET', '/actions')).body ?? []) await api(node, 'DELETE', `/actions/${a.type}:${a.name}?also_delete_dep_actions=true`);
  for (const c of (await api(node, 'GET', '/connectors')).body ?? []) await api(node, 'DELETE', `/connectors/${c.type}:${c.name}`);
});

const bucket = (name: string) => s3.send(new CreateBucketCommand({ Bucket: name }));
const keys = async (b: string) => ((await s3.send(new ListObjectsV2Command({ Bucket: b }))).Contents ?? []).map((o) => o.Key!).sort();
const text = async (b: string, key: string) => (await s3.send(new GetObjectCommand({ Bucket: b, Key: key }))).Body!.transformToString();

async function connector(name: string, port = s3srv.port) {
  const res = await api(node, 'POST', '/connectors', {
    type: 's3',
    name,
    host: '127.0.0.1',
    port,
    access_key_id: 'S3RVER',
    secret_access_key: 'S3RVER',
    resource_opts: { health_check_interval: '200ms', start_timeout: '3s' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function action(name: string, parameters: Record<string, unknown>, resourceOpts: Record<string, unknown> = {}) {
  const res = await api(node, 'POST', '/actions', {
    type: 's3',
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

describe('s3 direct uploads', () => {
  test('one object per message: bucket, key and content rendered', async () => {
    await bucket('direct-a');
    const c = await connector('direct');
    expect(c).toMatchObject({ type: 's3', status: 'connected', host: '127.0.0.1', secret_access_key: '******' });
    await action('direct', { mode: 'direct', bucket: '${payload.bucket}', key: '${clientid}/${topic}', content: '${payload.data}', acl: 'private' });
    await connector('whole');
    await action('whole', { mode: 'direct', bucket: 'direct-a', key: 'whole/${id}' });
    await rule('rule_s3_direct', 'SELECT clientid, topic, id, payload FROM "s3/#"', ['s3:direct', 's3:whole']);
    const pub = await publisher('s3-dev');
    await pub.publishAsync('s3/t1', JSON.stringify({ bucket: 'direct-a', data: 'hello' }), { qos: 1 });
    await pub.publishAsync('s3/t2', JSON.stringify({ bucket: 'direct-a', data: { n: 1 } }), { qos: 1 });
    await waitFor(async () => (await keys('direct-a')).length === 4, 5000, 'four objects');
    const all = await keys('direct-a');
    expect(all.filter((k) => !k.startsWith('whole/'))).toEqual(['s3-dev/s3/t1', 's3-dev/s3/t2']);
    expect(await text('direct-a', 's3-dev/s3/t1')).toBe('hello');
    expect(await text('direct-a', 's3-dev/s3/t2')).toBe('{"n":1}');
    // the default content `${.}`: the rule output as JSON
    const whole = JSON.parse(
      await text(
        'direct-a',
        all.find((k) => k.startsWith('whole/'))!,
      ),
    );
    expect(whole).toMatchObject({ clientid: 's3-dev', topic: expect.stringMatching(/^s3\/t[12]$/) });
    await waitFor(async () => (await metrics('s3:direct')).success === 2, 5000, 'success counted');
  });

  test('a bucket that does not exist fails the message with S3 words; a bucket placeholder without a value too', async () => {
    await connector('nobucket');
    await action('nobucket', { mode: 'direct', bucket: '${payload.bucket}', key: 'k' });
    expect((await status('actions', 's3:nobucket')).status).toBe('connected');
    await rule('rule_s3_nobucket', 'SELECT * FROM "nob/#"', ['s3:nobucket']);
    const pub = await publisher('s3-nob');
    await pub.publishAsync('nob/1', JSON.stringify({ bucket: 'no-such-bucket' }), { qos: 1 });
    await pub.publishAsync('nob/2', 'not json', { qos: 1 });
    await waitFor(async () => (await metrics('s3:nobucket')).failed === 2, 5000, 'both failed');
    expect(await metrics('s3:nobucket')).toMatchObject({ matched: 2, success: 0, failed: 2 });
    // the words the failure carries (S3's own answer to the same upload)
    const err: unknown = await s3.send(new PutObjectCommand({ Bucket: 'no-such-bucket', Key: 'k', Body: 'x' })).catch((e: unknown) => e);
    expect(s3Outcome(err)).toEqual({ ok: false, recoverable: false, reason: 'S3 error: NoSuchBucket The specified bucket does not exist' });
  });

  test('an endpoint nobody listens on is disconnected with a plain reason; bad input is refused', async () => {
    const port = await freePort();
    await connector('nowhere', port);
    await waitFor(async () => (await status('connectors', 's3:nowhere')).status === 'disconnected', 5000, 'disconnected');
    expect((await status('connectors', 's3:nowhere')).status_reason).toBe('Connection refused');
    await connector('badact');
    const res = await api(node, 'POST', '/actions', {
      type: 's3',
      name: 'badact',
      connector: 'badact',
      parameters: { mode: 'aggregated', bucket: 'b', key: '${clientid}', container: { type: 'csv' }, aggregation: {} },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Template placeholders are disallowed: clientid/);
    expect((await api(node, 'GET', '/actions/s3:badact')).status).toBe(404);
  });
});

describe('s3 aggregated uploads', () => {
  test('the key gets the required parts appended', () => {
    const parts = aggregatedKey('prefix/${action}')
      .filter((p) => typeof p !== 'string')
      .map((p) => (typeof p === 'string' ? p : p.name));
    expect(parts).toEqual(['action', 'node', 'datetime.rfc3339utc', 'sequence']);
  });

  test('max_records closes an object at once; the CSV has the columns in order; the rest goes at time_interval', async () => {
    await bucket('aggreg');
    await connector('aggreg');
    await action(
      'aggreg',
      {
        mode: 'aggregated',
        bucket: 'aggreg',
        key: 'data/${action}/${node}/${datetime.unix}_N${sequence}.csv',
        container: { type: 'csv', column_order: ['clientid', 'topic'] },
        aggregation: { max_records: 5, time_interval: '2s' },
      },
      { batch_size: 10, batch_time: '50ms' },
    );
    expect((await status('actions', 's3:aggreg')).status).toBe('connected');
    await rule('rule_s3_aggreg', 'SELECT clientid, topic, payload, qos FROM "agg/#"', ['s3:aggreg']);
    const pub = await publisher('agg-dev');
    for (let i = 0; i < 7; i++) await pub.publishAsync(`agg/${i}`, i === 3 ? 'has,comma "q"' : `p${i}`, { qos: 1 });
    // five records make one object at once; the others wait for their interval's end (7 messages may straddle an
    // interval boundary, so there are two objects or more, each with at most 5 records)
    await waitFor(async () => (await keys('aggreg')).length >= 1, 5000, 'the first object');
    const csvText = async () => (await Promise.all((await keys('aggreg')).map((k) => text('aggreg', k)))).join('');
    const rowCount = async () => (await csvText()).split('\n').filter((l) => l !== '' && !l.startsWith('clientid,')).length;
    await waitFor(async () => (await rowCount()) === 7, 8000, 'every record uploaded at the interval end');
    const objects = await keys('aggreg');
    expect(objects.length).toBeGreaterThanOrEqual(2);
    for (const k of objects) expect((await text('aggreg', k)).split('\n').filter((l) => l !== '').length - 1).toBeLessThanOrEqual(5);
    for (const k of objects) expect(k).toMatch(/^data\/aggreg\/[^/]+@[^/]+\/\d+_N\d\.csv$/);
    const csv = await csvText();
    const lines = csv.split('\n').filter((l) => l !== '');
    const header = lines.filter((l) => l.startsWith('clientid,'));
    expect(header).toEqual(objects.map(() => 'clientid,topic,payload,qos'));
    const rows = lines.filter((l) => !l.startsWith('clientid,'));
    expect(rows).toHaveLength(7);
    expect(rows).toContain('agg-dev,agg/0,p0,1');
    expect(rows).toContain('agg-dev,agg/3,"has,comma ""q""",1');
    expect(await metrics('s3:aggreg')).toMatchObject({ matched: 7, success: 7, failed: 0 });
  }, 30_000);

  test('a bucket that does not exist: the aggregated action is disconnected "Bucket does not exist"', async () => {
    await connector('aggnob');
    await action('aggnob', { mode: 'aggregated', bucket: 'absent-bucket', key: 'k', container: { type: 'csv' }, aggregation: { time_interval: '1h' } });
    await waitFor(async () => (await status('actions', 's3:aggnob')).status === 'disconnected', 5000, 'disconnected');
    expect((await status('actions', 's3:aggnob')).status_reason).toBe('Bucket does not exist');
  });
});
