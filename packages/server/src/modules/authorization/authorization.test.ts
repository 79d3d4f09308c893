import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, connectClient, expectContract, waitFor } from '../../shared/testing';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => node.close());

const RULES = '/authorization/sources/built_in_database/rules';

describe('settings and sources', () => {
  test('defaults as EMQX; PUT echoes; bad values refused without change', async () => {
    const res = await api(node, 'GET', '/authorization/settings');
    expect(res.body).toEqual({ no_match: 'allow', deny_action: 'ignore', cache: { enable: true, max_size: 32, ttl: '1m', excludes: [] } });
    expectContract('get', '/authorization/settings', 200, res.body);
    const put = await api(node, 'PUT', '/authorization/settings', { no_match: 'allow', deny_action: 'ignore', cache: { enable: true, max_size: 10, ttl: '1m' } });
    expect(put.body.cache).toEqual({ enable: true, max_size: 10, ttl: '1m', excludes: [] });
    // emqx_authz_api_settings (check_schema, a field list: each field checked by its own name): hocon's error text
    expect(await api(node, 'PUT', '/authorization/settings', { no_match: 'maybe', deny_action: 'ignore' })).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', message: '{"value":"maybe","reason":"unable_to_convert_to_enum_symbol","path":"no_match","kind":"validation_error"}' },
    });
    const typed = await api(node, 'PUT', '/authorization/settings', { no_match: 'allow', deny_action: 'ignore', cache: { enable: 'yes', max_size: 0 } });
    expect(JSON.parse(typed.body.message)).toEqual([
      { kind: 'validation_error', path: 'cache.enable', reason: { expected: 'boolean()' }, value: 'yes' },
      { kind: 'validation_error', path: 'cache.max_size', reason: { expected: '1..1048576' }, value: 0 },
    ]);
    expect(JSON.parse((await api(node, 'PUT', '/authorization/settings', { deny_action: 'ignore' })).body.message)).toEqual({
      kind: 'validation_error',
      path: 'no_match',
      reason: 'required_field',
    });
    expect((await api(node, 'GET', '/authorization/settings')).body.no_match).toBe('allow');
    const badExclude = await api(node, 'PUT', '/authorization/settings', { no_match: 'allow', deny_action: 'ignore', cache: { excludes: ['ok/#', 'a/#/b'] } });
    expect(badExclude).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: 'cache.excludes: invalid topic filter "a/#/b" (Invalid use of "#" wildcard)' } });
    expect((await api(node, 'GET', '/authorization/settings')).body.cache.excludes).toEqual([]);
  });

  test('default file source shows the ACL text; a bad ACL is refused and nothing changes', async () => {
    const res = await api(node, 'GET', '/authorization/sources');
    expect(res.body.sources).toEqual([{ type: 'file', enable: true, rules: expect.stringContaining('{allow, all}.') }]);
    const bad = await api(node, 'PUT', '/authorization/sources/file', { type: 'file', enable: true, rules: '{allow, nobody}.' });
    expect(bad.status).toBe(400);
    expect((await api(node, 'GET', '/authorization/sources/file')).body.rules).toContain('{allow, all}.');
    expect((await api(node, 'PUT', '/authorization/sources/file', { type: 'mysql' })).body).toEqual({ code: 'BAD_REQUEST', message: 'Type mismatch' });
    expect((await api(node, 'GET', '/authorization/sources/mysql')).body).toEqual({ code: 'NOT_FOUND', message: 'Not found: mysql' });
  });

  test('create built_in_database (prepended), duplicate 400, move and order', async () => {
    expect((await api(node, 'POST', '/authorization/sources', { type: 'built_in_database', enable: true })).status).toBe(204);
    expect((await api(node, 'POST', '/authorization/sources', { type: 'built_in_database' })).status).toBe(400);
    const types = async () => (await api(node, 'GET', '/authorization/sources')).body.sources.map((s: { type: string }) => s.type);
    expect(await types()).toEqual(['built_in_database', 'file']);
    expect((await api(node, 'POST', '/authorization/sources/built_in_database/move', { position: 'after:file' })).status).toBe(204);
    expect(await types()).toEqual(['file', 'built_in_database']);
    expect((await api(node, 'PUT', '/authorization/sources/order', [{ type: 'built_in_database' }, { type: 'file' }])).status).toBe(204);
    expect(await types()).toEqual(['built_in_database', 'file']);
    expect((await api(node, 'PUT', '/authorization/sources/order', [{ type: 'file' }])).status).toBe(400);
  });
});

