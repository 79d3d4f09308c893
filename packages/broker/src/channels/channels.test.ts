// Gateway channels: non-MQTT clients in the broker's pubsub, next to MQTT clients.
import { afterEach, expect, test } from 'vitest';
import { createBroker, type Broker, type ChannelDelivery, type ChannelInfo } from '../index';
import { connect, flushTurns } from '../../test/wire';

let broker: Broker;
afterEach(async () => {
  await broker?.close();
});

const info = (over: Partial<ChannelInfo> = {}): ChannelInfo => ({
  clientid: 'dev1',
  username: 'u1',
  peerhost: '127.0.0.1',
  listener: 'stomp:tcp:default',
  gateway: 'stomp',
  isSuperuser: false,
  mountpoint: '',
  ...over,
});

function sink() {
  const got: ChannelDelivery[] = [];
  const kicks: string[] = [];
  return { got, kicks, deliver: (m: ChannelDelivery) => got.push(m), kick: (r: string) => kicks.push(r) };
}

test('a channel publish reaches an MQTT subscriber and an MQTT publish reaches the channel; not listed as a client', async () => {
  broker = createBroker({ nodeName: 'emqx@127.0.0.1' });
  const s = sink();
  const ch = broker.openChannel(info(), s);
  expect(await ch.subscribe('from/mqtt/#', { qos: 1 })).toBe(1);
  const { client } = await connect(broker, 4, { clientId: 'm1' });
  client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'from/dev', qos: 0 }] });
  await client.expect('suback');

  expect(await ch.publish('from/dev', Buffer.from('hello'), { qos: 0 })).toBe('ok');
  const p = await client.expect('publish');
  expect([p.topic, p.payload.toString()]).toEqual(['from/dev', 'hello']);

  client.send({ cmd: 'publish', topic: 'from/mqtt/x', payload: Buffer.from('hi'), qos: 1, messageId: 2, retain: false, dup: false });
  await client.expect('puback');
  expect(s.got).toHaveLength(1);
  expect(s.got[0]).toMatchObject({ topic: 'from/mqtt/x', qos: 1, retain: false, filter: 'from/mqtt/#', from: 'm1' });
  expect(s.got[0].payload.toString()).toBe('hi');

  expect([...broker.clients()].map((c) => c.clientid)).toEqual(['m1']);
  expect(ch.subscriptions()).toEqual([{ topic: 'from/mqtt/#', qos: 1 }]);
  expect(ch.stats().recv_msg).toBe(1);
  expect(ch.stats().send_msg).toBe(1);
});

