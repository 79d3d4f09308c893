// Plugins on the hook points ExHook serves (plugins.hooks.ts, through exhook/broker-hooks.ts), with real MQTT clients:
// client.authenticate refusing a username, client.authorize refusing a topic no source matched, message.publish
// rewriting topic and payload, session and delivery notifications observed by the plugin, a hanging authenticate
// passed over after the call timeout, and an unknown hook point refused at start.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connackCode, connectClient, waitFor } from '../../shared/testing';
import { TIMEOUTS } from './plugins.service';
import { allow, packPlugin, pluginFiles, upload } from './plugins.testing';

const GATE = 'mqdeck_gate-1.0';
// every hook callback appends a line to events.log in the plugin's folder (its working directory)
const GATE_ENTRY = `
import { appendFileSync } from 'node:fs';
const note = (...parts) => appendFileSync('events.log', parts.join(' ') + '\\n');
export function start(ctx) {
  ctx.addHooks({
    'client.authenticate': (c) => {
      note('client.authenticate', c.clientid, c.username, c.password);
      if (c.username === 'intruder') return false;
      if (c.username === 'slow') return new Promise(() => {});
      return undefined;
    },
    'client.authorize': (c, req) => {
      note('client.authorize', c.clientid, req.action, req.topic);
      return req.topic.startsWith('forbidden/') ? 'deny' : undefined;
    },
    'message.publish': (m) => {
      note('message.publish', m.topic, m.payload.toString());
      return m.topic === 'in/rewrite' ? { ...m, topic: 'out/rewritten', payload: m.payload.toString().toUpperCase() } : undefined;
    },
    'client.connack': (i, rc) => note('client.connack', i.clientid, rc),
    'session.created': (c) => note('session.created', c.clientid),
    'session.subscribed': (c, topic, opts) => note('session.subscribed', c.clientid, topic, opts.qos),
    'session.terminated': (c, reason) => note('session.terminated', c.clientid, reason),
    'message.delivered': (c, m) => note('message.delivered', c.clientid, m.topic, m.payload.toString('hex')),
    'client.unsubscribe': (c, filter) => note('client.unsubscribe', c.clientid, filter),
  });
}
`;

