// 4-byte PUBACK/PUBREC/PUBCOMP are decoded without the generic parser (connection/plain-packets.ts): they must act exactly
// like parsed ones, in order with the packets around them, across chunk boundaries, and bad flags still close.
import { afterEach, expect, test } from 'vitest';
import type { Broker } from '../src/index';
import { connect, flushTurns, newBroker } from './wire';

let broker: Broker;
afterEach(async () => {
  await broker?.close();
});

const ack = (type: number, id: number) => [type, 2, id >> 8, id & 0xff];

async function subscriberWithInflight(version: 4 | 5, qos: 1 | 2, count: number, suffix = '') {
  const { client } = await connect(broker, version, { clientId: `acks${version}${qos}${suffix}` });
  client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'a', qos }] });
  await client.expect('suback');
  for (let i = 0; i < count; i++) await broker.publish({ topic: 'a', payload: Buffer.from(`${suffix}m${i}`), qos, retain: false, fromClientid: null, fromUsername: null });
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push((await client.expect('publish')).messageId!);
  return { client, ids };
}

for (const version of [4, 5] as const) {
  test(`v${version}: PUBACKs batched with a PINGREQ and split across chunks complete every delivery`, async () => {
    broker = newBroker();
    const { client, ids } = await subscriberWithInflight(version, 1, 5);
    expect(broker.inflight(`acks${version}1`)).toHaveLength(5);
    // acks 1-2, a PINGREQ, then ack 3 cut in the middle, then acks 4-5
    const bytes = [...ack(0x40, ids[0]), ...ack(0x40, ids[1]), 0xc0, 0x00, ...ack(0x40, ids[2]), ...ack(0x40, ids[3]), ...ack(0x40, ids[4])];
    client.raw(bytes.slice(0, 12));
    await flushTurns();
    client.raw(bytes.slice(12));
    await client.expect('pingresp');
    await flushTurns();
    expect(broker.inflight(`acks${version}1`)).toHaveLength(0);
    const m = broker.metrics();
    expect(m['packets.puback.received']).toBe(5);
    expect(m['packets.puback.missed']).toBe(0);
    expect(m['messages.acked']).toBe(5);
  });
}

test('QoS 2: short PUBREC gets PUBREL, short PUBCOMP completes; an unknown id counts as missed', async () => {
  broker = newBroker();
  const { client, ids } = await subscriberWithInflight(4, 2, 2);
  client.raw([...ack(0x50, ids[0]), ...ack(0x50, ids[1])]);
  expect((await client.expect('pubrel')).messageId).toBe(ids[0]);
  expect((await client.expect('pubrel')).messageId).toBe(ids[1]);
  client.raw([...ack(0x70, ids[0]), ...ack(0x70, ids[1]), ...ack(0x70, 999)]);
  await flushTurns();
  expect(broker.inflight('acks42')).toHaveLength(0);
  expect(broker.metrics()['packets.pubcomp.missed']).toBe(1);
});

test('a PUBACK with reserved flag bits set is still refused by the parser (connection closed)', async () => {
  broker = newBroker();
  const { client, ids } = await subscriberWithInflight(4, 1, 1);
  client.raw([0x42, 2, ids[0] >> 8, ids[0] & 0xff]);
  await client.waitClosed();
  expect(broker.metrics()['packets.puback.received']).toBe(0);
  expect(broker.metrics()['messages.acked']).toBe(0);
});

test('a PUBACK with packet id 0 goes to the strict parser, which closes the connection as malformed', async () => {
  broker = newBroker();
  const { client } = await subscriberWithInflight(4, 1, 1);
  client.raw([0x40, 2, 0, 0]);
  await client.waitClosed();
  expect(broker.metrics()['packets.puback.received']).toBe(0);
  expect(broker.metrics()['messages.acked']).toBe(0);
});

test('short PUBACKs read while an earlier PUBLISH waits for an async hook each complete their own delivery', async () => {
  // the acks queue behind the PUBLISH: each must be its own object, not the one reused for acks handled at once by
  // any connection (here a second subscriber's, read while the first one's wait)
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  broker = newBroker({ hooks: { authorize: (req) => (req.topic === 'slow' ? gate.then(() => 'allow' as const) : 'allow') } });
  const a = await subscriberWithInflight(4, 1, 2, 'a');
  const b = await subscriberWithInflight(4, 1, 3, 'b');
  const publish = [0x30, 6, 0, 4, ...Buffer.from('slow')]; // QoS 0, topic "slow", empty payload
  a.client.raw([...publish, ...ack(0x40, a.ids[0]), ...ack(0x40, a.ids[1])]);
  await flushTurns();
  b.client.raw(ack(0x40, b.ids[2])); // an id a's session holds too
  await flushTurns();
  expect(broker.inflight('acks41b')).toHaveLength(2);
  expect(broker.inflight('acks41a')).toHaveLength(5); // its 2, and b's 3
  release();
  await flushTurns();
  expect(broker.inflight('acks41a')?.map((p) => p.msg.payload.toString())).toEqual(['bm0', 'bm1', 'bm2']);
  expect(broker.metrics()['packets.puback.received']).toBe(3);
  expect(broker.metrics()['packets.puback.missed']).toBe(0);
});
