// Issue 21, findings M1–M4: the exact bytes the fuzzer sent, and what the node must answer (or not answer) now.
import { afterEach, describe, expect, test } from 'vitest';
import mqttPacket from 'mqtt-packet';
import type { Broker } from '../index';
import { attach, connect, flushTurns, newBroker, type WireClient } from '../../test/wire';

let broker: Broker;
afterEach(async () => {
  await broker?.close();
});

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');
/** a packet from its first byte and its body (the Remaining Length is computed; bodies here are under 128 bytes) */
const pkt = (first: number, body: string) => Buffer.concat([Buffer.from([first, hex(body).length]), hex(body)]).toString('hex');
/** the body of a QoS 1 PUBLISH to fz/up/r, id 1, payload "hello", with this property section */
const pub = (props: string) => pkt(0x32, `0007 667a2f75702f72 0001 ${props} 68656c6c6f`);

/** every byte the broker writes to this client, in order */
function tap(c: WireClient): Buffer[] {
  const seen: Buffer[] = [];
  c.stream.on('data', (d: Buffer) => seen.push(d));
  return seen;
}

/** CONNECT v3.1.1, client id "fzv4", keepalive 60: the fuzzer's own bytes */
const CONNECT_V4 = '101000044d5154540402003c0004667a7634';

async function rawV4(): Promise<{ c: WireClient; out: Buffer[] }> {
  const c = attach(broker, 4);
  const out = tap(c);
  c.raw(hex(CONNECT_V4));
  await c.expect('connack');
  return { c, out };
}

async function v5(clientId = 'fz5'): Promise<WireClient> {
  return (await connect(broker, 5, { clientId })).client;
}

/** the broker closed the connection after a DISCONNECT with `code` (v5), and sent nothing else */
async function expectDisconnect(c: WireClient, code: number): Promise<void> {
  const d = await c.expect('disconnect');
  expect(d.reasonCode).toBe(code);
  await c.waitClosed();
  expect(c.packets).toEqual([]);
}

describe('M1: a missing or short Packet Identifier closes the connection (no reply with a broken frame)', () => {
  test.each([
    ['PUBREL without id, PINGREQ in the same chunk', '6200c000'],
    ['PUBREL without id alone', '6200'],
    ['PUBREC with a 1-byte id', '500140'],
    ['QoS 1 PUBLISH without id', '3203000161'],
    ['PUBACK with id 0', '40020000'],
    ['SUBSCRIBE with id 0', '8206000000016100'],
  ])('v3.1.1 %s (%s)', async (_what, bytes) => {
    broker = newBroker();
    const { c, out } = await rawV4();
    c.raw(hex(bytes));
    await c.waitClosed();
    // only the CONNACK ever left: no PUBCOMP / PUBACK of two promised bytes carrying none
    expect(Buffer.concat(out).toString('hex')).toBe('20020000');
  });

  test.each([
    ['PUBREL without id', '6200c000'],
    ['PUBREC with a 1-byte id', '500140'],
    ['QoS 1 PUBLISH without id', '3203000161'],
  ])('v5 %s (%s) gets DISCONNECT 0x81', async (_what, bytes) => {
    broker = newBroker();
    const c = await v5();
    c.raw(hex(bytes));
    await expectDisconnect(c, 0x81);
  });

  test('a well-formed v5 DISCONNECT of length 0 followed by more bytes is a normal disconnect', async () => {
    broker = newBroker();
    const closed: string[] = [];
    broker.events.on('client.disconnected', (_client: unknown, reason: string) => closed.push(reason));
    const c = await v5();
    c.raw(hex('e000 c000'));
    await c.waitClosed();
    await flushTurns();
    expect(closed).toEqual(['normal']);
  });
});

describe('M2: empty SUBSCRIBE / UNSUBSCRIBE lists are protocol errors', () => {
  test('v3.1.1 SUBSCRIBE without topic filters (82020001): closed, no SUBACK', async () => {
    broker = newBroker();
    const { c, out } = await rawV4();
    c.raw(hex('82020001'));
    await c.waitClosed();
    expect(Buffer.concat(out).toString('hex')).toBe('20020000');
  });

  test('v5 SUBSCRIBE without topic filters (8203000100): DISCONNECT 0x82', async () => {
    broker = newBroker();
    const c = await v5();
    c.raw(hex('8203000100'));
    await expectDisconnect(c, 0x82);
  });

  test('v5 UNSUBSCRIBE without topic filters (a203000100): DISCONNECT 0x82', async () => {
    broker = newBroker();
    const c = await v5();
    c.raw(hex('a203000100'));
    await expectDisconnect(c, 0x82);
  });
});

