import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import mqtt from 'mqtt';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { closeClients, connectClient, waitFor } from '../../shared/testing';

const dataDir = mkdtempSync(join(tmpdir(), 'mqdeck-durable-api-'));
const nodes: TestNode[] = [];
afterAll(async () => {
  for (const n of nodes) await n.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});
const start = async (enable: boolean) => {
  const node = await startTestNode({ dataDir, env: { EMQX_DURABLE_SESSIONS__ENABLE: String(enable) } });
  nodes.push(node);
  return node;
};
const clientView = async (node: TestNode, id: string) =>
  (await node.app.inject({ method: 'GET', url: `/api/v5/clients/${id}`, headers: node.auth })).json<Record<string, unknown>>();

describe('durable sessions (in process)', () => {
  test('an offline persistent session is listed with durable: true, and is back after a graceful restart with its messages', async () => {
    const first = await start(true);
    const sub = await connectClient(first.mqttPort, { clientId: 'ds-sub', clean: false, properties: { sessionExpiryInterval: 600 } });
    await sub.subscribeAsync('ds/#', { qos: 1 });
    await sub.endAsync();
    const plain = await connectClient(first.mqttPort, { clientId: 'ds-plain', clean: true });
    expect(await clientView(first, 'ds-sub')).toMatchObject({ connected: false, durable: true, is_persistent: true });
    expect(await clientView(first, 'ds-plain')).toMatchObject({ connected: true, durable: false });
    await plain.publishAsync('ds/a', 'one', { qos: 1 });
    await plain.publishAsync('ds/b', 'two', { qos: 1 });
    await closeClients([plain]);
    await first.close();

    const second = await start(true);
    expect(await clientView(second, 'ds-sub')).toMatchObject({ connected: false, durable: true, mqueue_len: 2, subscriptions_cnt: 1 });
    const got: string[] = [];
    let present: boolean | undefined;
    const back = mqtt.connect({
      host: '127.0.0.1',
      port: second.mqttPort,
      reconnectPeriod: 0,
      protocolVersion: 5,
      clientId: 'ds-sub',
      clean: false,
      properties: { sessionExpiryInterval: 600 },
    });
    back.on('connect', (ack) => (present ??= ack.sessionPresent));
    back.on('message', (_t, payload) => got.push(payload.toString()));
    await waitFor(() => got.length >= 2, 5000, 'the stored messages');
    expect(present).toBe(true);
    expect(got).toEqual(['one', 'two']);
    await back.endAsync();
    await second.close();
  });

  test('switched off, the store is emptied and sessions are not restored', async () => {
    const node = await start(true);
    const sub = await connectClient(node.mqttPort, { clientId: 'ds-off', clean: false, properties: { sessionExpiryInterval: 600 } });
    await sub.subscribeAsync('off/#', { qos: 1 });
    await sub.endAsync();
    const get = await node.app.inject({ method: 'GET', url: '/api/v5/configs/global_zone', headers: node.auth });
    const zone = get.json<{ durable_sessions: Record<string, unknown> }>();
    const put = await node.app.inject({
      method: 'PUT',
      url: '/api/v5/configs/global_zone',
      headers: node.auth,
      payload: { ...zone, durable_sessions: { ...zone.durable_sessions, enable: false } },
    });
    expect(put.statusCode).toBe(200);
    expect(await clientView(node, 'ds-off')).toMatchObject({ connected: false, durable: false });
    expect(node.app.db.prepare('SELECT COUNT(*) AS n FROM durable_sessions').get()).toEqual({ n: 0 });
    await node.close();
    const again = await start(false);
    expect((await again.app.inject({ method: 'GET', url: '/api/v5/clients/ds-off', headers: again.auth })).statusCode).toBe(404);
  });
});
