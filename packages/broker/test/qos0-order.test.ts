// QoS 0 ordering under back-pressure: messages parked while the socket is busy go out before any later one.
// And what QoS 0 must not wait for, or push out: QoS 1/2 held by a full inflight window (EMQX sends live QoS 0 at once).
// The broker's side of the stream holds each write's callback until the test releases it (a socket whose peer
// reads slowly), so the stream's unsent length is under the test's control.
import { Duplex } from 'node:stream';
import { afterEach, expect, test } from 'vitest';
import mqttPacket, { type Packet } from 'mqtt-packet';
import type { Broker, ConnInfo } from '../src/index';
import { connect, flushTurns, newBroker } from './wire';

let broker: Broker;
afterEach(async () => {
  await broker?.close();
});

/** a broker connection whose outgoing writes complete only when `release` is called */
function slowPair(b: Broker, info: Partial<ConnInfo>) {
  const held: Array<() => void> = [];
  const received: Packet[] = [];
  const parser = mqttPacket.parser({ protocolVersion: 4 });
  parser.on('packet', (p: Packet) => received.push(p));
  const server = new Duplex({
    read() {},
    write(chunk: Buffer, _enc, cb) {
      client.push(chunk);
      held.push(cb);
    },
  });
  const client = new Duplex({
    read() {},
    write(chunk: Buffer, _enc, cb) {
      server.push(chunk);
      cb();
    },
  });
  client.on('data', (d: Buffer) => parser.parse(d));
  b.handle(server, { listener: 'tcp:default', peerhost: '127.0.0.1', peerport: 50001, sockport: 1883, isSsl: false, mountpoint: '', ...info });
  return {
    server,
    received,
    send: (p: Packet) => client.write(mqttPacket.generate(p, { protocolVersion: 4 })),
    /** completes the oldest `n` writes (all by default) */
    release(n = Infinity) {
      for (let i = 0; i < n && held.length > 0; i++) held.shift()!();
    },
    payloads: () => received.filter((p) => p.cmd === 'publish').map((p) => (p as { payload: Buffer }).payload.toString().trim()),
  };
}

/** 'slow' connected and subscribed to o/# (clean start and the granted QoS as asked), with both acks read. */
async function subscribed(b: Broker, info: Partial<ConnInfo>, opts: { clean?: boolean; qos?: 0 | 1 } = {}) {
  const c = slowPair(b, info);
  c.send({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clientId: 'slow', clean: opts.clean ?? true, keepalive: 0 });
  c.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'o/#', qos: opts.qos ?? 0 }] });
  await flushTurns();
  c.release();
  await flushTurns();
  expect(c.received.map((p) => p.cmd)).toEqual(['connack', 'suback']);
  return c;
}

const publish = (b: Broker, i: number | string, size: number, qos: 0 | 1 = 0) =>
  b.publish({ topic: 'o/t', payload: Buffer.from(String(i).padEnd(size)), qos, retain: false, fromClientid: null, fromUsername: null });

test('a QoS 0 message published while older ones are parked goes out after them (socket below the mark, no drain yet)', async () => {
  broker = newBroker();
  // the broker's mark (20000) is above the stream's own (16 KB): a refused write promises 'drain'
  const c = await subscribed(broker, { highWatermark: 20_000 });
  for (let i = 1; i <= 3; i++) await publish(broker, i, 4000); // one batch of ~12 KB: accepted, its write held
  await flushTurns();
  for (let i = 4; i <= 10; i++) await publish(broker, i, 4000); // 4, 5 fit under 20000; 6..10 are parked
  await flushTurns();
  expect(broker.client('slow')!.mqueueLen).toBe(5);
  c.release(1); // the first batch left: ~8 KB unsent, writable again, but 'drain' waits for the rest
  await publish(broker, 11, 4000);
  c.release();
  await flushTurns();
  c.release();
  await flushTurns();
  expect(c.payloads()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
});

test("parked QoS 0 messages go out once the socket takes more, with a mark below the stream's own (no drain event)", async () => {
  broker = newBroker();
  const c = await subscribed(broker, { highWatermark: 1000 });
  for (let i = 1; i <= 10; i++) await publish(broker, i, 400); // 1..3 fit under 1000; 4..10 are parked
  await flushTurns();
  expect(broker.client('slow')!.mqueueLen).toBe(7);
  for (let i = 0; i < 10; i++) {
    c.release();
    await flushTurns();
  }
  // nothing else is published: the completed writes alone move the queue
  expect(c.payloads()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  expect(broker.client('slow')!.mqueueLen).toBe(0);
  await publish(broker, 11, 400);
  await flushTurns();
  c.release();
  await flushTurns();
  expect(c.payloads().at(-1)).toBe('11');
});

test('a live QoS 0 message goes out at once while queued QoS 1 wait for the window and an offline QoS 0 waits behind them', async () => {
  broker = newBroker({ settings: { maxMqueueLen: 5 } });
  const opts = { clientId: 'p', clean: false, properties: { sessionExpiryInterval: 60, receiveMaximum: 1 } };
  const { client: c1 } = await connect(broker, 5, opts);
  c1.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'o/#', qos: 1 }] });
  await c1.expect('suback');
  c1.end();
  await flushTurns();
  for (const x of ['q1-a', 'q1-b', 'q1-c']) await publish(broker, x, 0, 1);
  await publish(broker, 'q0-offline', 0); // kept offline (mqueue_store_qos0, the default)
  const { client: c2 } = await connect(broker, 5, opts);
  await flushTurns();
  const payloads = () => c2.packets.filter((p) => p.cmd === 'publish').map((p) => (p as { payload: Buffer }).payload.toString());
  expect(payloads()).toEqual(['q1-a']); // the window (Receive Maximum 1) is full: b, c and the offline QoS 0 wait
  for (let i = 0; i < 6; i++) await publish(broker, `q0-live-${i}`, 0);
  await flushTurns();
  expect(payloads()).toEqual(['q1-a', 'q0-live-0', 'q0-live-1', 'q0-live-2', 'q0-live-3', 'q0-live-4', 'q0-live-5']);
  expect(broker.client('p')!.mqueueLen).toBe(3);
  for (let id = 1; id <= 3; id++) {
    c2.send({ cmd: 'puback', messageId: id });
    await flushTurns();
  }
  expect(payloads().slice(7)).toEqual(['q1-b', 'q1-c', 'q0-offline']);
  expect(broker.client('p')!.stats['send_msg.dropped']).toBe(0);
  c2.end();
});

