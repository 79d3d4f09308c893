import { afterEach, describe, expect, test } from 'vitest';
import type { Broker } from '../src/index';
import { attach, connect, flushTurns, newBroker } from './wire';

let broker: Broker;
afterEach(async () => {
  await broker?.close();
});

async function sub5(b: Broker, filter: string, opts: { qos?: 0 | 1 | 2; nl?: boolean; subid?: number; props?: object; clientId?: string } = {}) {
  const { client } = await connect(b, 5, { clientId: opts.clientId, properties: opts.props as never });
  client.send({
    cmd: 'subscribe',
    messageId: 1,
    subscriptions: [{ topic: filter, qos: opts.qos ?? 0, nl: opts.nl }],
    properties: opts.subid ? { subscriptionIdentifier: opts.subid } : undefined,
  });
  const ack = await client.expect('suback');
  return { client, ack };
}

describe('MQTT 5 properties', () => {
  test('[MQTT-3.3.2-6] message expiry: the remaining interval is sent; expired queued messages are dropped', async () => {
    broker = newBroker();
    const { client } = await sub5(broker, 't', { qos: 1 });
    await broker.publish({
      topic: 't',
      payload: Buffer.from('x'),
      qos: 1,
      retain: false,
      fromClientid: null,
      fromUsername: null,
      properties: { messageExpiryInterval: 10 },
      timestamp: Date.now() - 3000,
    });
    const m = await client.expect('publish');
    expect(m.properties?.messageExpiryInterval).toBe(7);
    await broker.publish({
      topic: 't',
      payload: Buffer.from('old'),
      qos: 1,
      retain: false,
      fromClientid: null,
      fromUsername: null,
      properties: { messageExpiryInterval: 1 },
      timestamp: Date.now() - 2000,
    });
    await client.expectNothing(80);
    expect(broker.metrics()['delivery.dropped.expired']).toBe(1);
  });

  test('[MQTT-3.3.2-15] user properties, response topic, correlation data, content type and payload format are forwarded', async () => {
    broker = newBroker();
    const { client: s } = await sub5(broker, 'req');
    const { client: p } = await connect(broker, 5);
    const properties = {
      userProperties: { a: '1', b: ['x', 'y'] },
      responseTopic: 'resp/1',
      correlationData: Buffer.from('cid'),
      contentType: 'text/plain',
      payloadFormatIndicator: true,
    };
    p.send({ cmd: 'publish', topic: 'req', payload: Buffer.from('q'), qos: 0, retain: false, dup: false, properties });
    const m = await s.expect('publish');
    expect(m.properties?.userProperties).toEqual({ a: '1', b: ['x', 'y'] });
    expect(m.properties?.responseTopic).toBe('resp/1');
    expect(m.properties?.correlationData?.toString()).toBe('cid');
    expect(m.properties?.contentType).toBe('text/plain');
    expect(m.properties?.payloadFormatIndicator).toBe(true);
  });

  test('[MQTT-3.3.4-3] subscription identifiers are attached to matching deliveries', async () => {
    broker = newBroker();
    const { client } = await sub5(broker, 'a/#', { subid: 7 });
    client.send({ cmd: 'subscribe', messageId: 2, subscriptions: [{ topic: 'a/+', qos: 0 }], properties: { subscriptionIdentifier: 9 } });
    await client.expect('suback');
    await broker.publish({ topic: 'a/b', payload: Buffer.from('x'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
    const m = await client.expect('publish');
    expect([m.properties?.subscriptionIdentifier].flat().sort()).toEqual([7, 9]);
    await client.expectNothing(60); // one copy for overlapping subscriptions
  });

  test('[MQTT-3.8.3-3] no local: own messages are not delivered back', async () => {
    broker = newBroker();
    const { client } = await sub5(broker, 't', { nl: true, clientId: 'me' });
    client.send({ cmd: 'publish', topic: 't', payload: Buffer.from('x'), qos: 0, retain: false, dup: false });
    await client.expectNothing(80);
    expect(broker.metrics()['delivery.dropped.no_local']).toBe(1);
  });

  test('[MQTT-3.3.2-12] inbound topic alias: set then reuse with an empty topic', async () => {
    broker = newBroker();
    const { client: s } = await sub5(broker, 'long/topic/name');
    const { client: p } = await connect(broker, 5);
    p.send({ cmd: 'publish', topic: 'long/topic/name', payload: Buffer.from('1'), qos: 0, retain: false, dup: false, properties: { topicAlias: 3 } });
    p.send({ cmd: 'publish', topic: '', payload: Buffer.from('2'), qos: 0, retain: false, dup: false, properties: { topicAlias: 3 } });
    expect((await s.expect('publish')).payload.toString()).toBe('1');
    const m2 = await s.expect('publish');
    expect(m2.topic).toBe('long/topic/name');
    expect(m2.payload.toString()).toBe('2');
  });

  test('[MQTT-3.3.2-8] topic alias above the announced maximum gets DISCONNECT 0x94', async () => {
    broker = newBroker({ settings: { maxTopicAlias: 2 } });
    const { client } = await connect(broker, 5);
    client.send({ cmd: 'publish', topic: 't', payload: Buffer.from('1'), qos: 0, retain: false, dup: false, properties: { topicAlias: 3 } });
    expect((await client.expect('disconnect')).reasonCode).toBe(0x94);
  });

  test('an unknown topic alias with an empty topic is a protocol error (0x82)', async () => {
    broker = newBroker();
    const { client } = await connect(broker, 5);
    client.send({ cmd: 'publish', topic: '', payload: Buffer.from('1'), qos: 0, retain: false, dup: false, properties: { topicAlias: 1 } });
    expect((await client.expect('disconnect')).reasonCode).toBe(0x82);
  });

  test('[MQTT-3.3.2-11] outbound topic alias within the client Topic Alias Maximum', async () => {
    broker = newBroker();
    const { client } = await sub5(broker, 't/#', { props: { topicAliasMaximum: 5 } });
    await broker.publish({ topic: 't/a', payload: Buffer.from('1'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
    await broker.publish({ topic: 't/a', payload: Buffer.from('2'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
    const a = await client.expect('publish');
    const b = await client.expect('publish');
    expect(a.topic).toBe('t/a');
    expect(a.properties?.topicAlias).toBe(1);
    expect(b.topic).toBe('');
    expect(b.properties?.topicAlias).toBe(1);
  });

  test('[MQTT-3.1.2-25] messages larger than the client Maximum Packet Size are dropped for that client', async () => {
    broker = newBroker();
    const { client } = await sub5(broker, 't', { props: { maximumPacketSize: 100 } });
    await broker.publish({ topic: 't', payload: Buffer.alloc(200), qos: 0, retain: false, fromClientid: null, fromUsername: null });
    await broker.publish({ topic: 't', payload: Buffer.from('small'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
    expect((await client.expect('publish')).payload.toString()).toBe('small');
    expect(broker.metrics()['delivery.dropped.too_large']).toBe(1);
  });

  test('max_packet_size: an inbound packet larger than the limit gets DISCONNECT 0x95', async () => {
    broker = newBroker({ settings: { maxPacketSize: 64 } });
    const { client } = await connect(broker, 5);
    client.send({ cmd: 'publish', topic: 't', payload: Buffer.alloc(100), qos: 0, retain: false, dup: false });
    expect((await client.expect('disconnect')).reasonCode).toBe(0x95);
  });

  test('request response information → Response Information from settings', async () => {
    broker = newBroker({ settings: { responseInformation: 'resp/' } });
    const { connack } = await connect(broker, 5, { properties: { requestResponseInformation: true } });
    expect(connack.properties?.responseInformation).toBe('resp/');
  });

  test('[MQTT-3.1.2-21] server keepalive overrides the client keepalive', async () => {
    broker = newBroker({ settings: { serverKeepalive: 30 } });
    const { connack } = await connect(broker, 5, { clientId: 'k', keepalive: 600 });
    expect(connack.properties?.serverKeepAlive).toBe(30);
    expect(broker.client('k')?.keepalive).toBe(30);
  });

  test('enhanced auth: authenticate returning continue exchanges AUTH 0x18, then CONNACK', async () => {
    broker = newBroker({
      hooks: {
        authenticate: (req) => {
          if (req.authMethod !== 'PLAIN-ECHO') return { result: 'deny', reasonCode: 0x8c };
          if (req.authData?.toString() === 'step2') return { result: 'allow' };
          return { result: 'continue', authData: Buffer.from('challenge') };
        },
      },
    });
    const c = attach(broker, 5);
    c.send({
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: 5,
      clientId: 'ea',
      clean: true,
      keepalive: 0,
      properties: { authenticationMethod: 'PLAIN-ECHO', authenticationData: Buffer.from('step1') },
    });
    const auth = await c.expect('auth');
    expect(auth.reasonCode).toBe(0x18);
    expect(auth.properties?.authenticationData?.toString()).toBe('challenge');
    c.send({ cmd: 'auth', reasonCode: 0x18, properties: { authenticationMethod: 'PLAIN-ECHO', authenticationData: Buffer.from('step2') } });
    const ack = await c.expect('connack');
    expect(ack.reasonCode).toBe(0);
    expect(ack.properties?.authenticationMethod).toBe('PLAIN-ECHO');
    expect(broker.metrics()['packets.auth.received']).toBe(1);
    expect(broker.metrics()['packets.auth.sent']).toBe(1);
  });
});

describe('limits and availability', () => {
  test('max_qos_allowed: v5 CONNACK Maximum QoS; SUBACK downgraded; QoS 2 PUBLISH gets DISCONNECT 0x9B', async () => {
    broker = newBroker({ settings: { maxQosAllowed: 1 } });
    const { client, ack } = await sub5(broker, 't', { qos: 2 });
    expect(ack.granted).toEqual([1]);
    client.send({ cmd: 'publish', topic: 't', payload: Buffer.from('x'), qos: 2, messageId: 1, retain: false, dup: false });
    expect((await client.expect('disconnect')).reasonCode).toBe(0x9b);
  });

  test('max_qos_allowed with v3: a QoS 2 PUBLISH keeps its QoS 2 flow but is routed as QoS 1', async () => {
    broker = newBroker({ settings: { maxQosAllowed: 1 } });
    const { client: s } = await sub5(broker, 't', { qos: 2 });
    const { client } = await connect(broker, 4);
    client.send({ cmd: 'publish', topic: 't', payload: Buffer.from('x'), qos: 2, messageId: 1, retain: false, dup: false });
    await client.expect('pubrec');
    expect((await s.expect('publish')).qos).toBe(1);
  });

  test('[MQTT-3.3.4-6] a client PUBLISH carrying a Subscription Identifier is a protocol error', async () => {
    broker = newBroker();
    const { client } = await connect(broker, 5);
    client.send({ cmd: 'publish', topic: 't', payload: Buffer.from('x'), qos: 0, retain: false, dup: false, properties: { subscriptionIdentifier: 4 } });
    expect((await client.expect('disconnect')).reasonCode).toBe(0x82);
  });

  test('[MQTT-3.3.2-5] an expired retained message is not delivered and leaves the store', async () => {
    broker = newBroker();
    await broker.publish({
      topic: 'r',
      payload: Buffer.from('old'),
      qos: 0,
      retain: true,
      fromClientid: null,
      fromUsername: null,
      properties: { messageExpiryInterval: 1 },
      timestamp: Date.now() - 5000,
    });
    const { client } = await sub5(broker, 'r');
    await client.expectNothing(80);
    expect(broker.retained.get('r')).toBeUndefined();
  });

  test('UNSUBSCRIBE with an invalid filter gets 0x8F', async () => {
    broker = newBroker();
    const { client } = await connect(broker, 5);
    client.send({ cmd: 'unsubscribe', messageId: 1, unsubscriptions: ['a/#/b'] });
    expect((await client.expect('unsuback')).granted).toEqual([0x8f]);
  });

  test('max_subscriptions: SUBACK 0x97 quota exceeded', async () => {
    broker = newBroker({ settings: { maxSubscriptions: 1 } });
    const { client } = await sub5(broker, 'a');
    client.send({
      cmd: 'subscribe',
      messageId: 2,
      subscriptions: [
        { topic: 'b', qos: 0 },
        { topic: 'a', qos: 1 },
      ],
    });
    expect((await client.expect('suback')).granted).toEqual([0x97, 1]);
  });

  test('wildcard / shared subscriptions disabled: SUBACK 0xA2 / 0x9E and CONNACK flags', async () => {
    broker = newBroker({ settings: { wildcardSubscription: false, sharedSubscription: false } });
    const { client, connack } = await connect(broker, 5);
    expect(connack.properties?.wildcardSubscriptionAvailable).toBe(false);
    expect(connack.properties?.sharedSubscriptionAvailable).toBe(false);
    client.send({
      cmd: 'subscribe',
      messageId: 1,
      subscriptions: [
        { topic: 'a/#', qos: 0 },
        { topic: '$share/g/a', qos: 0 },
        { topic: 'a', qos: 0 },
      ],
    });
    expect((await client.expect('suback')).granted).toEqual([0xa2, 0x9e, 0]);
  });

  test('[MQTT-4.7.1-2] invalid topic filters get 0x8F (v5) / 0x80 (v3)', async () => {
    broker = newBroker();
    const { client } = await connect(broker, 5);
    client.send({
      cmd: 'subscribe',
      messageId: 1,
      subscriptions: [
        { topic: 'a/#/b', qos: 0 },
        { topic: 'a+', qos: 0 },
        { topic: '$share/g', qos: 0 },
      ],
    });
    expect((await client.expect('suback')).granted).toEqual([0x8f, 0x8f, 0x8f]);
    const v3 = (await connect(broker, 4)).client;
    v3.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'a/#/b', qos: 0 }] });
    expect((await v3.expect('suback')).granted).toEqual([0x80]);
  });

  test('[MQTT-3.3.2-2] a PUBLISH topic with wildcards closes a v3 connection', async () => {
    broker = newBroker();
    const { client } = await connect(broker, 4);
    client.raw([0x30, 0x05, 0x00, 0x03, 0x61, 0x2f, 0x23]); // PUBLISH "a/#"
    await client.waitClosed();
  });

  test('max_topic_levels and max_clientid_len', async () => {
    broker = newBroker({ settings: { maxTopicLevels: 2, maxClientidLen: 4 } });
    const long = await connect(broker, 5, { clientId: 'toolong' });
    expect(long.connack.reasonCode).toBe(0x85);
    const { client } = await connect(broker, 5, { clientId: 'ok' });
    client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'a/b/c', qos: 0 }] });
    expect((await client.expect('suback')).granted).toEqual([0x8f]);
  });

  test('use_username_as_clientid', async () => {
    broker = newBroker({ settings: { useUsernameAsClientid: true } });
    await connect(broker, 4, { clientId: 'x', username: 'alice' });
    expect(broker.client('alice')?.connected).toBe(true);
  });

  test('[MQTT-1.5.4-1] malformed packet after CONNECT: v5 gets DISCONNECT 0x81 and close; other clients unaffected', async () => {
    broker = newBroker();
    const { client: other } = await sub5(broker, 't');
    const { client } = await connect(broker, 5);
    // PUBLISH with topic bytes that are invalid UTF-8
    client.raw([0x30, 0x05, 0x00, 0x02, 0xc3, 0x28, 0x41]);
    const d = await client.expect('disconnect');
    expect([0x81, 0x82]).toContain(d.reasonCode);
    await client.waitClosed();
    await broker.publish({ topic: 't', payload: Buffer.from('fine'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
    expect((await other.expect('publish')).payload.toString()).toBe('fine');
    await flushTurns();
  });
});
