import { afterEach, describe, expect, test } from 'vitest';
import { attachSessionStore, MemorySessionStore, type Broker } from '../src/index';
import { connect, flushTurns, newBroker } from './wire';
import { sessionStoreSuite } from './store.suite';

sessionStoreSuite('memory', () => ({ store: new MemorySessionStore() }));

const brokers: Broker[] = [];
afterEach(async () => {
  for (const b of brokers.splice(0)) await b.close();
});
const start = (store?: MemorySessionStore) => {
  const b = newBroker();
  brokers.push(b);
  if (store) attachSessionStore(b, store, 'restore');
  return b;
};
const sys = (b: Broker, topic: string, payload: string, qos: 0 | 1 | 2 = 1) =>
  b.publish({ topic, payload: Buffer.from(payload), qos, retain: false, fromClientid: null, fromUsername: null });

async function subscribeOffline(b: Broker, clientId: string, protoVer: 4 | 5) {
  const opts = protoVer === 5 ? { clientId, clean: false, properties: { sessionExpiryInterval: 3600 } } : { clientId, clean: false };
  const { client } = await connect(b, protoVer, opts);
  client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'd/#', qos: 1 }] });
  await client.expect('suback');
  client.send({ cmd: 'disconnect' });
  await client.waitClosed();
}

