// Facade additions: subscribe/unsubscribe hooks, the CONSUMED publish verdict, addHooks chains, the accept hook,
// Listener.update, the authentication connection id and CONNACK authentication data.
import net from 'node:net';
import { afterEach, expect, test } from 'vitest';
import mqtt from 'mqtt';
import { CONSUMED, type AuthnRequest, type Broker, type ListenerConfig } from '../src/index';
import { attach, connect, flushTurns, newBroker } from './wire';

let broker: Broker;
afterEach(async () => {
  await broker?.close();
});

const tcp = (id = 'tcp:t'): ListenerConfig => ({
  id,
  type: 'tcp',
  bind: { host: '127.0.0.1', port: 0 },
  maxConnections: null,
  mountpoint: '',
  zone: 'default',
  enableAuthn: true,
});

test('subscribe hook rewrites the filter before subscribing: routes and retained messages follow the new filter', async () => {
  broker = newBroker();
  broker.addHooks({ subscribe: (_c, filter) => (filter === 'old/t' ? 'new/t' : filter === 'refuse/me' ? null : filter) }, 1000);
  await broker.publish({ topic: 'new/t', payload: Buffer.from('kept-new'), qos: 0, retain: true, fromClientid: null, fromUsername: null });
  await broker.publish({ topic: 'old/t', payload: Buffer.from('kept-old'), qos: 0, retain: true, fromClientid: null, fromUsername: null });
  const { client } = await connect(broker, 5, { clientId: 's1' });
  client.send({
    cmd: 'subscribe',
    messageId: 1,
    subscriptions: [
      { topic: 'old/t', qos: 1 },
      { topic: 'refuse/me', qos: 0 },
    ],
  });
  const suback = await client.expect('suback');
  expect(suback.granted).toEqual([1, 0x80]);
  const retained = await client.expect('publish');
  expect([retained.topic, retained.payload.toString()]).toEqual(['new/t', 'kept-new']); // only the rewritten filter's
  await client.expectNothing();
  expect(broker.subscriptionsOf('s1')!.map((s) => s.topic)).toEqual(['new/t']);
  await broker.publish({ topic: 'old/t', payload: Buffer.from('x'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
  await client.expectNothing();
  await broker.publish({ topic: 'new/t', payload: Buffer.from('y'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
  expect((await client.expect('publish')).payload.toString()).toBe('y');
});

test('an async subscribe hook and a rewritten filter that is invalid (0x8F)', async () => {
  broker = newBroker();
  broker.addHooks({ subscribe: async (_c, filter) => (filter === 'bad' ? 'a/#/b' : `x/${filter}`) });
  const { client } = await connect(broker, 5, { clientId: 's2' });
  client.send({
    cmd: 'subscribe',
    messageId: 2,
    subscriptions: [
      { topic: 'a', qos: 0 },
      { topic: 'bad', qos: 0 },
    ],
  });
  expect((await client.expect('suback')).granted).toEqual([0, 0x8f]);
  expect(broker.subscriptionsOf('s2')!.map((s) => s.topic)).toEqual(['x/a']);
});

test('unsubscribe hook rewrites the filter the same way; null refuses (0x80)', async () => {
  broker = newBroker();
  const remove = broker.addHooks({
    subscribe: (_c, f) => (f === 'old/t' ? 'new/t' : f),
    unsubscribe: (_c, f) => (f === 'old/t' ? 'new/t' : f === 'keep' ? null : f),
  });
  const { client } = await connect(broker, 5, { clientId: 'u1' });
  client.send({
    cmd: 'subscribe',
    messageId: 1,
    subscriptions: [
      { topic: 'old/t', qos: 0 },
      { topic: 'keep', qos: 0 },
    ],
  });
  await client.expect('suback');
  client.send({ cmd: 'unsubscribe', messageId: 2, unsubscriptions: ['old/t', 'keep', 'a/#/b'] });
  expect((await client.expect('unsuback')).granted).toEqual([0, 0x80, 0x8f]);
  expect(broker.subscriptionsOf('u1')!.map((s) => s.topic)).toEqual(['keep']);
  remove();
  client.send({ cmd: 'unsubscribe', messageId: 3, unsubscriptions: ['keep'] });
  expect((await client.expect('unsuback')).granted).toEqual([0]);
});

test('CONSUMED: not routed, not counted as dropped; null still counts as dropped; chains run by priority', async () => {
  broker = newBroker();
  const order: string[] = [];
  broker.setHooks({ messagePublish: (m) => (order.push('base'), m) });
  broker.addHooks({ messagePublish: (m) => (order.push('low'), m.topic.startsWith('hold/') ? CONSUMED : m.topic.startsWith('drop/') ? null : m) }, -99);
  broker.addHooks({ messagePublish: (m) => (order.push('high'), { ...m, topic: m.topic.replace(/^h\//, 'hold/') }) }, 1000);
  const dropped: string[] = [];
  broker.events.on('message.dropped', (_m, reason) => dropped.push(reason));
  const before = broker.metrics()['messages.dropped'];
  const r = await broker.publish({ topic: 'h/1', payload: Buffer.alloc(1), qos: 1, retain: false, fromClientid: null, fromUsername: null });
  expect(r.matched).toBe(0);
  expect(order).toEqual(['high', 'base', 'low']);
  expect(broker.metrics()['messages.dropped']).toBe(before);
  expect(dropped).toEqual([]);
  await broker.publish({ topic: 'drop/1', payload: Buffer.alloc(1), qos: 0, retain: false, fromClientid: null, fromUsername: null });
  expect(broker.metrics()['messages.dropped']).toBe(before + 1);
  expect(dropped).toEqual(['hook']);
  // a v5 QoS 1 publisher of a consumed message gets PUBACK (0x10: nothing routed now)
  const { client } = await connect(broker, 5, { clientId: 'p1' });
  client.send({ cmd: 'publish', topic: 'hold/2', payload: Buffer.from('x'), qos: 1, messageId: 7, retain: false, dup: false });
  const puback = await client.expect('puback');
  expect(puback.messageId).toBe(7);
  // setHooks keeps the chains
  broker.setHooks({});
  order.length = 0;
  await broker.publish({ topic: 'a', payload: Buffer.alloc(1), qos: 0, retain: false, fromClientid: null, fromUsername: null });
  expect(order).toEqual(['high', 'low']);
});

test('authenticate gets a connection id unique per connection and stable across AUTH; allow authData goes in CONNACK', async () => {
  const seen: AuthnRequest[] = [];
  broker = newBroker({
    hooks: {
      authenticate: (req) => {
        seen.push(req);
        if (req.authMethod && !req.authData?.equals(Buffer.from('second'))) return { result: 'continue', authData: Buffer.from('challenge') };
        return { result: 'allow', authData: req.authMethod ? Buffer.from('server-final') : undefined };
      },
    },
  });
  const c = attach(broker, 5);
  c.send({
    cmd: 'connect',
    protocolId: 'MQTT',
    protocolVersion: 5,
    clientId: 'e1',
    clean: true,
    keepalive: 0,
    properties: { authenticationMethod: 'M', authenticationData: Buffer.from('first') },
  });
  const auth = await c.expect('auth');
  expect(auth.properties?.authenticationData?.toString()).toBe('challenge');
  c.send({ cmd: 'auth', reasonCode: 0x18, properties: { authenticationMethod: 'M', authenticationData: Buffer.from('second') } });
  const connack = await c.expect('connack');
  expect(connack.reasonCode).toBe(0);
  expect(connack.properties?.authenticationMethod).toBe('M');
  expect(connack.properties?.authenticationData?.toString()).toBe('server-final');
  await connect(broker, 5, { clientId: 'e1' }); // same client id, plain CONNECT
  expect(seen).toHaveLength(3);
  expect(seen[0].connId).toMatch(/^[0-9a-f]{32}$/);
  expect(seen[1].connId).toBe(seen[0].connId);
  expect(seen[2].connId).not.toBe(seen[0].connId);
});

function rawConnect(port: number): Promise<'closed' | 'open'> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    let done = false;
    const finish = (r: 'closed' | 'open') => {
      if (done) return;
      done = true;
      s.destroy();
      resolve(r);
    };
    s.on('close', () => finish('closed'));
    s.on('error', () => finish('closed'));
    s.on('connect', () => setTimeout(() => finish('open'), 200));
  });
}

test('accept hook refuses sockets before MQTT; Listener.update changes max_connections and mountpoint live', async () => {
  broker = newBroker();
  let refuse = false;
  broker.addHooks({ accept: (info) => !(refuse && info.listener === 'tcp:t') });
  const l = broker.createListener(tcp());
  await l.start();
  expect(await rawConnect(l.port)).toBe('open');
  refuse = true;
  expect(await rawConnect(l.port)).toBe('closed');
  refuse = false;

  l.update({ mountpoint: 'mp/${clientid}/' });
  const sub = await mqtt.connectAsync(`mqtt://127.0.0.1:${l.port}`, { clientId: 'm1', reconnectPeriod: 0 });
  await sub.subscribeAsync('t');
  expect(broker.subscriptionsOf('m1')!.map((s) => s.topic)).toEqual(['mp/m1/t']);
  l.update({ maxConnections: 1 });
  expect(await rawConnect(l.port)).toBe('closed'); // m1 holds the only slot
  l.update({ maxConnections: null });
  expect(await rawConnect(l.port)).toBe('open');
  await sub.endAsync(true);

  expect(() => l.update({ bind: { host: '127.0.0.1', port: 1 } } as never)).toThrow(/Cannot change bind/);
  expect(() => l.update({ maxConnections: 0 })).toThrow(/maxConnections/);
  expect(() => l.update({ messagesRate: { amount: -1, periodMs: 1000 } })).toThrow(/messagesRate/);
  expect(l.config.maxConnections).toBeNull();
  await flushTurns();
});
