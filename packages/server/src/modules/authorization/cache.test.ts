// The per-client authorization cache (EMQX authorization.cache): TTL, max_size eviction (oldest first),
// excluded topics and the switch, first on the class with a fixed clock, then through real clients and
// the counters EMQX keeps (authorization.cache_hit / cache_miss).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';
import { AuthzCache } from './cache';

describe('AuthzCache', () => {
  const cache = () => {
    const c = new AuthzCache();
    c.configure({ enable: true, maxSize: 2, ttlMs: 1000, excludes: ['nocache/#'] });
    return c;
  };

  test('an entry lives for ttl, then is gone (and not listed)', () => {
    const c = cache();
    c.put('c1', 'publish', 't/1', 0, false, 'deny', 10_000);
    expect(c.get('c1', 'publish', 't/1', 0, false, 10_999)).toBe('deny');
    expect(c.get('c1', 'publish', 't/1', 1, false, 10_500)).toBeUndefined(); // other QoS, other entry
    expect(c.of('c1', 11_000)).toHaveLength(1);
    expect(c.of('c1', 11_001)).toEqual([]);
    expect(c.get('c1', 'publish', 't/1', 0, false, 11_001)).toBeUndefined();
  });

  test('max_size keeps the newest entries of a client; other clients are apart', () => {
    const c = cache();
    c.put('c1', 'publish', 't/1', 0, false, 'allow', 1);
    c.put('c1', 'publish', 't/2', 0, false, 'allow', 2);
    c.put('c2', 'publish', 't/1', 0, false, 'deny', 2);
    c.put('c1', 'subscribe', 't/3', 0, false, 'deny', 3);
    expect(c.of('c1', 4).map((e) => e.topic)).toEqual(['t/2', 't/3']);
    expect(c.get('c1', 'publish', 't/1', 0, false, 4)).toBeUndefined();
    expect(c.get('c2', 'publish', 't/1', 0, false, 4)).toBe('deny');
    // refreshing an entry makes it the newest
    c.put('c1', 'publish', 't/2', 0, false, 'allow', 5);
    c.put('c1', 'publish', 't/4', 0, false, 'allow', 6);
    expect(c.of('c1', 7).map((e) => e.topic)).toEqual(['t/2', 't/4']);
  });

  test('variants of one topic (action, QoS, retain) are entries of their own, evicted and expired apart', () => {
    const c = cache();
    c.put('c1', 'publish', 't', 1, true, 'deny', 1);
    c.put('c1', 'subscribe', 't', 1, false, 'allow', 2);
    expect(c.get('c1', 'publish', 't', 1, true, 3)).toBe('deny');
    expect(c.get('c1', 'publish', 't', 1, false, 3)).toBeUndefined();
    expect(c.get('c1', 'subscribe', 't', 1, false, 3)).toBe('allow');
    // a third entry evicts the oldest variant only
    c.put('c1', 'publish', 'u', 0, false, 'allow', 4);
    expect(c.get('c1', 'publish', 't', 1, true, 5)).toBeUndefined();
    expect(c.get('c1', 'subscribe', 't', 1, false, 5)).toBe('allow');
    // the expired one goes, the fresher one stays; putting it again brings it back
    expect(c.get('c1', 'subscribe', 't', 1, false, 1003)).toBeUndefined();
    expect(c.get('c1', 'publish', 'u', 0, false, 1003)).toBe('allow');
    c.put('c1', 'subscribe', 't', 1, false, 'deny', 1004);
    expect(c.get('c1', 'subscribe', 't', 1, false, 1005)).toBe('deny');
    expect(c.of('c1', 1004).map((e) => `${e.access.action_type} ${e.topic}`)).toEqual(['publish u', 'subscribe t']);
  });

  test('excluded topics and a disabled cache are never stored', () => {
    const c = cache();
    expect(c.usable('nocache/a/b')).toBe(false);
    expect(c.usable('cache/a')).toBe(true);
    c.put('c1', 'publish', 'nocache/a', 0, false, 'deny', 1);
    expect(c.of('c1', 2)).toEqual([]);
    c.configure({ enable: false, maxSize: 2, ttlMs: 1000, excludes: [] });
    expect(c.usable('cache/a')).toBe(false);
    c.put('c1', 'publish', 'cache/a', 0, false, 'deny', 1);
    expect(c.get('c1', 'publish', 'cache/a', 0, false, 2)).toBeUndefined();
  });
});