test('the same client id as an MQTT client: both keep their own subscriptions', async () => {
  broker = createBroker({ nodeName: 'emqx@127.0.0.1' });
  const s = sink();
  const ch = broker.openChannel(info({ clientid: 'same' }), s);
  await ch.subscribe('t', { qos: 0 });
  const { client } = await connect(broker, 4, { clientId: 'same' });
  client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 't', qos: 0 }] });
  await client.expect('suback');
  await broker.publish({ topic: 't', payload: Buffer.from('x'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
  await client.expect('publish');
  expect(s.got.map((m) => m.payload.toString())).toEqual(['x']);
});

test('mountpoint is prefixed on publish and subscribe and removed on delivery', async () => {
  broker = createBroker({ nodeName: 'emqx@127.0.0.1' });
  const s = sink();
  const ch = broker.openChannel(info({ mountpoint: 'stomp/dev1/' }), s);
  await ch.subscribe('in', { qos: 0 });
  const { client } = await connect(broker, 4, { clientId: 'm1' });
  client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'stomp/#', qos: 0 }] });
  await client.expect('suback');
  await ch.publish('out', Buffer.from('a'), { qos: 0 });
  expect((await client.expect('publish')).topic).toBe('stomp/dev1/out');
  await broker.publish({ topic: 'stomp/dev1/in', payload: Buffer.from('b'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
  expect(s.got.map((m) => [m.topic, m.filter])).toEqual([['in', 'in']]);
  expect(ch.subscriptions()).toEqual([{ topic: 'in', qos: 0 }]);
  expect([...broker.topics()]).toContain('stomp/dev1/in');
});

test('a shared subscription keeps $share/<group>/ in front of the mountpoint', async () => {
  broker = createBroker({ nodeName: 'emqx@127.0.0.1' });
  const s = sink();
  const ch = broker.openChannel(info({ mountpoint: 'm/' }), s);
  expect(await ch.subscribe('$share/g/in/#', { qos: 1 })).toBe(1);
  expect([...broker.topics()]).toEqual(['$share/g/m/in/#']);
  await broker.publish({ topic: 'm/in/x', payload: Buffer.from('1'), qos: 1, retain: false, fromClientid: null, fromUsername: null });
  expect(s.got.map((m) => [m.topic, m.filter])).toEqual([['in/x', '$share/g/in/#']]);
  expect(ch.subscriptions()).toEqual([{ topic: '$share/g/in/#', qos: 1 }]);
  expect(await ch.unsubscribe('$share/g/in/#')).toBe(true);
  expect([...broker.topics()]).toEqual([]);
});

test('authorization and the publish hooks apply to channels; superusers skip authorization', async () => {
  const seen: string[] = [];
  broker = createBroker({
    nodeName: 'emqx@127.0.0.1',
    hooks: {
      authorize: (req) => (req.topic.startsWith('deny/') ? 'deny' : 'allow'),
      messagePublish: (msg) => {
        seen.push(msg.topic);
        return msg.topic === 'drop' ? null : msg;
      },
    },
  });
  const ch = broker.openChannel(info(), sink());
  expect(await ch.publish('deny/x', Buffer.from('1'), { qos: 0 })).toBe('denied');
  expect(await ch.subscribe('deny/#', { qos: 0 })).toBe('denied');
  expect(await ch.publish('ok', Buffer.from('1'), { qos: 1 })).toBe('ok');
  expect(await ch.publish('drop', Buffer.from('1'), { qos: 0 })).toBe('ok');
  expect(seen).toEqual(['ok', 'drop']);
  expect(broker.metrics()['authorization.deny']).toBe(2);
  const su = broker.openChannel(info({ clientid: 'su', isSuperuser: true }), sink());
  expect(await su.publish('deny/x', Buffer.from('1'), { qos: 0 })).toBe('ok');
});

test('retained messages are sent on subscribe; invalid filters and topics are refused', async () => {
  broker = createBroker({ nodeName: 'emqx@127.0.0.1' });
  await broker.publish({ topic: 'r/1', payload: Buffer.from('kept'), qos: 1, retain: true, fromClientid: null, fromUsername: null });
  const s = sink();
  const ch = broker.openChannel(info(), s);
  expect(await ch.subscribe('r/#', { qos: 0 })).toBe(0);
  expect(s.got.map((m) => [m.topic, m.retain, m.qos])).toEqual([['r/1', true, 0]]);
  await expect(ch.subscribe('a/#/b', { qos: 0 })).rejects.toThrow(/Invalid topic filter/);
  await expect(ch.publish('a/+', Buffer.from(''), { qos: 0 })).rejects.toThrow(/Invalid topic name/);
});

test('close unsubscribes everything; unsubscribe stops deliveries; broker close kicks open channels', async () => {
  broker = createBroker({ nodeName: 'emqx@127.0.0.1' });
  const s = sink();
  const ch = broker.openChannel(info(), s);
  await ch.subscribe('a', { qos: 0 });
  await ch.subscribe('b', { qos: 0 });
  expect(await ch.unsubscribe('a')).toBe(true);
  await broker.publish({ topic: 'a', payload: Buffer.from('1'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
  expect(s.got).toHaveLength(0);
  ch.close();
  ch.close();
  expect(ch.closed).toBe(true);
  expect([...broker.topics()]).toEqual([]);
  expect(broker.stats()['subscriptions.count']).toBe(0);
  await expect(ch.publish('x', Buffer.from(''), { qos: 0 })).rejects.toThrow(/closed/);

  const s2 = sink();
  const ch2 = broker.openChannel(info({ clientid: 'dev2' }), s2);
  await ch2.subscribe('z', { qos: 0 });
  await broker.close();
  await flushTurns();
  expect(s2.kicks).toEqual(['shutdown']);
  expect(ch2.closed).toBe(true);
});
