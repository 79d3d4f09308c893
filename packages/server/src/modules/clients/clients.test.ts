import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../shared/testing';

const RFC3339_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;

let node: TestNode;
const clients: MqttClient[] = [];

beforeAll(async () => {
  node = await startTestNode();
  clients.push(
    await connectClient(node.mqttPort, { clientId: 'h3-a', username: 'alice' }),
    await connectClient(node.mqttPort, { clientId: 'h3-b', username: 'bob' }),
    await connectClient(node.mqttPort, { clientId: 'x-c', username: 'carol', protocolVersion: 4 }),
  );
});

afterAll(async () => {
  await closeClients(clients);
  await node.close();
});

describe('GET /clients', () => {
  test('lists every client with paging meta and count, per the contract', async () => {
    const res = await api(node, 'GET', '/clients');
    expect(res.status).toBe(200);
    expectContract('get', '/clients', 200, res.body);
    expect(res.body.meta).toEqual({ page: 1, limit: 100, hasnext: false, count: 3 });
    expect(res.body.data.map((c: { clientid: string }) => c.clientid).sort()).toEqual(['h3-a', 'h3-b', 'x-c']);
  });

  test('pages: page 1 ∪ page 2 = all, hasnext only on the first', async () => {
    const p1 = await api(node, 'GET', '/clients?limit=2&page=1');
    const p2 = await api(node, 'GET', '/clients?limit=2&page=2');
    expect(p1.body.meta).toEqual({ page: 1, limit: 2, hasnext: true, count: 3 });
    expect(p2.body.meta).toEqual({ page: 2, limit: 2, hasnext: false, count: 3 });
    const ids = [...p1.body.data, ...p2.body.data].map((c: { clientid: string }) => c.clientid).sort();
    expect(ids).toEqual(['h3-a', 'h3-b', 'x-c']);
  });

  test('exact filters keep count; repeated clientid is an OR', async () => {
    const res = await api(node, 'GET', '/clients?clientid=h3-a&clientid=x-c');
    expect(res.body.meta.count).toBe(2);
    expect((await api(node, 'GET', '/clients?username=bob')).body.data.map((c: { clientid: string }) => c.clientid)).toEqual(['h3-b']);
    expect((await api(node, 'GET', '/clients?proto_ver=4')).body.data.map((c: { clientid: string }) => c.clientid)).toEqual(['x-c']);
    expect((await api(node, 'GET', '/clients?ip_address=127.0.0.1&conn_state=connected')).body.meta.count).toBe(3);
    expect((await api(node, 'GET', '/clients?clean_start=false')).body.meta.count).toBe(0);
    expect((await api(node, 'GET', `/clients?gte_connected_at=${Date.now() + 60_000}`)).body.meta.count).toBe(0);
    expect((await api(node, 'GET', '/clients?lte_created_at=2099-01-01T00:00:00Z')).body.meta.count).toBe(3);
  });

  test('fuzzy filters drop count', async () => {
    const res = await api(node, 'GET', '/clients?like_clientid=h3-');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, limit: 100, hasnext: false });
    expect(res.body.data).toHaveLength(2);
    expect((await api(node, 'GET', '/clients?like_username=aro')).body.data.map((c: { clientid: string }) => c.clientid)).toEqual(['x-c']);
    // the exact filter wins over like_* on the same field, and count comes back
    expect((await api(node, 'GET', '/clients?clientid=h3-a&like_clientid=zzz')).body.meta.count).toBe(1);
  });

  test('fields selects keys; unknown field or all+other is 400', async () => {
    const res = await api(node, 'GET', '/clients?fields=clientid,username');
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['clientid', 'username']);
    expect((await api(node, 'GET', '/clients?fields=clientid,nope')).status).toBe(400);
    expect((await api(node, 'GET', '/clients?fields=all,clientid')).status).toBe(400);
  });

  test('bad input is refused with EMQX codes and texts', async () => {
    expect(await api(node, 'GET', '/clients?ip_address=127.0.0.1:8080')).toMatchObject({
      status: 400,
      body: { code: 'INVALID_PARAMETER', message: 'the ip_address parameter expected type is ip, but the value is 127.0.0.1:8080' },
    });
    expect((await api(node, 'GET', '/clients?limit=0')).body.code).toBe('BAD_REQUEST');
    expect((await api(node, 'GET', '/clients?limit=10001')).status).toBe(400);
    expect((await api(node, 'GET', '/clients?page=abc')).status).toBe(400);
    expect((await api(node, 'GET', '/clients?gte_created_at=yesterday')).status).toBe(400);
    expect(await api(node, 'GET', '/clients?node=other@host')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'Node not found: other@host' } });
  });
});

