// /actions… restated from EMQX's emqx_bridge_v2_api_SUITE (t_bridges_lifecycle, t_enable_disable, t_reset_metrics,
// t_action_types, t_summary, deleting an action used by rules) and the buffer's behaviour from
// emqx_resource_SUITE (queue while the target is down, queue_full, expired): rules on real MQTT traffic send to an
// action of a test-only type whose target is a real HTTP peer (connectors/connectors.testing.ts).
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../shared/testing';
import { fakeAction, fakeConnector, FAKE_TYPE, HttpPeer, registerFakeType } from '../connectors/connectors.testing';

// a node start on the shared 2-core machine can take longer than the default 10 s
vi.setConfig({ hookTimeout: 30_000, testTimeout: 30_000 });

let node: TestNode;
let unregister: () => void;
let pub: MqttClient;
const peer = new HttpPeer();
beforeAll(async () => {
  unregister = registerFakeType();
  await peer.up();
  node = await startTestNode();
  pub = await connectClient(node.mqttPort, { clientId: 'actions-pub' });
});
afterAll(async () => {
  if (pub) await closeClients([pub]);
  await node?.close();
  await peer.down();
  unregister();
});
afterEach(async () => {
  for (const r of (await api(node, 'GET', '/rules?limit=1000')).body.data) await api(node, 'DELETE', `/rules/${r.id}`);
  for (const a of (await api(node, 'GET', '/actions')).body) await api(node, 'DELETE', `/actions/${a.type}:${a.name}`);
  for (const c of (await api(node, 'GET', '/connectors')).body) await api(node, 'DELETE', `/connectors/${c.type}:${c.name}`);
  if ((await fetch(`http://127.0.0.1:${peer.port}/health`).catch(() => undefined)) === undefined) await peer.up();
  peer.received.length = 0;
  peer.batches.length = 0;
  peer.ingestStatus = 200;
});

const aid = `${FAKE_TYPE}:a1`;
const metrics = async (id = aid) => (await api(node, 'GET', `/actions/${id}/metrics`)).body.metrics;
const ruleMetrics = async (id: string) => (await api(node, 'GET', `/rules/${id}/metrics`)).body.metrics;

async function setup(actionExtra: Record<string, unknown> = {}, connectorExtra: Record<string, unknown> = {}) {
  expect((await api(node, 'POST', '/connectors', fakeConnector('c1', peer, connectorExtra))).status).toBe(201);
  const a = await api(node, 'POST', '/actions', fakeAction('a1', 'c1', actionExtra));
  expect(a.status).toBe(201);
  const r = await api(node, 'POST', '/rules', { id: 'to_a1', sql: 'SELECT payload FROM "di/#"', actions: [aid] });
  expect(r.status).toBe(201);
  return a.body;
}

async function publish(from: number, to: number): Promise<void> {
  for (let i = from; i < to; i++) await pub.publishAsync('di/t', String(i), { qos: 1 });
}

const uniqueReceived = () => new Set(peer.received.map((r) => (r as { payload: string }).payload));

