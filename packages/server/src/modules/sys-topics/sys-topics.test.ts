import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node.close();
});

describe('$SYS topics', () => {
  test('periodic broker info, heartbeat and client events arrive on real clients; switches apply live', async () => {
    const res = await api(node, 'PUT', '/configs/sys_topics', {
      sys_msg_interval: '200ms',
      sys_heartbeat_interval: '200ms',
      sys_event_messages: { client_connected: true, client_disconnected: true, client_subscribed: true, client_unsubscribed: false },
    });
    expect(res.status).toBe(200);
    const prefix = `$SYS/brokers/${node.app.nodeName}`;
    const watcher = await connectClient(node.mqttPort, { clientId: 'sys-watch' });
    const got = new Map<string, string>();
    watcher.on('message', (topic, payload) => got.set(topic, payload.toString()));
    await watcher.subscribeAsync('$SYS/#');

    const c = await connectClient(node.mqttPort, { clientId: 'sys-client', username: 'u1' });
    await c.subscribeAsync('sys/t', { qos: 1 });
    await closeClients([c]);

    await waitFor(() => got.has(`${prefix}/uptime`) && got.has(`${prefix}/stats/connections/count`) && got.has(`${prefix}/clients/sys-client/disconnected`), 3000, '$SYS messages');
    expect(got.get(`${prefix}/version`)).toMatch(/^5\.8\.\d+$/);
    expect(Number(got.get(`${prefix}/uptime`))).toBeGreaterThanOrEqual(0);
    expect(Date.parse(got.get(`${prefix}/datetime`) ?? '')).not.toBeNaN();
    expect(got.get('$SYS/brokers')).toBe(node.app.nodeName);
    expect(got.has(`${prefix}/metrics/messages/received`)).toBe(true);
    expect(JSON.parse(got.get(`${prefix}/clients/sys-client/connected`) ?? '{}')).toMatchObject({ clientid: 'sys-client', username: 'u1', proto_ver: 5, ipaddress: '127.0.0.1' });
    expect(JSON.parse(got.get(`${prefix}/clients/sys-client/subscribed`) ?? '{}')).toMatchObject({ clientid: 'sys-client', topic: 'sys/t', subopts: { qos: 1 } });
    expect(JSON.parse(got.get(`${prefix}/clients/sys-client/disconnected`) ?? '{}')).toMatchObject({ clientid: 'sys-client', username: 'u1' });
    // retained $SYS messages name their sender as EMQX does (emqx_sys), not "undefined"
    const retained = await api(node, 'GET', `/mqtt/retainer/message/${encodeURIComponent(`${prefix}/version`)}`);
    expect(retained.body).toMatchObject({ topic: `${prefix}/version`, from_clientid: 'emqx_sys' });

    // switches off: no more connected events, no more periodic messages
    await api(node, 'PUT', '/configs/sys_topics', { sys_msg_interval: 'disabled', sys_heartbeat_interval: 'disabled', sys_event_messages: { client_connected: false } });
    await new Promise((r) => setTimeout(r, 250));
    got.clear();
    const quiet = await connectClient(node.mqttPort, { clientId: 'sys-quiet' });
    // a fixed wait on purpose: it proves nothing is published within 400 ms
    await new Promise((r) => setTimeout(r, 400));
    await closeClients([quiet, watcher]);
    expect([...got.keys()].filter((t) => t !== `${prefix}/clients/sys-quiet/disconnected`)).toEqual([]);
  });
});