describe('GET /clients_v2', () => {
  test('cursor paging walks everything once; a garbage cursor is 400', async () => {
    const first = await api(node, 'GET', '/clients_v2?limit=2');
    expect(first.body.meta.count).toBe(2);
    expect(typeof first.body.meta.cursor).toBe('string');
    const second = await api(node, 'GET', `/clients_v2?limit=2&cursor=${first.body.meta.cursor}`);
    expect(second.body.meta.cursor).toBeUndefined();
    const ids = [...first.body.data, ...second.body.data].map((c: { clientid: string }) => c.clientid).sort();
    expect(ids).toEqual(['h3-a', 'h3-b', 'x-c']);
    expect(await api(node, 'GET', '/clients_v2?cursor=garbage!')).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: 'bad cursor' } });
  });
});

describe('GET /clients/{clientid}', () => {
  test('detail has every field, RFC 3339 ms times and Node counterparts', async () => {
    const res = await api(node, 'GET', '/clients/h3-a');
    expect(res.status).toBe(200);
    expectContract('get', '/clients/{clientid}', 200, res.body);
    const c = res.body;
    expect(c).toMatchObject({
      clientid: 'h3-a',
      username: 'alice',
      node: 'emqx@127.0.0.1',
      ip_address: '127.0.0.1',
      proto_name: 'MQTT',
      proto_ver: 5,
      connected: true,
      listener: 'tcp:default',
      heap_size: 0,
      reductions: 0,
      mountpoint: null,
      subscriptions_max: 'infinity',
      durable: false,
    });
    expect(c.connected_at).toMatch(RFC3339_MS);
    expect(c.created_at).toMatch(RFC3339_MS);
    expect(c.connected_at).not.toMatch(/Z$/);
    expect(c.disconnected_at).toBeUndefined();
    for (const key of ['recv_oct', 'recv_pkt', 'send_oct', 'send_msg.dropped.queue_full', 'mailbox_len', 'inflight_max', 'mqueue_max']) expect(c).toHaveProperty([key]);
    expect(c.recv_pkt).toBeGreaterThanOrEqual(1);
  });

  test('unknown client is 404 CLIENTID_NOT_FOUND on every per-client route', async () => {
    const notFound = { code: 'CLIENTID_NOT_FOUND', message: 'Client ID not found' };
    for (const [method, url, body] of [
      ['GET', '/clients/nobody'],
      ['DELETE', '/clients/nobody'],
      ['GET', '/clients/nobody/subscriptions'],
      ['POST', '/clients/nobody/subscribe', { topic: 't' }],
      ['POST', '/clients/nobody/unsubscribe', { topic: 't' }],
      ['GET', '/clients/nobody/mqueue_messages'],
      ['GET', '/clients/nobody/inflight_messages'],
      ['GET', '/clients/nobody/authorization/cache'],
      ['PUT', '/clients/nobody/keepalive', { interval: 10 }],
    ] as [string, string, unknown?][]) {
      expect(await api(node, method, url, body), `${method} ${url}`).toMatchObject({ status: 404, body: notFound });
    }
  });
});