test('QoS 0 parked by back-pressure never pushes a queued QoS 1 message out of a full queue: the QoS 0 is dropped', async () => {
  broker = newBroker({ settings: { maxMqueueLen: 4, maxInflight: 1 } });
  const c = await subscribed(broker, { highWatermark: 1000 }, { clean: false, qos: 1 });
  for (const x of ['q1-a', 'q1-b', 'q1-c']) await publish(broker, x, 0, 1); // a in flight, b and c queued
  await flushTurns();
  for (let i = 1; i <= 10; i++) await publish(broker, i, 500); // 1, 2 fit under 1000; then 2 parked places are left
  await flushTurns();
  const info = broker.client('slow')!;
  expect(info.mqueueLen).toBe(4);
  // the oldest parked QoS 0 went, not b or c
  expect(info.stats['send_msg.dropped.queue_full']).toBe(6);
  expect(broker.mqueue('slow')!.map((m) => m.msg.payload.toString().trim())).toEqual(['q1-b', 'q1-c', '9', '10']);
  for (let i = 0; i < 5; i++) {
    c.release();
    await flushTurns();
  }
  expect(c.payloads()).toEqual(['q1-a', '1', '2', '9', '10']); // parked QoS 0 did not wait for the window either
  for (let id = 1; id <= 3; id++) {
    c.send({ cmd: 'puback', messageId: id });
    await flushTurns();
    c.release();
    await flushTurns();
  }
  expect(c.payloads().slice(5)).toEqual(['q1-b', 'q1-c']);
  expect(broker.client('slow')!.mqueueLen).toBe(0);
});

test('QoS 0 parked when the connection goes away is kept for the offline client, after the queued messages', async () => {
  broker = newBroker({ settings: { maxInflight: 1 } });
  const c = await subscribed(broker, { highWatermark: 1000 }, { clean: false, qos: 1 });
  await publish(broker, 'q1-a', 0, 1);
  await publish(broker, 'q1-b', 0, 1);
  for (let i = 1; i <= 4; i++) await publish(broker, i, 500); // 1, 2 sent; 3, 4 parked
  await flushTurns();
  expect(broker.client('slow')!.mqueueLen).toBe(3);
  c.server.destroy();
  await flushTurns();
  expect(broker.client('slow')!.connected).toBe(false);
  expect(broker.mqueue('slow')!.map((m) => m.msg.payload.toString().trim())).toEqual(['q1-b', '3', '4']);
  const { client: back } = await connect(broker, 4, { clientId: 'slow', clean: false });
  await flushTurns();
  const got = back.packets.filter((p) => p.cmd === 'publish').map((p) => (p as { payload: Buffer }).payload.toString().trim());
  expect(got).toEqual(['q1-a']); // resent first; b waits for the window, and the kept QoS 0 behind it
  back.send({ cmd: 'puback', messageId: 1 });
  await flushTurns();
  const after = back.packets.filter((p) => p.cmd === 'publish').map((p) => (p as { payload: Buffer }).payload.toString().trim());
  expect(after).toEqual(['q1-a', 'q1-b', '3', '4']);
  back.end();
});

test('without mqueue_store_qos0, QoS 0 parked when the connection goes away is dropped (qos0_msg)', async () => {
  broker = newBroker({ settings: { mqueueStoreQos0: false } });
  const dropped: string[] = [];
  broker.events.on('delivery.dropped', (_c, msg, reason) => dropped.push(`${msg.payload.toString().trim()}:${reason}`));
  const c = await subscribed(broker, { highWatermark: 1000 }, { clean: false, qos: 0 });
  for (let i = 1; i <= 4; i++) await publish(broker, i, 500); // 1, 2 sent; 3, 4 parked
  await flushTurns();
  expect(broker.client('slow')!.mqueueLen).toBe(2);
  c.server.destroy();
  await flushTurns();
  expect(broker.client('slow')!.mqueueLen).toBe(0);
  expect(dropped).toEqual(['3:qos0_msg', '4:qos0_msg']);
});