describe('cache on a node, with real clients', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(async () => node.close());

  const counters = () => {
    const m = node.app.broker.metrics();
    return { hit: m['authorization.cache_hit'] ?? 0, miss: m['authorization.cache_miss'] ?? 0 };
  };
  const settings = (cache: Record<string, unknown>) => api(node, 'PUT', '/authorization/settings', { no_match: 'allow', deny_action: 'ignore', cache });
  const cacheOf = async (clientid: string) => (await api(node, 'GET', `/clients/${clientid}/authorization/cache`)).body as { topic: string }[];

  test('hit within the TTL, miss again once it has passed', async () => {
    expect((await settings({ enable: true, max_size: 32, ttl: '400ms' })).status).toBe(200);
    const c = await connectClient(node.mqttPort, { clientId: 'ttl-1' });
    const c0 = counters();
    await c.publishAsync('ttl/a', 'x', { qos: 1 });
    await c.publishAsync('ttl/a', 'x', { qos: 1 });
    expect(counters()).toEqual({ hit: c0.hit + 1, miss: c0.miss + 1 });
    expect((await cacheOf('ttl-1')).map((e) => e.topic)).toEqual(['ttl/a']);
    await new Promise((r) => setTimeout(r, 500));
    expect(await cacheOf('ttl-1')).toEqual([]);
    await c.publishAsync('ttl/a', 'x', { qos: 1 });
    expect(counters()).toEqual({ hit: c0.hit + 1, miss: c0.miss + 2 });
    await closeClients([c]);
  });

  test('max_size: the oldest entry goes first', async () => {
    await settings({ enable: true, max_size: 2, ttl: '1m' });
    const c = await connectClient(node.mqttPort, { clientId: 'size-1' });
    for (const t of ['s/1', 's/2', 's/3']) await c.publishAsync(t, 'x', { qos: 1 });
    expect((await cacheOf('size-1')).map((e) => e.topic)).toEqual(['s/2', 's/3']);
    const c0 = counters();
    await c.publishAsync('s/1', 'x', { qos: 1 }); // evicted: evaluated again
    expect(counters()).toEqual({ hit: c0.hit, miss: c0.miss + 1 });
    await closeClients([c]);
  });

  test('excluded topics bypass the cache: no entry, no hit, no miss; other topics still cached', async () => {
    await settings({ enable: true, max_size: 32, ttl: '1m', excludes: ['live/#'] });
    const c = await connectClient(node.mqttPort, { clientId: 'excl-1' });
    const c0 = counters();
    await c.publishAsync('live/a', 'x', { qos: 1 });
    await c.publishAsync('live/a', 'x', { qos: 1 });
    expect(counters()).toEqual(c0);
    await c.publishAsync('cached/a', 'x', { qos: 1 });
    expect(counters()).toEqual({ hit: c0.hit, miss: c0.miss + 1 });
    expect((await cacheOf('excl-1')).map((e) => e.topic)).toEqual(['cached/a']);
    await closeClients([c]);
  });

  test('a cached verdict is served for a cached topic, never for an excluded one', async () => {
    await settings({ enable: true, max_size: 32, ttl: '1m', excludes: ['live/#'] });
    const c = await connectClient(node.mqttPort, { clientId: 'excl-2' });
    // a deny planted in the cache (sources would allow): served for the cached topic only
    node.app.authz.cache.put('excl-2', 'publish', 'cached/c', 1, false, 'deny');
    node.app.authz.cache.put('excl-2', 'publish', 'live/c', 1, false, 'deny');
    await expect(c.publishAsync('cached/c', 'x', { qos: 1 })).rejects.toMatchObject({ code: 0x87 });
    await expect(c.publishAsync('live/c', 'x', { qos: 1 })).resolves.toBeDefined();
    await closeClients([c]);
  });

  test('cache disabled: every request is evaluated, nothing is counted or listed', async () => {
    const put = await settings({ enable: false, max_size: 32, ttl: '1m' });
    expect(put.body.cache.enable).toBe(false);
    const c = await connectClient(node.mqttPort, { clientId: 'off-1' });
    const c0 = counters();
    const m0 = node.app.broker.metrics()['authorization.allow'] ?? 0;
    for (let i = 0; i < 3; i++) await c.publishAsync('off/a', 'x', { qos: 1 });
    expect(counters()).toEqual(c0);
    expect((node.app.broker.metrics()['authorization.allow'] ?? 0) - m0).toBe(3);
    expect(await cacheOf('off-1')).toEqual([]);
    await closeClients([c]);
    await waitFor(() => node.app.broker.client('off-1')?.connected !== true, 2000, 'client gone');
  });
});