describe('subscriptions through the API', () => {
  test('subscribe → an MQTT publish reaches the client; unsubscribe stops it', async () => {
    const target = clients[0];
    const received: string[] = [];
    target.on('message', (topic, payload) => received.push(`${topic}:${payload.toString()}`));

    const sub = await api(node, 'POST', '/clients/h3-a/subscribe', { topic: 'h3/api/#', qos: 1 });
    expect(sub.status).toBe(200);
    expectContract('post', '/clients/{clientid}/subscribe', 200, sub.body);
    expect(sub.body).toEqual({ topic: 'h3/api/#', qos: 1, nl: 0, rap: 0, rh: 0, clientid: 'h3-a', node: 'emqx@127.0.0.1' });

    await clients[1].publishAsync('h3/api/x', 'hello', { qos: 1 });
    await waitFor(() => received.includes('h3/api/x:hello'), 3000, 'delivery');

    const list = await api(node, 'GET', '/clients/h3-a/subscriptions');
    expectContract('get', '/clients/{clientid}/subscriptions', 200, list.body);
    expect(list.body).toEqual([{ topic: 'h3/api/#', qos: 1, nl: 0, rap: 0, rh: 0, clientid: 'h3-a', node: 'emqx@127.0.0.1', durable: false }]);

    expect((await api(node, 'POST', '/clients/h3-a/unsubscribe', { topic: 'h3/api/#' })).status).toBe(204);
    expect((await api(node, 'GET', '/clients/h3-a/subscriptions')).body).toEqual([]);
    await clients[1].publishAsync('h3/api/y', 'late', { qos: 1 });
    // a fixed wait on purpose: it proves nothing arrives after the unsubscribe within 100 ms
    await new Promise((r) => setTimeout(r, 100));
    expect(received).not.toContain('h3/api/y:late');
  });

  test('bulk subscribe/unsubscribe, shared no_local refused, bad options refused', async () => {
    const bulk = await api(node, 'POST', '/clients/h3-b/subscribe/bulk', [{ topic: 'h3/b/1' }, { topic: '$share/g/h3/b/2', qos: 2 }]);
    expect(bulk.status).toBe(200);
    expectContract('post', '/clients/{clientid}/subscribe/bulk', 200, bulk.body);
    expect(bulk.body.map((s: { topic: string }) => s.topic)).toEqual(['h3/b/1', '$share/g/h3/b/2']);
    expect(await api(node, 'POST', '/clients/h3-b/subscribe', { topic: '$share/g/t', nl: 1 })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_PARAMETER', message: 'Invalid Subscribe options: `no_local` not allowed for shared-sub. See [MQTT-3.8.3-4]' },
    });
    expect((await api(node, 'POST', '/clients/h3-b/subscribe', { topic: 'a/#/b' })).status).toBe(400);
    expect((await api(node, 'POST', '/clients/h3-b/subscribe', { topic: 't', rh: 3 })).status).toBe(400);
    expect((await api(node, 'POST', '/clients/h3-b/subscribe', { qos: 1 })).status).toBe(400);
    expect((await api(node, 'POST', '/clients/h3-b/unsubscribe/bulk', [{ topic: 'h3/b/1' }, { topic: '$share/g/h3/b/2' }])).status).toBe(204);
    expect((await api(node, 'GET', '/clients/h3-b/subscriptions')).body).toEqual([]);
  });

  test('API subscriptions skip the client.subscribe hooks as in EMQX 5.8 (topic rewrite applies to MQTT SUBSCRIBE only)', async () => {
    const rule = { action: 'subscribe', source_topic: 'rw/#', re: '^rw/(.+)$', dest_topic: 'rewritten/$1' };
    expect((await api(node, 'PUT', '/mqtt/topic_rewrite', [rule])).status).toBe(200);
    try {
      const mqttSub = await connectClient(node.mqttPort, { clientId: 'rw-mqtt' });
      await mqttSub.subscribeAsync('rw/a', { qos: 0 });
      expect((await api(node, 'GET', '/clients/rw-mqtt/subscriptions')).body.map((s: { topic: string }) => s.topic)).toEqual(['rewritten/a']);
      await closeClients([mqttSub]);
      await waitFor(async () => (await api(node, 'GET', '/clients/rw-mqtt')).status === 404, 3000, 'rw-mqtt to be gone');
      const viaApi = await api(node, 'POST', '/clients/h3-a/subscribe', { topic: 'rw/b' });
      expect(viaApi.body.topic).toBe('rw/b');
      const bulk = await api(node, 'POST', '/clients/h3-a/subscribe/bulk', [{ topic: 'rw/c' }]);
      expect(bulk.body.map((s: { topic: string }) => s.topic)).toEqual(['rw/c']);
      expect((await api(node, 'GET', '/clients/h3-a/subscriptions')).body.map((s: { topic: string }) => s.topic)).toEqual(expect.arrayContaining(['rw/b', 'rw/c']));
      expect((await api(node, 'POST', '/clients/h3-a/unsubscribe/bulk', [{ topic: 'rw/b' }, { topic: 'rw/c' }])).status).toBe(204);
    } finally {
      await api(node, 'PUT', '/mqtt/topic_rewrite', []);
    }
  });
});

