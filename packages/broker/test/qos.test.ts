import { afterEach, describe, expect, test } from 'vitest';
import type { Broker } from '../src/index';
import { connect, flushTurns, newBroker, sleep } from './wire';

let broker: Broker;
afterEach(async () => {
  await broker?.close();
});

const pub = (topic: string, payload: string, qos: 0 | 1 | 2, messageId?: number, extra: object = {}) =>
  ({ cmd: 'publish', topic, payload: Buffer.from(payload), qos, messageId, retain: false, dup: false, ...extra }) as const;

async function subscriber(b: Broker, filter: string, qos: 0 | 1 | 2, ver: 4 | 5 = 4, clientId = 'sub', clean = true) {
  const { client, connack } = await connect(b, ver, { clientId, clean, properties: ver === 5 && !clean ? { sessionExpiryInterval: 60 } : undefined });
  client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: filter, qos }] });
  await client.expect('suback');
  return { client, connack };
}

describe('QoS 2', () => {
  test('[MQTT-4.3.3-2] inbound QoS 2: PUBREC, PUBREL, PUBCOMP; a resend before PUBREL is not delivered twice [MQTT-4.3.3-10]', async () => {
    broker = newBroker();
    const { client: sub } = await subscriber(broker, 't', 2);
    const { client: p } = await connect(broker, 4, { clientId: 'p' });
    p.send(pub('t', 'x', 2, 5));
    expect((await p.expect('pubrec')).messageId).toBe(5);
    p.send({ ...pub('t', 'x', 2, 5), dup: true });
    expect((await p.expect('pubrec')).messageId).toBe(5);
    p.send({ cmd: 'pubrel', messageId: 5 });
    expect((await p.expect('pubcomp')).messageId).toBe(5);
    const m = await sub.expect('publish');
    expect(m.qos).toBe(2);
    await sub.expectNothing();
    expect(broker.metrics()['packets.publish.inuse']).toBe(1);
  });

  test('[MQTT-4.3.3-4] outbound QoS 2: PUBLISH, PUBREC → PUBREL, PUBCOMP frees the window', async () => {
    broker = newBroker();
    const { client: sub } = await subscriber(broker, 't', 2);
    await broker.publish({ topic: 't', payload: Buffer.from('a'), qos: 2, retain: false, fromClientid: null, fromUsername: null });
    const m = await sub.expect('publish');
    sub.send({ cmd: 'pubrec', messageId: m.messageId! });
    expect((await sub.expect('pubrel')).messageId).toBe(m.messageId);
    expect(broker.inflight('sub')).toHaveLength(1);
    sub.send({ cmd: 'pubcomp', messageId: m.messageId! });
    await flushTurns();
    expect(broker.inflight('sub')).toHaveLength(0);
    expect(broker.metrics()['messages.acked']).toBe(1);
  });

  test('[MQTT-3.3.4-8] max_awaiting_rel is the announced Receive Maximum; exceeding it gets DISCONNECT 0x93', async () => {
    broker = newBroker({ settings: { maxAwaitingRel: 1 } });
    const { client, connack } = await connect(broker, 5);
    expect(connack.properties?.receiveMaximum).toBe(1);
    client.send(pub('t', 'a', 2, 1));
    expect((await client.expect('pubrec')).reasonCode).toBe(0x10); // no matching subscribers
    client.send(pub('t', 'b', 2, 2));
    expect((await client.expect('disconnect')).reasonCode).toBe(0x93);
    await client.waitClosed();
  });

  test('await_rel_timeout drops a QoS 2 id waiting for PUBREL', async () => {
    broker = newBroker({ settings: { awaitRelTimeout: 100 } });
    const { client } = await connect(broker, 4, { clientId: 'a' });
    client.send(pub('t', 'a', 2, 1));
    await client.expect('pubrec');
    expect(broker.client('a')?.awaitingRelCnt).toBe(1);
    await sleep(300);
    expect(broker.client('a')?.awaitingRelCnt).toBe(0);
    expect(broker.metrics()['messages.dropped.await_pubrel_timeout']).toBe(1);
  });
});

