import { afterEach, describe, expect, test } from 'vitest';
import type { Broker, SharedStrategy } from '../src/index';
import { connect, flushTurns, newBroker } from './wire';

let broker: Broker;
afterEach(async () => {
  await broker?.close();
});

async function member(b: Broker, filter: string, clientId: string) {
  const { client } = await connect(b, 5, { clientId });
  client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: filter, qos: 0 }] });
  await client.expect('suback');
  return client;
}

async function counts(strategy: SharedStrategy, publish: (i: number) => { topic: string; from?: string }) {
  broker = newBroker({ settings: { sharedSubscriptionStrategy: strategy } });
  const members = [await member(broker, '$share/g/s/#', 'm1'), await member(broker, '$share/g/s/#', 'm2')];
  for (let i = 0; i < 10; i++) {
    const p = publish(i);
    await broker.publish({ topic: p.topic, payload: Buffer.from(String(i)), qos: 0, retain: false, fromClientid: p.from ?? null, fromUsername: null });
  }
  await flushTurns();
  return members.map((m) => m.packets.length);
}

describe('shared subscriptions', () => {
  test('[MQTT-4.8.2-?] each message goes to exactly one member of a group (round_robin alternates)', async () => {
    expect(await counts('round_robin', () => ({ topic: 's/1' }))).toEqual([5, 5]);
  });

  test('random, sticky, hash_topic, hash_clientid each deliver every message once', async () => {
    for (const s of ['random', 'local', 'round_robin_per_group'] as const) {
      const [a, b] = await counts(s, () => ({ topic: 's/1' }));
      expect(a + b).toBe(10);
      await broker.close();
    }
    const sticky = await counts('sticky', () => ({ topic: 's/1' }));
    expect(sticky.sort()).toEqual([0, 10]);
    await broker.close();
    const byTopic = await counts('hash_topic', () => ({ topic: 's/same' }));
    expect(byTopic.sort()).toEqual([0, 10]);
    await broker.close();
    const byClient = await counts('hash_clientid', (i) => ({ topic: `s/${i}`, from: 'pub-1' }));
    expect(byClient.sort()).toEqual([0, 10]);
  });

  test('groups are independent and $queue/ is a group; plain subscribers still get a copy', async () => {
    broker = newBroker();
    const g1 = await member(broker, '$share/g1/t', 'a');
    const g2 = await member(broker, '$share/g2/t', 'b');
    const q = await member(broker, '$queue/t', 'c');
    const plain = await member(broker, 't', 'd');
    const r = await broker.publish({ topic: 't', payload: Buffer.from('x'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
    expect(r.matched).toBe(4);
    for (const c of [g1, g2, q, plain]) await c.expect('publish');
    expect(broker.stats()['subscriptions.shared.count']).toBe(3);
    expect([...broker.topics()].sort()).toEqual(['$queue/t', '$share/g1/t', '$share/g2/t', 't']);
  });

  test('[MQTT-3.8.3-4] No Local on a shared subscription is a protocol error', async () => {
    broker = newBroker();
    const { client } = await connect(broker, 5);
    client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: '$share/g/t', qos: 0, nl: true }] });
    expect((await client.expect('disconnect')).reasonCode).toBe(0x82);
  });

  test('shared subscriptions do not receive retained messages', async () => {
    broker = newBroker();
    await broker.publish({ topic: 't', payload: Buffer.from('r'), qos: 0, retain: true, fromClientid: null, fromUsername: null });
    const m = await member(broker, '$share/g/t', 'a');
    await m.expectNothing(80);
  });
});

describe('exclusive subscriptions', () => {
  test('$exclusive/ allows one subscriber per topic (second gets 0x97)', async () => {
    broker = newBroker({ settings: { exclusiveSubscription: true } });
    const a = await member(broker, '$exclusive/x', 'a');
    const { client: b } = await connect(broker, 5, { clientId: 'b' });
    b.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: '$exclusive/x', qos: 0 }] });
    expect((await b.expect('suback')).granted).toEqual([0x97]);
    await broker.publish({ topic: 'x', payload: Buffer.from('1'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
    await a.expect('publish');
    a.send({ cmd: 'unsubscribe', messageId: 2, unsubscriptions: ['$exclusive/x'] });
    expect((await a.expect('unsuback')).granted).toEqual([0]);
    b.send({ cmd: 'subscribe', messageId: 3, subscriptions: [{ topic: '$exclusive/x', qos: 0 }] });
    expect((await b.expect('suback')).granted).toEqual([0]);
  });
});

describe('unsubscribe and API subscriptions', () => {
  test('[MQTT-3.10.4-4] UNSUBACK for existing (0x00) and unknown (0x11) filters', async () => {
    broker = newBroker();
    const c = await member(broker, 'a', 'u');
    c.send({ cmd: 'unsubscribe', messageId: 2, unsubscriptions: ['a', 'nope'] });
    expect((await c.expect('unsuback')).granted).toEqual([0, 0x11]);
    expect(broker.stats()['subscriptions.count']).toBe(0);
    expect([...broker.topics()]).toEqual([]);
  });

  test('broker.subscribe / unsubscribe act on a session and validate input', async () => {
    broker = newBroker();
    const c = await member(broker, 'a', 'u');
    const sub = broker.subscribe('u', 'api/#', { qos: 1, nl: 0, rap: 0, rh: 0 });
    expect(sub).toMatchObject({ clientid: 'u', topic: 'api/#', qos: 1 });
    await broker.publish({ topic: 'api/x', payload: Buffer.from('1'), qos: 1, retain: false, fromClientid: null, fromUsername: null });
    expect((await c.expect('publish')).topic).toBe('api/x');
    expect(() => broker.subscribe('u', 'a/#/b', { qos: 0, nl: 0, rap: 0, rh: 0 })).toThrow(/Invalid topic filter/);
    expect(() => broker.subscribe('ghost', 'a', { qos: 0, nl: 0, rap: 0, rh: 0 })).toThrow(/not found/);
    expect(broker.unsubscribe('u', 'api/#')).toBe(true);
    expect(broker.unsubscribe('u', 'api/#')).toBe(false);
  });

  test('listener mountpoint prefixes published and subscribed topics and is stripped on delivery', async () => {
    broker = newBroker();
    const { client } = await connect(broker, 4, { clientId: 'm', info: { mountpoint: 'dev/${clientid}/' } });
    client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'in', qos: 0 }] });
    await client.expect('suback');
    expect(broker.subscriptionsOf('m')?.[0].topic).toBe('dev/m/in');
    await broker.publish({ topic: 'dev/m/in', payload: Buffer.from('x'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
    expect((await client.expect('publish')).topic).toBe('in');
  });
});