describe('plugins on the hook points', () => {
  let node: TestNode;
  const clients: MqttClient[] = [];
  const events = () => {
    try {
      return readFileSync(join(node.dataDir, 'plugins', GATE, 'events.log'), 'utf8')
        .split('\n')
        .filter(Boolean);
    } catch {
      return [];
    }
  };
  const saw = (line: string | RegExp) =>
    waitFor(() => events().some((e) => (typeof line === 'string' ? e === line : line.test(e))), 10_000, `the plugin to note "${String(line)}"`);

  beforeAll(async () => {
    node = await startTestNode();
    // no source: every authorization is the hook's to decide (as the ExHook test does)
    expect((await api(node, 'DELETE', '/authorization/sources/file')).status).toBe(204);
    allow(node, GATE);
    expect((await upload(node, `${GATE}.tar.gz`, await packPlugin(GATE, pluginFiles('mqdeck_gate', '1.0', GATE_ENTRY)))).status).toBe(204);
    expect((await api(node, 'PUT', `/plugins/${GATE}/start`)).status).toBe(204);
  }, 120_000);
  afterAll(async () => {
    await closeClients(clients);
    await node?.close();
  });

  it('client.authenticate: a plugin that says false refuses a real client; no opinion lets it in', async () => {
    expect(await connackCode(node.mqttPort, { clientId: 'gate-bad', username: 'intruder', password: 'pw' })).toBe(0x87);
    expect(await connackCode(node.mqttPort, { clientId: 'gate-bad3', username: 'intruder', protocolVersion: 4 })).toBe(5);
    expect(await connackCode(node.mqttPort, { clientId: 'gate-good', username: 'friend', password: 'pw' })).toBe(0);
    expect(events()).toContain('client.authenticate gate-bad intruder pw');
    await saw('client.connack gate-bad not_authorized');
    await saw('client.connack gate-good success');
  });

  it('client.authorize: a plugin that says deny refuses a subscription and a publish no source matched', async () => {
    const c = await connectClient(node.mqttPort, { clientId: 'gate-authz' });
    clients.push(c);
    await expect(c.subscribeAsync('forbidden/x', { qos: 1 })).rejects.toThrow(/Not authorized/);
    const got: string[] = [];
    const sub = await connectClient(node.mqttPort, { clientId: 'gate-watch' });
    clients.push(sub);
    sub.on('message', (topic) => got.push(topic));
    await sub.subscribeAsync('#', { qos: 1 });
    await expect(c.publishAsync('forbidden/y', 'no', { qos: 1 })).rejects.toMatchObject({ code: 0x87 });
    await c.publishAsync('allowed/y', 'yes', { qos: 1 });
    await waitFor(() => got.includes('allowed/y'), 10_000, 'the allowed message');
    expect(got).not.toContain('forbidden/y');
    expect(events()).toEqual(expect.arrayContaining(['client.authorize gate-authz subscribe forbidden/x', 'client.authorize gate-authz publish forbidden/y']));
  });

  it('message.publish rewrites topic and payload; session and delivery notifications reach the plugin', async () => {
    const sub = await connectClient(node.mqttPort, { clientId: 'gate-sub' });
    clients.push(sub);
    const got: { topic: string; payload: string }[] = [];
    sub.on('message', (topic, payload) => got.push({ topic, payload: payload.toString() }));
    await sub.subscribeAsync('out/#', { qos: 1 });
    await saw('session.created gate-sub');
    await saw('session.subscribed gate-sub out/# 1');
    const pub = await connectClient(node.mqttPort, { clientId: 'gate-pub' });
    clients.push(pub);
    await pub.publishAsync('in/rewrite', 'hello', { qos: 1 });
    await waitFor(() => got.length === 1, 10_000, 'the rewritten message');
    expect(got[0]).toEqual({ topic: 'out/rewritten', payload: 'HELLO' });
    await saw(`message.delivered gate-sub out/rewritten ${Buffer.from('HELLO').toString('hex')}`);
    await sub.unsubscribeAsync('out/#');
    await saw('client.unsubscribe gate-sub out/#');
    await sub.endAsync();
    await saw(/^session\.terminated gate-sub \S+$/);
  });

  it('a plugin that does not answer authenticate in time has no say: the client is let in after the call timeout', async () => {
    const before = TIMEOUTS.call;
    TIMEOUTS.call = 300;
    try {
      expect(await connackCode(node.mqttPort, { clientId: 'gate-slow', username: 'slow' })).toBe(0);
      expect(events()).toContain('client.authenticate gate-slow slow ');
    } finally {
      TIMEOUTS.call = before;
    }
  });

  it('the broker listens to a notification only while a running plugin registered it', async () => {
    const emitter = node.app.broker.events;
    // the gate plugin registered these two (other modules may listen too)
    const [connack, created] = [emitter.listenerCount('client.connack'), emitter.listenerCount('session.created')];
    // nobody registered client.connect (no ExHook server, no plugin hook, no rule): no listener, nothing built
    expect(emitter.listenerCount('client.connect')).toBe(0);
    expect((await api(node, 'PUT', `/plugins/${GATE}/stop`)).status).toBe(204);
    expect(emitter.listenerCount('client.connack')).toBe(connack - 1);
    expect(emitter.listenerCount('session.created')).toBe(created - 1);
    expect(await connackCode(node.mqttPort, { clientId: 'gate-off', username: 'intruder', password: 'pw' })).toBe(0); // no plugin refuses
    expect((await api(node, 'PUT', `/plugins/${GATE}/start`)).status).toBe(204);
    expect([emitter.listenerCount('client.connack'), emitter.listenerCount('session.created')]).toEqual([connack, created]);
    expect(await connackCode(node.mqttPort, { clientId: 'gate-on', username: 'friend', password: 'pw' })).toBe(0);
    await saw('client.connack gate-on success');
    expect(events()).not.toContain('client.connack gate-off success');
  });

  it('refuses a hook point ExHook does not serve, naming the known ones', async () => {
    const odd = 'mqdeck_odd-1.0';
    allow(node, odd);
    await upload(
      node,
      `${odd}.tar.gz`,
      await packPlugin(odd, pluginFiles('mqdeck_odd', '1.0', "export function start(ctx) { ctx.addHooks({ 'message.teleport': () => {} }); }\n")),
    );
    const res = await api(node, 'PUT', `/plugins/${odd}/start`);
    expect(res.status).toBe(500);
    expect(res.body.message).toMatch(/unknown hook point 'message.teleport' \(known: client.connect, .*message.dropped\)/);
  });
});
