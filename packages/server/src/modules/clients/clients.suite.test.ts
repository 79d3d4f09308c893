// /clients as EMQX 5.8.1's emqx_mgmt_api_clients_SUITE asserts it: each test names its case (the queue cases are in
// clients.queues.test.ts).
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';

let node: TestNode;
const clients: MqttClient[] = [];
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await closeClients(clients);
  await node.close();
});

describe('emqx_mgmt_api_clients_SUITE', () => {
  test('t_clients_bad_value_type: ip_address with a port is 400 INVALID_PARAMETER', async () => {
    expect(await api(node, 'GET', `/clients?ip_address=${encodeURIComponent('127.0.0.1:8080')}`)).toMatchObject({
      status: 400,
      body: { code: 'INVALID_PARAMETER', message: 'the ip_address parameter expected type is ip, but the value is 127.0.0.1:8080' },
    });
  });

  test('t_client_id_not_found: every per-client route is 404 CLIENTID_NOT_FOUND', async () => {
    const body = { code: 'CLIENTID_NOT_FOUND', message: 'Client ID not found' };
    const sub = { topic: 'testtopic', qos: 1, nl: 1, rh: 1 };
    for (const [method, path, payload] of [
      ['GET', '', undefined],
      ['DELETE', '', undefined],
      ['GET', '/subscriptions', undefined],
      ['GET', '/authorization/cache', undefined],
      ['DELETE', '/authorization/cache', undefined],
      ['POST', '/subscribe', sub],
      ['POST', '/subscribe/bulk', [sub]],
      ['POST', '/unsubscribe', { topic: 'testtopic' }],
      ['POST', '/unsubscribe/bulk', [{ topic: 'testtopic' }]],
      ['GET', '/mqueue_messages', undefined],
      ['GET', '/inflight_messages', undefined],
    ] as const) {
      expect(await api(node, method, `/clients/no_existed_clientid${path}`, payload), `${method} ${path}`).toMatchObject({ status: 404, body });
    }
  });

  test('t_keepalive: 404 for an unknown client; 11, 0 (off) applied; 65536 is 400 BAD_REQUEST', async () => {
    expect((await api(node, 'PUT', '/clients/client_keepalive/keepalive', { interval: 11 })).status).toBe(404);
    const c = await connectClient(node.mqttPort, { clientId: 'client_keepalive', username: 'user_keepalive', keepalive: Math.round(65535 / 1.5 + 1) });
    clients.push(c);
    const eleven = await api(node, 'PUT', '/clients/client_keepalive/keepalive', { interval: 11 });
    expect(eleven).toMatchObject({ status: 200, body: { keepalive: 11 } });
    expect((await api(node, 'GET', '/clients/client_keepalive')).body.keepalive).toBe(11);
    expect(await api(node, 'PUT', '/clients/client_keepalive/keepalive', { interval: 0 })).toMatchObject({ status: 200, body: { keepalive: 0 } });
    expect((await api(node, 'GET', '/clients/client_keepalive')).body.keepalive).toBe(0);
    expect(await api(node, 'PUT', '/clients/client_keepalive/keepalive', { interval: 65536 })).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
  });

  test('t_bulk_subscribe: bulk subscribe delivers, bulk unsubscribe stops it', async () => {
    const c1 = await connectClient(node.mqttPort, { clientId: 'bulk-sub1', clean: true });
    const c2 = await connectClient(node.mqttPort, { clientId: 'bulk-sub2', clean: true });
    clients.push(c1, c2);
    const got: string[] = [];
    c1.on('message', (_t, p) => got.push(p.toString()));
    const sub = await api(node, 'POST', '/clients/bulk-sub1/subscribe/bulk', [{ topic: 'testtopic', qos: 1, nl: 1, rh: 1 }]);
    expect(sub.status).toBe(200);
    expect(sub.body).toHaveLength(1);
    expect((await api(node, 'GET', '/clients/bulk-sub1/subscriptions')).body).toHaveLength(1);
    await c2.publishAsync('testtopic', 'hi1', { qos: 1 });
    await waitFor(() => got.includes('hi1'), 3000, 'hi1');
    expect((await api(node, 'POST', '/clients/bulk-sub1/unsubscribe/bulk', [{ topic: 'testtopic' }])).status).toBe(204);
    expect((await api(node, 'GET', '/clients/bulk-sub1/subscriptions')).body).toEqual([]);
    await c2.publishAsync('testtopic', 'hi2', { qos: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(got).toEqual(['hi1']);
  });

  test('t_sessions_count: sessions seen since a time', async () => {
    const since = Math.floor(Date.now() / 1000) - 1;
    const c = await connectClient(node.mqttPort, { clientId: 't_sessions_count', protocolVersion: 5, clean: true });
    await c.subscribeAsync('t/test_sessions_count', { qos: 1 });
    const res = await api(node, 'GET', `/sessions_count?since=${since}`);
    expect(res.status).toBe(200);
    expect(typeof res.body).toBe('number');
    expect(res.body).toBeGreaterThanOrEqual(1);
    await c.endAsync();
  });
});
