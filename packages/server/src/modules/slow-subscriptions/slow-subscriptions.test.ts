import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../shared/testing';
import { latency } from './slow-subscriptions.service';
import { SlowRanking } from './ranking';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node.close();
});
beforeEach(async () => {
  await api(node, 'DELETE', '/slow_subscriptions');
});

const DEFAULTS = { enable: false, threshold: '500ms', expire_interval: '300s', top_k_num: 10, stats_type: 'whole' };
const ranking = async () =>
  (await api(node, 'GET', '/slow_subscriptions')).body.data as { clientid: string; topic: string; timespan: number; node: string; last_update_time: number }[];

/** a QoS 1 subscriber that holds each PUBACK for `holdMs`; resolves once it has acked `count` messages */
async function slowConsumer(clientId: string, filter: string, holdMs: number): Promise<{ client: MqttClient; acked: () => number }> {
  let acked = 0;
  const client = await connectClient(node.mqttPort, {
    clientId,
    customHandleAcks: (_topic, _message, _packet, done) => {
      setTimeout(() => {
        done(0);
        acked++;
      }, holdMs);
    },
  });
  await client.subscribeAsync(filter, { qos: 1 });
  return { client, acked: () => acked };
}

describe('slow subscriptions: settings', () => {
  test('defaults, update, validation, the whole root replaced', async () => {
    const get = await api(node, 'GET', '/slow_subscriptions/settings');
    expect(get.body).toEqual(DEFAULTS);
    expectContract('get', '/slow_subscriptions/settings', 200, get.body);
    const put = await api(node, 'PUT', '/slow_subscriptions/settings', { enable: true, threshold: '1s', expire_interval: '60s', top_k_num: 5, stats_type: 'response' });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ enable: true, threshold: '1s', expire_interval: '60s', top_k_num: 5, stats_type: 'response' });
    expect(node.app.config.get('slow_subs')).toEqual(put.body);
    for (const bad of [{ stats_type: 'fast' }, { top_k_num: 0 }, { threshold: 'soon' }, { expire_interval: -1 }]) {
      const r = await api(node, 'PUT', '/slow_subscriptions/settings', { ...DEFAULTS, ...bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.code).toBe('BAD_REQUEST');
    }
    expect((await api(node, 'PUT', '/slow_subscriptions/settings', { enable: false })).body).toEqual(DEFAULTS);
  });
});

describe('slow subscriptions: ranking on real deliveries', () => {
  test('a subscriber that holds its PUBACK is ranked, a quick one is not; clear empties the ranking', async () => {
    await api(node, 'PUT', '/slow_subscriptions/settings', { ...DEFAULTS, enable: true, threshold: '300ms' });
    const slow = await slowConsumer('ss-slow', 'ss/t/#', 800);
    const quick = await connectClient(node.mqttPort, { clientId: 'ss-quick' });
    const got: string[] = [];
    quick.on('message', (t) => got.push(t));
    await quick.subscribeAsync('ss/t/#', { qos: 1 });
    const pub = await connectClient(node.mqttPort, { clientId: 'ss-pub' });
    await pub.publishAsync('ss/t/1', 'x', { qos: 1 });
    await waitFor(() => slow.acked() === 1 && got.length === 1, 5000, 'both acks');
    await waitFor(async () => (await ranking()).length > 0, 3000, 'ranking');
    const list = await api(node, 'GET', '/slow_subscriptions');
    expectContract('get', '/slow_subscriptions', 200, list.body);
    expect(list.body.data).toHaveLength(1);
    const [rec] = list.body.data;
    expect(rec).toMatchObject({ clientid: 'ss-slow', topic: 'ss/t/1', node: node.app.nodeName });
    expect(rec.timespan).toBeGreaterThanOrEqual(800);
    expect(Math.abs(rec.last_update_time - Date.now())).toBeLessThan(10_000);
    expect((await api(node, 'GET', '/slow_subscriptions?page=2&limit=1')).body.data).toEqual([]);
    expect((await api(node, 'GET', '/slow_subscriptions?page=1&limit=1')).body.data).toEqual([rec]);

    // internal: from arrival to the start of delivery, short even for the slow consumer
    await api(node, 'DELETE', '/slow_subscriptions');
    expect(await ranking()).toEqual([]);
    await api(node, 'PUT', '/slow_subscriptions/settings', { ...DEFAULTS, enable: true, threshold: '300ms', stats_type: 'internal' });
    await pub.publishAsync('ss/t/2', 'x', { qos: 1 });
    await waitFor(() => slow.acked() === 2, 5000, 'second ack');
    expect(await ranking()).toEqual([]);

    // response: from the start of delivery to the PUBACK
    await api(node, 'PUT', '/slow_subscriptions/settings', { ...DEFAULTS, enable: true, threshold: '300ms', stats_type: 'response' });
    await pub.publishAsync('ss/t/3', 'x', { qos: 1 });
    await waitFor(() => slow.acked() === 3, 5000, 'third ack');
    await waitFor(async () => (await ranking()).length === 1, 3000, 'response ranking');
    expect((await ranking())[0]).toMatchObject({ clientid: 'ss-slow', topic: 'ss/t/3' });

    // disabled: no listener, nothing recorded
    await api(node, 'PUT', '/slow_subscriptions/settings', { ...DEFAULTS, threshold: '300ms' });
    expect(node.app.broker.events.listenerCount('delivery.completed')).toBe(0);
    await api(node, 'DELETE', '/slow_subscriptions');
    await pub.publishAsync('ss/t/4', 'x', { qos: 1 });
    await waitFor(() => slow.acked() === 4, 5000, 'fourth ack');
    expect(await ranking()).toEqual([]);
    await closeClients([slow.client, quick, pub]);
  });
});

describe('slow subscriptions: top-k and expiry', () => {
  test('a pair keeps its worst latency; when full, slower pairs replace the fastest; expiry', () => {
    const s = new SlowRanking();
    Object.assign(s, { threshold: 100, maxSize: 3, expireMs: 10_000 });
    const ranking = () => s.list();
    const now = Date.now();
    s.record('c1', 't', 200, now);
    s.record('c1', 't', 150, now); // lower: kept at 200
    s.record('c2', 't', 300, now);
    s.record('c3', 't', 400, now);
    s.record('c4', 't', 100, now); // not above the threshold
    s.record('c5', 't', 180, now); // full, not slower than the fastest (200)
    expect(ranking().map((r) => [r.clientid, r.timespan])).toEqual([
      ['c3', 400],
      ['c2', 300],
      ['c1', 200],
    ]);
    s.record('c6', 't', 250, now + 5000); // replaces c1
    expect(ranking().map((r) => r.clientid)).toEqual(['c3', 'c2', 'c6']);
    s.expire(now + 10_000); // c3, c2 not raised for 10 s
    expect(ranking().map((r) => r.clientid)).toEqual(['c6']);
  });

  test('latency by stats type', () => {
    expect(latency('whole', 1000, 1200, 2000)).toBe(1000);
    expect(latency('internal', 1000, 1200, 2000)).toBe(200);
    expect(latency('response', 1000, 1200, 2000)).toBe(800);
  });
});