describe('durable sessions', () => {
  test('an offline v5 session, its subscription and queued QoS 1 messages survive a restart (session present)', async () => {
    const store = new MemorySessionStore();
    const first = start(store);
    await subscribeOffline(first, 'dur', 5);
    for (let i = 0; i < 5; i++) await sys(first, `d/${i}`, `m${i}`);
    await sys(first, 'd/q0', 'qos0', 0); // QoS 0 is not kept
    expect(store.loadMessages('dur')).toHaveLength(5);
    await first.close();

    const second = start(store);
    expect(second.client('dur')).toMatchObject({ connected: false, subscriptionsCnt: 1, mqueueLen: 5 });
    const { client, connack } = await connect(second, 5, { clientId: 'dur', clean: false, properties: { sessionExpiryInterval: 3600 } });
    expect(connack.sessionPresent).toBe(true);
    const got: string[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await client.expect('publish');
      got.push(p.payload.toString());
      client.send({ cmd: 'puback', messageId: p.messageId });
    }
    expect(got).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    await flushTurns();
    expect(store.loadMessages('dur')).toEqual([]);
    // the restored subscription routes new messages
    await sys(second, 'd/new', 'fresh');
    expect((await client.expect('publish')).payload.toString()).toBe('fresh');
  });

  test('a v3.1.1 clean_session=false session keeps messages sent but not acknowledged (inflight) across a restart', async () => {
    const store = new MemorySessionStore();
    const first = start(store);
    const { client } = await connect(first, 4, { clientId: 'v4', clean: false });
    client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'd/#', qos: 1 }] });
    await client.expect('suback');
    await sys(first, 'd/x', 'unacked');
    expect((await client.expect('publish')).payload.toString()).toBe('unacked');
    expect(store.loadMessages('v4')).toHaveLength(1);
    await first.close();

    const second = start(store);
    const again = await connect(second, 4, { clientId: 'v4', clean: false });
    expect(again.connack.sessionPresent).toBe(true);
    expect((await again.client.expect('publish')).payload.toString()).toBe('unacked');
  });

  test('QoS 2 out: PUBREC received → PUBREL (not the PUBLISH) after a restart; unanswered PUBLISH → same id, DUP', async () => {
    const store = new MemorySessionStore();
    const first = start(store);
    const { client } = await connect(first, 5, { clientId: 'q2', clean: false, properties: { sessionExpiryInterval: 3600 } });
    client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'd/#', qos: 2 }] });
    await client.expect('suback');
    await sys(first, 'd/rec', 'recd', 2);
    await sys(first, 'd/sent', 'sent', 2);
    const p1 = await client.expect('publish');
    const p2 = await client.expect('publish');
    client.send({ cmd: 'pubrec', messageId: p1.messageId });
    expect((await client.expect('pubrel')).messageId).toBe(p1.messageId);
    expect(store.loadMessages('q2').map((m) => [m.packetId, m.phase])).toEqual([
      [p1.messageId, 'pubrel'],
      [p2.messageId, 'publish'],
    ]);
    await first.close();

    const second = start(store);
    expect(second.client('q2')).toMatchObject({ inflightCnt: 2, mqueueLen: 0 });
    const again = await connect(second, 5, { clientId: 'q2', clean: false, properties: { sessionExpiryInterval: 3600 } });
    expect(again.connack.sessionPresent).toBe(true);
    const rel = await again.client.expect('pubrel');
    expect(rel.messageId).toBe(p1.messageId);
    const dup = await again.client.expect('publish');
    expect([dup.messageId, dup.dup, dup.payload.toString()]).toEqual([p2.messageId, true, 'sent']);
    again.client.send({ cmd: 'pubcomp', messageId: p1.messageId });
    again.client.send({ cmd: 'pubrec', messageId: p2.messageId });
    await again.client.expect('pubrel');
    again.client.send({ cmd: 'pubcomp', messageId: p2.messageId });
    // a fixed wait, not a turn: it also proves no further publish arrives within 20 ms
    await new Promise((r) => setTimeout(r, 20));
    expect(store.loadMessages('q2')).toEqual([]);
    expect(again.client.packets.filter((p) => p.cmd === 'publish')).toEqual([]);
  });

  test('QoS 2 in: an id awaiting PUBREL survives a restart, so the resent PUBLISH is not routed twice', async () => {
    const store = new MemorySessionStore();
    const first = start(store);
    const got: string[] = [];
    const { client } = await connect(first, 5, { clientId: 'pub2', clean: false, properties: { sessionExpiryInterval: 3600 } });
    client.send({ cmd: 'publish', topic: 'in/x', payload: Buffer.from('once'), qos: 2, messageId: 42, retain: false, dup: false });
    await client.expect('pubrec');
    expect(store.loadAwaitingRel('pub2').map((a) => a.packetId)).toEqual([42]);
    await first.close();

    const second = start(store);
    expect(second.client('pub2')).toMatchObject({ awaitingRelCnt: 1 });
    const sub = await connect(second, 5, { clientId: 'watch', clean: true });
    sub.client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'in/#', qos: 0 }] });
    await sub.client.expect('suback');
    const again = await connect(second, 5, { clientId: 'pub2', clean: false, properties: { sessionExpiryInterval: 3600 } });
    again.client.send({ cmd: 'publish', topic: 'in/x', payload: Buffer.from('once'), qos: 2, messageId: 42, retain: false, dup: true });
    await again.client.expect('pubrec');
    again.client.send({ cmd: 'pubrel', messageId: 42 });
    const comp = await again.client.expect('pubcomp');
    expect(comp.reasonCode ?? 0).toBe(0);
    expect(store.loadAwaitingRel('pub2')).toEqual([]);
    // the id is free again: a new PUBLISH with it is delivered
    again.client.send({ cmd: 'publish', topic: 'in/x', payload: Buffer.from('next'), qos: 2, messageId: 42, retain: false, dup: false });
    await again.client.expect('pubrec');
    const delivered = await sub.client.expect('publish');
    got.push(delivered.payload.toString());
    // a fixed wait, not a turn: nothing else may arrive within 20 ms
    await new Promise((r) => setTimeout(r, 20));
    got.push(...sub.client.packets.filter((p) => p.cmd === 'publish').map((p) => (p as { payload: Buffer }).payload.toString()));
    expect(got).toEqual(['next']);
  });

  test('sessions without expiry are not stored; a clean start or a kick removes the stored session', async () => {
    const store = new MemorySessionStore();
    const b = start(store);
    const { client } = await connect(b, 5, { clientId: 'tmp', clean: true });
    client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'd/#', qos: 1 }] });
    await client.expect('suback');
    await sys(b, 'd/1', 'x');
    expect(store.loadSessions()).toEqual([]);
    expect(store.loadMessages('tmp')).toEqual([]);

    await subscribeOffline(b, 'gone', 5);
    await sys(b, 'd/2', 'y');
    expect(store.loadSessions().map((s) => s.clientid)).toEqual(['gone']);
    const clean = await connect(b, 5, { clientId: 'gone', clean: true });
    expect(clean.connack.sessionPresent).toBe(false);
    expect(store.loadSessions()).toEqual([]);
    expect(store.loadMessages('gone')).toEqual([]);

    await subscribeOffline(b, 'kicked', 4);
    expect(store.loadSessions().map((s) => s.clientid)).toEqual(['kicked']);
    b.kick('kicked');
    expect(store.loadSessions()).toEqual([]);
  });

  test('without a store (the default) nothing is written; detach stops writing', async () => {
    const store = new MemorySessionStore();
    const b = start();
    await subscribeOffline(b, 'plain', 5);
    await sys(b, 'd/1', 'x');
    expect(store.loadSessions()).toEqual([]);
    const handle = attachSessionStore(b, store, 'snapshot');
    expect(store.loadSessions().map((s) => s.clientid)).toEqual(['plain']);
    expect(store.loadMessages('plain')).toHaveLength(1);
    handle.detach(true);
    await sys(b, 'd/2', 'y');
    expect(store.loadMessages('plain')).toEqual([]);
  });

  test('a SUBSCRIBE writes only the filters it names; UNSUBSCRIBE removes only its own; all come back after a restart', async () => {
    const writes = { rows: 0, subs: 0, deletes: 0 };
    class Counting extends MemorySessionStore {
      override saveSession(s: Parameters<MemorySessionStore['saveSession']>[0]): void {
        writes.rows++;
        if (s.subs) writes.subs += s.subs.length;
        super.saveSession(s);
      }
      override saveSubscription(clientid: string, sub: Parameters<MemorySessionStore['saveSubscription']>[1]): void {
        writes.subs++;
        super.saveSubscription(clientid, sub);
      }
      override deleteSubscription(clientid: string, topic: string): void {
        writes.deletes++;
        super.deleteSubscription(clientid, topic);
      }
    }
    const store = new Counting();
    const first = start(store);
    const { client } = await connect(first, 5, { clientId: 'many', clean: false, properties: { sessionExpiryInterval: 3600 } });
    expect(writes).toEqual({ rows: 1, subs: 0, deletes: 0 });
    for (let i = 0; i < 200; i++) {
      client.send({ cmd: 'subscribe', messageId: i + 1, subscriptions: [{ topic: `m/${i}`, qos: 1 }] });
      await client.expect('suback');
    }
    expect(writes).toEqual({ rows: 1, subs: 200, deletes: 0 }); // not 200 × 201 / 2
    client.send({
      cmd: 'subscribe',
      messageId: 300,
      subscriptions: [
        { topic: 'm/5', qos: 2 },
        { topic: 'n/1', qos: 0 },
      ],
    });
    await client.expect('suback');
    client.send({ cmd: 'unsubscribe', messageId: 301, unsubscriptions: ['m/7'] });
    await client.expect('unsuback');
    expect(writes).toEqual({ rows: 1, subs: 202, deletes: 1 });
    client.send({ cmd: 'disconnect' });
    await client.waitClosed();
    expect(writes).toEqual({ rows: 2, subs: 202, deletes: 1 }); // the row only
    await first.close();

    const second = start(store);
    const info = second.client('many')!;
    expect(info.subscriptionsCnt).toBe(200);
    const subs = store.loadSessions()[0].subs;
    expect(subs.find((x) => x.topic === 'm/5')?.qos).toBe(2);
    expect(subs.some((x) => x.topic === 'm/7')).toBe(false);
    expect(subs.at(-1)?.topic).toBe('n/1');
  });

  test('a session ending (discarded, kicked, expired) removes its stored subscriptions with the session, not one by one', async () => {
    const calls = { deleteSubscription: 0, deleteSession: 0 };
    class Counting extends MemorySessionStore {
      override deleteSubscription(clientid: string, topic: string): void {
        calls.deleteSubscription++;
        super.deleteSubscription(clientid, topic);
      }
      override deleteSession(clientid: string): void {
        calls.deleteSession++;
        super.deleteSession(clientid);
      }
    }
    const store = new Counting();
    const b = start(store);
    const subscribed = async (clientId: string, expiry: number) => {
      const { client } = await connect(b, 5, { clientId, clean: false, properties: { sessionExpiryInterval: expiry } });
      client.send({ cmd: 'subscribe', messageId: 1, subscriptions: Array.from({ length: 50 }, (_, i) => ({ topic: `s/${i}`, qos: 1 as const })) });
      await client.expect('suback');
      client.send({ cmd: 'disconnect' });
      await client.waitClosed();
      expect(store.loadSessions().find((s) => s.clientid === clientId)?.subs).toHaveLength(50);
    };
    await subscribed('discarded', 3600);
    const clean = await connect(b, 5, { clientId: 'discarded', clean: true });
    expect(clean.connack.sessionPresent).toBe(false);
    await subscribed('kicked', 3600);
    b.kick('kicked');
    await subscribed('expired', 1);
    await new Promise((r) => setTimeout(r, 1200));
    expect(b.client('expired')).toBeUndefined();
    expect(store.loadSessions()).toEqual([]);
    // one per ended session, and one for the clean start's own session (not persistent: nothing to keep)
    expect(calls).toEqual({ deleteSubscription: 0, deleteSession: 4 });
  });

  test('an expired stored session is not restored', async () => {
    const store = new MemorySessionStore();
    const b0 = start(store);
    await subscribeOffline(b0, 'old', 5);
    const row = store.loadSessions()[0];
    store.saveSession({ ...row, expiryInterval: 1, disconnectedAt: Date.now() - 5000 });
    await b0.close();
    const b = start(store);
    expect(b.client('old')).toBeUndefined();
    expect(store.loadSessions()).toEqual([]);
  });
});
