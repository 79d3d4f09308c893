// broker.observes(topic): would a publish be seen by anyone. The $SYS client events are built only when it says yes,
// so every kind of observer must count: subscriptions (plain, wildcard, shared, exclusive, offline sessions), the
// retained store, message.publish hooks and message.publish / message.dropped listeners as their TopicScope says.
import { afterEach, expect, test } from 'vitest';
import { withTopicScope, type Broker, type PublishMessage } from '../src/index';
import { connect, newBroker } from './wire';

let broker: Broker;
afterEach(async () => {
  await broker?.close();
});

const EVENT = '$SYS/brokers/n1/clients/c1/connected';
const notSys = (topic: string) => !topic.startsWith('$SYS/');

test('no subscriber, hook nor listener: nobody observes; "#" and "+/…" do not take a $SYS topic', async () => {
  broker = newBroker();
  expect(broker.observes(EVENT)).toBe(false);
  const { client } = await connect(broker, 5, { clientId: 'w' });
  client.send({
    cmd: 'subscribe',
    messageId: 1,
    subscriptions: [
      { topic: '#', qos: 0 },
      { topic: '+/brokers/#', qos: 0 },
    ],
  });
  await client.expect('suback');
  expect(broker.observes(EVENT)).toBe(false);
  expect(broker.observes('a/b')).toBe(true);
});

test.each([
  ['$SYS/#'],
  ['$SYS/brokers/+/clients/+/connected'],
  ['$SYS/brokers/n1/clients/c1/connected'],
  ['$share/g/$SYS/brokers/+/clients/#'],
  ['$queue/$SYS/brokers/+/clients/+/+'],
  ['$exclusive/$SYS/brokers/+/clients/+/connected'],
])('a subscription to %s observes; after unsubscribing nobody does', async (filter) => {
  broker = newBroker();
  broker.updateSettings({ exclusiveSubscription: true });
  const { client } = await connect(broker, 5, { clientId: 'w' });
  client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: filter, qos: 0 }] });
  expect((await client.expect('suback')).granted).toEqual([0]);
  expect(broker.observes(EVENT)).toBe(true);
  expect(broker.observes('$SYS/brokers/n1/clients/c1/subscribed')).toBe(filter.endsWith('#') || filter.endsWith('+/+'));
  client.send({ cmd: 'unsubscribe', messageId: 2, unsubscriptions: [filter] });
  await client.expect('unsuback');
  expect(broker.observes(EVENT)).toBe(false);
});

test("an offline persistent session's subscription still observes (its queue gets the message)", async () => {
  broker = newBroker();
  const { client } = await connect(broker, 5, { clientId: 'p', clean: false, properties: { sessionExpiryInterval: 60 } });
  client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: '$SYS/brokers/+/clients/#', qos: 1 }] });
  await client.expect('suback');
  client.end();
  await new Promise((r) => setTimeout(r, 50));
  expect(broker.client('p')?.connected).toBe(false);
  expect(broker.observes(EVENT)).toBe(true);
});

test('a retained message is observed while retain is available (the store keeps it)', () => {
  broker = newBroker();
  expect(broker.observes('$SYS/brokers/n1/version', true)).toBe(true);
  broker.updateSettings({ retainAvailable: false });
  expect(broker.observes('$SYS/brokers/n1/version', true)).toBe(false);
});

test('message.publish / message.dropped listeners: unscoped ones see everything, scoped ones what their scope takes', () => {
  broker = newBroker();
  for (const event of ['message.publish', 'message.dropped'] as const) {
    const plain = () => undefined;
    broker.events.on(event, plain);
    expect(broker.observes(EVENT)).toBe(true);
    broker.events.off(event, plain);
    const scoped = withTopicScope((_m: PublishMessage) => undefined, notSys);
    broker.events.on(event, scoped);
    expect(broker.observes(EVENT)).toBe(false);
    expect(broker.observes('a/b')).toBe(true);
    broker.events.off(event, scoped);
    // once() listeners are seen through their wrapper
    broker.events.once(
      event,
      withTopicScope(
        (_m: PublishMessage) => undefined,
        (t) => t === EVENT,
      ),
    );
    expect(broker.observes(EVENT)).toBe(true);
    expect(broker.observes('$SYS/brokers/n1/clients/c2/connected')).toBe(false);
    broker.events.removeAllListeners(event);
  }
  // other events are not raised by a publish nobody subscribed to
  broker.events.on('message.delivered', () => undefined);
  expect(broker.observes(EVENT)).toBe(false);
});

test('message.publish hooks: the chain observes what one of its hooks does; an unscoped hook sees everything', async () => {
  broker = newBroker();
  const offA = broker.addHooks({ messagePublish: withTopicScope((m: PublishMessage) => m, notSys) }, 10);
  const offB = broker.addHooks(
    {
      messagePublish: withTopicScope(
        (m: PublishMessage) => m,
        (_t, retain) => retain,
      ),
    },
    5,
  );
  expect(broker.observes(EVENT)).toBe(false);
  expect(broker.observes('$SYS/brokers/n1/uptime', false)).toBe(false);
  broker.updateSettings({ retainAvailable: false });
  expect(broker.observes('$SYS/brokers/n1/version', true)).toBe(true); // hook B takes retained messages
  const offC = broker.addHooks({ messagePublish: (m) => m }, 1);
  expect(broker.observes(EVENT)).toBe(true);
  offC();
  expect(broker.observes(EVENT)).toBe(false);
  // a hook that takes the topic: rewriting it where a client listens is then visible
  const offD = broker.addHooks(
    {
      messagePublish: withTopicScope(
        (m: PublishMessage) => ({ ...m, topic: 'rewritten' }),
        (t) => t === EVENT,
      ),
    },
    1,
  );
  expect(broker.observes(EVENT)).toBe(true);
  offD();
  offB();
  offA();
  expect(broker.observes(EVENT)).toBe(false);
  // setHooks' own messagePublish counts too
  broker.setHooks({ messagePublish: (m) => m });
  expect(broker.observes(EVENT)).toBe(true);
});
