import { afterEach, describe, expect, test } from 'vitest';
import type { Broker } from '../src/index';
import { connect, newBroker, sleep } from './wire';

let broker: Broker;
afterEach(async () => {
  await broker?.close();
});

async function retain(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await broker.publish({ topic: `rr/${i}`, payload: Buffer.from(`m${i}`), qos: 0, retain: true, fromClientid: null, fromUsername: null });
}

// retainer delivery_rate: retained messages a SUBSCRIBE brings are paced per session, in order, none dropped
describe('retained delivery rate', () => {
  test('3 retained messages at 2/s: two at once, the third half a second later', async () => {
    broker = newBroker();
    await retain(3);
    broker.setLimits({ retainedDeliveryRate: { amount: 2, periodMs: 1000 } });
    const { client } = await connect(broker, 5, { clientId: 'paced' });
    const start = Date.now();
    client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'rr/#', qos: 0 }] });
    await client.expect('suback');
    const topics: string[] = [];
    for (let i = 0; i < 2; i++) topics.push((await client.expect('publish', 300)).topic);
    expect(Date.now() - start).toBeLessThan(300);
    topics.push((await client.expect('publish', 1500)).topic);
    expect(Date.now() - start).toBeGreaterThanOrEqual(400);
    expect(topics).toEqual(['rr/0', 'rr/1', 'rr/2']);
  });

  test('infinity sends everything at once; switching to infinity flushes what waits', async () => {
    broker = newBroker();
    await retain(4);
    broker.setLimits({ retainedDeliveryRate: { amount: 1, periodMs: 10_000 } });
    const { client } = await connect(broker, 5, { clientId: 'flush' });
    client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'rr/#', qos: 0 }] });
    await client.expect('suback');
    await client.expect('publish', 300);
    await client.expectNothing(200);
    broker.setLimits({ retainedDeliveryRate: null });
    for (let i = 1; i < 4; i++) expect((await client.expect('publish', 300)).topic).toBe(`rr/${i}`);
    const other = await connect(broker, 5, { clientId: 'free' });
    other.client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'rr/#', qos: 0 }] });
    await other.client.expect('suback');
    for (let i = 0; i < 4; i++) await other.client.expect('publish', 300);
  });

  test('a session that ends drops what was still waiting', async () => {
    broker = newBroker();
    await retain(3);
    broker.setLimits({ retainedDeliveryRate: { amount: 1, periodMs: 300 } });
    const { client } = await connect(broker, 5, { clientId: 'gone' });
    client.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'rr/#', qos: 0 }] });
    await client.expect('suback');
    await client.expect('publish', 300);
    broker.kick('gone');
    await sleep(800);
    expect(broker.client('gone')).toBeUndefined();
  });
});