describe('built-in rules and enforcement', () => {
  test('rules CRUD with EMQX answers', async () => {
    const rules = [{ topic: 'secret/#', permission: 'deny', action: 'all' }];
    expect((await api(node, 'POST', `${RULES}/users`, [{ username: 'mallory', rules }])).status).toBe(204);
    expect((await api(node, 'POST', `${RULES}/users`, [{ username: 'mallory', rules }])).body).toEqual({ code: 'ALREADY_EXISTS', message: "User 'mallory' already exist" });
    expect((await api(node, 'GET', `${RULES}/users/mallory`)).body).toEqual({
      username: 'mallory',
      rules: [{ topic: 'secret/#', permission: 'deny', action: 'all', qos: [0, 1, 2], retain: 'all' }],
    });
    expect((await api(node, 'GET', `${RULES}/users?like_username=mal`)).body.meta).toEqual({ page: 1, limit: 100, hasnext: false });
    expect((await api(node, 'POST', `${RULES}/users`, [{ username: 'x', rules: [{ topic: 't', permission: 'maybe', action: 'all' }] }])).status).toBe(400);
    expect((await api(node, 'GET', `${RULES}/users/x`)).status).toBe(404);
    // topics are filters ('eq ' names one literally); the spec's texts say what is wrong
    const badTopic = (topic: string) =>
      api(node, 'POST', `${RULES}/users`, [
        {
          username: 'x',
          rules: [
            { topic: 'fine/#', permission: 'allow', action: 'all' },
            { topic, permission: 'deny', action: 'all' },
          ],
        },
      ]);
    expect((await badTopic('a/#/b')).body).toEqual({ code: 'BAD_REQUEST', message: 'rules[1].topic: Invalid use of "#" wildcard' });
    expect((await badTopic('eq a/b+')).body).toEqual({ code: 'BAD_REQUEST', message: 'rules[1].topic: Invalid use of "+" wildcard' });
    expect((await badTopic('t/'.repeat(40000))).body.message).toBe('rules[1].topic: Topic length exceeds the limit');
    expect((await api(node, 'POST', `${RULES}/all`, { rules: [{ topic: 'x#', permission: 'allow', action: 'all' }] })).status).toBe(400);
    expect((await api(node, 'GET', `${RULES}/users/x`)).status).toBe(404);
    expect((await api(node, 'DELETE', `${RULES}/clients/nobody`)).body).toEqual({ code: 'NOT_FOUND', message: 'ClientID Not Found' });
    await api(node, 'POST', `${RULES}/clients`, [{ clientid: 'sub-denied', rules: [{ topic: 'private/#', permission: 'deny', action: 'subscribe' }] }]);
    await api(node, 'POST', `${RULES}/all`, { rules: [{ topic: 'ro/${username}', permission: 'deny', action: 'publish' }] });
    expect((await api(node, 'GET', `${RULES}/all`)).body.rules).toHaveLength(1);
  });

  test('a denied publish is dropped (PUBACK 0x87) and counted; the topic placeholder applies', async () => {
    const m0 = node.app.broker.metrics();
    const pub = await connectClient(node.mqttPort, { clientId: 'p1', username: 'mallory' });
    const watcher = await connectClient(node.mqttPort, { clientId: 'w1', username: 'watcher' });
    const got: string[] = [];
    watcher.on('message', (t) => got.push(t));
    await watcher.subscribeAsync('secret/#', { qos: 1 });
    // MQTT.js rejects a PUBACK with a failure reason code
    await expect(pub.publishAsync('secret/plans', 'x', { qos: 1 })).rejects.toMatchObject({ code: 0x87 });
    await expect(pub.publishAsync('secret/plans', 'x', { qos: 1 })).rejects.toMatchObject({ code: 0x87 }); // from the cache
    await expect(pub.publishAsync('ro/mallory', 'x', { qos: 1 })).rejects.toMatchObject({ code: 0x87 });
    // a fixed wait on purpose: it proves nothing denied is delivered within 100 ms
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual([]);
    const m1 = node.app.broker.metrics();
    expect(m1['authorization.deny'] - (m0['authorization.deny'] ?? 0)).toBe(3);
    expect(m1['authorization.cache_hit'] - (m0['authorization.cache_hit'] ?? 0)).toBeGreaterThanOrEqual(1);
    expect(node.app.authz.cache.of('p1').length).toBeGreaterThan(0);
    await pub.endAsync();
    await watcher.endAsync();
  });

  test('a denied subscribe gets SUBACK 0x87', async () => {
    const c = await connectClient(node.mqttPort, { clientId: 'sub-denied' });
    // MQTT.js rejects a SUBACK holding a failure code; the packet is on the error
    const err = await c.subscribeAsync(['private/x', 'public/x']).catch((e: { packet: { granted: number[] } }) => e);
    expect((err as { packet: { granted: number[] } }).packet.granted).toEqual([0x87, 0]);
    await c.endAsync();
  });

  test('a superuser skips authorization', async () => {
    await api(node, 'POST', '/authentication', { mechanism: 'password_based', backend: 'built_in_database' });
    await api(node, 'POST', '/authentication/password_based%3Abuilt_in_database/users', { user_id: 'mallory', password: 'pw', is_superuser: true });
    const c = await connectClient(node.mqttPort, { clientId: 'p2', username: 'mallory', password: 'pw' });
    await expect(c.publishAsync('secret/plans', 'x', { qos: 1 })).resolves.toBeDefined();
    await c.endAsync();
    await api(node, 'DELETE', '/authentication/password_based%3Abuilt_in_database');
  });

  test('deny_action disconnect closes the client', async () => {
    await api(node, 'PUT', '/authorization/settings', { no_match: 'allow', deny_action: 'disconnect' });
    const c = await connectClient(node.mqttPort, { clientId: 'p3', username: 'mallory' });
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    c.publish('secret/x', 'x', { qos: 1 });
    await closed;
    await waitFor(() => node.app.broker.client('p3')?.connected !== true, 2000, 'disconnect');
    c.end(true);
    await api(node, 'PUT', '/authorization/settings', { no_match: 'allow', deny_action: 'ignore' });
  });

  test('explain names the source and rule, through the same code path', async () => {
    const res = await api(node, 'POST', '/authorization/explain', { clientid: 'x', username: 'mallory', peerhost: '10.1.1.1', action: 'publish', topic: 'secret/a' });
    expect(res.body).toMatchObject({ result: 'deny', decided_by: 'source', source: 'built_in_database', rule: expect.stringContaining('secret/#') });
    const file = await api(node, 'POST', '/authorization/explain', { clientid: 'x', peerhost: '10.1.1.1', action: 'subscribe', topic: '#' });
    expect(file.body).toMatchObject({ result: 'deny', source: 'file', rule: '{deny, all, subscribe, ["$SYS/#", {eq, "#"}, {eq, "+/#"}]}.' });
    const su = await api(node, 'POST', '/authorization/explain', { clientid: 'x', action: 'subscribe', topic: '#', is_superuser: true });
    expect(su.body).toMatchObject({ result: 'allow', decided_by: 'superuser' });
    expect((await api(node, 'POST', '/authorization/explain', { clientid: 'x', action: 'read', topic: 't' })).status).toBe(400);
    for (const peerhost of ['not-an-ip', '', '10.1.1', '10.1.1.1:1883', '10.0.0.0/8']) {
      const bad = await api(node, 'POST', '/authorization/explain', { clientid: 'x', peerhost, action: 'publish', topic: 't' });
      expect(bad.status, peerhost).toBe(400);
      expect(bad.body).toEqual({ code: 'BAD_REQUEST', message: `peerhost: '${peerhost}' is not an IPv4 or IPv6 address` });
    }
    expect((await api(node, 'POST', '/authorization/explain', { clientid: 'x', peerhost: '::1', action: 'publish', topic: 't' })).status).toBe(200);
  });

  test('purge needs the source disabled; clear cache is 204', async () => {
    expect((await api(node, 'DELETE', RULES)).body.message).toBe("'built_in_database' type source must be disabled before purge.");
    await api(node, 'PUT', '/authorization/sources/built_in_database', { type: 'built_in_database', enable: false });
    expect((await api(node, 'DELETE', RULES)).status).toBe(204);
    expect((await api(node, 'GET', `${RULES}/users`)).body.data).toEqual([]);
    expect((await api(node, 'DELETE', '/authorization/cache')).status).toBe(204);
    await api(node, 'DELETE', '/authorization/sources/built_in_database');
    expect((await api(node, 'DELETE', RULES)).status).toBe(404);
  });
});