describe('actions lifecycle', () => {
  test('create 201 connected, list, get, update, delete; connector checks and EMQX texts', async () => {
    expect((await api(node, 'GET', '/actions')).body).toEqual([]);
    expect((await api(node, 'GET', `/actions/${FAKE_TYPE}:foo`)).status).toBe(404);
    await api(node, 'POST', '/connectors', fakeConnector('c1', peer));
    const created = await api(node, 'POST', '/actions', fakeAction('a1', 'c1', { description: 'to the peer' }));
    expect(created).toMatchObject({
      status: 201,
      body: {
        type: FAKE_TYPE,
        name: 'a1',
        enable: true,
        connector: 'c1',
        status: 'connected',
        node_status: [{ node: node.app.nodeName, status: 'connected' }],
        parameters: { exchange: 'x', routing_key: 'k' },
        resource_opts: { batch_size: 1, request_ttl: '45s', inflight_window: 100, query_mode: 'async', max_buffer_bytes: '256MB' },
        rules: [],
      },
    });
    expect(typeof created.body.created_at).toBe('number');
    expectContract('post', '/actions', 201, created.body);
    expect((await api(node, 'GET', '/actions')).body).toEqual([created.body]);
    expect((await api(node, 'GET', `/actions/${aid}`)).body).toEqual(created.body);
    expect(await api(node, 'POST', '/actions', fakeAction('a1', 'c1'))).toMatchObject({ status: 400, body: { code: 'ALREADY_EXISTS', message: 'bridge already exists' } });

    for (const [method, path, body] of [
      ['POST', '/actions', fakeAction('a2', 'does_not_exist')],
      ['PUT', `/actions/${aid}`, { connector: 'does_not_exist', parameters: { exchange: 'x', routing_key: 'k' } }],
    ] as const) {
      const res = await api(node, method, path, body);
      expect(res).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
      expect(JSON.parse(res.body.message)).toMatchObject({ reason: 'connector_not_found_or_wrong_type', connector_name: 'does_not_exist' });
    }

    const updated = await api(node, 'PUT', `/actions/${aid}`, { ...created.body, description: 'changed' });
    expect(updated).toMatchObject({ status: 200, body: { description: 'changed', status: 'connected', created_at: created.body.created_at } });
    expect((await api(node, 'POST', `/actions/${aid}/brababbel`)).status).toBe(400);
    expect((await api(node, 'POST', `/actions/${aid}/start`)).status).toBe(204);
    expect((await api(node, 'POST', `/actions/${aid}/restart`)).status).toBe(204);
    expect(await api(node, 'POST', `/actions/${aid}/stop`)).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect((await api(node, 'POST', `/nodes/${node.app.nodeName}/actions/${aid}/start`)).status).toBe(204);
    expect((await api(node, 'DELETE', `/actions/${aid}`)).status).toBe(204);
    expect(await api(node, 'GET', `/actions/${aid}`)).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: `Bridge lookup failed: bridge named 'a1' of type ${FAKE_TYPE} does not exist.` },
    });
    expect(await api(node, 'DELETE', '/actions/foo')).toMatchObject({ status: 404, body: { message: expect.stringMatching(/^Invalid bridge ID/) } });
    expect((await api(node, 'PUT', `/actions/${aid}`, fakeAction('a1', 'c1'))).status).toBe(404);
    expect((await api(node, 'POST', '/actions', fakeAction('a.b', 'c1'))).status).toBe(400);
    expect((await api(node, 'GET', '/actions')).body).toEqual([]);
  });

  test('action_types lists every type EMQX EE 5.8 offers; summary lists ours', async () => {
    const types = await api(node, 'GET', '/action_types');
    expect(types.body).toEqual(expect.arrayContaining(['http', 'mqtt', 'kafka_producer', 'mysql', 'rabbitmq']));
    expectContract('get', '/action_types', 200, types.body);
    await setup();
    const summary = await api(node, 'GET', '/actions_summary');
    expect(summary.body).toEqual([
      expect.objectContaining({
        type: FAKE_TYPE,
        name: 'a1',
        enable: true,
        status: 'connected',
        rules: ['to_a1'],
        node_status: [expect.objectContaining({ status: 'connected' })],
      }),
    ]);
  });

  test('disable, enable; start of a disabled action is forbidden', async () => {
    await setup();
    expect((await api(node, 'PUT', `/actions/${aid}/enable/false`)).status).toBe(204);
    expect((await api(node, 'GET', `/actions/${aid}`)).body).toMatchObject({ enable: false, status: 'disconnected', status_reason: 'Not installed' });
    expect(await api(node, 'POST', `/actions/${aid}/start`)).toMatchObject({ status: 400, body: { message: 'Forbidden operation, bridge not enabled' } });
    await publish(0, 1);
    await waitFor(async () => (await ruleMetrics('to_a1'))['actions.discarded'] === 1, 3000, 'discarded');
    expect((await api(node, 'PUT', `/actions/${aid}/enable/true`)).status).toBe(204);
    expect((await api(node, 'GET', `/actions/${aid}`)).body).toMatchObject({ enable: true, status: 'connected' });
  });
});

