import { afterEach, expect, test } from 'vitest';
import type { Broker } from '../src/index';
import { connect, flushTurns, newBroker } from './wire';

let broker: Broker;
afterEach(async () => {
  await broker?.close();
});

test('events follow EMQX hook order: connack, connected, subscribed, publish, delivered, acked, disconnected, terminated', async () => {
  broker = newBroker();
  const seen: string[] = [];
  for (const name of [
    'client.connack',
    'client.connected',
    'session.created',
    'session.subscribed',
    'message.publish',
    'message.delivered',
    'message.acked',
    'client.disconnected',
    'session.terminated',
    'message.dropped',
  ] as const) {
    broker.events.on(name, () => seen.push(name));
  }
  const { client } = await connect(broker, 4, { clientId: 'e' });
  client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 't', qos: 1 }] });
  await client.expect('suback');
  await broker.publish({ topic: 't', payload: Buffer.from('x'), qos: 1, retain: false, fromClientid: null, fromUsername: null });
  const m = await client.expect('publish');
  client.send({ cmd: 'puback', messageId: m.messageId! });
  await flushTurns();
  await broker.publish({ topic: 'nobody', payload: Buffer.from('x'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
  client.send({ cmd: 'disconnect' });
  await client.waitClosed();
  await flushTurns();
  expect(seen).toEqual([
    'session.created',
    'client.connack',
    'client.connected',
    'session.subscribed',
    'message.publish',
    'message.delivered',
    'message.acked',
    'message.publish',
    'message.dropped',
    'client.disconnected',
    'session.terminated',
  ]);
});

test('client.connect comes with the CONNECT, before authentication, also for a CONNECT that is then refused', async () => {
  const order: string[] = [];
  broker = newBroker({
    hooks: {
      authenticate: async (req) => {
        order.push(`authenticate ${req.clientid}`);
        return req.username === 'bad' ? { result: 'deny', reasonCode: 0x86 } : { result: 'allow' };
      },
    },
  });
  const infos: Array<{ clientid: string; username: string | null; protoVer?: number; keepalive?: number; peerhost: string }> = [];
  broker.events.on('client.connect', (i) => {
    infos.push(i);
    order.push(`connect ${i.clientid}`);
  });
  await connect(broker, 5, { clientId: 'cc-1', username: 'u', keepalive: 42 });
  const refused = await connect(broker, 4, { clientId: 'cc-2', username: 'bad' }).catch((e: unknown) => e);
  expect(refused).toBeDefined();
  expect(order).toEqual(['connect cc-1', 'authenticate cc-1', 'connect cc-2', 'authenticate cc-2']);
  expect(infos[0]).toMatchObject({ clientid: 'cc-1', username: 'u', protoVer: 5, keepalive: 42, peerhost: expect.any(String) });
});

test('messagePublish hook can rewrite or drop messages', async () => {
  broker = newBroker({ hooks: { messagePublish: (msg) => (msg.topic === 'drop' ? null : { ...msg, topic: `rewritten/${msg.topic}` }) } });
  const { client } = await connect(broker, 4);
  client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'rewritten/#', qos: 0 }] });
  await client.expect('suback');
  await broker.publish({ topic: 'a', payload: Buffer.from('x'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
  expect((await client.expect('publish')).topic).toBe('rewritten/a');
  const r = await broker.publish({ topic: 'drop', payload: Buffer.from('x'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
  expect(r.matched).toBe(0);
});

test('stats gauges keep high-water marks; incr adds server counters', async () => {
  broker = newBroker();
  const a = await connect(broker, 4);
  await connect(broker, 4);
  a.client.end();
  await flushTurns();
  const s = broker.stats();
  expect(s['connections.count']).toBe(1);
  expect(s['connections.max']).toBe(2);
  expect(s['live_connections.max']).toBe(2);
  broker.setGauge('delayed', 3);
  broker.setGauge('delayed', 1);
  expect(broker.stats()['delayed.count']).toBe(1);
  expect(broker.stats()['delayed.max']).toBe(3);
  expect(() => broker.setGauge('nope', 1)).toThrow(/Unknown gauge/);
  broker.incr('authorization.cache_hit', 2);
  expect(broker.metrics()['authorization.cache_hit']).toBe(2);
  expect(broker.clientCount()).toEqual({ connections: 1, liveConnections: 1, sessions: 1 });
});
