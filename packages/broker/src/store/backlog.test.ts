// Durable sessions keep their QoS 1/2 messages in the store, not in the bounded in-memory queue: read back in batches,
// dropped (and counted) once older than the retention period.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { attachSessionStore, MemorySessionStore, type Broker } from '../index';
import { connect, flushTurns, newBroker, type WireClient } from '../../test/wire';

const brokers: Broker[] = [];
afterEach(async () => {
  for (const b of brokers.splice(0)) await b.close();
});
const PERSISTENT = { clean: false, properties: { sessionExpiryInterval: 3600 } };

async function setup(store = new MemorySessionStore(), maxMqueueLen = 5) {
  const broker = newBroker({ settings: { maxMqueueLen, maxInflight: 4 } });
  brokers.push(broker);
  const handle = attachSessionStore(broker, store, 'restore');
  handle.configure({ batchSize: 3 });
  return { broker, store, handle };
}
const sys = (b: Broker, topic: string, payload: string) => b.publish({ topic, payload: Buffer.from(payload), qos: 1, retain: false, fromClientid: null, fromUsername: null });
const dropped = (b: Broker, name: string) => b.metrics()[name] ?? 0;

async function offline(b: Broker, clientId: string) {
  const { client } = await connect(b, 5, { clientId, ...PERSISTENT });
  client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'b/#', qos: 1 }] });
  await client.expect('suback');
  client.send({ cmd: 'disconnect' });
  await client.waitClosed();
}

/** takes `n` PUBLISH packets, acknowledging each */
async function receive(client: WireClient, n: number): Promise<string[]> {
  const got: string[] = [];
  for (let i = 0; i < n; i++) {
    const p = await client.expect('publish');
    got.push(p.payload.toString());
    client.send({ cmd: 'puback', messageId: p.messageId });
  }
  return got;
}

const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `m${from + i}`);

describe('durable session backlog', () => {
  test('max_mqueue_len does not bound an offline durable session: all messages come back, in order, in batches', async () => {
    const { broker, store } = await setup();
    await offline(broker, 'big');
    for (let i = 0; i < 40; i++) await sys(broker, `b/${i % 3}`, `m${i}`);
    expect(broker.client('big')).toMatchObject({ mqueueLen: 40, mqueueDropped: 0 });
    expect(dropped(broker, 'delivery.dropped.queue_full')).toBe(0);
    const read = vi.spyOn(store, 'loadMessages');
    const { client, connack } = await connect(broker, 5, { clientId: 'big', ...PERSISTENT });
    expect(connack.sessionPresent).toBe(true);
    expect(await receive(client, 40)).toEqual(range(40));
    // 40 messages at 3 a read: 14 reads, each for at most batch_size rows
    expect(read.mock.calls.length).toBe(14);
    expect(read.mock.calls.every(([, , limit]) => limit === 3)).toBe(true);
    // new messages go straight out once the backlog is done
    await sys(broker, 'b/x', 'live');
    expect(await receive(client, 1)).toEqual(['live']);
    await flushTurns();
    expect(store.loadMessages('big')).toEqual([]);
  });

  test('an online session whose window is full: what does not fit waits in the store, order kept', async () => {
    const { broker } = await setup();
    const { client } = await connect(broker, 5, { clientId: 'slow', ...PERSISTENT });
    client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'b/#', qos: 1 }] });
    await client.expect('suback');
    for (let i = 0; i < 20; i++) await sys(broker, 'b/t', `m${i}`);
    expect(broker.client('slow')).toMatchObject({ inflightCnt: 4, mqueueLen: 16, mqueueDropped: 0 });
    expect(await receive(client, 20)).toEqual(range(20));
  });

  test('restored after a restart: the backlog is counted, not loaded; QoS 1 messages keep their order', async () => {
    const store = new MemorySessionStore();
    const first = await setup(store);
    await offline(first.broker, 'r');
    for (let i = 0; i < 12; i++) await sys(first.broker, 'b/t', `m${i}`);
    await first.broker.close();
    const second = await setup(store);
    expect(second.broker.client('r')).toMatchObject({ mqueueLen: 12 });
    const { client } = await connect(second.broker, 5, { clientId: 'r', ...PERSISTENT });
    expect(await receive(client, 12)).toEqual(range(12));
  });

  test('messages older than the retention period are not delivered, and counted', async () => {
    const { broker, store, handle } = await setup();
    await offline(broker, 'old');
    // only Date is faked: the clock moves two hours between the two messages, timers and sockets run as usual
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(1_800_000_000_000);
      await sys(broker, 'b/t', 'old');
      vi.setSystemTime(1_800_000_000_000 + 2 * 3600_000);
      await sys(broker, 'b/t', 'new');
      handle.configure({ retentionMs: 3600_000 });
      const { client } = await connect(broker, 5, { clientId: 'old', ...PERSISTENT });
      expect(await receive(client, 1)).toEqual(['new']);
      expect(dropped(broker, 'delivery.dropped.retention')).toBe(1);
      await flushTurns();
      expect(store.loadMessages('old')).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  test('the retention GC deletes what waits in the store and counts it; the client view follows', async () => {
    const { broker, store, handle } = await setup();
    await offline(broker, 'gc');
    for (let i = 0; i < 4; i++) await sys(broker, 'b/t', `m${i}`);
    handle.configure({ retentionMs: 0 });
    expect(handle.expire(Date.now() + 1, 3)).toBe(3);
    expect(broker.client('gc')).toMatchObject({ mqueueLen: 1 });
    expect(dropped(broker, 'delivery.dropped.retention')).toBe(3);
    expect(store.messageStats()).toMatchObject({ messages: 1, sessions: 1 });
    handle.configure({ retentionMs: null });
    expect(handle.expire(Date.now() + 1, 10)).toBe(0);
  });

  test('a failed read from the store is tried again after idle_poll_interval', async () => {
    const { broker, store, handle } = await setup();
    handle.configure({ idlePollMs: 50 });
    await offline(broker, 'poll');
    for (let i = 0; i < 5; i++) await sys(broker, 'b/t', `m${i}`);
    const errors: unknown[] = [];
    broker.events.on('broker.error', (e) => errors.push(e));
    const read = vi.spyOn(store, 'loadMessages').mockImplementationOnce(() => {
      throw new Error('disk busy');
    });
    const { client } = await connect(broker, 5, { clientId: 'poll', ...PERSISTENT });
    expect(await receive(client, 5)).toEqual(range(5));
    expect(errors).toHaveLength(1);
    expect(read.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  test('switched off: the backlog moves to the in-memory queue, which bounds it again', async () => {
    const { broker, handle } = await setup();
    await offline(broker, 'off');
    for (let i = 0; i < 8; i++) await sys(broker, 'b/t', `m${i}`);
    handle.detach(true);
    expect(broker.client('off')).toMatchObject({ mqueueLen: 5, durable: false });
    const { client } = await connect(broker, 5, { clientId: 'off', ...PERSISTENT });
    expect(await receive(client, 5)).toEqual(range(5, 3));
  });

  test('a session reconnecting without expiry keeps what was stored for it, in memory', async () => {
    const { broker, store } = await setup(undefined, 100);
    await offline(broker, 'gone');
    for (let i = 0; i < 6; i++) await sys(broker, 'b/t', `m${i}`);
    const { client } = await connect(broker, 5, { clientId: 'gone', clean: false, properties: { sessionExpiryInterval: 0 } });
    expect(await receive(client, 6)).toEqual(range(6));
    expect(store.loadSessions()).toEqual([]);
  });
});
