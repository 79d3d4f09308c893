// The write path batches: packets produced in one event-loop turn leave in one write per connection, in order,
// with each QoS 1 copy of a shared encoding stamped with its own packet id; a close still delivers what was queued.
import { afterEach, expect, test } from 'vitest';
import type { Packet } from 'mqtt-packet';
import type { Broker, PublishMessage } from '../src/index';
import { connect, flushTurns, newBroker } from './wire';

let broker: Broker;
afterEach(async () => {
  await broker?.close();
});

const message = (topic: string, i: number, qos: 0 | 1): Omit<PublishMessage, 'id' | 'timestamp'> => ({
  topic,
  payload: Buffer.from(`m${i}`),
  qos,
  retain: false,
  fromClientid: null,
  fromUsername: null,
});

/** counts the chunks the broker writes to this client's stream from now on */
function countChunks(client: { stream: NodeJS.ReadableStream }): { chunks: number } {
  const seen = { chunks: 0 };
  client.stream.on('data', () => seen.chunks++);
  return seen;
}

test('a burst routed in one turn reaches each subscriber as one chunk, in order, with its own packet ids', async () => {
  broker = newBroker();
  const subs = [];
  for (let i = 0; i < 3; i++) {
    const { client } = await connect(broker, i === 2 ? 5 : 4, { clientId: `b${i}` });
    client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'burst/#', qos: 1 }] });
    await client.expect('suback');
    subs.push(client);
  }
  // the second subscriber holds 3 unacknowledged messages, so its packet ids run 3 ahead of the others' and a
  // shared encoding must be re-stamped for it (or for them)
  subs[1].send({ cmd: 'subscribe', messageId: 2, subscriptions: [{ topic: 'warm', qos: 1 }] });
  await subs[1].expect('suback');
  for (let i = 0; i < 3; i++) await broker.publish(message('warm', i, 1));
  for (let i = 0; i < 3; i++) await subs[1].expect('publish');
  await flushTurns();
  const counters = subs.map(countChunks);
  // 20 QoS 1 and 20 QoS 0 messages in one synchronous loop: all fit in the inflight window (32)
  for (let i = 0; i < 40; i++) void broker.publish(message(`burst/${i}`, i, i % 2 ? 0 : 1));
  const got: Packet[][] = [];
  for (const c of subs) {
    const packets: Packet[] = [];
    for (let i = 0; i < 40; i++) packets.push(await c.expect('publish'));
    got.push(packets);
  }
  expect(counters.map((c) => c.chunks)).toEqual([1, 1, 1]);
  got.forEach((packets, s) => {
    expect(packets.map((p) => (p as { payload: Buffer }).payload.toString())).toEqual(Array.from({ length: 40 }, (_, i) => `m${i}`));
    const ids = packets.filter((p) => (p as { qos: number }).qos === 1).map((p) => (p as { messageId: number }).messageId);
    const first = s === 1 ? 4 : 1;
    expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => first + i));
  });
  expect(broker.metrics()['packets.publish.sent']).toBe(3 + 3 * 40);
});

test('a close after queued packets still delivers them before the DISCONNECT', async () => {
  broker = newBroker();
  const { client } = await connect(broker, 5, { clientId: 'closing' });
  client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'c', qos: 0 }] });
  await client.expect('suback');
  void broker.publish(message('c', 1, 0));
  broker.kick('closing');
  const pub = await client.expect('publish');
  expect(pub.payload.toString()).toBe('m1');
  const disconnect = await client.expect('disconnect');
  expect(disconnect.reasonCode).toBe(0x98);
  await client.waitClosed();
});