describe('inflight and queue', () => {
  test('max_inflight: only N unacknowledged messages, the rest are queued and sent on PUBACK', async () => {
    broker = newBroker({ settings: { maxInflight: 2 } });
    const { client: sub } = await subscriber(broker, 't', 1);
    for (let i = 0; i < 4; i++) await broker.publish({ topic: 't', payload: Buffer.from(String(i)), qos: 1, retain: false, fromClientid: null, fromUsername: null });
    const a = await sub.expect('publish');
    await sub.expect('publish');
    await sub.expectNothing();
    expect(broker.client('sub')?.mqueueLen).toBe(2);
    sub.send({ cmd: 'puback', messageId: a.messageId! });
    expect((await sub.expect('publish')).payload.toString()).toBe('2');
  });

  test('[MQTT-3.3.4-9] v5 Receive Maximum limits the inflight window', async () => {
    broker = newBroker();
    const { client } = await connect(broker, 5, { clientId: 'r', properties: { receiveMaximum: 1 } });
    client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 't', qos: 1 }] });
    await client.expect('suback');
    for (let i = 0; i < 3; i++) await broker.publish({ topic: 't', payload: Buffer.from(String(i)), qos: 1, retain: false, fromClientid: null, fromUsername: null });
    const first = await client.expect('publish');
    await client.expectNothing();
    client.send({ cmd: 'puback', messageId: first.messageId! });
    expect((await client.expect('publish')).payload.toString()).toBe('1');
  });

  test('retry_interval resends an unacknowledged QoS 1 PUBLISH with DUP set', async () => {
    broker = newBroker({ settings: { retryInterval: 150 } });
    const { client: sub } = await subscriber(broker, 't', 1);
    await broker.publish({ topic: 't', payload: Buffer.from('r'), qos: 1, retain: false, fromClientid: null, fromUsername: null });
    const first = await sub.expect('publish');
    expect(first.dup).toBe(false);
    const again = await sub.expect('publish', 1000);
    expect(again.dup).toBe(true);
    expect(again.messageId).toBe(first.messageId);
  });

  test('max_mqueue_len: offline queue drops the oldest when full and counts it', async () => {
    broker = newBroker({ settings: { maxMqueueLen: 2 } });
    const { client } = await subscriber(broker, 't', 1, 4, 'q', false);
    client.send({ cmd: 'disconnect' });
    await client.waitClosed();
    for (let i = 0; i < 3; i++) await broker.publish({ topic: 't', payload: Buffer.from(String(i)), qos: 1, retain: false, fromClientid: null, fromUsername: null });
    expect(broker.mqueue('q')?.map((v) => v.msg.payload.toString())).toEqual(['1', '2']);
    expect(broker.metrics()['delivery.dropped.queue_full']).toBe(1);
    const back = await connect(broker, 4, { clientId: 'q', clean: false });
    expect(back.connack.sessionPresent).toBe(true);
    expect((await back.client.expect('publish')).payload.toString()).toBe('1');
    expect((await back.client.expect('publish')).payload.toString()).toBe('2');
  });

  test('mqueue_store_qos0 false: QoS 0 messages for an offline session are dropped (delivery.dropped.qos0_msg)', async () => {
    broker = newBroker({ settings: { mqueueStoreQos0: false } });
    const { client } = await subscriber(broker, 't', 0, 4, 'q', false);
    client.send({ cmd: 'disconnect' });
    await client.waitClosed();
    await broker.publish({ topic: 't', payload: Buffer.from('x'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
    expect(broker.mqueue('q')).toHaveLength(0);
    expect(broker.metrics()['delivery.dropped.qos0_msg']).toBe(1);
  });

  test('mqueue priorities: higher priority topics are delivered first', async () => {
    broker = newBroker({ settings: { mqueuePriorities: { urgent: 10, low: 1 } } });
    const { client } = await subscriber(broker, '#', 1, 4, 'q', false);
    client.send({ cmd: 'disconnect' });
    await client.waitClosed();
    for (const t of ['low', 'urgent', 'low']) await broker.publish({ topic: t, payload: Buffer.from(t), qos: 1, retain: false, fromClientid: null, fromUsername: null });
    expect(broker.mqueue('q')?.map((v) => v.msg.topic)).toEqual(['urgent', 'low', 'low']);
  });

  test('upgrade_qos: delivery uses the subscription QoS', async () => {
    broker = newBroker({ settings: { upgradeQos: true } });
    const { client: sub } = await subscriber(broker, 't', 2);
    await broker.publish({ topic: 't', payload: Buffer.from('x'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
    expect((await sub.expect('publish')).qos).toBe(2);
  });
});
