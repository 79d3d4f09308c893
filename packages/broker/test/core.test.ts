import { afterEach, describe, expect, test } from 'vitest';
import type { Broker } from '../src/index';
import { attach, connect, flushTurns, newBroker } from './wire';

let broker: Broker;
afterEach(async () => {
  await broker?.close();
});

describe('connect', () => {
  test('[MQTT-3.2.0-1] v3.1.1 CONNECT gets CONNACK return code 0', async () => {
    broker = newBroker();
    const { connack } = await connect(broker, 4, { clientId: 'a' });
    expect(connack.returnCode).toBe(0);
    expect(connack.sessionPresent).toBe(false);
    expect(broker.client('a')?.connected).toBe(true);
    expect(broker.metrics()['packets.connect.received']).toBe(1);
    expect(broker.metrics()['client.connected']).toBe(1);
  });

  test('[MQTT-3.2.2-?] v5 CONNACK carries the server capabilities', async () => {
    broker = newBroker({ settings: { maxQosAllowed: 1, retainAvailable: false } });
    const { connack } = await connect(broker, 5, { clientId: 'a' });
    expect(connack.reasonCode).toBe(0);
    expect(connack.properties?.maximumQoS).toBe(1);
    expect(connack.properties?.retainAvailable).toBe(false);
    expect(connack.properties?.maximumPacketSize).toBe(1024 * 1024);
    expect(connack.properties?.topicAliasMaximum).toBe(65535);
  });

  test('[MQTT-3.1.3-8] v3.1.1 empty client id with clean session false is refused with return code 2', async () => {
    broker = newBroker();
    const client = attach(broker, 4);
    // mqtt-packet refuses to encode this, so the bytes are written by hand: CONNECT v4, flags 0 (clean=0), id ''
    client.raw([0x10, 0x0c, 0x00, 0x04, 0x4d, 0x51, 0x54, 0x54, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00]);
    expect((await client.expect('connack')).returnCode).toBe(2);
    await client.waitClosed();
  });

  test('[MQTT-3.1.3-7] v5 empty client id gets an Assigned Client Identifier', async () => {
    broker = newBroker();
    const { connack } = await connect(broker, 5, { clientId: '' });
    const id = connack.properties?.assignedClientIdentifier;
    expect(id).toBeTruthy();
    expect(broker.client(id!)?.connected).toBe(true);
  });

  test('[MQTT-3.1.0-2] a second CONNECT closes the connection', async () => {
    broker = newBroker();
    const { client } = await connect(broker, 4, { clientId: 'a' });
    client.send({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clientId: 'a', clean: true, keepalive: 0 });
    await client.waitClosed();
  });

  test('[MQTT-3.1.0-1] a packet before CONNECT closes the connection', async () => {
    broker = newBroker();
    const c = attach(broker, 4);
    c.send({ cmd: 'pingreq' });
    await c.waitClosed();
  });

  test('[MQTT-3.1.2-2] an unsupported protocol level gets return code 1 and close', async () => {
    broker = newBroker();
    const c = attach(broker, 4);
    // CONNECT, protocol name MQTT, level 2
    c.raw([0x10, 0x0d, 0x00, 0x04, 0x4d, 0x51, 0x54, 0x54, 0x02, 0x02, 0x00, 0x00, 0x00, 0x01, 0x61]);
    const ack = await c.expect('connack');
    expect(ack.returnCode).toBe(1);
    await c.waitClosed();
  });

  test('[MQTT-3.1.2-2] a protocol level above 5 gets the v5 CONNACK 0x84', async () => {
    broker = newBroker();
    const c = attach(broker, 5);
    c.raw([0x10, 0x0d, 0x00, 0x04, 0x4d, 0x51, 0x54, 0x54, 0x06, 0x02, 0x00, 0x00, 0x00, 0x01, 0x61]);
    expect((await c.expect('connack')).reasonCode).toBe(0x84);
    await c.waitClosed();
  });

  test('enable_authn false skips the authenticate hook; quick_deny_anonymous refuses clients without credentials', async () => {
    broker = newBroker({ hooks: { authenticate: () => ({ result: 'deny', reasonCode: 0x86 }) } });
    const open = await connect(broker, 4, { info: { enableAuthn: false } });
    expect(open.connack.returnCode).toBe(0);
    const quick = await connect(broker, 5, { info: { enableAuthn: 'quick_deny_anonymous' } });
    expect(quick.connack.reasonCode).toBe(0x87);
  });

  test('hooks: clientConnect refusal maps v5 0x8A (banned) to v3 return code 5', async () => {
    broker = newBroker({ hooks: { clientConnect: () => 0x8a } });
    const v3 = await connect(broker, 4, { clientId: 'a' });
    expect(v3.connack.returnCode).toBe(5);
    const v5 = await connect(broker, 5, { clientId: 'b' });
    expect(v5.connack.reasonCode).toBe(0x8a);
  });

  test('hooks: clientConnect gets the connection info, the final client id and the username', async () => {
    const seen: Array<[string, string, string | null]> = [];
    broker = newBroker({
      settings: { useUsernameAsClientid: true },
      hooks: {
        clientConnect: (info, clientid, username) => {
          seen.push([info.listener, clientid, username]);
          return undefined;
        },
      },
    });
    await connect(broker, 4, { clientId: 'packet-id', username: 'alice', info: { listener: 'tcp:hooked' } });
    await connect(broker, 5, { clientId: 'b' });
    expect(seen).toEqual([
      ['tcp:hooked', 'alice', 'alice'],
      [expect.any(String), 'b', null],
    ]);
  });

  test('hooks: authenticate deny 0x86 → v3 return code 4, counters', async () => {
    broker = newBroker({ hooks: { authenticate: (req) => (req.password?.toString() === 'ok' ? { result: 'allow' } : { result: 'deny', reasonCode: 0x86 }) } });
    const bad = await connect(broker, 4, { clientId: 'a', username: 'u', password: Buffer.from('no') });
    expect(bad.connack.returnCode).toBe(4);
    const good = await connect(broker, 4, { clientId: 'b', username: 'u', password: Buffer.from('ok') });
    expect(good.connack.returnCode).toBe(0);
    const m = broker.metrics();
    expect(m['authentication.failure']).toBe(1);
    expect(m['authentication.success']).toBe(1);
    expect(m['packets.connack.auth_error']).toBe(1);
  });

  test('[MQTT-3.1.2-24] keepalive × 1.5 without packets closes the connection', async () => {
    broker = newBroker();
    const { client } = await connect(broker, 5, { clientId: 'a', keepalive: 1 });
    const start = Date.now();
    const d = await client.expect('disconnect', 2500);
    expect(d.reasonCode).toBe(0x8d);
    await client.waitClosed();
    expect(Date.now() - start).toBeGreaterThanOrEqual(1400);
  });

  test('idle_timeout closes a socket that never sends CONNECT', async () => {
    broker = newBroker({ settings: { idleTimeout: 100 } });
    const c = attach(broker, 4);
    await c.waitClosed(1000);
  });

  test('[MQTT-3.12.4-1] PINGREQ gets PINGRESP', async () => {
    broker = newBroker();
    const { client } = await connect(broker, 4);
    client.send({ cmd: 'pingreq' });
    await client.expect('pingresp');
  });
});

