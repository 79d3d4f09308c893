import { describe, expect, test } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../shared/testing';
import { downsample, type Sample } from './overview.store';

// A short sampling interval so samples appear within the test (the default is 10 s).
process.env.MQDECK_MONITOR_SAMPLE_INTERVAL = '200ms';

const node = restartableNode();

type Row = Record<string, number>;

describe('monitor', () => {
  test('samples are written with deltas and gauges, and the live rates move after traffic', async () => {
    const sub = await connectClient(node.mqttPort, { clientId: 'm-sub' });
    const pub = await connectClient(node.mqttPort, { clientId: 'm-pub' });
    await sub.subscribeAsync('m/#', { qos: 1 });
    for (let i = 0; i < 20; i++) await pub.publishAsync('m/t', `n${i}`, { qos: 1 });

    await waitFor(
      async () => {
        const rows = (await api(node, 'GET', '/monitor')).body as Row[];
        return rows.reduce((sum, r) => sum + r.received, 0) >= 20 && rows.some((r) => r.live_connections === 2);
      },
      5000,
      'samples with traffic',
    );

    const res = await api(node, 'GET', '/monitor?latest=300');
    expect(res.status).toBe(200);
    expectContract('get', '/monitor', 200, res.body);
    const rows = res.body as Row[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.time_stamp)).toEqual([...rows.map((r) => r.time_stamp)].sort((a, b) => a - b));
    // received is a delta per interval: the sum over samples is the traffic, not a running total
    expect(rows.reduce((sum, r) => sum + r.received, 0)).toBe(20);
    expect(rows.reduce((sum, r) => sum + r.sent, 0)).toBe(20);
    const last = rows[rows.length - 1];
    expect(last).toMatchObject({ connections: 2, live_connections: 2, subscriptions: 1, topics: 1 });
    expect(last).toHaveProperty('subscriptions_ram');

    const nodeRows = await api(node, 'GET', '/monitor/nodes/emqx@127.0.0.1?latest=300');
    expectContract('get', '/monitor/nodes/{node}', 200, nodeRows.body);
    expect(nodeRows.body.length).toBeGreaterThan(0);
    expect(nodeRows.body[0]).not.toHaveProperty('subscriptions_ram');

    const current = await api(node, 'GET', '/monitor_current');
    expectContract('get', '/monitor_current', 200, current.body);
    expect(current.body.received_msg_rate).toBeGreaterThan(0);
    expect(current.body).toMatchObject({ connections: 2, live_connections: 2, subscriptions: 1, topics: 1, retained_msg_count: 0, shared_subscriptions: 0 });

    const nodeCurrent = await api(node, 'GET', '/monitor_current/nodes/emqx@127.0.0.1');
    expectContract('get', '/monitor_current/nodes/{node}', 200, nodeCurrent.body);
    expect(nodeCurrent.body.node_uptime).toBeGreaterThanOrEqual(0);
    expect(nodeCurrent.body).not.toHaveProperty('subscriptions_ram');
    await closeClients([sub, pub]);
  });

  test('bad latest and unknown nodes are refused', async () => {
    expect((await api(node, 'GET', '/monitor?latest=0')).body.code).toBe('BAD_REQUEST');
    expect((await api(node, 'GET', '/monitor?latest=-1')).status).toBe(400);
    expect((await api(node, 'GET', '/monitor?latest=abc')).status).toBe(400);
    const notFound = { status: 404, body: { code: 'NOT_FOUND', message: 'Node not found: other@host' } };
    expect(await api(node, 'GET', '/monitor/nodes/other@host')).toMatchObject(notFound);
    expect(await api(node, 'GET', '/monitor_current/nodes/other@host')).toMatchObject(notFound);
  });

  test('samples survive a restart; DELETE /monitor empties the store', async () => {
    const before = (await api(node, 'GET', '/monitor')).body as Row[];
    expect(before.length).toBeGreaterThan(0);
    await node.restart();
    const after = (await api(node, 'GET', '/monitor')).body as Row[];
    expect(after.length).toBeGreaterThanOrEqual(before.length);
    // the newest row may still have been topped up by a last tick before the close
    expect(after.slice(0, before.length - 1)).toEqual(before.slice(0, -1));

    const cut = Date.now();
    expect((await api(node, 'DELETE', '/monitor')).status).toBe(204);
    const left = (await api(node, 'GET', '/monitor')).body as Row[];
    // a sampler tick may land right after the delete; nothing older may remain
    expect(left.every((r) => r.time_stamp >= cut - 200)).toBe(true);
  });
});

describe('downsample', () => {
  const row = (t: number, received: number, connections: number): Sample => ({
    time_stamp: t,
    received,
    connections,
    sent: 0,
    dropped: 0,
    persisted: 0,
    validation_succeeded: 0,
    validation_failed: 0,
    transformation_succeeded: 0,
    transformation_failed: 0,
    received_bytes: 0,
    sent_bytes: 0,
    live_connections: 0,
    subscriptions: 0,
    subscriptions_durable: 0,
    disconnected_durable_sessions: 0,
    topics: 0,
  });

  test('keeps small series; merges runs summing deltas and keeping the last gauge', () => {
    const rows = Array.from({ length: 10 }, (_, i) => row(i * 10, 1, i));
    expect(downsample(rows, 10)).toBe(rows);
    const merged = downsample(rows, 4);
    expect(merged.length).toBeLessThanOrEqual(4);
    expect(merged.reduce((s, r) => s + r.received, 0)).toBe(10);
    expect(merged[0]).toMatchObject({ time_stamp: 20, received: 3, connections: 2 });
  });
});
