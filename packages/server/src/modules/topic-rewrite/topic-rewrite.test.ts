import { describe, expect, test } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../shared/testing';
import { compileRules, rewrite } from './topic-rewrite.rules';

const node = restartableNode();

const RULES = [
  { action: 'publish', source_topic: 'x/#', re: '^x/y/(.+)$', dest_topic: 'z/y/$1' },
  { action: 'publish', source_topic: 'c/#', re: '^c/(.+)$', dest_topic: 'pub/${clientid}/$1' },
  { action: 'subscribe', source_topic: 'y/+/z/#', re: '^y/(.+)/z/(.+)$', dest_topic: 'y/z/$2' },
];

describe('rewrite rules', () => {
  test('last configured matching rule wins; its regex failing leaves the topic; shared prefix kept', () => {
    const r = compileRules([
      { action: 'all', source_topic: 'x/#', re: '^x/y/(.+)$', dest_topic: 'z/y/x/$1' },
      { action: 'all', source_topic: 'x/y/+', re: '^x/y/(\\d+)$', dest_topic: 'z/y/$1' },
    ]);
    const none = { clientid: null, username: null };
    expect(rewrite('x/y/2', r.publish, none)).toBe('z/y/2');
    expect(rewrite('x/y/z', r.publish, none)).toBe('x/y/z'); // x/y/+ matched first, its regex did not
    expect(rewrite('x/a/b', r.publish, none)).toBe('x/a/b');
    expect(rewrite('$share/g/x/y/7', r.subscribe, none)).toBe('$share/g/z/y/7');
  });
});

describe('topic rewrite', () => {
  test('PUT validates and stores; publishes and subscriptions are rewritten on real clients', async () => {
    expect((await api(node, 'GET', '/mqtt/topic_rewrite')).body).toEqual([]);
    const tooMany = Array.from({ length: 20 }, () => RULES[0]);
    expect(await api(node, 'PUT', '/mqtt/topic_rewrite', tooMany)).toMatchObject({ status: 413, body: { code: 'EXCEED_LIMIT', message: 'Max rewrite rules count is 20' } });
    const wild = await api(node, 'PUT', '/mqtt/topic_rewrite', [{ ...RULES[0], dest_topic: 'a/#' }]);
    expect(wild).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: 'Cannot use wildcard for destination topic. Invalid topics: [<<"a/#">>]' } });
    expect((await api(node, 'PUT', '/mqtt/topic_rewrite', [{ ...RULES[0], re: '(' }])).status).toBe(400);
    expect(await api(node, 'PUT', '/mqtt/topic_rewrite', [RULES[0], { ...RULES[0], source_topic: 'x/#/y' }])).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', message: '[1].source_topic: Invalid use of "#" wildcard' },
    });
    expect((await api(node, 'PUT', '/mqtt/topic_rewrite', [{ action: 'move', source_topic: 'a', re: 'a', dest_topic: 'b' }])).status).toBe(400);
    expect((await api(node, 'GET', '/mqtt/topic_rewrite')).body).toEqual([]);

    const ok = await api(node, 'PUT', '/mqtt/topic_rewrite', RULES);
    expect(ok.status).toBe(200);
    expectContract('put', '/mqtt/topic_rewrite', 200, ok.body);
    expect(ok.body).toEqual(RULES);

    const c = await connectClient(node.mqttPort, { clientId: 'c1' });
    const got: string[] = [];
    c.on('message', (topic) => got.push(topic));
    await c.subscribeAsync(['z/y/2', 'pub/c1/1', 'x/1/2'], { qos: 1 });
    await c.publishAsync('x/y/2', 'a', { qos: 1 });
    await c.publishAsync('c/1', 'b', { qos: 1 });
    await c.publishAsync('x/1/2', 'c', { qos: 1 });
    await waitFor(() => got.length === 3, 2000, 'rewritten publishes');
    expect(got.sort()).toEqual(['pub/c1/1', 'x/1/2', 'z/y/2']);

    // a subscription to y/a/z/b is made as y/z/b: retained messages of y/z/b only, and the unsubscribe follows
    await node.app.broker.publish({ topic: 'y/z/b', payload: Buffer.from('r-new'), qos: 0, retain: true, fromClientid: null, fromUsername: null });
    await node.app.broker.publish({ topic: 'y/a/z/b', payload: Buffer.from('r-old'), qos: 0, retain: true, fromClientid: null, fromUsername: null });
    got.length = 0;
    const payloads: string[] = [];
    c.on('message', (_t, p) => payloads.push(p.toString()));
    await c.subscribeAsync('y/a/z/b', { qos: 1 });
    expect((node.app.broker.subscriptionsOf('c1') ?? []).map((s) => s.topic)).toContain('y/z/b'); // made before the SUBACK
    expect((node.app.broker.subscriptionsOf('c1') ?? []).map((s) => s.topic)).not.toContain('y/a/z/b');
    await waitFor(() => payloads.length === 1, 2000, 'retained message of the rewritten filter');
    // a fixed wait on purpose: it proves nothing else arrives within 200 ms
    await new Promise((r) => setTimeout(r, 200));
    expect(payloads).toEqual(['r-new']);
    await c.publishAsync('y/z/b', 'd', { qos: 1 });
    await waitFor(() => payloads.includes('d'), 2000, 'message on the rewritten subscription');
    await c.unsubscribeAsync('y/a/z/b');
    expect((node.app.broker.subscriptionsOf('c1') ?? []).map((s) => s.topic)).not.toContain('y/z/b');
    await closeClients([c]);
  });

  test('rules survive a restart', async () => {
    await node.restart();
    expect((await api(node, 'GET', '/mqtt/topic_rewrite')).body).toEqual(RULES);
  });
});
