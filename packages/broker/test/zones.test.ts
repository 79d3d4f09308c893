// Custom zones: a listener's zone gives its connections that zone's settings (emqx_config:get_zone_conf: the zone's
// own value when it sets one, the global value otherwise; a global change reaches the keys a zone does not set).
import { afterEach, expect, test } from 'vitest';
import net from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import mqttPacket from 'mqtt-packet';
import { attachSessionStore, MemorySessionStore, type Broker } from '../src/index';
import { newBroker, sleep } from './wire';
import { testListener } from './listener-config';

let broker: Broker;
const clients: MqttClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  await broker?.close();
});

async function client(port: number, opts: mqtt.IClientOptions): Promise<MqttClient> {
  const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0, connectTimeout: 3000, ...opts });
  clients.push(c);
  return c;
}

/** a raw client subscribed to big/# that stops reading: what is sent to it piles up */
async function stuckSubscriber(port: number, clientId: string): Promise<net.Socket> {
  const s = net.connect(port, '127.0.0.1');
  await new Promise((r) => s.once('connect', r));
  s.write(mqttPacket.generate({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 5, clientId, clean: true, keepalive: 0 }, { protocolVersion: 5 }));
  s.write(mqttPacket.generate({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'big/#', qos: 0 }] }, { protocolVersion: 5 }));
  await sleep(100);
  s.pause();
  return s;
}

async function listeners(): Promise<{ global: number; zoned: number }> {
  const g = broker.createListener(testListener('tcp', { id: 'tcp:default' }));
  const z = broker.createListener(testListener('tcp', { id: 'tcp:zoned', zone: 'small' }));
  await g.start();
  await z.start();
  return { global: g.port, zoned: z.port };
}

test('resolution: the zone value wins, an unset key is the global one, a global change reaches what the zone does not set', () => {
  broker = newBroker({ settings: { maxInflight: 32, maxTopicLevels: 128 } });
  broker.setZones({ small: { mqtt: { maxTopicLevels: 2 } } });
  expect(broker.zoneSettings('small')).toMatchObject({ maxTopicLevels: 2, maxInflight: 32 });
  expect(broker.zoneSettings('default')).toMatchObject({ maxTopicLevels: 128, maxInflight: 32 });
  expect(broker.zoneSettings('unknown')).toEqual(broker.settings);

  broker.updateSettings({ maxInflight: 7, maxTopicLevels: 64 });
  expect(broker.zoneSettings('small')).toMatchObject({ maxTopicLevels: 2, maxInflight: 7 });

  // replacing the zones: a key the zone stops setting follows the global value again; a dropped zone is global
  broker.setZones({ other: { mqtt: { maxInflight: 1 } } });
  expect(broker.zoneSettings('small')).toEqual(broker.settings);
  expect(broker.zoneSettings('other')).toMatchObject({ maxInflight: 1, maxTopicLevels: 64 });
  // a zone may also set the default zone's values (EMQX `zones.default`)
  broker.setZones({ default: { mqtt: { maxQosAllowed: 0 } } });
  expect(broker.zoneSettings('default').maxQosAllowed).toBe(0);
  expect(broker.settings.maxQosAllowed).toBe(2);
});

test('a client on the zoned listener gets the zone limit, one on the global listener does not (same broker)', async () => {
  broker = newBroker();
  broker.setZones({ small: { mqtt: { maxTopicLevels: 2 } } });
  const { global, zoned } = await listeners();
  const g = await client(global, { clientId: 'g', protocolVersion: 5 });
  const z = await client(zoned, { clientId: 'z', protocolVersion: 5 });
  expect(broker.client('z')!.listener).toBe('tcp:zoned');
  expect((await g.subscribeAsync('a/b/c', { qos: 0 }))[0].qos).toBe(0);
  // SUBACK 0x8F: more levels than the zone's 2
  await expect(z.subscribeAsync('a/b/c', { qos: 0 })).rejects.toThrow(/Topic Filter invalid/);
  expect((await z.subscribeAsync('a/b', { qos: 0 }))[0].qos).toBe(0);
});

test('live: a zone change and a global change apply to the next CONNECT on the zoned listener', async () => {
  broker = newBroker();
  broker.setZones({ small: { mqtt: { maxQosAllowed: 1 } } });
  const { zoned } = await listeners();
  const first = await client(zoned, { clientId: 'z1', protocolVersion: 5 });
  expect((await first.subscribeAsync('t', { qos: 2 }))[0].qos).toBe(1);
  // the session (inflight window, mqueue) follows its zone: max_inflight is the global one here
  broker.updateSettings({ maxInflight: 5 });
  expect(broker.client('z1')!.inflightMax).toBe(5);
  broker.setZones({ small: { mqtt: { maxQosAllowed: 0, maxInflight: 3 } } });
  const second = await client(zoned, { clientId: 'z2', protocolVersion: 5 });
  expect((await second.subscribeAsync('t', { qos: 2 }))[0].qos).toBe(0);
  expect(broker.client('z2')!.inflightMax).toBe(3);
});