describe('publish / subscribe', () => {
  test('[MQTT-3.8.4-1] SUBSCRIBE gets SUBACK with granted QoS; QoS 0 and 1 routing with + and #', async () => {
    broker = newBroker();
    const sub = (await connect(broker, 4, { clientId: 'sub' })).client;
    sub.send({
      cmd: 'subscribe',
      messageId: 1,
      subscriptions: [
        { topic: 'a/+/c', qos: 1 },
        { topic: 'x/#', qos: 0 },
      ],
    });
    const ack = await sub.expect('suback');
    expect(ack.granted).toEqual([1, 0]);
    const pub = (await connect(broker, 4, { clientId: 'pub' })).client;
    pub.send({ cmd: 'publish', topic: 'a/b/c', payload: Buffer.from('one'), qos: 1, messageId: 7, retain: false, dup: false });
    await pub.expect('puback');
    const m1 = await sub.expect('publish');
    expect(m1.topic).toBe('a/b/c');
    expect(m1.qos).toBe(1);
    expect(m1.payload.toString()).toBe('one');
    sub.send({ cmd: 'puback', messageId: m1.messageId! });
    pub.send({ cmd: 'publish', topic: 'x', payload: Buffer.from('two'), qos: 1, messageId: 8, retain: false, dup: false });
    const m2 = await sub.expect('publish');
    expect(m2.topic).toBe('x');
    expect(m2.qos).toBe(0); // [MQTT-3.8.4-?] downgraded to the subscription QoS
    pub.send({ cmd: 'publish', topic: 'a/b', payload: Buffer.from('no'), qos: 0, retain: false, dup: false });
    await sub.expectNothing();
    await flushTurns();
    const m = broker.metrics();
    expect(m['messages.received']).toBe(3);
    expect(m['messages.dropped.no_subscribers']).toBe(1);
    expect(m['messages.acked']).toBe(1);
    expect(broker.stats()['subscriptions.count']).toBe(2);
    expect([...broker.topics()].sort()).toEqual(['a/+/c', 'x/#']);
    expect(
      broker
        .subscriptionsOf('sub')
        ?.map((s) => s.topic)
        .sort(),
    ).toEqual(['a/+/c', 'x/#']);
  });

  test('[MQTT-4.7.2-1] $-topics do not match filters starting with a wildcard', async () => {
    broker = newBroker();
    const sub = (await connect(broker, 4)).client;
    sub.send({
      cmd: 'subscribe',
      messageId: 1,
      subscriptions: [
        { topic: '#', qos: 0 },
        { topic: '+/x', qos: 0 },
      ],
    });
    await sub.expect('suback');
    await broker.publish({ topic: '$SYS/x', payload: Buffer.from('s'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
    await sub.expectNothing();
  });

  test('broker.publish from the API reaches subscribers and reports matches', async () => {
    broker = newBroker();
    const sub = (await connect(broker, 5)).client;
    sub.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 't', qos: 0 }] });
    await sub.expect('suback');
    const r = await broker.publish({ topic: 't', payload: Buffer.from('p'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
    expect(r.matched).toBe(1);
    expect(r.id).toMatch(/^[0-9a-f]{32}$/);
    expect((await sub.expect('publish')).payload.toString()).toBe('p');
    const none = await broker.publish({ topic: 'zz', payload: Buffer.from('p'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
    expect(none.matched).toBe(0);
  });

  test('authorize hook: denied subscribe gets 0x87 (v5) / 0x80 (v3), denied publish gets PUBACK 0x87', async () => {
    broker = newBroker({ hooks: { authorize: (req) => (req.topic.startsWith('secret') ? 'deny' : 'allow') } });
    const v5 = (await connect(broker, 5)).client;
    v5.send({
      cmd: 'subscribe',
      messageId: 1,
      subscriptions: [
        { topic: 'secret/#', qos: 1 },
        { topic: 'open', qos: 1 },
      ],
    });
    expect((await v5.expect('suback')).granted).toEqual([0x87, 1]);
    v5.send({ cmd: 'publish', topic: 'secret/a', payload: Buffer.from('x'), qos: 1, messageId: 2, retain: false, dup: false });
    expect((await v5.expect('puback')).reasonCode).toBe(0x87);
    const v3 = (await connect(broker, 4)).client;
    v3.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'secret/#', qos: 1 }] });
    expect((await v3.expect('suback')).granted).toEqual([0x80]);
    const m = broker.metrics();
    expect(m['authorization.deny']).toBe(3);
    expect(m['authorization.allow']).toBe(1);
  });

  test('[MQTT-3.14.4-1] DISCONNECT closes and the session (clean) ends', async () => {
    broker = newBroker();
    const { client } = await connect(broker, 4, { clientId: 'a' });
    client.send({ cmd: 'disconnect' });
    await client.waitClosed();
    await flushTurns();
    expect(broker.client('a')).toBeUndefined();
    expect(broker.metrics()['session.terminated']).toBe(1);
  });

  test('kick: v5 client gets DISCONNECT 0x98 and the session is gone', async () => {
    broker = newBroker();
    const { client } = await connect(broker, 5, { clientId: 'a' });
    expect(broker.kick('a')).toBe(true);
    expect((await client.expect('disconnect')).reasonCode).toBe(0x98);
    await client.waitClosed();
    expect(broker.client('a')).toBeUndefined();
    expect(broker.kick('a')).toBe(false);
  });
});

describe('client stats', () => {
  // the byte/packet counters live on the connection, the message counters are built at the first message, and the
  // mqueue at the first message queued: every one of EMQX's 20 names is still there and counted exactly
  test('ClientInfo.stats counts every byte, packet and message exactly, idle or not', async () => {
    const { CLIENT_STAT_NAMES } = await import('../src/index');
    broker = newBroker({ settings: { maxMqueueLen: 1 } });
    const { client: idle } = await connect(broker, 4, { clientId: 'idle' });
    const connectBytes = 12 + 'idle'.length + 2; // fixed header 2 + variable header 10 + client id
    const idleStats = broker.client('idle')!.stats;
    expect(Object.keys(idleStats).sort()).toEqual([...CLIENT_STAT_NAMES].sort());
    expect(idleStats).toEqual(
      Object.fromEntries(CLIENT_STAT_NAMES.map((n) => [n, { recv_oct: connectBytes, recv_cnt: 1, recv_pkt: 1, send_oct: 4, send_cnt: 1, send_pkt: 1 }[n as string] ?? 0])),
    );
    expect(broker.client('idle')!.mqueueLen).toBe(0);
    expect(broker.client('idle')!.mqueueMax).toBe(1);

    const { client: sub } = await connect(broker, 4, { clientId: 'sub' });
    sub.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 't/#', qos: 1 }] });
    await sub.expect('suback');
    const { client: pub } = await connect(broker, 4, { clientId: 'pub' });
    pub.send({ cmd: 'publish', topic: 't/0', payload: Buffer.from('a'), qos: 0, retain: false, dup: false });
    pub.send({ cmd: 'publish', topic: 't/1', payload: Buffer.from('b'), qos: 1, messageId: 7, retain: false, dup: false });
    await pub.expect('puback');
    const first = await sub.expect('publish');
    const second = await sub.expect('publish');
    expect([first.qos, second.qos]).toEqual([0, 1]);
    const p = broker.client('pub')!.stats;
    expect([p.recv_msg, p['recv_msg.qos0'], p['recv_msg.qos1'], p['recv_msg.qos2'], p.recv_pkt, p.send_pkt]).toEqual([2, 1, 1, 0, 3, 2]);
    const s = broker.client('sub')!.stats;
    expect([s.send_msg, s['send_msg.qos0'], s['send_msg.qos1'], s.send_pkt, s.recv_pkt, s.recv_msg]).toEqual([2, 1, 1, 4, 2, 0]);
    expect(s.send_oct).toBe(4 + 5 + (2 + 2 + 3 + 1) + (2 + 2 + 3 + 2 + 1));
    expect(broker.client('idle')!.stats).toEqual(idleStats); // nothing moved for the idle client
    idle.end();
  });

  test('an offline session queues into a queue built then, and counts what its full queue dropped', async () => {
    broker = newBroker({ settings: { maxMqueueLen: 1 } });
    const { client: sub } = await connect(broker, 4, { clientId: 'off', clean: false });
    sub.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'q', qos: 1 }] });
    await sub.expect('suback');
    sub.send({ cmd: 'disconnect' });
    await sub.waitClosed();
    await flushTurns();
    const before = broker.client('off')!;
    expect([before.mqueueLen, before.mqueueMax, before.mqueueDropped]).toEqual([0, 1, 0]);
    const { client: pub } = await connect(broker, 4, { clientId: 'p2' });
    for (const id of [1, 2]) pub.send({ cmd: 'publish', topic: 'q', payload: Buffer.from(String(id)), qos: 1, messageId: id, retain: false, dup: false });
    await pub.expect('puback');
    await pub.expect('puback');
    const after = broker.client('off')!;
    expect([after.mqueueLen, after.mqueueMax, after.mqueueDropped]).toEqual([1, 1, 1]);
    expect(after.stats['send_msg.dropped.queue_full']).toBe(1);
    expect(broker.mqueue('off')!.map((m) => m.msg.payload.toString())).toEqual(['2']);
  });
});

