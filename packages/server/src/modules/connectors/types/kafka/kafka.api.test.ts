// The Kafka-protocol types on a running node, without a Kafka server (there is none on this machine): connectors
// of all four types whose brokers do not listen are `disconnected` "Connection refused"; their actions and sources
// are not installed and say why; messages of a rule wait in the action's buffer; bad fields are refused with 400
// and nothing is stored. Sending to and consuming from a real cluster is not tested here.
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../../../shared/testing';
import { freePort } from '../mqtt/mosquitto.testing';

let node: TestNode;
let port: number;
const clients: MqttClient[] = [];

beforeAll(async () => {
  node = await startTestNode();
  port = await freePort();
});

afterAll(async () => {
  await node?.close();
});

afterEach(async () => {
  await closeClients(clients.splice(0));
  for (const r of (await api(node, 'GET', '/rules?limit=1000')).body.data ?? []) await api(node, 'DELETE', `/rules/${r.id}`);
  for (const kind of ['actions', 'sources']) {
    for (const a of (await api(node, 'GET', `/${kind}`)).body ?? []) await api(node, 'DELETE', `/${kind}/${a.type}:${a.name}?also_delete_dep_actions=true`);
  }
  for (const c of (await api(node, 'GET', '/connectors')).body ?? []) await api(node, 'DELETE', `/connectors/${c.type}:${c.name}`);
});

const status = async (kind: string, id: string) => (await api(node, 'GET', `/${kind}/${id}`)).body as { status: string; status_reason?: string };
const resourceOpts = { health_check_interval: '300ms', start_timeout: '2s' };

const connectors: Record<string, Record<string, unknown>> = {
  kafka_producer: {},
  kafka_consumer: { authentication: { mechanism: 'plain', username: 'u', password: 'p' } },
  confluent_producer: { authentication: { username: 'key', password: 'secret' }, ssl: { enable: true } },
  azure_event_hub_producer: { authentication: { password: 'Endpoint=sb://x/;SharedAccessKeyName=k;SharedAccessKey=s' }, ssl: { enable: true } },
};

describe('kafka family without a Kafka server', () => {
  test.each(Object.keys(connectors))('%s: brokers that do not listen → disconnected "Connection refused"', async (type) => {
    const res = await api(node, 'POST', '/connectors', { type, name: 'down', bootstrap_hosts: `127.0.0.1:${port}`, resource_opts: resourceOpts, ...connectors[type] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await waitFor(async () => (await status('connectors', `${type}:down`)).status === 'disconnected', 8000, 'disconnected');
    expect((await status('connectors', `${type}:down`)).status_reason).toBe('Connection refused');
    // secrets are masked
    const got = (await api(node, 'GET', `/connectors/${type}:down`)).body;
    if (type !== 'kafka_producer') expect(got.authentication.password).toBe('******');
  });

  test('an action of a disconnected connector is not operational and keeps the rule messages in its buffer', async () => {
    await api(node, 'POST', '/connectors', { type: 'kafka_producer', name: 'kp', bootstrap_hosts: `127.0.0.1:${port}`, resource_opts: resourceOpts });
    const act = await api(node, 'POST', '/actions', {
      type: 'kafka_producer',
      name: 'kp',
      connector: 'kp',
      parameters: {
        topic: 'mqtt-${clientid}',
        message: { key: '${clientid}', value: '${payload}' },
        kafka_ext_headers: [{ kafka_ext_header_key: 'k', kafka_ext_header_value: '${topic}' }],
      },
      resource_opts: { health_check_interval: '300ms', request_ttl: '60s' },
    });
    expect(act.status, JSON.stringify(act.body)).toBe(201);
    await waitFor(async () => (await status('actions', 'kafka_producer:kp')).status === 'disconnected', 8000, 'action disconnected');
    expect((await status('actions', 'kafka_producer:kp')).status_reason).toBe('Resource not operational');
    const rule = await api(node, 'POST', '/rules', { id: 'rule_kafka', sql: 'SELECT * FROM "k/#"', actions: ['kafka_producer:kp'] });
    expect(rule.status).toBe(201);
    const pub = await connectClient(node.mqttPort, { clientId: 'kdev' });
    clients.push(pub);
    await pub.publishAsync('k/1', 'hello', { qos: 1 });
    let m: Record<string, number> = {};
    await waitFor(
      async () => {
        m = (await api(node, 'GET', '/actions/kafka_producer:kp/metrics')).body.metrics;
        return m.matched === 1 && m.queuing + m.inflight === 1;
      },
      5000,
      'queued',
    ).catch((err: Error) => {
      throw new Error(`${err.message}: ${JSON.stringify(m)}`);
    });
    expect(m).toMatchObject({ success: 0, failed: 0, dropped: 0 });
  });

  test('a kafka_consumer source of a disconnected connector is disconnected', async () => {
    await api(node, 'POST', '/connectors', { type: 'kafka_consumer', name: 'kc', bootstrap_hosts: `127.0.0.1:${port}`, resource_opts: resourceOpts });
    const src = await api(node, 'POST', '/sources', { type: 'kafka_consumer', name: 'kc', connector: 'kc', parameters: { topic: 'in', offset_reset_policy: 'earliest' } });
    expect(src.status, JSON.stringify(src.body)).toBe(201);
    await waitFor(async () => (await status('sources', 'kafka_consumer:kc')).status === 'disconnected', 8000, 'source disconnected');
  });

  test('bad fields are refused with plain sentences and nothing is stored', async () => {
    const badHosts = await api(node, 'POST', '/connectors', { type: 'kafka_producer', name: 'bad', bootstrap_hosts: 'host:99999' });
    expect(badHosts.status).toBe(400);
    expect(badHosts.body.message).toMatch(/bootstrap_hosts/);
    expect((await api(node, 'GET', '/connectors/kafka_producer:bad')).status).toBe(404);
    await api(node, 'POST', '/connectors', { type: 'kafka_producer', name: 'ok', bootstrap_hosts: `127.0.0.1:${port}`, resource_opts: resourceOpts });
    const snappy = await api(node, 'POST', '/actions', { type: 'kafka_producer', name: 'snappy', connector: 'ok', parameters: { topic: 't', compression: 'snappy' } });
    expect(snappy.status).toBe(400);
    expect(snappy.body.message).toMatch(/snappy is not available/);
    expect((await api(node, 'GET', '/actions/kafka_producer:snappy')).status).toBe(404);
    const disk = await api(node, 'POST', '/actions', { type: 'kafka_producer', name: 'disk', connector: 'ok', parameters: { topic: 't', buffer: { mode: 'disk' } } });
    expect(disk.status).toBe(400);
    expect(disk.body.message).toMatch(/buffer\.mode: disk is not available on this node/);
    expect((await api(node, 'GET', '/actions/kafka_producer:disk')).status).toBe(404);
  });
});
