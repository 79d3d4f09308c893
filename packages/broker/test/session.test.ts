import { afterEach, describe, expect, test } from 'vitest';
import type { Broker } from '../src/index';
import { connect, flushTurns, newBroker, sleep } from './wire';

let broker: Broker;
afterEach(async () => {
  await broker?.close();
});

const sys = (topic: string, payload: string, qos: 0 | 1 | 2 = 0, retain = false) =>
  broker.publish({ topic, payload: Buffer.from(payload), qos, retain, fromClientid: null, fromUsername: null });

describe('sessions', () => {
  test('[MQTT-3.1.4-3] takeover: the old v5 connection gets DISCONNECT 0x8E, the session is kept (session present)', async () => {
    broker = newBroker();
    const first = await connect(broker, 5, { clientId: 'x', clean: false, properties: { sessionExpiryInterval: 60 } });
    first.client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 't', qos: 1 }] });
    await first.client.expect('suback');
    const second = await connect(broker, 5, { clientId: 'x', clean: false, properties: { sessionExpiryInterval: 60 } });
    expect((await first.client.expect('disconnect')).reasonCode).toBe(0x8e);
    await first.client.waitClosed();
    expect(second.connack.sessionPresent).toBe(true);
    expect(broker.subscriptionsOf('x')?.map((s) => s.topic)).toEqual(['t']);
    const m = broker.metrics();
    expect(m['session.takenover']).toBe(1);
    expect(m['session.resumed']).toBe(1);
    await sys('t', 'after', 1);
    expect((await second.client.expect('publish')).payload.toString()).toBe('after');
  });

  test('[MQTT-3.1.2-4] clean start discards the previous session (session present 0)', async () => {
    broker = newBroker();
    const first = await connect(broker, 4, { clientId: 'x', clean: false });
    first.client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 't', qos: 1 }] });
    await first.client.expect('suback');
    first.client.send({ cmd: 'disconnect' });
    await first.client.waitClosed();
    expect(broker.client('x')?.connected).toBe(false);
    const second = await connect(broker, 4, { clientId: 'x', clean: true });
    expect(second.connack.sessionPresent).toBe(false);
    expect(broker.subscriptionsOf('x')).toEqual([]);
    expect(broker.metrics()['session.discarded']).toBe(1);
  });

  test('[MQTT-3.2.2-2] v3 clean_session=false resumes with session present and receives queued QoS 1', async () => {
    broker = newBroker();
    const first = await connect(broker, 4, { clientId: 'x', clean: false });
    first.client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 't', qos: 1 }] });
    await first.client.expect('suback');
    first.client.end();
    await flushTurns();
    await sys('t', 'queued', 1);
    const second = await connect(broker, 4, { clientId: 'x', clean: false });
    expect(second.connack.sessionPresent).toBe(true);
    expect((await second.client.expect('publish')).payload.toString()).toBe('queued');
    expect(broker.client('x')?.expiryInterval).toBe(7200);
  });

  test('[MQTT-3.1.2-23] v5 session expiry: the session is removed after the interval', async () => {
    broker = newBroker();
    const { client } = await connect(broker, 5, { clientId: 'e', clean: true, properties: { sessionExpiryInterval: 1 } });
    client.send({ cmd: 'disconnect' });
    await client.waitClosed();
    await flushTurns();
    expect(broker.client('e')?.connected).toBe(false);
    await sleep(1100);
    expect(broker.client('e')).toBeUndefined();
  });

  test('[MQTT-3.14.2-2] DISCONNECT setting a session expiry when CONNECT had 0 is a protocol error', async () => {
    broker = newBroker();
    const { client } = await connect(broker, 5, { clientId: 'e' });
    client.send({ cmd: 'disconnect', reasonCode: 0, properties: { sessionExpiryInterval: 30 } });
    expect((await client.expect('disconnect')).reasonCode).toBe(0x82);
  });

  test('[MQTT-4.4.0-1] unacknowledged QoS 1 is resent with DUP on reconnect', async () => {
    broker = newBroker();
    const first = await connect(broker, 4, { clientId: 'x', clean: false });
    first.client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 't', qos: 1 }] });
    await first.client.expect('suback');
    await sys('t', 'm', 1);
    const m = await first.client.expect('publish');
    first.client.end();
    await flushTurns();
    const second = await connect(broker, 4, { clientId: 'x', clean: false });
    const again = await second.client.expect('publish');
    expect(again.dup).toBe(true);
    expect(again.messageId).toBe(m.messageId);
  });
});