test('exclusive_subscription of a zone: $exclusive/ is exclusive for its clients only', async () => {
  broker = newBroker();
  broker.setZones({ small: { mqtt: { exclusiveSubscription: true } } });
  const { global, zoned } = await listeners();
  const z1 = await client(zoned, { clientId: 'z1', protocolVersion: 5 });
  const z2 = await client(zoned, { clientId: 'z2', protocolVersion: 5 });
  expect((await z1.subscribeAsync('$exclusive/t', { qos: 1 }))[0].qos).toBe(1);
  await expect(z2.subscribeAsync('$exclusive/t', { qos: 1 })).rejects.toThrow(/Quota exceeded/i); // 0x97: taken
  // on the global zone `$exclusive/t` is a plain filter of its own: any number of clients
  const g1 = await client(global, { clientId: 'g1', protocolVersion: 5 });
  const g2 = await client(global, { clientId: 'g2', protocolVersion: 5 });
  expect((await g1.subscribeAsync('$exclusive/t', { qos: 1 }))[0].qos).toBe(1);
  expect((await g2.subscribeAsync('$exclusive/t', { qos: 1 }))[0].qos).toBe(1);
});

test('force_shutdown of a zone: max_heap_size closes its connections, not those of the global zone', { timeout: 15_000 }, async () => {
  broker = newBroker();
  broker.setZones({ small: { mqtt: {}, forceShutdown: { maxMailboxSize: null, maxHeapSize: 256 * 1024 } } });
  const { global, zoned } = await listeners();
  const reasons: string[] = [];
  broker.events.on('client.disconnected', (c, reason) => reasons.push(`${c.clientid}:${reason}`));
  const stuck = await Promise.all([stuckSubscriber(global, 'g'), stuckSubscriber(zoned, 'z')]);
  const payload = Buffer.alloc(8192, 7);
  // loopback socket buffers take a few MB first: 12 MB leaves plenty held by each connection
  for (let i = 0; i < 1500; i++) await broker.publish({ topic: 'big/t', payload, qos: 0, retain: false, fromClientid: null, fromUsername: null });
  for (let i = 0; i < 40 && reasons.length === 0; i++) await sleep(100);
  await sleep(300); // one more sweep: the global connection would be closed by now if the limit reached it
  expect(reasons).toEqual(['z:shutdown']);
  for (const s of stuck) s.destroy();
});

test('max_packet_size and max_clientid_len of a zone are checked on its connections only', async () => {
  broker = newBroker();
  broker.setZones({ small: { mqtt: { maxPacketSize: 200, maxClientidLen: 5 } } });
  const { global, zoned } = await listeners();
  await expect(client(zoned, { clientId: 'too-long-id', protocolVersion: 5 })).rejects.toThrow(/Client Identifier not valid/i);
  await client(global, { clientId: 'too-long-id', protocolVersion: 5 });
  const z = await client(zoned, { clientId: 'z', protocolVersion: 5 });
  const closed = new Promise<void>((resolve) => z.stream.once('close', () => resolve()));
  z.publish('t', Buffer.alloc(500), { qos: 0 });
  await closed; // a packet above the zone's max_packet_size closes the connection (0x95)
  const g = broker.client('too-long-id');
  expect(g?.connected).toBe(true);
});

test('durable_sessions.enable of a zone: its sessions go to the store, the global zone keeps its own in memory', async () => {
  broker = newBroker();
  const store = new MemorySessionStore();
  // the node's store is on because one zone enables it; the global zone does not (emqx_session:choose_impl_candidates)
  broker.updateSettings({ durableSessions: false });
  broker.setZones({ small: { mqtt: { durableSessions: true } } });
  attachSessionStore(broker, store, 'restore');
  const { global, zoned } = await listeners();
  const persistent = { protocolVersion: 5 as const, clean: false, properties: { sessionExpiryInterval: 3600 } };
  const z = await client(zoned, { clientId: 'kept', ...persistent });
  await z.subscribeAsync('d/#', { qos: 1 });
  const g = await client(global, { clientId: 'mem', ...persistent });
  await g.subscribeAsync('d/#', { qos: 1 });
  const stored = () => store.loadSessions().map((s) => s.clientid);
  expect(stored()).toEqual(['kept']);
  expect(store.loadSessions()[0].subs?.map((s) => s.topic)).toEqual(['d/#']);
  expect([broker.client('kept')!.durable, broker.client('mem')!.durable]).toEqual([true, false]);

  // the zone turns it off: its session leaves the store at its next connect and stays a memory session
  broker.setZones({ small: { mqtt: { durableSessions: false } } });
  await z.endAsync();
  clients.splice(clients.indexOf(z), 1);
  await client(zoned, { clientId: 'kept', ...persistent });
  expect(stored()).toEqual([]);
  expect(broker.client('kept')).toMatchObject({ durable: false, subscriptionsCnt: 1 });

  // and on again: written whole, with its subscription, at the next connect
  broker.setZones({ small: { mqtt: { durableSessions: true } } });
  await client(zoned, { clientId: 'kept', ...persistent });
  expect(store.loadSessions().map((s) => [s.clientid, s.subs?.map((x) => x.topic)])).toEqual([['kept', ['d/#']]]);
});
