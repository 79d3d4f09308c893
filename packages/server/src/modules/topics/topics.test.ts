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
