// QoS 0 ordering under back-pressure: messages parked while the socket is busy go out before any later one.
// The broker's side of the stream holds each write's callback until the test releases it (a socket whose peer
// reads slowly), so the stream's unsent length is under the test's control.
import { Duplex } from 'node:stream';
import { afterEach, expect, test } from 'vitest';
import mqttPacket, { type Packet } from 'mqtt-packet';
import type { Broker, ConnInfo } from '../src/index';
import { newBroker, sleep } from './wire';

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

async function subscribed(b: Broker, info: Partial<ConnInfo>) {
  const c = slowPair(b, info);
  c.send({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clientId: 'slow', clean: true, keepalive: 0 });
  c.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'o/#', qos: 0 }] });
  await sleep(20);
  c.release();
  await sleep(5);
  expect(c.received.map((p) => p.cmd)).toEqual(['connack', 'suback']);
  return c;
}

const publish = (b: Broker, i: number, size: number) =>
  b.publish({ topic: 'o/t', payload: Buffer.from(String(i).padEnd(size)), qos: 0, retain: false, fromClientid: null, fromUsername: null });

test('a QoS 0 message published while older ones are parked goes out after them (socket below the mark, no drain yet)', async () => {
  broker = newBroker();
  // the broker's mark (20000) is above the stream's own (16 KB): a refused write promises 'drain'
  const c = await subscribed(broker, { highWatermark: 20_000 });
  for (let i = 1; i <= 3; i++) await publish(broker, i, 4000); // one batch of ~12 KB: accepted, its write held
  await sleep(5);
  for (let i = 4; i <= 10; i++) await publish(broker, i, 4000); // 4, 5 fit under 20000; 6..10 are parked
  await sleep(5);
  expect(broker.client('slow')!.mqueueLen).toBe(5);
  c.release(1); // the first batch left: ~8 KB unsent, writable again, but 'drain' waits for the rest
  await publish(broker, 11, 4000);
  c.release();
  await sleep(20);
  c.release();
  await sleep(20);
  expect(c.payloads()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
});

test('parked QoS 0 messages go out once the socket takes more, with a mark below the stream\'s own (no drain event)', async () => {
  broker = newBroker();
  const c = await subscribed(broker, { highWatermark: 1000 });
  for (let i = 1; i <= 10; i++) await publish(broker, i, 400); // 1..3 fit under 1000; 4..10 are parked
  await sleep(5);
  expect(broker.client('slow')!.mqueueLen).toBe(7);
  for (let i = 0; i < 10; i++) {
    c.release();
    await sleep(5);
  }
  // nothing else is published: the completed writes alone move the queue
  expect(c.payloads()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  expect(broker.client('slow')!.mqueueLen).toBe(0);
  await publish(broker, 11, 400);
  await sleep(5);
  c.release();
  await sleep(5);
  expect(c.payloads().at(-1)).toBe('11');
});
