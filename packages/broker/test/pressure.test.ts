// Node-wide back-pressure (connection/pressure.ts, issue 18): publishers' reads pause while the subscribers' backlog
// across connections is above the high mark and resume below the low mark, so nothing is dropped; one slow
// subscriber alone never reaches the mark and drops by its own max_mqueue_len (delivery.dropped.queue_full).
import { afterEach, expect, test } from 'vitest';
import type { IPublishPacket } from 'mqtt-packet';
import type { Broker } from '../src/index';
import { pressureOf } from '../src/connection/pressure';
import { connect, newBroker, sleep, type WireClient } from './wire';

let broker: Broker;
afterEach(async () => {
  pressureOf(broker).stop();
  await broker?.close();
});

async function until(cond: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** counts the PUBLISH packets a client gets; acknowledges them while `acking` is set (QoS 1) */
function receiver(c: WireClient) {
  const r = { got: 0, unacked: [] as number[], acking: false };
  const take = (p: IPublishPacket) => {
    r.got++;
    if (p.qos === 0) return;
    if (r.acking) c.send({ cmd: 'puback', messageId: p.messageId! });
    else r.unacked.push(p.messageId!);
  };
  for (const p of c.packets.splice(0)) if (p.cmd === 'publish') take(p);
  c.stream.on('data', () =>
    queueMicrotask(() => {
      for (const p of c.packets.splice(0)) if (p.cmd === 'publish') take(p);
    }),
  );
  return {
    r,
    ackAll() {
      r.acking = true;
      for (const id of r.unacked.splice(0)) c.send({ cmd: 'puback', messageId: id });
    },
  };
}

async function subscriber(clientId: string) {
  const { client } = await connect(broker, 4, { clientId });
  client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'load/t', qos: 1 }] });
  await client.expect('suback');
  return { client, ...receiver(client) };
}

/** one write holding `n` QoS 1 PUBLISHes of 64 B (ids 1..n), as a fast publisher's socket would deliver them */
function burst(pub: WireClient, n: number): void {
  for (let i = 1; i <= n; i++) pub.send({ cmd: 'publish', topic: 'load/t', payload: Buffer.alloc(64, 0x61), qos: 1, retain: false, dup: false, messageId: i });
}

function pubacks(pub: WireClient) {
  const seen = { n: 0 };
  pub.stream.on('data', () =>
    queueMicrotask(() => {
      for (const p of pub.packets.splice(0)) if (p.cmd === 'puback') seen.n++;
    }),
  );
  return seen;
}

test('publisher reads pause above the high mark and resume below the low mark; nothing is dropped', { timeout: 20_000 }, async () => {
  broker = newBroker();
  broker.updateSettings({ maxInflight: 4, maxMqueueLen: 100 });
  const pressure = pressureOf(broker);
  // 64 B payload + 6 B topic + 64 B overhead = 134 B per queued message: the mark is passed at ~10 queued per subscriber
  pressure.limits = { high: 4000, low: 1000, share: 2000, lagHigh: 1e9, lagLow: 1e9, stallMs: 1e9 };
  const subs = await Promise.all(['s1', 's2', 's3'].map(subscriber));
  const { client: pub } = await connect(broker, 4, { clientId: 'pub' });
  const acked = pubacks(pub);

  burst(pub, 300);
  await until(() => pressure.on, 'the pause');
  await sleep(100);
  // held: the publisher got PUBACKs for what was routed before the mark only, far from its 300 and from the queue limit
  expect(pressure.on).toBe(true);
  expect(pressure.total).toBeGreaterThanOrEqual(1000);
  expect(acked.n).toBeLessThan(40);
  for (const s of subs) expect(s.r.got).toBe(4); // the inflight window; the rest queued
  expect(broker.metrics()['delivery.dropped.queue_full'] ?? 0).toBe(0);

  // the subscribers acknowledge: backlogs shrink below the low mark, reads resume, the burst goes through
  for (const s of subs) s.ackAll();
  await until(() => acked.n === 300, 'every PUBACK to the publisher');
  await until(() => subs.every((s) => s.r.got === 300), 'every delivery');
  await until(() => !pressure.on, 'the resume once every backlog is gone');
  expect(pressure.pauses).toBeGreaterThanOrEqual(1);
  expect(broker.metrics()['delivery.dropped.queue_full'] ?? 0).toBe(0);
});

