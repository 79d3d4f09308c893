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

  test('t_query_clients_with_fields: fields=clientid / clientid,username / all (= default); bad names 400', async () => {
    const c = await connectClient(node.mqttPort, { clientId: 't_query_clients_with_fields_client', username: 't_query_clients_with_fields_user' });
    clients.push(c);
    const q = '&clientid=t_query_clients_with_fields_client';
    const data = async (qs: string) => (await api(node, 'GET', `/clients?${qs}${q}`)).body.data;
    expect(await data('fields=clientid')).toEqual([{ clientid: 't_query_clients_with_fields_client' }]);
    expect((await data('fields=client_attrs'))[0].client_attrs).toEqual({});
    expect(await data('fields=clientid,username')).toEqual([{ clientid: 't_query_clients_with_fields_client', username: 't_query_clients_with_fields_user' }]);
    const all = await data('fields=all');
    expect(all).toEqual(await data(''));
    expect(Object.keys(all[0]).length).toBeGreaterThan(2);
    for (const bad of ['fields=bad_field_name', 'fields=all,bad_field_name', 'fields=all,username,clientid']) {
      expect((await api(node, 'GET', `/clients?${bad}`)).status, bad).toBe(400);
    }
  });

  test('t_query_clients_with_time: lte_* (RFC 3339 or ms) finds earlier clients, gte_* none', async () => {
    clients.push(await connectClient(node.mqttPort, { clientId: 'client1', username: 'user1' }), await connectClient(node.mqttPort, { clientId: 'client2', username: 'user2' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = Date.now();
    const rfc = encodeURIComponent(new Date(now).toISOString());
    for (const key of ['created_at', 'connected_at']) {
      for (const value of [rfc, String(now)]) {
        const lte = await api(node, 'GET', `/clients?lte_${key}=${value}`);
        expect(lte.status).toBe(200);
        expect(lte.body.data.length).toBeGreaterThanOrEqual(2);
        for (const row of lte.body.data) expect(Date.parse(row[key])).toBeLessThan(now);
        expect((await api(node, 'GET', `/clients?gte_${key}=${value}`)).body.data).toEqual([]);
      }
    }
  });

  test('t_query_multiple_clients: repeated clientid/username are OR within a key, AND across keys', async () => {
    const pairs = [
      ['multi_client1', 'multi_user1'],
      ['multi_client1-1', 'multi_user1'],
      ['multi_client2', 'multi_user2'],
      ['multi_client2-1', 'multi_user2'],
    ];
    for (const [clientId, username] of pairs) clients.push(await connectClient(node.mqttPort, { clientId, username }));
    const ids = async (qs: string) => ((await api(node, 'GET', `/clients?${qs}`)).body.data as { clientid: string }[]).map((c) => c.clientid).sort();
    expect(await ids('clientid=no_such_client')).toEqual([]);
    expect(await ids('clientid=no_such_client&clientid=no_such_client1')).toEqual([]);
    expect(await ids('username=no_such_user&clientid=no_such_user1')).toEqual([]);
    expect(await ids('clientid=multi_client1&username=multi_user2')).toEqual([]);
    expect(await ids('clientid=multi_client1&clientid=multi_client1-1&username=multi_user2&username=multi_user3')).toEqual([]);
    expect(await ids('clientid=multi_client1')).toEqual(['multi_client1']);
    expect(await ids('clientid=multi_client1&clientid=multi_client1')).toEqual(['multi_client1']);
    expect(await ids('clientid=multi_client1&username=multi_user1')).toEqual(['multi_client1']);
    expect(await ids('username=multi_user1')).toEqual(['multi_client1', 'multi_client1-1']);
    expect(await ids('clientid=multi_client1&clientid=multi_client1-1')).toEqual(['multi_client1', 'multi_client1-1']);
    expect(await ids('clientid=no-such-client&clientid=multi_client1&clientid=multi_client1-1&username=multi_user1&username=no-such-user')).toEqual([
      'multi_client1',
      'multi_client1-1',
    ]);
  });
});
