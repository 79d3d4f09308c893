import { afterEach, expect, test } from 'vitest';
import net from 'node:net';
import mqttPacket from 'mqtt-packet';
import type { Broker } from '../src/index';
import { connect, flushTurns, newBroker, sleep } from './wire';

let broker: Broker;
afterEach(async () => {
  await broker?.close();
});

test('fan-out: one message to many v3/v5 QoS 1 subscribers, each with its own packet id (shared encoding patched)', async () => {
  broker = newBroker();
  const subs = [];
  for (let i = 0; i < 40; i++) {
    const { client } = await connect(broker, i % 2 ? 5 : 4, { clientId: `s${i}` });
    client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'fan/#', qos: 1 }] });
    await client.expect('suback');
    // earlier QoS 1 deliveries make the subscribers' next packet ids differ
    if (i % 3 === 0) {
      await broker.publish({ topic: 'fan/warm', payload: Buffer.from('w'), qos: 1, retain: false, fromClientid: null, fromUsername: null });
    }
    subs.push(client);
  }
  await flushTurns(); // the last warm-up delivery leaves in the flush turn: let it arrive before clearing
  for (const c of subs) c.packets.length = 0;
  await broker.publish({ topic: 'fan/x', payload: Buffer.from('payload'), qos: 1, retain: false, fromClientid: null, fromUsername: null });
  await broker.publish({ topic: 'fan/x', payload: Buffer.from('payload2'), qos: 1, retain: false, fromClientid: null, fromUsername: null });
  const firstIds = new Set<number>();
  for (const c of subs) {
    const a = await c.expect('publish');
    firstIds.add(a.messageId!);
    const b = await c.expect('publish');
    expect(a.topic).toBe('fan/x');
    expect(a.payload.toString()).toBe('payload');
    expect(b.payload.toString()).toBe('payload2');
    expect(b.messageId).toBe(a.messageId! + 1);
  }
  expect(firstIds.size).toBeGreaterThan(5); // the cached bytes really were re-stamped per client
  // 14 warm-up messages reached 287 subscribers in total, then 2 × 40
  expect(broker.metrics()['messages.sent']).toBe(287 + 80);
  const ids = new Set(subs.map((c) => c.protocolVersion));
  expect(ids.size).toBe(2);
});

test('slow consumer: a socket that stops reading does not grow memory without bound (bounded mqueue, drops counted)', async () => {
  broker = newBroker({ settings: { maxMqueueLen: 10 } });
  const l = broker.createListener({ id: 'tcp:t', type: 'tcp', bind: { host: '127.0.0.1', port: 0 }, maxConnections: null, mountpoint: '', zone: 'default', enableAuthn: true });
  await l.start();
  const sock = net.connect(l.port, '127.0.0.1');
  await new Promise((r) => sock.once('connect', r));
  sock.write(mqttPacket.generate({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clientId: 'slow', clean: true, keepalive: 0 }));
  sock.write(mqttPacket.generate({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'big', qos: 0 }] }));
  await sleep(100);
  sock.pause(); // stop reading: the kernel buffers fill, then the broker's socket buffer
  const payload = Buffer.alloc(64 * 1024, 1);
  for (let i = 0; i < 300; i++) {
    await broker.publish({ topic: 'big', payload, qos: 0, retain: false, fromClientid: null, fromUsername: null });
  }
  const info = broker.client('slow')!;
  expect(info.mqueueLen).toBeLessThanOrEqual(10);
  expect(info.mailboxLen).toBeLessThan(8 * 1024 * 1024);
  expect(broker.metrics()['delivery.dropped.queue_full']).toBeGreaterThan(0);
  sock.destroy();
});