describe('rules send to actions', () => {
  test('a rule output reaches the peer; the action and rule counters agree; reset zeroes them', async () => {
    await setup();
    await publish(0, 3);
    await waitFor(() => peer.received.length === 3, 3000, 'delivered');
    expect(peer.received).toEqual([0, 1, 2].map((i) => ({ routing_key: 'k', payload: String(i) })));
    await waitFor(async () => (await metrics()).success === 3, 3000, 'metrics');
    const m = await api(node, 'GET', `/actions/${aid}/metrics`);
    expect(m.body.metrics).toMatchObject({ matched: 3, success: 3, failed: 0, dropped: 0, queuing: 0, inflight: 0, retried: 0 });
    expect(m.body.node_metrics).toEqual([{ node: node.app.nodeName, metrics: m.body.metrics }]);
    expectContract('get', '/actions/{id}/metrics', 200, m.body);
    expect(await ruleMetrics('to_a1')).toMatchObject({ 'actions.total': 3, 'actions.success': 3 });
    expect((await api(node, 'PUT', `/actions/${aid}/metrics/reset`)).status).toBe(204);
    expect(await metrics()).toMatchObject({ matched: 0, success: 0 });
  });

  test('a 4xx answer fails the request without retry: failed and actions.failed.unknown', async () => {
    await setup();
    peer.ingestStatus = 400;
    await publish(0, 2);
    await waitFor(async () => (await metrics()).failed === 2, 3000, 'failed');
    expect(await metrics()).toMatchObject({ matched: 2, success: 0, retried: 0 });
    expect(await ruleMetrics('to_a1')).toMatchObject({ 'actions.failed': 2, 'actions.failed.unknown': 2 });
  });

  test('batches: batch_size 10 with batch_time sends the outputs in batches', async () => {
    await setup({ resource_opts: { batch_size: 10, batch_time: '200ms' } });
    await publish(0, 25);
    await waitFor(() => peer.received.length === 25, 5000, 'delivered');
    expect(peer.batches.length).toBeLessThan(25);
    expect(Math.max(...peer.batches)).toBeLessThanOrEqual(10);
  });
});

describe('local_topic', () => {
  test('messages on the local topic go to the action without a rule', async () => {
    await api(node, 'POST', '/connectors', fakeConnector('c1', peer));
    expect((await api(node, 'POST', '/actions', fakeAction('a1', 'c1', { local_topic: 'lt/#' }))).body.local_topic).toBe('lt/#');
    await pub.publishAsync('lt/1', 'direct', { qos: 1 });
    await pub.publishAsync('other/1', 'not-me', { qos: 1 });
    await waitFor(() => peer.received.length === 1, 3000, 'delivered');
    expect(peer.received).toEqual([{ routing_key: 'k', payload: 'direct' }]);
    // the peer has the message before the node has read its answer and counted it
    await waitFor(async () => (await metrics()).success === 1, 3000, 'success counted');
    expect(await metrics()).toMatchObject({ matched: 1, success: 1 });
    await api(node, 'PUT', `/actions/${aid}/enable/false`);
    await pub.publishAsync('lt/2', 'off', { qos: 1 });
    await api(node, 'PUT', `/actions/${aid}/enable/true`);
    await pub.publishAsync('lt/3', 'on-again', { qos: 1 });
    await waitFor(() => peer.received.length === 2, 3000, 'delivered again');
    expect((peer.received[1] as { payload: string }).payload).toBe('on-again');
  });
});

