// The retainer keys EMQX 5.8.9 acts on beyond storage limits, on real MQTT.js clients: delivery_rate,
// stop_publish_clear_msg, msg_expiry_interval_override and allow_never_expire.
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node.close();
});

const setRetainer = async (patch: Record<string, unknown>) => {
  const current = (await api(node, 'GET', '/mqtt/retainer')).body;
  const res = await api(node, 'PUT', '/mqtt/retainer', { ...current, ...patch });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** a subscriber that records each message with the ms since it subscribed */
async function subscriber(filter: string) {
  const c = await connectClient(node.mqttPort, { protocolVersion: 5 });
  const got: { topic: string; payload: string; retain: boolean; at: number }[] = [];
  let start = 0;
  c.on('message', (topic, payload, packet) => got.push({ topic, payload: payload.toString(), retain: packet.retain, at: Date.now() - start }));
  start = Date.now();
  await c.subscribeAsync(filter, { qos: 1 });
  return { c, got };
}

async function publishRetained(topics: string[], opts: { expiry?: number } = {}): Promise<void> {
  const pub = await connectClient(node.mqttPort, { protocolVersion: 5 });
  for (const t of topics) {
    await pub.publishAsync(t, `v-${t}`, { qos: 1, retain: true, properties: opts.expiry !== undefined ? { messageExpiryInterval: opts.expiry } : {} });
  }
  await closeClients([pub]);
}

describe('retainer config keys of EMQX 5.8.9', () => {
  test('GET has the defaults; PUT refuses malformed values and keeps what is stored', async () => {
    const res = await api(node, 'GET', '/mqtt/retainer');
    expect(res.body).toMatchObject({ msg_expiry_interval_override: 'disabled', allow_never_expire: true, delivery_rate: '1000/s', stop_publish_clear_msg: false });
    for (const [key, value] of [
      ['msg_expiry_interval_override', 'soon'],
      ['msg_expiry_interval_override', 'infinity'],
      ['allow_never_expire', 'yes'],
      ['delivery_rate', 'fast'],
    ] as const) {
      const bad = await api(node, 'PUT', '/mqtt/retainer', { ...res.body, [key]: value });
      expect(bad.status, `${key}=${value}`).toBe(400);
      expect(bad.body.code).toBe('UPDATE_FAILED');
      expect(bad.body.message).toContain(key);
    }
    expect((await api(node, 'GET', '/mqtt/retainer')).body).toEqual(res.body);
    expect(await setRetainer({ msg_expiry_interval_override: '2h', allow_never_expire: false })).toMatchObject({ msg_expiry_interval_override: '2h', allow_never_expire: false });
    await setRetainer({ msg_expiry_interval_override: 'disabled', allow_never_expire: true });
  });
});

describe('delivery_rate', () => {
  test('2/s: a subscriber gets two retained messages at once and the rest paced, in full', async () => {
    await publishRetained(['dr/1', 'dr/2', 'dr/3', 'dr/4']);
    await setRetainer({ delivery_rate: '2/s' });
    const { c, got } = await subscriber('dr/#');
    await waitFor(() => got.length === 4, 4000, 'four retained messages');
    await closeClients([c]);
    expect(got.every((m) => m.retain)).toBe(true);
    expect(got.map((m) => m.topic).sort()).toEqual(['dr/1', 'dr/2', 'dr/3', 'dr/4']);
    expect(got[1].at).toBeLessThan(400);
    expect(got[2].at).toBeGreaterThanOrEqual(400); // the third waits for a token (one every 500 ms)
    expect(got[3].at).toBeGreaterThanOrEqual(900);
  });

  test('infinity: all at once', async () => {
    await setRetainer({ delivery_rate: 'infinity' });
    const { c, got } = await subscriber('dr/#');
    await waitFor(() => got.length === 4, 2000, 'four retained messages');
    await closeClients([c]);
    expect(got[3].at).toBeLessThan(400);
    await setRetainer({ delivery_rate: '1000/s' });
  });
});

describe('stop_publish_clear_msg', () => {
  let live: MqttClient | undefined;
  afterAll(async () => {
    if (live) await closeClients([live]);
  });

  test('false (default): an empty retained PUBLISH clears the topic and still reaches subscribers', async () => {
    await publishRetained(['sc/a']);
    const { c, got } = await subscriber('sc/#');
    live = c;
    await waitFor(() => got.length === 1, 2000, 'the retained message');
    const pub = await connectClient(node.mqttPort);
    await pub.publishAsync('sc/a', '', { qos: 1, retain: true });
    await closeClients([pub]);
    await waitFor(() => got.length === 2, 2000, 'the empty publish');
    expect(got[1]).toMatchObject({ topic: 'sc/a', payload: '' });
    expect(node.app.broker.retained.get('sc/a')).toBeUndefined();
  });

  test('true: the empty retained PUBLISH clears the topic and reaches nobody; other publishes flow', async () => {
    await setRetainer({ stop_publish_clear_msg: true });
    await publishRetained(['sc/b']);
    const { c, got } = await subscriber('sc/#');
    await waitFor(() => got.length === 1, 2000, 'the retained message');
    const pub = await connectClient(node.mqttPort);
    await pub.publishAsync('sc/b', '', { qos: 1, retain: true });
    await pub.publishAsync('sc/b', '', { qos: 1, retain: false }); // not a clear: delivered
    await pub.publishAsync('sc/b', 'after', { qos: 1 });
    await closeClients([pub]);
    await waitFor(() => got.length >= 3, 2000, 'the later publishes');
    // a fixed wait on purpose: it proves nothing else arrives within 100 ms
    await new Promise((r) => setTimeout(r, 100));
    await closeClients([c]);
    expect(got.map((m) => m.payload)).toEqual(['v-sc/b', '', 'after']);
    expect(got[1].retain).toBe(false);
    expect(node.app.broker.retained.get('sc/b')).toBeUndefined();
    await setRetainer({ stop_publish_clear_msg: false });
  });
});

describe('msg_expiry_interval_override and allow_never_expire', () => {
  test('the sweeper caps every expiry at the override; never-expiring messages only when allow_never_expire is false', async () => {
    node.app.broker.retained.clear();
    await publishRetained(['ov/long'], { expiry: 3600 });
    await publishRetained(['ov/never']); // no Message-Expiry-Interval and msg_expiry_interval 0: never expires
    await setRetainer({ msg_expiry_interval_override: '200ms', allow_never_expire: true });
    await new Promise((r) => setTimeout(r, 300));
    // as on EMQX the override acts when expired messages are cleared, not when they are read
    expect(node.app.broker.retained.get('ov/long')).toBeDefined();
    await setRetainer({ msg_clear_interval: '100ms' });
    await waitFor(() => node.app.broker.retained.get('ov/long') === undefined, 2000, 'ov/long swept');
    const kept = await subscriber('ov/#');
    await waitFor(() => kept.got.length === 1, 2000, 'the never-expiring message');
    await closeClients([kept.c]);
    expect(kept.got[0].topic).toBe('ov/never');

    await setRetainer({ allow_never_expire: false });
    await waitFor(() => node.app.broker.retained.count() === 0, 2000, 'ov/never swept');

    // disabled again: only real expiry times count
    await setRetainer({ msg_expiry_interval_override: 'disabled', allow_never_expire: true });
    await publishRetained(['ov/long2'], { expiry: 3600 });
    await new Promise((r) => setTimeout(r, 400));
    expect(node.app.broker.retained.get('ov/long2')).toBeDefined();
    await setRetainer({ msg_clear_interval: '0s' });
  });
});
