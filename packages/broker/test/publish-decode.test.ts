// The PUBLISH decoder of the read path (connection/publish-decode.ts) against mqtt-packet's parser, field by field,
// what it leaves to the parser, and on the wire: plain PUBLISHes in one chunk with the packets the parser reads.
import { afterEach, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import mqttPacket, { type IPublishPacket, type Packet } from 'mqtt-packet';
import type { Broker } from '../src/index';
import { decodePlainPublish } from '../src/connection/publish-decode';
import { bodyStart } from '../src/connection/fixed-header';
import { connect, flushTurns, newBroker } from './wire';
import { publishCases } from './publish-cases';

function parsed(bytes: Buffer, protocolVersion: number): Packet[] {
  const out: Packet[] = [];
  const parser = mqttPacket.parser({ protocolVersion });
  parser.on('packet', (p: Packet) => out.push(p));
  parser.on('error', (e: Error) => out.push({ error: e.message } as unknown as Packet));
  parser.parse(bytes);
  return out;
}

const digest = (b: Buffer) => `${b.length} ${createHash('sha1').update(b).digest('hex')}`;

const fields = (p: Packet | undefined) => {
  const { cmd, retain, qos, dup, length, topic, payload, messageId, properties } = (p ?? {}) as IPublishPacket & { length: number };
  // the payload as its length and digest: hex text of the 2 MB payloads made this test take 20 s in a loaded run
  return { cmd, retain, qos, dup, length, topic, payload: payload === undefined ? undefined : digest(payload as Buffer), messageId, properties };
};

test('reads what mqtt-packet reads, for every version, QoS, flag, topic and Remaining Length size', () => {
  let compared = 0;
  for (const { protoVer, qos, retain, dup, topic, payload, packetId, label } of publishCases()) {
    const bytes = mqttPacket.generate({ cmd: 'publish', topic, payload, qos, retain, dup, messageId: qos > 0 ? packetId : undefined }, { protocolVersion: protoVer });
    // the packet sits between two others in the chunk: it must be read at its offset and end where it ends
    const chunk = Buffer.concat([Buffer.from([0xc0, 0x00]), bytes, Buffer.from([0xc0, 0x00])]);
    const ours = decodePlainPublish(chunk, 2, protoVer === 5);
    const a = JSON.stringify(fields(ours));
    const b = JSON.stringify(fields(parsed(bytes, protoVer)[0]));
    if (a !== b) expect.fail(`${label}: ${a.slice(0, 200)} ≠ ${b.slice(0, 200)}`);
    if (bodyStart(chunk, 2) + ours!.length! !== 2 + bytes.length) expect.fail(`${label}: wrong end`);
    compared++;
  }
  expect(compared).toBeGreaterThan(1500);
});

test('anything but a whole, plain PUBLISH is left to the parser', () => {
  const plain = (v: number, qos: 0 | 1 = 1, props?: IPublishPacket['properties']) =>
    mqttPacket.generate(
      { cmd: 'publish', topic: 't', payload: Buffer.from('abc'), qos, retain: false, dup: false, messageId: qos ? 7 : undefined, properties: props },
      { protocolVersion: v },
    );
  const v4 = plain(4);
  expect(decodePlainPublish(v4, 0, false)?.messageId).toBe(7);
  // cut anywhere: the rest has not arrived
  for (let cut = 1; cut < v4.length; cut++) expect(decodePlainPublish(v4.subarray(0, cut), 0, false)).toBeUndefined();
  // QoS 3
  expect(decodePlainPublish(Buffer.from([0x36, ...v4.subarray(1)]), 0, false)).toBeUndefined();
  // packet id 0 (the strict parser calls it malformed)
  const id0 = Buffer.from(v4);
  id0[5] = 0;
  id0[6] = 0;
  expect(decodePlainPublish(id0, 0, false)).toBeUndefined();
  // an empty topic (only valid with a v5 Topic Alias), and a topic running past the packet
  expect(decodePlainPublish(Buffer.from([0x30, 0x03, 0x00, 0x00, 0x61]), 0, false)).toBeUndefined();
  expect(decodePlainPublish(Buffer.from([0x30, 0x03, 0x00, 0x05, 0x61, 0x62]), 0, false)).toBeUndefined();
  // v5 with properties, and a v5 body ending before its property length
  expect(decodePlainPublish(plain(5, 1, { contentType: 'text/plain' }), 0, true)).toBeUndefined();
  expect(decodePlainPublish(plain(5, 0, { topicAlias: 3 }), 0, true)).toBeUndefined();
  expect(decodePlainPublish(Buffer.from([0x30, 0x03, 0x00, 0x01, 0x61]), 0, true)).toBeUndefined();
  expect(decodePlainPublish(Buffer.from([0x30, 0x03, 0x00, 0x01, 0x61]), 0, false)?.payload).toHaveLength(0);
  // a Remaining Length longer than 4 bytes, and other packet types
  expect(decodePlainPublish(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]), 0, false)).toBeUndefined();
  expect(decodePlainPublish(Buffer.from([0x40, 0x02, 0x00, 0x01]), 0, false)).toBeUndefined();
  expect(decodePlainPublish(Buffer.from([0x82, 0x06, 0x00, 0x01, 0x00, 0x01, 0x61, 0x00]), 0, false)).toBeUndefined();
});

