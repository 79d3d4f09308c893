// Flow control (listener messages_rate / bytes_rate, node limiter) measured with real MQTT.js clients over TCP,
// and force_shutdown (mailbox / heap) with a client that stops reading.
import net from 'node:net';
import { afterEach, expect, test } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import mqttPacket from 'mqtt-packet';
import type { Broker, ListenerConfig } from '../src/index';
import { newBroker, sleep } from './wire';

let broker: Broker;
const clients: MqttClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  await broker?.close();
});

const tcp = (extra: Partial<ListenerConfig> = {}): ListenerConfig => ({
  id: 'tcp:fc',
  type: 'tcp',
  bind: { host: '127.0.0.1', port: 0 },
  maxConnections: null,
  mountpoint: '',
  zone: 'default',
  enableAuthn: true,
  ...extra,
});

async function client(port: number, clientId: string): Promise<MqttClient> {
  const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId, reconnectPeriod: 0 });
  clients.push(c);
  return c;
}

/** publishes `n` QoS 0 messages as fast as MQTT.js writes them; returns the arrival times at a subscriber */
async function measure(port: number, n: number, payload: Buffer, timeoutMs: number): Promise<number[]> {
  const sub = await client(port, `sub-${Math.random()}`);
  await sub.subscribeAsync('fc/#');
  const pub = await client(port, `pub-${Math.random()}`);
  const arrivals: number[] = [];
  sub.on('message', () => arrivals.push(Date.now()));
  const start = Date.now();
  for (let i = 0; i < n; i++) pub.publish('fc/t', payload, { qos: 0 });
  while (arrivals.length < n && Date.now() - start < timeoutMs) await sleep(20);
  return arrivals.map((t) => t - start);
}

test('messages_rate: a client publishing far above 50/s is throttled to about 50/s, nothing dropped', { timeout: 15_000 }, async () => {
  broker = newBroker();
  const l = broker.createListener(tcp({ messagesRate: { amount: 50, periodMs: 1000 } }));
  await l.start();
  const times = await measure(l.port, 150, Buffer.from('x'), 6000);
  expect(times).toHaveLength(150); // all delivered: paused, not dropped
  // one second's worth passes at once (the bucket starts full), the other 100 take about 2 s
  const total = times[149];
  expect(total).toBeGreaterThan(1700);
  expect(total).toBeLessThan(3500);
  const rate = (100 / (times[149] - times[49])) * 1000;
  expect(rate).toBeGreaterThan(40);
  expect(rate).toBeLessThan(60);
});

test('bytes_rate: 20KB/s with 1KB messages is throttled to about 20 messages/s', { timeout: 15_000 }, async () => {
  broker = newBroker();
  const l = broker.createListener(tcp({ bytesRate: { amount: 20 * 1024, periodMs: 1000 } }));
  await l.start();
  const times = await measure(l.port, 60, Buffer.alloc(1000, 1), 6000);
  expect(times).toHaveLength(60);
  const total = times[59];
  expect(total).toBeGreaterThan(1600); // ~40 KB after the first 20 KB
  expect(total).toBeLessThan(3500);
});

test('node limiter (setLimits) is shared by all clients; infinity (null) turns it off again', { timeout: 15_000 }, async () => {
  broker = newBroker();
  broker.setLimits({ messagesRate: { amount: 40, periodMs: 1000 } });
  const l = broker.createListener(tcp());
  await l.start();
  const times = await measure(l.port, 100, Buffer.from('x'), 6000);
  expect(times).toHaveLength(100);
  expect(times[99]).toBeGreaterThan(1200); // 60 beyond the first 40 at 40/s
  broker.setLimits({ messagesRate: null });
  const fast = await measure(l.port, 100, Buffer.from('x'), 3000);
  expect(fast[99]).toBeLessThan(800);
});

/** a raw v5 client that subscribes to `topic` and then never reads its socket */
async function stuckSubscriber(port: number, clientId: string, topic: string): Promise<net.Socket> {
  const s = net.connect(port, '127.0.0.1');
  await new Promise((r) => s.once('connect', r));
  s.write(mqttPacket.generate({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 5, clientId, clean: true, keepalive: 0 }, { protocolVersion: 5 }));
  s.write(mqttPacket.generate({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic, qos: 0 }] }, { protocolVersion: 5 }));
  await sleep(100);
  s.pause();
  return s;
}

test('force_shutdown max_mailbox_size: writes piling up on a busy socket close it (shutdown, counted)', { timeout: 15_000 }, async () => {
  broker = newBroker();
  broker.setLimits({ forceShutdown: { maxMailboxSize: 100, maxHeapSize: null } });
  const l = broker.createListener(tcp());
  await l.start();
  const reasons: string[] = [];
  broker.events.on('client.disconnected', (c, reason) => reasons.push(`${c.clientid}:${reason}`));
  const s = await stuckSubscriber(l.port, 'slow', 'big/#');
  const payload = Buffer.alloc(4096, 7);
  for (let i = 0; i < 5000 && reasons.length === 0; i++) {
    await broker.publish({ topic: 'big/t', payload, qos: 0, retain: false, fromClientid: null, fromUsername: null });
    if (i % 50 === 0) await sleep(1);
  }
  expect(reasons).toEqual(['slow:shutdown']);
  expect(broker.metrics()['force_shutdown.message_queue_too_long']).toBe(1);
  s.destroy();
});

test('force_shutdown max_heap_size: a connection holding more than the limit is closed at the next sweep', { timeout: 15_000 }, async () => {
  broker = newBroker();
  broker.setLimits({ forceShutdown: { maxMailboxSize: null, maxHeapSize: 256 * 1024 } });
  const l = broker.createListener(tcp());
  await l.start();
  const reasons: string[] = [];
  broker.events.on('client.disconnected', (c, reason) => reasons.push(`${c.clientid}:${reason}`));
  const s = await stuckSubscriber(l.port, 'fat', 'big/#');
  const payload = Buffer.alloc(8192, 7);
  // loopback socket buffers take a few MB first: 12 MB leaves plenty held by the connection
  for (let i = 0; i < 1500; i++) await broker.publish({ topic: 'big/t', payload, qos: 0, retain: false, fromClientid: null, fromUsername: null });
  for (let i = 0; i < 40 && reasons.length === 0; i++) await sleep(100);
  expect(reasons).toEqual(['fat:shutdown']);
  expect(broker.metrics()['force_shutdown.proc_heap_too_large']).toBe(1);
  s.destroy();
});
