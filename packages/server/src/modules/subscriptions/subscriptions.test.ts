import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, expectContract } from '../../shared/testing';

let node: TestNode;
let clients: MqttClient[] = [];

beforeAll(async () => {
  node = await startTestNode();
  const a = await connectClient(node.mqttPort, { clientId: 's-a' });
  const b = await connectClient(node.mqttPort, { clientId: 's-b' });
  clients = [a, b];
  await a.subscribeAsync('s/x/1', { qos: 1 });
  await a.subscribeAsync('s/+/2', { qos: 0 });
  await b.subscribeAsync('s/x/1', { qos: 2 });
  await b.subscribeAsync('$share/grp/s/shared', { qos: 1 });
});

afterAll(async () => {
  await closeClients(clients);
  await node.close();
});

const topicsOf = (body: { data: { topic: string; clientid: string }[] }) => body.data.map((s) => `${s.clientid} ${s.topic}`).sort();

describe('GET /subscriptions', () => {
  test('all subscriptions with count; data items follow the contract', async () => {
    const res = await api(node, 'GET', '/subscriptions');
    expect(res.status).toBe(200);
    // The 5.8.1 document declares a bare array here; the real answer is {data, meta} whose data is that array.
    expectContract('get', '/subscriptions', 200, res.body.data);
    expect(res.body.meta).toEqual({ page: 1, limit: 100, hasnext: false, count: 4 });
    expect(res.body.data[0]).toMatchObject({ node: 'emqx@127.0.0.1', nl: 0, rap: 0, rh: 0, durable: false });
  });

  test('exact filters: clientid, qos, topic, share_group', async () => {
    expect(topicsOf((await api(node, 'GET', '/subscriptions?clientid=s-a')).body)).toEqual(['s-a s/+/2', 's-a s/x/1']);
    expect(topicsOf((await api(node, 'GET', '/subscriptions?qos=2')).body)).toEqual(['s-b s/x/1']);
    expect(topicsOf((await api(node, 'GET', `/subscriptions?topic=${encodeURIComponent('s/x/1')}`)).body)).toEqual(['s-a s/x/1', 's-b s/x/1']);
    const shared = await api(node, 'GET', '/subscriptions?topic=s/shared&share_group=grp');
    expect(topicsOf(shared.body)).toEqual(['s-b $share/grp/s/shared']);
    expect(shared.body.meta.count).toBe(1);
    expect((await api(node, 'GET', '/subscriptions?topic=s/shared')).body.data).toEqual([]);
    expect((await api(node, 'GET', '/subscriptions?durable=true')).body.meta.count).toBe(0);
    expect((await api(node, 'GET', '/subscriptions?qos=3')).status).toBe(400);
  });

  test('match_topic is fuzzy (no count) and refuses $share filters', async () => {
    const res = await api(node, 'GET', `/subscriptions?match_topic=${encodeURIComponent('s/#')}&limit=3`);
    expect(res.body.meta).toEqual({ page: 1, limit: 3, hasnext: true });
    const all = await api(node, 'GET', `/subscriptions?match_topic=${encodeURIComponent('s/x/+')}`);
    expect(topicsOf(all.body)).toEqual(['s-a s/x/1', 's-b s/x/1']);
    expect(await api(node, 'GET', `/subscriptions?match_topic=${encodeURIComponent('$share/g/t')}`)).toMatchObject({
      status: 400,
      body: { code: 'INVALID_PARAMETER', message: 'match_topic_invalid' },
    });
  });

  test('paging splits the list', async () => {
    const p1 = await api(node, 'GET', '/subscriptions?limit=3&page=1');
    const p2 = await api(node, 'GET', '/subscriptions?limit=3&page=2');
    expect(p1.body.meta.hasnext).toBe(true);
    expect(p2.body.meta).toEqual({ page: 2, limit: 3, hasnext: false, count: 4 });
    expect(p1.body.data.length + p2.body.data.length).toBe(4);
  });
});

