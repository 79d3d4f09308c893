// Listener.update(): rate changes reach the listener's open connections, without building limiters for infinity.
import { afterEach, expect, test } from 'vitest';
import type { Broker } from '../src/index';
import type { BrokerCore } from '../src/core';
import type { Connection } from '../src/connection/connection';
import { connect, newBroker } from './wire';

let broker: Broker;
afterEach(async () => {
  await broker?.close();
});

const conns = (b: Broker) => [...(b as Broker & BrokerCore).sessions.connections] as Connection[];
const limiterOf = (c: Connection) => (c as unknown as { ownLimiter: object | null }).ownLimiter;

/** ms from the first PUBLISH to the last PUBACK of `n` QoS 1 publishes sent at once */
async function publishTime(client: Awaited<ReturnType<typeof connect>>['client'], n: number, firstId: number): Promise<number> {
  const t0 = Date.now();
  for (let i = 0; i < n; i++) client.send({ cmd: 'publish', topic: 'r/t', payload: Buffer.from('x'), qos: 1, retain: false, dup: false, messageId: firstId + i });
  for (let i = 0; i < n; i++) await client.expect('puback', 3000);
  return Date.now() - t0;
}

test('rates set to infinity build no limiter on open connections; a rate builds one; info follows each change', async () => {
  broker = newBroker();
  const listener = broker.createListener({
    id: 'tcp:upd',
    type: 'tcp',
    bind: { host: '127.0.0.1', port: 0 },
    maxConnections: null,
    mountpoint: '',
    zone: 'default',
    enableAuthn: true,
  });
  const clients = [];
  for (let i = 0; i < 5; i++) clients.push((await connect(broker, 4, { clientId: `u${i}`, info: { listener: 'tcp:upd' } })).client);
  const other = await connect(broker, 4, { clientId: 'elsewhere', info: { listener: 'tcp:default' } });
  expect(conns(broker).map(limiterOf)).toEqual([null, null, null, null, null, null]);

  listener.update({ messagesRate: null, bytesRate: null });
  expect(conns(broker).map(limiterOf)).toEqual([null, null, null, null, null, null]);
  expect(
    conns(broker)
      .filter((c) => c.info.listener === 'tcp:upd')
      .map((c) => [c.info.messagesRate, c.info.bytesRate]),
  ).toEqual(Array(5).fill([null, null]));

  const rate = { amount: 1, periodMs: 200 };
  listener.update({ messagesRate: rate });
  for (const c of conns(broker)) {
    if (c.info.listener === 'tcp:upd') {
      expect(limiterOf(c)).not.toBeNull();
      expect(c.info.messagesRate).toEqual(rate);
    } else {
      expect(limiterOf(c)).toBeNull();
      expect(c.info.messagesRate).toBeUndefined();
    }
  }
  expect(await publishTime(clients[0], 3, 1)).toBeGreaterThanOrEqual(350); // 1 at once, then one per 200 ms
  expect(await publishTime(other.client, 3, 1)).toBeLessThan(150);

  listener.update({ messagesRate: null });
  expect(
    conns(broker)
      .filter((c) => c.info.listener === 'tcp:upd')
      .map((c) => c.info.messagesRate),
  ).toEqual(Array(5).fill(null));
  expect(await publishTime(clients[1], 5, 10)).toBeLessThan(150);
});