describe('M3: a property that runs past its section is malformed, never stored', () => {
  test('retained QoS 1 PUBLISH whose user property value overruns: DISCONNECT 0x81, no PUBACK, nothing retained', async () => {
    broker = newBroker();
    const c = await v5();
    c.raw(hex('33170007667a2f75702f720001062600016bffff68656c6c6f'));
    await expectDisconnect(c, 0x81);
    expect(broker.retained.count()).toBe(0);
  });

  test.each([
    ['property length past the packet', pub('20 0100')],
    ['string length past the section', pub('04 030005 6b')],
    ['identifier not valid in PUBLISH (Session Expiry)', pub('05 1100000001')],
    ['unknown identifier 0x7f', pub('02 7f00')],
    ['variable byte integer of 5 bytes', pub('06 0bffffffff01')],
  ])('%s: DISCONNECT 0x81', async (_what, bytes) => {
    broker = newBroker();
    const c = await v5();
    c.raw(hex(bytes));
    await expectDisconnect(c, 0x81);
    expect(broker.retained.count()).toBe(0);
  });

  test.each([
    ['Payload Format Indicator 2', pub('02 0102')],
    ['Content Type twice', pub('08 030001 61 030001 62')],
    ['Subscription Identifier from a client', pub('02 0b01')],
    ['Response Topic with a wildcard', pub('04 0800012b')],
    ['empty topic without a Topic Alias', pkt(0x32, '0000 0001 00 68656c6c6f')],
  ])('%s: DISCONNECT 0x82', async (_what, bytes) => {
    broker = newBroker();
    const c = await v5();
    c.raw(hex(bytes));
    await expectDisconnect(c, 0x82);
  });

  test('user properties that fit are delivered as sent, repeated names included', async () => {
    broker = newBroker();
    const sub = await v5('sub');
    sub.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'fz/#', qos: 1 }] });
    await sub.expect('suback');
    const pub = await v5('pub');
    pub.send({
      cmd: 'publish',
      topic: 'fz/a',
      payload: Buffer.from('x'),
      qos: 1,
      messageId: 7,
      retain: false,
      dup: false,
      properties: { userProperties: { k: ['1', '2'], j: 'v' }, contentType: 't' },
    });
    expect((await pub.expect('puback')).messageId).toBe(7);
    const m = await sub.expect('publish');
    expect(m.properties).toMatchObject({ userProperties: { k: ['1', '2'], j: 'v' }, contentType: 't' });
  });
});

describe('M4: Subscription Identifier given twice or 0 is a protocol error', () => {
  test.each([
    ['0b05 twice', '82110001040b050b050007667a2f75702f2300'],
    ['0b05 then 0b00', '82110001040b050b000007667a2f75702f2300'],
    ['0b00 alone', '820f0001020b000007667a2f75702f2300'],
  ])('%s: DISCONNECT 0x82, no SUBACK, no subscription', async (_what, bytes) => {
    broker = newBroker();
    const c = await v5('m4');
    c.raw(hex(bytes));
    await expectDisconnect(c, 0x82);
    expect(broker.subscriptionsOf('m4') ?? []).toEqual([]);
  });

  test('one Subscription Identifier is delivered with the message', async () => {
    broker = newBroker();
    const c = await v5('m4ok');
    c.raw(hex('820f0001020b050007667a2f75702f2300'));
    expect((await c.expect('suback')).granted).toEqual([0]);
    await broker.publish({ topic: 'fz/up/x', payload: Buffer.from('p'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
    expect((await c.expect('publish')).properties?.subscriptionIdentifier).toBe(5);
  });
});

test('a v5 CONNECT with a malformed property gets CONNACK 0x81 and is closed', async () => {
  broker = newBroker();
  const c = attach(broker, 5);
  // CONNECT v5, client id "a", properties: Receive Maximum (2 bytes) cut to one byte
  const good = mqttPacket.generate({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 5, clientId: 'a', clean: true, keepalive: 0 }, { protocolVersion: 5 });
  expect(good.toString('hex')).toBe('100e00044d5154540502000000000161');
  c.raw(hex(pkt(0x10, '00044d515454 05 02 0000 02 2100 0001 61')));
  const ack = await c.expect('connack');
  expect(ack.reasonCode).toBe(0x81);
  await c.waitClosed();
});
