// authorization.no_match and deny_action with real MQTT.js 5 clients, and the authorization.nomatch /
// authorization.matched.* counters EMQX keeps. The default file source ends with {allow, all}, so it is
// disabled here: with no source answering, no_match decides.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { IDisconnectPacket } from 'mqtt';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
  const file = (await api(node, 'GET', '/authorization/sources/file')).body;
  expect((await api(node, 'PUT', '/authorization/sources/file', { ...file, enable: false })).status).toBe(204);
});
afterAll(async () => node.close());

// the cache off so each request is evaluated and counted once
const settings = (no_match: 'allow' | 'deny', deny_action: 'ignore' | 'disconnect' = 'ignore') =>
  api(node, 'PUT', '/authorization/settings', { no_match, deny_action, cache: { enable: false, max_size: 32, ttl: '1m' } });
const metric = (name: string) => node.app.broker.metrics()[name] ?? 0;

describe('no_match = deny', () => {
  test('a publish is refused (PUBACK 0x87, QoS 0 dropped) and a subscribe gets SUBACK 0x87; nomatch counts each', async () => {
    expect((await settings('deny')).status).toBe(200);
    // the watcher subscribes through the API, which skips authorization as in EMQX
    const watcher = await connectClient(node.mqttPort, { clientId: 'nm-watch' });
    expect((await api(node, 'POST', '/clients/nm-watch/subscribe', { topic: 'nm/#', qos: 1 })).status).toBe(200);
    const got: string[] = [];
    watcher.on('message', (t) => got.push(t));

    const c = await connectClient(node.mqttPort, { clientId: 'nm-1' });
    const n0 = metric('authorization.nomatch');
    const d0 = metric('authorization.deny');
    await expect(c.publishAsync('nm/qos1', 'x', { qos: 1 })).rejects.toMatchObject({ code: 0x87 });
    await c.publishAsync('nm/qos0', 'x', { qos: 0 });
    const err = await c.subscribeAsync(['nm/a', 'nm/b/+']).catch((e: { packet: { granted: number[] } }) => e);
    expect((err as { packet: { granted: number[] } }).packet.granted).toEqual([0x87, 0x87]);
    // a control message proves the QoS 0 publish had its turn before it
    await api(node, 'POST', '/publish', { topic: 'nm/control', payload: 'x', qos: 1 });
    await waitFor(() => got.includes('nm/control'), 2000, 'control message');
    expect(got).toEqual(['nm/control']);
    expect(metric('authorization.nomatch') - n0).toBe(4);
    expect(metric('authorization.deny') - d0).toBe(4);
    expect(node.app.broker.subscriptionsOf('nm-1') ?? []).toEqual([]);
    await closeClients([c, watcher]);
  });

  test('a source that matches decides, and counts as matched rather than nomatch', async () => {
    await api(node, 'POST', '/authorization/sources', { type: 'built_in_database', enable: true });
    await api(node, 'POST', '/authorization/sources/built_in_database/rules/all', { rules: [{ topic: 'open/#', permission: 'allow', action: 'all' }] });
    const c = await connectClient(node.mqttPort, { clientId: 'nm-2' });
    const n0 = metric('authorization.nomatch');
    const a0 = metric('authorization.matched.allow');
    await expect(c.publishAsync('open/x', 'x', { qos: 1 })).resolves.toBeDefined();
    await expect(c.publishAsync('closed/x', 'x', { qos: 1 })).rejects.toMatchObject({ code: 0x87 });
    expect(metric('authorization.matched.allow') - a0).toBe(1);
    expect(metric('authorization.nomatch') - n0).toBe(1);
    const sources = (await api(node, 'GET', '/authorization/sources/built_in_database/status')).body;
    expect(sources.metrics).toMatchObject({ allow: 1, nomatch: 1 });
    await closeClients([c]);
    await api(node, 'DELETE', '/authorization/sources/built_in_database');
  });

  test('no_match = allow lets the same requests through, still counted as nomatch', async () => {
    await settings('allow');
    const c = await connectClient(node.mqttPort, { clientId: 'nm-3' });
    const n0 = metric('authorization.nomatch');
    await expect(c.publishAsync('nm/qos1', 'x', { qos: 1 })).resolves.toBeDefined();
    expect((await c.subscribeAsync('nm/a', { qos: 1 }))[0]).toMatchObject({ topic: 'nm/a', qos: 1 });
    expect(metric('authorization.nomatch') - n0).toBe(2);
    await closeClients([c]);
  });
});

describe('deny_action = disconnect', () => {
  const disconnected = (c: Awaited<ReturnType<typeof connectClient>>) =>
    new Promise<number | undefined>((resolve) => {
      let code: number | undefined;
      c.once('disconnect', (p: IDisconnectPacket) => (code = p.reasonCode));
      c.once('close', () => resolve(code));
    });

  test('a refused publish closes the connection with DISCONNECT 0x87', async () => {
    await settings('deny', 'disconnect');
    const c = await connectClient(node.mqttPort, { clientId: 'nm-dc-1' });
    const closed = disconnected(c);
    c.publish('nm/x', 'x', { qos: 0 });
    expect(await closed).toBe(0x87);
    await waitFor(() => node.app.broker.client('nm-dc-1')?.connected !== true, 2000, 'client disconnected');
    c.end(true);
  });

  test('a refused subscribe closes the connection too', async () => {
    const c = await connectClient(node.mqttPort, { clientId: 'nm-dc-2' });
    const closed = disconnected(c);
    c.subscribe('nm/y');
    await closed;
    await waitFor(() => node.app.broker.client('nm-dc-2')?.connected !== true, 2000, 'client disconnected');
    expect(node.app.broker.subscriptionsOf('nm-dc-2') ?? []).toEqual([]);
    c.end(true);
  });

  test('with ignore, the same client stays connected', async () => {
    await settings('deny', 'ignore');
    const c = await connectClient(node.mqttPort, { clientId: 'nm-dc-3' });
    await expect(c.publishAsync('nm/x', 'x', { qos: 1 })).rejects.toMatchObject({ code: 0x87 });
    expect(c.connected).toBe(true);
    expect(node.app.broker.client('nm-dc-3')?.connected).toBe(true);
    await closeClients([c]);
  });
});
