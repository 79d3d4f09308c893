import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../shared/testing';

let node: TestNode;

beforeAll(async () => {
  node = await startTestNode();
});

afterAll(async () => {
  await node.close();
});

describe('/metrics and /stats', () => {
  test('default is an array per node; aggregate=true an object; node filter', async () => {
    const res = await api(node, 'GET', '/metrics');
    expect(res.status).toBe(200);
    expectContract('get', '/metrics', 200, res.body);
    expect(res.body).toHaveLength(1);
    expect(res.body[0].node).toBe('emqx@127.0.0.1');
    const agg = await api(node, 'GET', '/metrics?aggregate=true');
    expect(Array.isArray(agg.body)).toBe(false);
    expect(agg.body).toHaveProperty(['messages.received']);
    expect((await api(node, 'GET', '/metrics?node=emqx@127.0.0.1')).body).toHaveLength(1);
    expect((await api(node, 'GET', '/metrics?node=unknown@x')).body).toEqual([]);
    expect((await api(node, 'GET', '/metrics?aggregate=maybe')).status).toBe(400);
  });

  test('counters and stats move after traffic', async () => {
    const before = (await api(node, 'GET', '/metrics?aggregate=true')).body;
    const sub = await connectClient(node.mqttPort, { clientId: 'mt-sub' });
    const pub = await connectClient(node.mqttPort, { clientId: 'mt-pub' });
    await sub.subscribeAsync(['mt/a', '$share/g/mt/b']);
    let got = 0;
    sub.on('message', () => got++);
    for (let i = 0; i < 5; i++) await pub.publishAsync('mt/a', 'x', { qos: 1 });
    await waitFor(() => got === 5, 3000, 'deliveries');

    const after = (await api(node, 'GET', '/nodes/emqx@127.0.0.1/metrics')).body;
    expectContract('get', '/nodes/{node}/metrics', 200, after);
    expect(after['messages.received'] - before['messages.received']).toBe(5);
    expect(after['messages.sent'] - before['messages.sent']).toBeGreaterThanOrEqual(5);
    expect(after['packets.connect.received'] - before['packets.connect.received']).toBe(2);

    const stats = await api(node, 'GET', '/stats');
    expectContract('get', '/stats', 200, stats.body);
    expect(stats.body[0]).toMatchObject({ node: 'emqx@127.0.0.1', 'connections.count': 2, 'subscriptions.count': 2, 'subscriptions.shared.count': 1 });
    expect(stats.body[0]).not.toHaveProperty(['durable_subscriptions.count']);
    const aggregated = await api(node, 'GET', '/stats?aggregate=true');
    expectContract('get', '/stats', 200, aggregated.body);
    expect(aggregated.body).not.toHaveProperty('node');
    expect(aggregated.body['topics.count']).toBe(2);
    const nodeStats = await api(node, 'GET', '/nodes/emqx@127.0.0.1/stats');
    expectContract('get', '/nodes/{node}/stats', 200, nodeStats.body);
    expect(nodeStats.body['live_connections.count']).toBe(2);
    expect((await api(node, 'GET', '/nodes/nope@x/stats')).status).toBe(404);
    expect((await api(node, 'GET', '/nodes/nope@x/metrics')).body.code).toBe('NOT_FOUND');
    await closeClients([sub, pub]);
  });
});