let broker: Broker;
afterEach(async () => {
  await broker?.close();
});

for (const version of [4, 5] as const) {
  test(`v${version}: plain PUBLISHes, one with properties and a PINGREQ in one chunk, then one split, arrive in order`, async () => {
    broker = newBroker();
    const { client: sub } = await connect(broker, version, { clientId: `sub${version}` });
    sub.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'p/#', qos: 1 }] });
    await sub.expect('suback');
    const { client: pub } = await connect(broker, version, { clientId: `pub${version}` });
    const gen = (i: number, qos: 0 | 1, props?: IPublishPacket['properties']) =>
      mqttPacket.generate(
        { cmd: 'publish', topic: `p/${i}`, payload: Buffer.from(`m${i}`), qos, retain: false, dup: false, messageId: qos ? 100 + i : undefined, properties: props },
        { protocolVersion: version },
      );
    const props = version === 5 ? { userProperties: { k: 'v' } } : undefined;
    const chunk = Buffer.concat([gen(1, 0), gen(2, 1), gen(3, 1, props), Buffer.from([0xc0, 0x00]), gen(4, 0), gen(5, 1)]);
    pub.raw(chunk);
    expect((await pub.expect('puback')).messageId).toBe(102);
    expect((await pub.expect('puback')).messageId).toBe(103);
    await pub.expect('pingresp');
    expect((await pub.expect('puback')).messageId).toBe(105);
    const last = gen(6, 1);
    pub.raw(last.subarray(0, 3));
    await flushTurns();
    pub.raw(last.subarray(3));
    expect((await pub.expect('puback')).messageId).toBe(106);
    const got: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const p = await sub.expect('publish');
      got.push(`${p.topic}=${p.payload.toString()}`);
      if (i === 3 && version === 5) expect(p.properties?.userProperties).toEqual({ k: 'v' });
    }
    expect(got).toEqual(['p/1=m1', 'p/2=m2', 'p/3=m3', 'p/4=m4', 'p/5=m5', 'p/6=m6']);
    const m = broker.metrics();
    expect(m['packets.publish.received']).toBe(6);
    expect(m['messages.received']).toBe(6);
  });
}

test('an invalid topic read by the fast path still closes the connection (malformed / protocol error)', async () => {
  broker = newBroker();
  const { client } = await connect(broker, 4, { clientId: 'bad' });
  client.raw(mqttPacket.generate({ cmd: 'publish', topic: 'a/+', payload: Buffer.from('x'), qos: 0, retain: false, dup: false }, { protocolVersion: 4 }));
  await client.waitClosed();
});