describe('GET /subscriptions?durable= with durable sessions on', () => {
  test('subscriptions of persistent sessions answer durable: true, also while the client is offline; the filter follows it', async () => {
    const ds = await startTestNode({ env: { EMQX_DURABLE_SESSIONS__ENABLE: 'true' } });
    const kept = await connectClient(ds.mqttPort, { clientId: 'd-kept', clean: false, properties: { sessionExpiryInterval: 600 } });
    const live = await connectClient(ds.mqttPort, { clientId: 'd-live', clean: false, properties: { sessionExpiryInterval: 600 } });
    const plain = await connectClient(ds.mqttPort, { clientId: 'd-plain', clean: true });
    try {
      await kept.subscribeAsync('d/kept', { qos: 1 });
      await live.subscribeAsync('d/live', { qos: 1 });
      await plain.subscribeAsync('d/plain', { qos: 1 });
      await kept.endAsync(); // offline: the session and its subscription stay
      const durable = await api(ds, 'GET', '/subscriptions?durable=true');
      expect(durable.status).toBe(200);
      expectContract('get', '/subscriptions', 200, durable.body.data);
      expect(topicsOf(durable.body)).toEqual(['d-kept d/kept', 'd-live d/live']);
      expect(durable.body.data.every((s: { durable: boolean }) => s.durable === true)).toBe(true);
      expect(durable.body.meta.count).toBe(2);
      const memory = await api(ds, 'GET', '/subscriptions?durable=false');
      expect(topicsOf(memory.body)).toEqual(['d-plain d/plain']);
      expect(memory.body.data[0].durable).toBe(false);
      expect((await api(ds, 'GET', '/subscriptions')).body.meta.count).toBe(3);
      expect((await api(ds, 'GET', '/clients/d-kept/subscriptions')).body).toEqual([expect.objectContaining({ topic: 'd/kept', durable: true })]);
      expect((await api(ds, 'GET', '/subscriptions?durable=maybe')).status).toBe(400);
    } finally {
      await closeClients([live, plain]);
      await ds.close();
    }
  });
});

describe('emqx_mgmt_api_subscription_SUITE (durable sessions on)', () => {
  test('t_mixed_persistent_sessions: a durable and an in-memory subscription page together; hasnext by page', async () => {
    const ds = await startTestNode({ env: { EMQX_DURABLE_SESSIONS__ENABLE: 'true' } });
    const persistent = await connectClient(ds.mqttPort, { clientId: 'persistent', clean: false, protocolVersion: 5, properties: { sessionExpiryInterval: 300 } });
    const mem = await connectClient(ds.mqttPort, { clientId: 'mem', protocolVersion: 5 });
    try {
      await persistent.subscribeAsync('t/1', { qos: 1 });
      await mem.subscribeAsync('t/1', { qos: 1 });
      const all = await api(ds, 'GET', '/subscriptions?page=1');
      expect(all.body.data).toHaveLength(2);
      expect(all.body.meta.hasnext).toBe(false);
      expect(all.body.data.map((s: { durable: boolean }) => s.durable).sort()).toEqual([false, true]);
      const p1 = await api(ds, 'GET', '/subscriptions?page=1&limit=1');
      expect(p1.body.data).toHaveLength(1);
      expect(p1.body.meta.hasnext).toBe(true);
      const p2 = await api(ds, 'GET', '/subscriptions?page=2&limit=1');
      expect(p2.body.data).toHaveLength(1);
      expect(p2.body.meta.hasnext).toBe(false);
    } finally {
      await closeClients([persistent, mem]);
      await ds.close();
    }
  });
});