test('a resume waits for the low mark: between the marks the pause holds', { timeout: 20_000 }, async () => {
  broker = newBroker();
  broker.updateSettings({ maxInflight: 1, maxMqueueLen: 100 });
  const pressure = pressureOf(broker);
  pressure.limits = { high: 4000, low: 1000, share: 4000, lagHigh: 1e9, lagLow: 1e9, stallMs: 1e9 };
  const s = await subscriber('s1');
  const { client: pub } = await connect(broker, 4, { clientId: 'pub' });
  pubacks(pub);
  burst(pub, 100);
  await until(() => pressure.on, 'the pause');
  // acknowledge one at a time: each PUBACK frees the window and moves one queued message out (134 B less)
  for (;;) {
    const id = s.r.unacked.shift();
    if (id === undefined) {
      await sleep(5);
      continue;
    }
    const total = pressure.total;
    const on = pressure.on;
    s.client.send({ cmd: 'puback', messageId: id });
    if (!on) {
      // it resumed: the tick before saw the backlog under the low mark
      expect(total).toBeLessThan(1000);
      break;
    }
    if (total >= 1000) expect(on).toBe(true);
    await sleep(15); // a tick (10 ms) between acknowledgements
  }
  s.ackAll();
  await until(() => s.r.got === 100, 'every delivery');
});

test('one slow subscriber among fast ones drops only its own copies, counted as delivery.dropped.queue_full', { timeout: 20_000 }, async () => {
  broker = newBroker();
  broker.updateSettings({ maxInflight: 8, maxMqueueLen: 100 });
  const pressure = pressureOf(broker);
  // one connection counts 4000 B at most (≈ 30 queued messages): the slow one alone (up to 100 queued) stays below
  // the high mark; with the fast ones' burst backlog it passes it, and stops counting once it has not moved for 200 ms
  pressure.limits = { high: 8000, low: 2000, share: 4000, lagHigh: 1e9, lagLow: 1e9, stallMs: 200 };
  const fast = await Promise.all(['f1', 'f2', 'f3'].map(subscriber));
  for (const f of fast) f.ackAll();
  const slow = await subscriber('slow'); // never acknowledges
  const { client: pub } = await connect(broker, 4, { clientId: 'pub' });
  const acked = pubacks(pub);
  burst(pub, 500);
  await until(() => acked.n === 500, 'every PUBACK to the publisher');
  await until(() => fast.every((f) => f.r.got === 500), 'every delivery to the fast subscribers');
  expect(slow.r.got).toBe(8); // its inflight window
  // its own queue limit: 500 - 8 in flight - 100 kept in its queue, and nothing of the fast ones
  expect(broker.metrics()['delivery.dropped.queue_full']).toBe(392);
  await until(() => !pressure.on, 'publishers free while the slow one still holds its backlog');
});

test('a publisher held by node pressure is not closed for keepalive: it is not silent, it is not read', { timeout: 20_000 }, async () => {
  broker = newBroker();
  broker.updateSettings({ maxInflight: 1, maxMqueueLen: 100 });
  const pressure = pressureOf(broker);
  pressure.limits = { high: 2000, low: 500, share: 4000, lagHigh: 1e9, lagLow: 1e9, stallMs: 1e9 };
  const s = await subscriber('s1');
  const { client: pub } = await connect(broker, 4, { clientId: 'pub', keepalive: 1 }); // closed after 1.5 s silent
  const acked = pubacks(pub);
  burst(pub, 50);
  await until(() => pressure.on, 'the pause');
  await sleep(3500);
  expect(pub.closed).toBe(false);
  expect(pressure.on).toBe(true);
  s.ackAll();
  await until(() => acked.n === 50, 'every PUBACK once the subscriber acknowledges');
});