describe('session queues', () => {
  test('mqueue of an offline persistent session, position paging and payload modes', async () => {
    const c = await connectClient(node.mqttPort, { clientId: 'h3-offline', clean: false, properties: { sessionExpiryInterval: 300 } });
    await c.subscribeAsync('h3/q', { qos: 1 });
    await c.endAsync();
    await waitFor(async () => (await api(node, 'GET', '/clients/h3-offline')).body.connected === false, 3000, 'offline');

    for (const payload of ['one', 'two', 'three']) {
      expect((await api(node, 'POST', '/publish', { topic: 'h3/q', payload, qos: 1 })).status).toBe(200);
    }
    const detail = await api(node, 'GET', '/clients/h3-offline');
    expect(detail.body.mqueue_len).toBe(3);
    expect(detail.body.disconnected_at).toMatch(RFC3339_MS);

    const all = await api(node, 'GET', '/clients/h3-offline/mqueue_messages');
    expect(all.status).toBe(200);
    expectContract('get', '/clients/{clientid}/mqueue_messages', 200, all.body);
    expect(all.body.data.map((m: { payload: string }) => Buffer.from(m.payload, 'base64').toString())).toEqual(['one', 'two', 'three']);
    expect(all.body.data[0]).toMatchObject({ topic: 'h3/q', qos: 1, mqueue_priority: 0 });
    expect(all.body.data[0].msgid).toMatch(/^[0-9A-F]{32}$/);
    expect(all.body.data[0].inserted_at).toMatch(/^\d+$/);
    // EMQX: no end marker, the position of the last message (clients.queues.test.ts has the suite's paging cases)
    expect(all.body.meta).toEqual({ start: `${all.body.data[0].inserted_at}_0`, position: `${all.body.data[2].inserted_at}_0` });

    const p1 = await api(node, 'GET', '/clients/h3-offline/mqueue_messages?limit=2&payload=plain');
    expect(p1.body.data.map((m: { payload: string }) => m.payload)).toEqual(['one', 'two']);
    const p2 = await api(node, 'GET', `/clients/h3-offline/mqueue_messages?limit=2&payload=none&position=${p1.body.meta.position}`);
    expect(p2.body.data).toHaveLength(1);
    expect(p2.body.data[0].payload).toBeUndefined();
    expect(p2.body.data[0].topic).toBe('h3/q');

    // max_payload_bytes caps the answer but the first message always goes
    const capped = await api(node, 'GET', '/clients/h3-offline/mqueue_messages?max_payload_bytes=1');
    expect(capped.body.data).toHaveLength(1);

    expect(await api(node, 'GET', '/clients/h3-offline/mqueue_messages?position=zzz')).toMatchObject({ status: 400, body: { code: 'INVALID_PARAMETER' } });
    expect((await api(node, 'GET', '/clients/h3-offline/mqueue_messages?max_payload_bytes=0')).body.code).toBe('BAD_REQUEST');
    expect((await api(node, 'GET', '/clients/h3-offline/mqueue_messages?payload=hex')).status).toBe(400);
    const inflight = await api(node, 'GET', '/clients/h3-offline/inflight_messages');
    expect(inflight.status).toBe(200);
    expectContract('get', '/clients/{clientid}/inflight_messages', 200, inflight.body);

    expect((await api(node, 'GET', '/sessions_count')).body).toBe(4);
    expect((await api(node, 'DELETE', '/clients/h3-offline')).status).toBe(204);
  });
});

describe('kick, keepalive, authorization cache', () => {
  test('DELETE kicks: the client socket really closes', async () => {
    const victim = await connectClient(node.mqttPort, { clientId: 'h3-victim' });
    const closed = new Promise<void>((resolve) => victim.once('close', () => resolve()));
    expect((await api(node, 'DELETE', '/clients/h3-victim')).status).toBe(204);
    await closed;
    expect((await api(node, 'GET', '/clients/h3-victim')).status).toBe(404);
    expect((await api(node, 'DELETE', '/clients/h3-victim')).status).toBe(404);
    // the unfiltered listing (served from the session index) no longer has it
    const list = await api(node, 'GET', '/clients');
    expect(list.body.meta.count).toBe(node.app.broker.clientCount().sessions);
    expect(list.body.data.map((c: { clientid: string }) => c.clientid)).not.toContain('h3-victim');
    await victim.endAsync(true);
  });

  test('kickout/bulk closes every listed client', async () => {
    const a = await connectClient(node.mqttPort, { clientId: 'h3-bulk-1' });
    const b = await connectClient(node.mqttPort, { clientId: 'h3-bulk-2' });
    const closed = Promise.all([a, b].map((c) => new Promise<void>((resolve) => c.once('close', () => resolve()))));
    expect((await api(node, 'POST', '/clients/kickout/bulk', ['h3-bulk-1', 'h3-bulk-2', 'never-there'])).status).toBe(204);
    await closed;
    expect((await api(node, 'POST', '/clients/kickout/bulk', { ids: [] })).status).toBe(400);
    await closeClients([a, b]);
  });

  test('PUT keepalive changes the keepalive; out of range is 400', async () => {
    const res = await api(node, 'PUT', '/clients/h3-a/keepalive', { interval: 120 });
    expect(res.status).toBe(200);
    expect(res.body.keepalive).toBe(120);
    expect((await api(node, 'GET', '/clients/h3-a')).body.keepalive).toBe(120);
    expect((await api(node, 'PUT', '/clients/h3-a/keepalive', { interval: 65536 })).body.code).toBe('BAD_REQUEST');
  });

  test('authorization cache: empty list and 204 clean', async () => {
    expect((await api(node, 'GET', '/clients/h3-a/authorization/cache')).body).toEqual([]);
    expect((await api(node, 'DELETE', '/clients/h3-a/authorization/cache')).status).toBe(204);
  });
});
