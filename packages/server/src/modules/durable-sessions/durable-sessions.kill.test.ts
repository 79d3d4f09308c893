// A real node in a child process: QoS 1 messages acknowledged to the publisher for an offline persistent session
// survive `kill -9` and reach the subscriber when it comes back (session present).
import { afterAll, describe, expect, test } from 'vitest';
import mqtt, { type IClientOptions } from 'mqtt';
import { connectClient, waitFor } from '../../shared/testing';
import { childNodes } from './child-node.testing';

const nodes = childNodes('mqdeck-kill-');
afterAll(nodes.cleanup);
const startNode = nodes.start;

const SUB: IClientOptions = { clientId: 'kill-sub', clean: false, protocolVersion: 5, properties: { sessionExpiryInterval: 3600 } };
const N = 300;

describe('durable sessions across kill -9', () => {
  test('every QoS 1 message acknowledged to the publisher is delivered after SIGKILL and restart', async () => {
    const first = await startNode();
    const sub = await connectClient(first.port, SUB);
    await sub.subscribeAsync('kill/#', { qos: 1 });
    await sub.endAsync();

    const pub = await connectClient(first.port, { clientId: 'kill-pub' });
    // publishAsync resolves on PUBACK: from then on the message must survive
    await Promise.all(Array.from({ length: N }, (_, i) => pub.publishAsync(`kill/${i % 7}`, `m${i}`, { qos: 1 })));
    await first.kill();
    pub.end(true);

    const second = await startNode();
    const got = new Set<string>();
    let present: boolean | undefined;
    // listeners attached before CONNECT: the queued messages follow the CONNACK at once
    const back = mqtt.connect({ host: '127.0.0.1', port: second.port, reconnectPeriod: 0, ...SUB });
    back.on('connect', (ack) => (present ??= ack.sessionPresent));
    back.on('message', (_topic, payload) => got.add(payload.toString()));
    try {
      await waitFor(() => got.size >= N, 30_000, `${N} messages (got ${got.size})`).catch(() => undefined);
      expect(present).toBe(true);
      expect(got.size).toBe(N);
      expect([...got].sort()).toEqual(Array.from({ length: N }, (_, i) => `m${i}`).sort());
    } finally {
      await back.endAsync();
      await second.stop();
    }
  }, 120_000);
});