describe('$SYS messages in the metrics (emqx_broker: is_sys)', () => {
  test('are counted in neither messages.publish nor messages.dropped, other messages are', async () => {
    broker = newBroker();
    const sys = { payload: Buffer.from('1'), qos: 0 as const, retain: false, fromClientid: 'emqx_sys', fromUsername: null };
    await broker.publish({ ...sys, topic: '$SYS/brokers/n/clients/c/connected' });
    await broker.publish({ ...sys, topic: '$SYS/brokers/n/uptime' });
    let m = broker.metrics();
    expect([m['messages.publish'], m['messages.dropped'], m['messages.dropped.no_subscribers']]).toEqual([0, 0, 0]);
    await broker.publish({ ...sys, topic: 'plain/topic' });
    m = broker.metrics();
    expect([m['messages.publish'], m['messages.dropped'], m['messages.dropped.no_subscribers']]).toEqual([1, 1, 1]);
  });

  test('still reach their subscribers', async () => {
    broker = newBroker();
    const sub = (await connect(broker, 4, { clientId: 'sys-sub' })).client;
    sub.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: '$SYS/#', qos: 0 }] });
    await sub.expect('suback');
    await broker.publish({ topic: '$SYS/brokers/n/uptime', payload: Buffer.from('5'), qos: 0, retain: false, fromClientid: 'emqx_sys', fromUsername: null });
    expect((await sub.expect('publish')).topic).toBe('$SYS/brokers/n/uptime');
    expect(broker.metrics()['messages.delivered']).toBe(1);
  });
});
