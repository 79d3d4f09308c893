// Issue 22: 10,000 QoS 1 messages to an offline durable subscriber, far beyond max_mqueue_len (1000), through a real
// node that is SIGKILLed in the middle of the stream and again after it: every message a publisher got its PUBACK
// for reaches the subscriber exactly once, in order per publisher.
import { afterAll, describe, expect, test } from 'vitest';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { connectClient, waitFor } from '../../shared/testing';
import { childNodes, type ChildNode } from './child-node.testing';

const nodes = childNodes('mqdeck-backlog-kill-');
afterAll(nodes.cleanup);

const SUB: IClientOptions = { clientId: 'bk-sub', clean: false, protocolVersion: 5, properties: { sessionExpiryInterval: 3600 } };
const TOTAL = 10_000;
const PUBLISHERS = ['pa', 'pb'];

/** per publisher: the next index to publish and the indices acknowledged (PUBACK) */
const acked = new Map(PUBLISHERS.map((p) => [p, new Set<number>()]));
const next = new Map(PUBLISHERS.map((p) => [p, 0]));
/** how many of the publisher's acknowledged messages are in `seen` */
const ackedIn = (id: string, seen: Set<number>) => [...acked.get(id)!].filter((i) => seen.has(i)).length;
const ackedCount = () => [...acked.values()].reduce((n, s) => n + s.size, 0);

/** messages a publisher keeps unacknowledged at most (the node's force_shutdown would close a flooding client) */
const WINDOW = 64;

/** each publisher sends its share of `count` new messages (payload `<publisher>:<index>`); `onAck` runs after every PUBACK */
async function publish(node: ChildNode, count: number, onAck: () => void = () => undefined): Promise<MqttClient[]> {
  const clients = await Promise.all(PUBLISHERS.map((id) => connectClient(node.port, { clientId: id })));
  clients.forEach((client, k) => {
    const id = PUBLISHERS[k];
    const from = next.get(id)!;
    const end = from + Math.floor(count / PUBLISHERS.length) + (k < count % PUBLISHERS.length ? 1 : 0);
    let i = from;
    const send = () => {
      if (i >= end || client.disconnecting || !client.connected) return;
      const index = i++;
      client.publish(`bk/${id}`, `${id}:${index}`, { qos: 1 }, (err) => {
        if (err) return;
        acked.get(id)!.add(index);
        onAck();
        send();
      });
    };
    for (let w = 0; w < WINDOW; w++) send();
    next.set(id, end);
  });
  return clients;
}

describe('durable sessions: a backlog beyond max_mqueue_len across kill -9', () => {
  test('10,000 acknowledged QoS 1 messages: none lost, none duplicated, in order per publisher', async () => {
    const t0 = Date.now();
    const mark = (what: string) => console.log(`${what}: ${Date.now() - t0} ms`);
    const first = await nodes.start();
    mark('started');
    const sub = await connectClient(first.port, SUB);
    await sub.subscribeAsync('bk/#', { qos: 1 });
    await sub.endAsync();

    // killed mid-stream, once 3,000 PUBACKs came back
    let killing: Promise<void> | undefined;
    const streaming = await publish(first, TOTAL, () => {
      if (ackedCount() >= 3000) killing ??= first.kill();
    });
    await waitFor(() => killing !== undefined, 30_000, `3,000 PUBACKs (have ${ackedCount()})`);
    await killing;
    for (const c of streaming) c.end(true);
    const beforeKill = ackedCount();
    expect(beforeKill).toBeLessThan(TOTAL);

    // the rest on a restarted node, which is then killed again before the subscriber is back
    mark('first kill');
    const second = await nodes.start();
    mark('restarted');
    const rest = await publish(second, TOTAL - beforeKill);
    await waitFor(() => ackedCount() >= TOTAL, 30_000, `${TOTAL} PUBACKs (have ${ackedCount()})`);
    await Promise.all(rest.map((c) => c.endAsync()));
    await second.kill();

    mark('second kill');
    const third = await nodes.start();
    mark('restarted');
    const got = new Map(PUBLISHERS.map((p) => [p, [] as number[]]));
    let received = 0;
    let present: boolean | undefined;
    const back = mqtt.connect({ host: '127.0.0.1', port: third.port, reconnectPeriod: 0, ...SUB });
    back.on('connect', (ack) => (present ??= ack.sessionPresent));
    back.on('message', (_topic, payload) => {
      const [id, i] = payload.toString().split(':');
      got.get(id)!.push(Number(i));
      received++;
    });
    try {
      // everything acknowledged, plus what the first node stored but was killed before acknowledging
      await waitFor(() => PUBLISHERS.every((id) => ackedIn(id, new Set(got.get(id))) === acked.get(id)!.size), 60_000, 'every acknowledged message').catch(() => undefined);
      mark('received');
      const report = PUBLISHERS.map((id) => {
        const seen = got.get(id)!;
        const lost = acked.get(id)!.size - ackedIn(id, new Set(seen));
        const duplicated = seen.length - new Set(seen).size;
        const outOfOrder = seen.filter((v, k) => k > 0 && v <= seen[k - 1]).length;
        return { id, acked: acked.get(id)!.size, received: seen.length, lost, duplicated, outOfOrder };
      });
      console.log(`backlog across kill -9: acked ${ackedCount()} (${beforeKill} before the first kill), received ${received}`, JSON.stringify(report));
      expect(present).toBe(true);
      expect(ackedCount()).toBe(TOTAL);
      for (const r of report) expect(r).toMatchObject({ lost: 0, duplicated: 0, outOfOrder: 0 });
    } finally {
      await back.endAsync();
      await third.stop();
    }
  }, 120_000);
});