describe('wills', () => {
  test('[MQTT-3.1.2-8] the will is published when the connection drops without DISCONNECT', async () => {
    broker = newBroker();
    const { client: watcher } = await connect(broker, 4);
    watcher.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'will/#', qos: 1 }] });
    await watcher.expect('suback');
    const { client } = await connect(broker, 4, { clientId: 'w', will: { topic: 'will/w', payload: Buffer.from('gone'), qos: 1, retain: false } });
    client.stream.destroy();
    const m = await watcher.expect('publish');
    expect(m.topic).toBe('will/w');
    expect(m.payload.toString()).toBe('gone');
  });

  test('[MQTT-3.1.2-10] a normal DISCONNECT discards the will', async () => {
    broker = newBroker();
    const { client: watcher } = await connect(broker, 4);
    watcher.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'will/#', qos: 0 }] });
    await watcher.expect('suback');
    const { client } = await connect(broker, 4, { will: { topic: 'will/w', payload: Buffer.from('gone'), qos: 0, retain: false } });
    client.send({ cmd: 'disconnect' });
    await client.waitClosed();
    await watcher.expectNothing(100);
  });

  test('[MQTT-3.1.3-9] will delay: a reconnect within the delay cancels the will; otherwise it is sent after it', async () => {
    broker = newBroker();
    const { client: watcher } = await connect(broker, 4);
    watcher.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'will/#', qos: 0 }] });
    await watcher.expect('suback');
    const will = { topic: 'will/d', payload: Buffer.from('late'), qos: 0 as const, retain: false, properties: { willDelayInterval: 1 } };
    const a = await connect(broker, 5, { clientId: 'd', clean: false, will, properties: { sessionExpiryInterval: 60 } });
    a.client.stream.destroy();
    await sleep(200);
    await connect(broker, 5, { clientId: 'd', clean: false, properties: { sessionExpiryInterval: 60 } });
    await watcher.expectNothing(1100);
    const b = await connect(broker, 5, { clientId: 'd2', clean: false, will, properties: { sessionExpiryInterval: 60 } });
    b.client.stream.destroy();
    const start = Date.now();
    const m = await watcher.expect('publish', 2000);
    expect(m.payload.toString()).toBe('late');
    expect(Date.now() - start).toBeGreaterThanOrEqual(900);
  });

  test('DISCONNECT 0x04 (with will message) publishes the will', async () => {
    broker = newBroker();
    const { client: watcher } = await connect(broker, 4);
    watcher.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'will/#', qos: 0 }] });
    await watcher.expect('suback');
    const { client } = await connect(broker, 5, { will: { topic: 'will/x', payload: Buffer.from('bye'), qos: 0, retain: false } });
    client.send({ cmd: 'disconnect', reasonCode: 0x04 });
    expect((await watcher.expect('publish')).payload.toString()).toBe('bye');
  });
});

describe('retained messages', () => {
  test('[MQTT-3.3.1-6] a new subscription gets the retained message with RETAIN=1 [MQTT-3.3.1-8]', async () => {
    broker = newBroker();
    const { client: p } = await connect(broker, 4);
    p.send({ cmd: 'publish', topic: 'r/1', payload: Buffer.from('kept'), qos: 1, messageId: 1, retain: true, dup: false });
    await p.expect('puback');
    expect(broker.retained.count()).toBe(1);
    expect(broker.stats()['retained.count']).toBe(1);
    const { client: s } = await connect(broker, 4);
    s.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'r/+', qos: 0 }] });
    await s.expect('suback');
    const m = await s.expect('publish');
    expect(m.retain).toBe(true);
    expect(m.qos).toBe(0);
    expect(m.payload.toString()).toBe('kept');
    // a live publish with RETAIN is forwarded with RETAIN=0 to existing subscriptions [MQTT-3.3.1-9]
    p.send({ cmd: 'publish', topic: 'r/1', payload: Buffer.from('new'), qos: 0, retain: true, dup: false });
    expect((await s.expect('publish')).retain).toBe(false);
  });

  test('[MQTT-3.3.1-10] an empty retained payload deletes the retained message', async () => {
    broker = newBroker();
    await sys('r/1', 'x', 0, true);
    expect(broker.retained.get('r/1')?.payload.toString()).toBe('x');
    await sys('r/1', '', 0, true);
    expect(broker.retained.get('r/1')).toBeUndefined();
  });

  test('[MQTT-3.3.1-9..11] v5 retain handling 1 and 2; retain as published', async () => {
    broker = newBroker();
    await sys('r/1', 'x', 0, true);
    const { client } = await connect(broker, 5);
    client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'r/1', qos: 0, rh: 2 }] });
    await client.expect('suback');
    await client.expectNothing(80);
    client.send({ cmd: 'subscribe', messageId: 2, subscriptions: [{ topic: 'r/#', qos: 0, rh: 1, rap: true }] });
    await client.expect('suback');
    expect((await client.expect('publish')).retain).toBe(true);
    client.send({ cmd: 'subscribe', messageId: 3, subscriptions: [{ topic: 'r/#', qos: 0, rh: 1, rap: true }] });
    await client.expect('suback');
    await client.expectNothing(80); // rh=1: only for a new subscription
    await sys('r/1', 'live', 0, true);
    const live = await client.expect('publish');
    expect(live.retain).toBe(true); // rap=1 keeps the flag
  });

  test('retain_available false: v5 PUBLISH with RETAIN gets DISCONNECT 0x9A', async () => {
    broker = newBroker({ settings: { retainAvailable: false } });
    const { client } = await connect(broker, 5);
    client.send({ cmd: 'publish', topic: 'r', payload: Buffer.from('x'), qos: 0, retain: true, dup: false });
    expect((await client.expect('disconnect')).reasonCode).toBe(0x9a);
  });
});
