import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, expectContract } from '../../shared/testing';

let node: TestNode;
let client: MqttClient;

beforeAll(async () => {
  node = await startTestNode();
  client = await connectClient(node.mqttPort, { clientId: 't-a' });
  await client.subscribeAsync(['t/one', 't/two/#', '$share/g/t/three']);
});

afterAll(async () => {
  await closeClients([client]);
  await node.close();
});

describe('/topics', () => {
  test('lists the routing table with count, per the contract', async () => {
    const res = await api(node, 'GET', '/topics');
    expect(res.status).toBe(200);
    expectContract('get', '/topics', 200, res.body);
    expect(res.body.meta).toEqual({ page: 1, limit: 100, hasnext: false, count: 3 });
    expect(res.body.data.map((t: { topic: string }) => t.topic).sort()).toEqual(['$share/g/t/three', 't/one', 't/two/#']);
    expect(res.body.data[0].node).toBe('emqx@127.0.0.1');
  });

  test('topic filter is exact, shared forms included; an invalid filter is INVALID_PARAMTER', async () => {
    expect((await api(node, 'GET', `/topics?topic=${encodeURIComponent('t/two/#')}`)).body.data).toEqual([{ topic: 't/two/#', node: 'emqx@127.0.0.1' }]);
    expect((await api(node, 'GET', `/topics?topic=${encodeURIComponent('$share/g/t/three')}`)).body.meta.count).toBe(1);
    expect(await api(node, 'GET', `/topics?topic=${encodeURIComponent('$share/group')}`)).toMatchObject({
      status: 400,
      body: { code: 'INVALID_PARAMTER', message: 'topic_filter_invalid' },
    });
    expect((await api(node, 'GET', '/topics?limit=2')).body.meta).toEqual({ page: 1, limit: 2, hasnext: true, count: 3 });
  });

  test('GET /topics/{topic} (URL-encoded) or 404 TOPIC_NOT_FOUND', async () => {
    const res = await api(node, 'GET', `/topics/${encodeURIComponent('t/two/#')}`);
    expect(res.status).toBe(200);
    expectContract('get', '/topics/{topic}', 200, res.body);
    expect(res.body).toEqual([{ topic: 't/two/#', node: 'emqx@127.0.0.1' }]);
    expect(await api(node, 'GET', '/topics/nothing')).toMatchObject({ status: 404, body: { code: 'TOPIC_NOT_FOUND', message: 'Topic not found' } });
  });
});

describe('emqx_mgmt_api_topics_SUITE', () => {
  // t_paging: two clients, 10 subscriptions, 8 distinct routes (with t-a's three from above: 11)
  test('t_paging: count without filters, none with node once the page is full; hasnext', async () => {
    const c1 = await connectClient(node.mqttPort, { clientId: 'c_paging_1' });
    const c2 = await connectClient(node.mqttPort, { clientId: 'c_paging_2' });
    try {
      await c1.subscribeAsync(['t/+', 'test/client/#', 'test/1', 'test/2', 'test/3']);
      await c2.subscribeAsync(['t/+', 'test/client/#', 'test/4', 'test/5', 'test/6']);
      const all = await api(node, 'GET', '/topics');
      expect(all.body.meta).toEqual({ page: 1, limit: 100, hasnext: false, count: 11 });
      expect((await api(node, 'GET', '/topics?node=emqx@127.0.0.1')).body).toEqual(all.body);
      expect((await api(node, 'GET', '/topics?node=emqx@127.0.0.1&limit=3')).body.meta).toEqual({ hasnext: true, page: 1, limit: 3 });
      const r1 = await api(node, 'GET', '/topics?page=1&limit=6');
      const r2 = await api(node, 'GET', '/topics?page=2&limit=6');
      expect(r1.body.meta).toEqual({ page: 1, limit: 6, hasnext: true, count: 11 });
      expect(r2.body.meta).toEqual({ page: 2, limit: 6, hasnext: false, count: 11 });
      expect([...r1.body.data, ...r2.body.data].map((t: { topic: string }) => t.topic).sort()).toEqual(all.body.data.map((t: { topic: string }) => t.topic).sort());
    } finally {
      await closeClients([c1, c2]);
    }
  });

  // t_nodes_api / t_percent_topics / t_shared_topics: exact topic and node, count 1
  test('t_percent_topics, t_shared_topics: exact match with node answers count 1', async () => {
    const c = await connectClient(node.mqttPort, { clientId: 't_percent_topics' });
    try {
      await c.subscribeAsync(['test_%%1', '$share/g1/t/+']);
      for (const topic of ['test_%%1', '$share/g1/t/+', 't/one']) {
        const res = await api(node, 'GET', `/topics?topic=${encodeURIComponent(topic)}&node=emqx@127.0.0.1`);
        expect(res.body).toEqual({ data: [{ topic, node: 'emqx@127.0.0.1' }], meta: { page: 1, limit: 100, hasnext: false, count: 1 } });
      }
    } finally {
      await closeClients([c]);
    }
  });

  test('t_queue_topics, t_shared_topics_invalid: $queue/ exact match; $share/group alone is INVALID_PARAMTER', async () => {
    const c = await connectClient(node.mqttPort, { clientId: 't_queue_topics' });
    try {
      await c.subscribeAsync(['$queue/q/+', 'q/+']);
      const res = await api(node, 'GET', `/topics?topic=${encodeURIComponent('$queue/q/+')}&node=emqx@127.0.0.1`);
      expect(res.body).toEqual({ data: [{ topic: '$queue/q/+', node: 'emqx@127.0.0.1' }], meta: { page: 1, limit: 100, hasnext: false, count: 1 } });
    } finally {
      await closeClients([c]);
    }
    expect(await api(node, 'GET', `/topics?topic=${encodeURIComponent('$share/group')}&node=emqx@127.0.0.1`)).toMatchObject({
      status: 400,
      body: { code: 'INVALID_PARAMTER', message: 'topic_filter_invalid' },
    });
  });
});