describe('the buffer through a target outage', () => {
  test('messages published while the target is down are delivered once it is back: none lost, none duplicated', async () => {
    await setup({ resource_opts: { health_check_interval: '200ms' } }, { resource_opts: { health_check_interval: '200ms' } });
    await publish(0, 30);
    await waitFor(() => peer.received.length === 30, 5000, 'first part');
    await peer.down();
    await publish(30, 80);
    await waitFor(async () => (await metrics()).queuing + (await metrics()).inflight === 50, 5000, 'queued while down');
    expect((await api(node, 'GET', `/actions/${aid}`)).body.status).not.toBe('connected');
    await peer.up();
    await waitFor(() => peer.received.length >= 80, 10_000, 'drained');
    await waitFor(async () => (await metrics()).success === 80, 5000, 'counted');
    expect(peer.received).toHaveLength(80);
    expect(uniqueReceived().size).toBe(80);
    const m = await metrics();
    expect(m).toMatchObject({ matched: 80, success: 80, dropped: 0, failed: 0, queuing: 0, inflight: 0 });
    await waitFor(async () => (await ruleMetrics('to_a1'))['actions.success'] === 80, 3000, 'rule counted');
  });

  test('queue_full: a tiny max_buffer_bytes drops the oldest, counted by reason', async () => {
    await setup({ resource_opts: { health_check_interval: '200ms', max_buffer_bytes: '200B' } }, { resource_opts: { health_check_interval: '200ms' } });
    await peer.down();
    await waitFor(async () => (await api(node, 'GET', `/actions/${aid}`)).body.status !== 'connected', 3000, 'down seen');
    await publish(0, 40);
    await waitFor(async () => (await metrics())['dropped.queue_full'] > 0 && (await metrics()).matched === 40, 3000, 'dropped');
    await peer.up();
    await waitFor(
      async () => {
        const m = await metrics();
        return m.queuing === 0 && m.inflight === 0 && m.success + m.dropped === 40;
      },
      10_000,
      'settled',
    );
    const m = await metrics();
    expect(m.dropped).toBe(m['dropped.queue_full']);
    expect(peer.received.length).toBe(m.success);
    expect(uniqueReceived().size).toBe(m.success);
    // the newest survive: the last message published is among those delivered
    expect(uniqueReceived().has('39')).toBe(true);
    await waitFor(async () => (await ruleMetrics('to_a1'))['actions.failed'] === m.dropped, 3000, 'rule counted drops');
  });

  test('expired: requests older than request_ttl are dropped when their turn comes', async () => {
    await setup({ resource_opts: { health_check_interval: '100ms', request_ttl: '2s' } }, { resource_opts: { health_check_interval: '100ms' } });
    await peer.down();
    await waitFor(async () => (await api(node, 'GET', `/actions/${aid}`)).body.status !== 'connected', 3000, 'down seen');
    await publish(0, 10);
    await waitFor(async () => (await metrics())['dropped.expired'] === 10, 8000, 'expired');
    await peer.up();
    await publish(10, 12);
    await waitFor(() => peer.received.length === 2, 5000, 'new ones delivered');
    // the peer keeps a request before it answers: the success is counted when the answer is back
    await waitFor(async () => (await metrics()).success === 2, 3000, 'counted');
    expect(await metrics()).toMatchObject({ matched: 12, success: 2, dropped: 10, 'dropped.expired': 10 });
  });
});

describe('deletion rules', () => {
  test('an action used by rules is refused with the rules listed; also_delete_dep_actions removes it from them', async () => {
    await setup();
    const refused = await api(node, 'DELETE', `/actions/${aid}`);
    expect(refused).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: 'Cannot delete action while active rules are depending on it', rules: ['to_a1'] } });
    expect((await api(node, 'GET', `/actions/${aid}`)).body.rules).toEqual(['to_a1']);
    expect((await api(node, 'DELETE', `/actions/${aid}?also_delete_dep_actions=true`)).status).toBe(204);
    expect((await api(node, 'GET', '/rules/to_a1')).body.actions).toEqual([]);
    expect((await api(node, 'GET', `/actions/${aid}`)).status).toBe(404);
  });
});

describe('probe', () => {
  test('204 on a connected connector; 400 TEST_FAILED naming a missing connector', async () => {
    await api(node, 'POST', '/connectors', fakeConnector('c1', peer));
    expect((await api(node, 'POST', '/actions_probe', fakeAction('p1', 'c1'))).status).toBe(204);
    expect(await api(node, 'POST', '/actions_probe', fakeAction('p1', 'nope'))).toMatchObject({
      status: 400,
      body: { code: 'TEST_FAILED', message: 'Connector <<"nope">> not found' },
    });
    expect((await api(node, 'GET', '/actions')).body).toEqual([]);
  });
});
