// Custom zones: a listener's zone gives its connections that zone's settings (emqx_config:get_zone_conf: the zone's
// own value when it sets one, the global value otherwise; a global change reaches the keys a zone does not set).
import { afterEach, expect, test } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import type { Broker } from '../src/index';
import { newBroker } from './wire';
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

async function listeners(): Promise<{ global: number; zoned: number }> {
  const g = broker.createListener(testListener('tcp', { id: 'tcp:default' }));
  const z = broker.createListener(testListener('tcp', { id: 'tcp:zoned', zone: 'small' }));
  await g.start();
  await z.start();
  return { global: g.port, zoned: z.port };
}

test('resolution: the zone value wins, an unset key is the global one, a global change reaches what the zone does not set', () => {
  broker = newBroker({ settings: { maxInflight: 32, maxTopicLevels: 128 } });
  broker.setZones({ small: { maxTopicLevels: 2 } });
  expect(broker.zoneSettings('small')).toMatchObject({ maxTopicLevels: 2, maxInflight: 32 });
  expect(broker.zoneSettings('default')).toMatchObject({ maxTopicLevels: 128, maxInflight: 32 });
  expect(broker.zoneSettings('unknown')).toEqual(broker.settings);

  broker.updateSettings({ maxInflight: 7, maxTopicLevels: 64 });
  expect(broker.zoneSettings('small')).toMatchObject({ maxTopicLevels: 2, maxInflight: 7 });

  // replacing the zones: a key the zone stops setting follows the global value again; a dropped zone is global
  broker.setZones({ other: { maxInflight: 1 } });
  expect(broker.zoneSettings('small')).toEqual(broker.settings);
  expect(broker.zoneSettings('other')).toMatchObject({ maxInflight: 1, maxTopicLevels: 64 });
  // a zone may also set the default zone's values (EMQX `zones.default`)
  broker.setZones({ default: { maxQosAllowed: 0 } });
  expect(broker.zoneSettings('default').maxQosAllowed).toBe(0);
  expect(broker.settings.maxQosAllowed).toBe(2);
});

test('a client on the zoned listener gets the zone limit, one on the global listener does not (same broker)', async () => {
  broker = newBroker();
  broker.setZones({ small: { maxTopicLevels: 2 } });
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
  broker.setZones({ small: { maxQosAllowed: 1 } });
  const { zoned } = await listeners();
  const first = await client(zoned, { clientId: 'z1', protocolVersion: 5 });
  expect((await first.subscribeAsync('t', { qos: 2 }))[0].qos).toBe(1);
  // the session (inflight window, mqueue) follows its zone: max_inflight is the global one here
  broker.updateSettings({ maxInflight: 5 });
  expect(broker.client('z1')!.inflightMax).toBe(5);
  broker.setZones({ small: { maxQosAllowed: 0, maxInflight: 3 } });
  const second = await client(zoned, { clientId: 'z2', protocolVersion: 5 });
  expect((await second.subscribeAsync('t', { qos: 2 }))[0].qos).toBe(0);
  expect(broker.client('z2')!.inflightMax).toBe(3);
});

test('max_packet_size and max_clientid_len of a zone are checked on its connections only', async () => {
  broker = newBroker();
  broker.setZones({ small: { maxPacketSize: 200, maxClientidLen: 5 } });
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
