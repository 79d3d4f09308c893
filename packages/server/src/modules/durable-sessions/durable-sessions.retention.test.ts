// Issue 22: durable sessions keep their messages for message_retention_period, not max_mqueue_len. In process: a
// backlog larger than the in-memory queue limit is kept whole and shown (client detail, store), and a stored message
// older than the retention period is not delivered after a restart, and is counted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import mqtt from 'mqtt';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { connectClient, waitFor } from '../../shared/testing';

const dataDir = mkdtempSync(join(tmpdir(), 'mqdeck-durable-retention-'));
const nodes: TestNode[] = [];
afterAll(async () => {
  for (const n of nodes) await n.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});
const start = async () => {
  const node = await startTestNode({ dataDir, env: { EMQX_DURABLE_SESSIONS__ENABLE: 'true', EMQX_MQTT__MAX_MQUEUE_LEN: '10' } });
  nodes.push(node);
  return node;
};
const SUB = { clientId: 'ret-sub', clean: false, protocolVersion: 5 as const, properties: { sessionExpiryInterval: 3600 } };
const get = async (node: TestNode, url: string) => (await node.app.inject({ method: 'GET', url, headers: node.auth })).json<Record<string, unknown>>();

describe('durable sessions: retention period', () => {
  test('a backlog beyond max_mqueue_len is kept whole; a message past the retention period is dropped and counted', async () => {
    const first = await start();
    const sub = await connectClient(first.mqttPort, SUB);
    await sub.subscribeAsync('ret/#', { qos: 1 });
    await sub.endAsync();
    const pub = await connectClient(first.mqttPort, { clientId: 'ret-pub' });
    for (let i = 0; i < 25; i++) await pub.publishAsync('ret/t', `m${i}`, { qos: 1 });
    await pub.endAsync();
    // 25 kept although the in-memory queue holds 10
    expect(await get(first, '/api/v5/clients/ret-sub')).toMatchObject({ durable: true, mqueue_len: 25, mqueue_dropped: 0 });
    // what the store holds, for the console's Durable Sessions screen
    const stored = await get(first, '/api/v5/mqdeck/durable_sessions');
    expect(stored).toMatchObject({ enable: true, messages: 25, sessions: 1, message_retention_period: '1d', retention_expired: 0 });
    expect(Date.parse(String(stored.oldest_at))).toBeGreaterThan(Date.now() - 60_000);
    expect(await get(first, '/api/v5/mqdeck/extensions')).toMatchObject({ extensions: expect.arrayContaining(['durable_store']) });
    await first.close();

    // the node was off for two days: the first five messages are older than the retention period (1 day)
    const second = await start();
    const aged = second.app.db
      .prepare(
        `UPDATE durable_messages SET publish_at = publish_at - 2 * 86400000, msg = json_set(msg, '$.timestamp', json_extract(msg, '$.timestamp') - 2 * 86400000)
         WHERE clientid = 'ret-sub' AND seq IN (SELECT seq FROM durable_messages WHERE clientid = 'ret-sub' ORDER BY seq LIMIT 5)`,
      )
      .run();
    expect(aged.changes).toBe(5);
    const got: string[] = [];
    const back = mqtt.connect({ host: '127.0.0.1', port: second.mqttPort, reconnectPeriod: 0, ...SUB });
    back.on('message', (_t, payload) => got.push(payload.toString()));
    try {
      await waitFor(() => got.length >= 20, 10_000, `20 messages (got ${got.length})`);
      expect(got).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 5}`));
      const metrics = (await second.app.inject({ method: 'GET', url: '/api/v5/metrics', headers: second.auth })).json<Record<string, number>[]>();
      expect(metrics[0]).toMatchObject({ 'delivery.dropped.retention': 5 });
      await waitFor(async () => (await get(second, '/api/v5/clients/ret-sub')).mqueue_len === 0, 5000, 'an empty backlog');
      // acknowledged and expired rows leave the store (acks are written in batches)
      await waitFor(async () => (await get(second, '/api/v5/mqdeck/durable_sessions')).messages === 0, 5000, 'an empty store');
      expect(await get(second, '/api/v5/mqdeck/durable_sessions')).toMatchObject({ sessions: 0, oldest_at: null, retention_expired: 5 });
    } finally {
      await back.endAsync();
    }
  });
});
