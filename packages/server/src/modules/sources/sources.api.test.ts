// /sources… restated from EMQX's emqx_bridge_v2_api_SUITE ([single, sources] groups: lifecycle, enable, metrics,
// summary, probe, deleting a source used by rules): a source of a test-only type polls a real HTTP peer
// (connectors/connectors.testing.ts); its messages feed `$bridges/<type>:<name>` and `$sources/<type>:<name>` rules
// whose republish reaches a real MQTT subscriber.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../shared/testing';
import { fakeConnector, fakeSource, FAKE_TYPE, HttpPeer, registerFakeType } from '../connectors/connectors.testing';

// a node start on the shared 2-core machine can take longer than the default 10 s
vi.setConfig({ hookTimeout: 30_000, testTimeout: 30_000 });

let node: TestNode;
let unregister: () => void;
let sub: MqttClient;
const got: { topic: string; payload: string }[] = [];
const peer = new HttpPeer();
beforeAll(async () => {
  unregister = registerFakeType();
  await peer.up();
  node = await startTestNode();
  sub = await connectClient(node.mqttPort, { clientId: 'sources-sub' });
  sub.on('message', (topic, payload) => got.push({ topic, payload: payload.toString() }));
  await sub.subscribeAsync('local/#', { qos: 1 });
});
afterAll(async () => {
  if (sub) await closeClients([sub]);
  await node?.close();
  await peer.down();
  unregister();
});
afterEach(async () => {
  for (const r of (await api(node, 'GET', '/rules?limit=1000')).body.data) await api(node, 'DELETE', `/rules/${r.id}`);
  for (const s of (await api(node, 'GET', '/sources')).body) await api(node, 'DELETE', `/sources/${s.type}:${s.name}`);
  for (const c of (await api(node, 'GET', '/connectors')).body) await api(node, 'DELETE', `/connectors/${c.type}:${c.name}`);
  got.length = 0;
});

const sid = `${FAKE_TYPE}:s1`;

async function setup() {
  expect((await api(node, 'POST', '/connectors', fakeConnector('c1', peer))).status).toBe(201);
  const s = await api(node, 'POST', '/sources', fakeSource('s1', 'c1', 'q1'));
  expect(s.status).toBe(201);
  return s.body;
}

describe('sources', () => {
  test('lifecycle: create 201 connected, list, get, update, summary, types, delete', async () => {
    const created = await setup();
    expect(created).toMatchObject({ type: FAKE_TYPE, name: 's1', connector: 'c1', status: 'connected', parameters: { queue: 'q1' }, rules: [] });
    expectContract('post', '/sources', 201, created);
    expect((await api(node, 'GET', '/sources')).body).toEqual([created]);
    expect((await api(node, 'GET', `/sources/${sid}`)).body).toEqual(created);
    expect((await api(node, 'GET', '/connectors/' + `${FAKE_TYPE}:c1`)).body.sources).toEqual(['s1']);
    const updated = await api(node, 'PUT', `/sources/${sid}`, { ...created, parameters: { queue: 'q2' } });
    expect(updated).toMatchObject({ status: 200, body: { parameters: { queue: 'q2' }, status: 'connected' } });
    expect((await api(node, 'GET', '/sources_summary')).body).toEqual([expect.objectContaining({ type: FAKE_TYPE, name: 's1', status: 'connected' })]);
    expect((await api(node, 'GET', '/source_types')).body).toEqual(['rabbitmq', 'mqtt', 'kafka_consumer', 'gcp_pubsub_consumer']);
    expect((await api(node, 'PUT', `/sources/${sid}/enable/false`)).status).toBe(204);
    expect(await api(node, 'POST', `/sources/${sid}/start`)).toMatchObject({ status: 400, body: { message: 'Forbidden operation, bridge not enabled' } });
    expect((await api(node, 'PUT', `/sources/${sid}/enable/true`)).status).toBe(204);
    expect((await api(node, 'POST', `/nodes/${node.app.nodeName}/sources/${sid}/start`)).status).toBe(204);
    expect((await api(node, 'DELETE', `/sources/${sid}`)).status).toBe(204);
    expect((await api(node, 'GET', `/sources/${sid}`)).status).toBe(404);
  });

  test('messages feed $bridges/ and $sources/ rules; republish reaches a local subscriber; received counted', async () => {
    await setup();
    await api(node, 'POST', '/rules', {
      id: 'from_bridges',
      sql: `SELECT * FROM "$bridges/${sid}"`,
      actions: [{ function: 'republish', args: { topic: 'local/b/${topic}', payload: '${payload}' } }],
    });
    await api(node, 'POST', '/rules', {
      id: 'from_sources',
      sql: `SELECT * FROM "$sources/${sid}"`,
      actions: [{ function: 'republish', args: { topic: 'local/s/${topic}', payload: '${payload}' } }],
    });
    peer.queues.set('q1', [{ payload: 'hello' }, { payload: 'world' }]);
    await waitFor(() => got.length === 4, 3000, 'republished');
    expect(got.map((m) => `${m.topic} ${m.payload}`).sort()).toEqual(['local/b/q1 hello', 'local/b/q1 world', 'local/s/q1 hello', 'local/s/q1 world']);
    const m = await api(node, 'GET', `/sources/${sid}/metrics`);
    expect(m.body.metrics).toMatchObject({ received: 2 });
    expectContract('get', '/sources/{id}/metrics', 200, m.body);
    expect((await api(node, 'PUT', `/sources/${sid}/metrics/reset`)).status).toBe(204);
    expect((await api(node, 'GET', `/sources/${sid}/metrics`)).body.metrics.received).toBe(0);
    expect((await api(node, 'GET', `/sources/${sid}`)).body.rules).toEqual(['from_bridges', 'from_sources']);
  });

  test('a source used by rules is refused', async () => {
    await setup();
    await api(node, 'POST', '/rules', { id: 'uses_s1', sql: `SELECT * FROM "$bridges/${sid}"` });
    expect(await api(node, 'DELETE', `/sources/${sid}`)).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Cannot delete action while active rules are depending on it', rules: ['uses_s1'] },
    });
    expect((await api(node, 'GET', `/sources/${sid}`)).status).toBe(200);
    // a connector with a source is refused too
    expect(await api(node, 'DELETE', `/connectors/${FAKE_TYPE}:c1`)).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining(`source:${sid}:connector:${FAKE_TYPE}:c1`) },
    });
  });

  test('probe: 204 on a connected connector', async () => {
    await api(node, 'POST', '/connectors', fakeConnector('c1', peer));
    expect((await api(node, 'POST', '/sources_probe', fakeSource('p1', 'c1', 'q9'))).status).toBe(204);
    expect((await api(node, 'GET', '/sources')).body).toEqual([]);
  });
});