describe('emqx_mgmt_api_subscription_SUITE', () => {
  let c: MqttClient;
  beforeAll(async () => {
    c = await connectClient(node.mqttPort, { clientId: 'api_clientid', username: 'api_username', protocolVersion: 5 });
    await c.subscribeAsync('t/0000', { qos: 1, rh: 1, rap: false, nl: false });
    await c.subscribeAsync('$share/test_group/t/0001', { qos: 0 });
  });
  afterAll(() => closeClients([c]));

  // t_subscription_api: `topic` is exact, so the fuzzy `match_topic` next to it is dropped and `count` is there
  test('t_subscription_api: options in the rows; topic + match_topic is an exact query with count', async () => {
    const mine = (await api(node, 'GET', '/subscriptions?clientid=api_clientid')).body;
    expect(mine.meta).toMatchObject({ page: 1, limit: 100 });
    expect(mine.data).toHaveLength(2);
    expect(mine.data.find((s: { topic: string }) => s.topic === 't/0000')).toMatchObject({
      topic: 't/0000',
      qos: 1,
      nl: 0,
      rap: 0,
      rh: 1,
      clientid: 'api_clientid',
      node: 'emqx@127.0.0.1',
    });
    const qs = new URLSearchParams({
      clientid: 'api_clientid',
      topic: 't/0001',
      node: 'emqx@127.0.0.1',
      qos: '0',
      share_group: 'test_group',
      match_topic: 't/#',
      durable: 'false',
    });
    const exact = await api(node, 'GET', `/subscriptions?${qs}`);
    expect(exact.body.meta).toEqual({ page: 1, limit: 100, hasnext: false, count: 1 });
    expect(exact.body.data).toEqual([expect.objectContaining({ topic: '$share/test_group/t/0001', clientid: 'api_clientid' })]);
  });

  // t_subscription_fuzzy_search
  test('t_subscription_fuzzy_search: no count, hasnext by page', async () => {
    const d = await connectClient(node.mqttPort, { clientId: 'fuzzy_clientid' });
    try {
      for (const t of ['t/foo', 't/foo/bar', 't/foo/baz', 'topic/foo/bar', 'topic/foo/baz']) await d.subscribeAsync(t);
      const m1 = await api(node, 'GET', `/subscriptions?clientid=fuzzy_clientid&node=emqx@127.0.0.1&match_topic=${encodeURIComponent('t/#')}&durable=false`);
      expect(m1.body.meta).toEqual({ page: 1, limit: 100, hasnext: false });
      expect(m1.body.data).toHaveLength(3);
      const q = `clientid=fuzzy_clientid&match_topic=${encodeURIComponent('+/+/+')}&limit=3&durable=false`;
      const p1 = await api(node, 'GET', `/subscriptions?${q}`);
      expect(p1.body).toMatchObject({ meta: { page: 1, limit: 3, hasnext: true } });
      expect(p1.body.meta).not.toHaveProperty('count');
      expect(p1.body.data).toHaveLength(3);
      const p2 = await api(node, 'GET', `/subscriptions?page=2&${q}`);
      expect(p2.body.meta).toEqual({ page: 2, limit: 3, hasnext: false });
      expect(p2.body.data).toHaveLength(1);
    } finally {
      await closeClients([d]);
    }
  });

  // t_list_with_shared_sub / t_list_with_invalid_match_topic
  test('t_list_with_shared_sub, t_list_with_invalid_match_topic', async () => {
    await c.subscribeAsync('$share/g1/t/+');
    await c.subscribeAsync('t/+');
    const both = await api(node, 'GET', `/subscriptions?clientid=api_clientid&match_topic=${encodeURIComponent('t/#')}`);
    expect(both.body.data.map((s: { topic: string }) => s.topic).sort()).toEqual(['$share/g1/t/+', '$share/test_group/t/0001', 't/+', 't/0000']);
    expect(await api(node, 'GET', `/subscriptions?clientid=api_clientid&match_topic=${encodeURIComponent('$share/g1/t/1')}`)).toMatchObject({
      status: 400,
      body: { code: 'INVALID_PARAMETER', message: 'match_topic_invalid' },
    });
  });
});