// The client events are built only when something would see them (broker.observes). What an observer sees is kept:
// subscribers (plain and shared), topic metrics of the exact topic (EMQX's skip no $SYS), a topic rewrite rule that
// takes them; a rule with ignore_sys_message false runs on them without any subscriber (rules.mqtt.test.ts).
describe('$SYS client events only when observed', () => {
  const prefix = () => `$SYS/brokers/${node.app.nodeName}`;
  beforeEach(async () => {
    const res = await api(node, 'PUT', '/configs/sys_topics', {
      sys_msg_interval: 'disabled',
      sys_heartbeat_interval: 'disabled',
      sys_event_messages: { client_connected: true, client_disconnected: true, client_subscribed: true, client_unsubscribed: true },
    });
    expect(res.status).toBe(200);
  });

  test('nobody observes on a default node: none is published and no counter moves', async () => {
    const broker = node.app.broker;
    // every module's publish hook and message listener leaves $SYS client events alone by default
    expect(broker.observes(`${prefix()}/clients/quiet-1/connected`)).toBe(false);
    const publish = vi.spyOn(broker, 'publish');
    const before = broker.metrics();
    try {
      const c = await connectClient(node.mqttPort, { clientId: 'quiet-1' });
      await c.subscribeAsync('quiet/t');
      await c.unsubscribeAsync('quiet/t');
      await closeClients([c]);
      await waitFor(() => broker.client('quiet-1') === undefined, 3000, 'quiet-1 gone');
      expect(publish.mock.calls.map(([m]) => m.topic).filter((t) => t.includes('/clients/'))).toEqual([]);
    } finally {
      publish.mockRestore();
    }
    const after = broker.metrics();
    const moved = Object.keys(after).filter((k) => k.startsWith('messages.') && after[k] !== before[k]);
    expect(moved).toEqual([]);
  });

  test('a subscriber to …/clients/+/connected and a shared one to …/disconnected get them', async () => {
    const plain = await connectClient(node.mqttPort, { clientId: 'obs-plain' });
    const shared = await connectClient(node.mqttPort, { clientId: 'obs-shared' });
    const got: string[] = [];
    plain.on('message', (t) => got.push(`plain ${t}`));
    shared.on('message', (t) => got.push(`shared ${t}`));
    await plain.subscribeAsync('$SYS/brokers/+/clients/+/connected');
    await shared.subscribeAsync('$share/g/$SYS/brokers/+/clients/+/disconnected');
    await closeClients([await connectClient(node.mqttPort, { clientId: 'obs-c' })]);
    await waitFor(() => got.includes(`shared ${prefix()}/clients/obs-c/disconnected`), 3000, 'the disconnected event');
    expect(got).toContain(`plain ${prefix()}/clients/obs-c/connected`);
    expect(got.filter((g) => g.includes('obs-c'))).toHaveLength(2);
    await closeClients([plain, shared]);
  });

  test("topic metrics of a client event's topic count it: in and dropped (no subscriber)", async () => {
    const topic = `${prefix()}/clients/tm-c/connected`;
    expect((await api(node, 'POST', '/mqtt/topic_metrics', { topic })).status).toBe(200);
    try {
      await closeClients([await connectClient(node.mqttPort, { clientId: 'tm-c' })]);
      const metrics = async () => (await api(node, 'GET', `/mqtt/topic_metrics/${encodeURIComponent(topic)}`)).body.metrics;
      await waitFor(async () => (await metrics())['messages.in.count'] === 1, 3000, 'messages.in');
      expect(await metrics()).toMatchObject({ 'messages.in.count': 1, 'messages.qos0.in.count': 1, 'messages.dropped.count': 1 });
    } finally {
      await api(node, 'DELETE', `/mqtt/topic_metrics/${encodeURIComponent(topic)}`);
    }
  });

  test('a topic rewrite rule takes them (emqx_rewrite skips no $SYS): the rewritten topic reaches its subscriber', async () => {
    const rule = { action: 'publish', source_topic: '$SYS/brokers/+/clients/#', re: '^\\$SYS/brokers/[^/]+/clients/([^/]+)/connected$', dest_topic: 'rw/$1' };
    expect((await api(node, 'PUT', '/mqtt/topic_rewrite', [rule])).status).toBe(200);
    try {
      const sub = await connectClient(node.mqttPort, { clientId: 'rw-sub' });
      const got: { topic: string; payload: string }[] = [];
      sub.on('message', (topic, payload) => got.push({ topic, payload: payload.toString() }));
      await sub.subscribeAsync('rw/#');
      await closeClients([await connectClient(node.mqttPort, { clientId: 'rw-c' })]);
      await waitFor(() => got.length > 0, 3000, 'the rewritten event');
      expect(got[0].topic).toBe('rw/rw-c');
      expect(JSON.parse(got[0].payload)).toMatchObject({ clientid: 'rw-c' });
      await closeClients([sub]);
    } finally {
      await api(node, 'PUT', '/mqtt/topic_rewrite', []);
    }
  });
});
