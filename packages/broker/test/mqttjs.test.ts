// Real MQTT.js clients against real listeners on ephemeral ports (TCP and WebSocket).
import { afterEach, expect, test } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import type { Broker, Listener, ListenerConfig } from '../src/index';
import { newBroker } from './wire';

let broker: Broker;
const clients: MqttClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  await broker?.close();
});

function listenerConfig(type: ListenerConfig['type'], id: string): ListenerConfig {
  return {
    id,
    type,
    bind: { host: '127.0.0.1', port: 0 },
    maxConnections: null,
    mountpoint: '',
    zone: 'default',
    enableAuthn: true,
    websocket:
      type === 'ws' ? { path: '/mqtt', subprotocols: ['mqtt', 'mqtt-v3', 'mqtt-v3.1.1', 'mqtt-v5'], failIfNoSubprotocol: true, maxFrameSize: null, compress: false } : undefined,
  };
}

async function client(url: string, opts: mqtt.IClientOptions): Promise<MqttClient> {
  const c = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 3000, ...opts });
  clients.push(c);
  return c;
}

function nextMessage(c: MqttClient): Promise<{ topic: string; payload: string; packet: mqtt.IPublishPacket }> {
  return new Promise((resolve) => c.once('message', (topic, payload, packet) => resolve({ topic, payload: payload.toString(), packet })));
}

test('MQTT.js v3.1.1 and v5 over TCP on port 0: subscribe, publish QoS 0/1, wildcard routing', async () => {
  broker = newBroker();
  const l: Listener = broker.createListener(listenerConfig('tcp', 'tcp:default'));
  await l.start();
  expect(l.port).toBeGreaterThan(0);
  expect(l.running).toBe(true);
  const url = `mqtt://127.0.0.1:${l.port}`;
  const sub = await client(url, { clientId: 'sub', protocolVersion: 5 });
  await sub.subscribeAsync('sensors/+/temp', { qos: 1 });
  const pub = await client(url, { clientId: 'pub', protocolVersion: 4 });
  const got = nextMessage(sub);
  await pub.publishAsync('sensors/k1/temp', '21.5', { qos: 1 });
  const m = await got;
  expect(m.topic).toBe('sensors/k1/temp');
  expect(m.payload).toBe('21.5');
  expect(m.packet.qos).toBe(1);
  expect(l.currentConnections).toBe(2);
  const info = broker.client('sub')!;
  expect(info.protoVer).toBe(5);
  expect(info.listener).toBe('tcp:default');
  expect(info.ipAddress).toBe('127.0.0.1');
  expect(info.stats.recv_pkt).toBeGreaterThan(0);
  expect(broker.stats()['connections.count']).toBe(2);
});

test('MQTT.js over WebSocket on port 0 at /mqtt', async () => {
  broker = newBroker();
  const l = broker.createListener(listenerConfig('ws', 'ws:default'));
  await l.start();
  const url = `ws://127.0.0.1:${l.port}/mqtt`;
  const sub = await client(url, { clientId: 'wsub', protocolVersion: 4 });
  await sub.subscribeAsync('chat/#', { qos: 0 });
  const pub = await client(url, { clientId: 'wpub', protocolVersion: 5 });
  const got = nextMessage(sub);
  await pub.publishAsync('chat/room1', 'hi', { qos: 0 });
  expect((await got).payload).toBe('hi');
  expect(broker.client('wsub')?.listener).toBe('ws:default');
  await l.stop();
  expect(l.running).toBe(false);
});

test('a second listener on a taken port rejects with a clear error', async () => {
  broker = newBroker();
  const a = broker.createListener(listenerConfig('tcp', 'tcp:a'));
  await a.start();
  const b = broker.createListener({ ...listenerConfig('tcp', 'tcp:b'), bind: { host: '127.0.0.1', port: a.port } });
  await expect(b.start()).rejects.toThrow(/address already in use/);
});
