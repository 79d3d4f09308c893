import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../shared/testing';
import { MAX_TOPICS, isWildcard } from './topic-metrics.service';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node.close();
});

const enc = encodeURIComponent;
const metricsOf = async (topic: string) => (await api(node, 'GET', `/mqtt/topic_metrics/${enc(topic)}`)).body.metrics;

describe('topic metrics: the list', () => {
  test('isWildcard follows EMQX: a level that is exactly + or #', () => {
    expect(isWildcard('a/+/c')).toBe(true);
    expect(isWildcard('#')).toBe(true);
    expect(isWildcard('a/b+')).toBe(false);
    expect(isWildcard('a/b')).toBe(false);
  });

  test('add, list, get, refuse wildcards, duplicates and empty topics, remove', async () => {
    const added = await api(node, 'POST', '/mqtt/topic_metrics', { topic: 'tm/list/1' });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ topic: 'tm/list/1', metrics: { 'messages.in.count': 0, 'messages.in.rate': 0, 'messages.dropped.count': 0 } });
    expect(added.body.create_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(added.body.reset_time).toBeUndefined();
    expect(Object.keys(added.body.metrics)).toHaveLength(18);

    for (const topic of ['tm/+/x', 'tm/#']) {
      const r = await api(node, 'POST', '/mqtt/topic_metrics', { topic });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 'BAD_TOPIC', message: 'Wildcard topic is not supported' });
    }
    expect((await api(node, 'POST', '/mqtt/topic_metrics', { topic: 'tm/list/1' })).body).toEqual({ code: 'BAD_TOPIC', message: 'Topic already registered' });
    expect((await api(node, 'POST', '/mqtt/topic_metrics', { topic: '' })).body).toEqual({ code: 'BAD_REQUEST', message: 'Topic can not be empty' });
    expect((await api(node, 'POST', '/mqtt/topic_metrics', {})).status).toBe(400);

    const list = await api(node, 'GET', '/mqtt/topic_metrics');
    expectContract('get', '/mqtt/topic_metrics', 200, list.body);
    expect(list.body.map((t: { topic: string }) => t.topic)).toContain('tm/list/1');
    const one = await api(node, 'GET', `/mqtt/topic_metrics/${enc('tm/list/1')}`);
    expectContract('get', '/mqtt/topic_metrics/{topic}', 200, one.body);
    expect(one.body.topic).toBe('tm/list/1');

    const missing = await api(node, 'GET', `/mqtt/topic_metrics/${enc('tm/nope')}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 'TOPIC_NOT_FOUND', message: 'Topic not found' });
    expectContract('get', '/mqtt/topic_metrics/{topic}', 404, missing.body);

    expect((await api(node, 'DELETE', `/mqtt/topic_metrics/${enc('tm/list/1')}`)).status).toBe(204);
    expect((await api(node, 'DELETE', `/mqtt/topic_metrics/${enc('tm/list/1')}`)).status).toBe(404);
    expect((await api(node, 'GET', '/mqtt/topic_metrics')).body).toEqual([]);
  });

  test(`at most ${MAX_TOPICS} topics: the next one is refused with 409 EXCEED_LIMIT`, async () => {
    const topics = Array.from({ length: MAX_TOPICS }, (_, i) => ({ topic: `tm/max/${i}` }));
    await node.app.config.update('topic_metrics', topics);
    expect((await api(node, 'GET', '/mqtt/topic_metrics')).body).toHaveLength(MAX_TOPICS);
    const r = await api(node, 'POST', '/mqtt/topic_metrics', { topic: 'tm/max/one-more' });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ code: 'EXCEED_LIMIT', message: `Max topic metrics count is ${MAX_TOPICS}` });
    await node.app.config.update('topic_metrics', []);
    expect((await api(node, 'GET', '/mqtt/topic_metrics')).body).toEqual([]);
  });
});

describe('topic metrics: counters on real traffic', () => {
  test('in/out by QoS and dropped move on real publishes; other topics are not counted; rates follow', async () => {
    const idle = node.app.broker.events.listenerCount('message.delivered');
    await api(node, 'POST', '/mqtt/topic_metrics', { topic: 'tm/c/a' });
    await api(node, 'POST', '/mqtt/topic_metrics', { topic: 'tm/c/nobody' });
    expect(node.app.broker.events.listenerCount('message.delivered')).toBe(idle + 1);

    const sub = await connectClient(node.mqttPort, { clientId: 'tm-sub' });
    const got: string[] = [];
    sub.on('message', (t) => got.push(t));
    await sub.subscribeAsync('tm/c/#', { qos: 2 });
    const pub = await connectClient(node.mqttPort, { clientId: 'tm-pub' });
    await pub.publishAsync('tm/c/a', '0', { qos: 0 });
    await pub.publishAsync('tm/c/a', '1', { qos: 1 });
    await pub.publishAsync('tm/c/a', '2', { qos: 2 });
    await pub.publishAsync('tm/c/a', '1', { qos: 1 });
    await pub.publishAsync('tm/c/other', 'x', { qos: 1 }); // not monitored
    await waitFor(() => got.length === 5, 3000, 'deliveries');
    // out counts by the QoS of the delivery: a QoS 0 subscription gets a QoS 2 message as QoS 0
    const low = await connectClient(node.mqttPort, { clientId: 'tm-low' });
    const lowGot: string[] = [];
    low.on('message', (t) => lowGot.push(t));
    await low.subscribeAsync('tm/c/a', { qos: 0 });
    await pub.publishAsync('tm/c/a', '2', { qos: 2 });
    await waitFor(() => got.length === 6 && lowGot.length === 1, 3000, 'QoS 0 delivery');
    const a = await metricsOf('tm/c/a');
    expect(a).toMatchObject({
      'messages.in.count': 5,
      'messages.out.count': 6,
      'messages.qos0.in.count': 1,
      'messages.qos1.in.count': 2,
      'messages.qos2.in.count': 2,
      'messages.qos0.out.count': 2,
      'messages.qos1.out.count': 2,
      'messages.qos2.out.count': 2,
      'messages.dropped.count': 0,
    });

    await sub.unsubscribeAsync('tm/c/#');
    await low.unsubscribeAsync('tm/c/a');
    await pub.publishAsync('tm/c/nobody', 'x', { qos: 1 });
    await pub.publishAsync('tm/c/nobody', 'x', { qos: 0 });
    await waitFor(async () => (await metricsOf('tm/c/nobody'))['messages.in.count'] === 2, 3000, 'QoS 0 publish'); // no ack to wait on
    expect(await metricsOf('tm/c/nobody')).toMatchObject({ 'messages.in.count': 2, 'messages.dropped.count': 2, 'messages.out.count': 0 });

    // the rate is a per-second moving average refreshed every second
    await waitFor(async () => (await metricsOf('tm/c/a'))['messages.in.rate'] > 0, 3000, 'in rate');
    const rate = (await metricsOf('tm/c/a'))['messages.qos1.in.rate'];
    expect(rate).toBeGreaterThan(0);
    expect(Math.round(rate * 10_000)).toBe(rate * 10_000); // 4 decimals at most

    // reset one: its counters restart and reset_time appears; the other keeps its counts
    const reset = await api(node, 'PUT', '/mqtt/topic_metrics', { action: 'reset', topic: 'tm/c/a' });
    expect(reset.status).toBe(200);
    expect(reset.body.metrics['messages.in.count']).toBe(0);
    expect(reset.body.reset_time).toMatch(/^\d{4}-/);
    expect((await metricsOf('tm/c/nobody'))['messages.in.count']).toBe(2);
    expect((await api(node, 'PUT', '/mqtt/topic_metrics', { action: 'reset', topic: 'tm/c/zzz' })).status).toBe(404);
    expect((await api(node, 'PUT', '/mqtt/topic_metrics', { action: 'explode' })).status).toBe(400);
    // reset all
    const all = await api(node, 'PUT', '/mqtt/topic_metrics', { action: 'reset' });
    expect(all.body.map((t: { metrics: Record<string, number> }) => t.metrics['messages.in.count'])).toEqual([0, 0]);

    // nothing monitored: the broker events have no listener of ours any more
    await api(node, 'DELETE', `/mqtt/topic_metrics/${enc('tm/c/a')}`);
    await api(node, 'DELETE', `/mqtt/topic_metrics/${enc('tm/c/nobody')}`);
    expect(node.app.broker.events.listenerCount('message.delivered')).toBe(idle);
    await closeClients([sub, pub, low]);
  });
});
