// GET /clients/{clientid}/mqueue_messages and /inflight_messages as EMQX's emqx_mgmt_api_clients_SUITE asserts them
// (t_mqueue_messages, t_inflight_messages, its test_messages/6 helper and t_client_id_not_found).
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

interface Row {
  msgid: string;
  topic: string;
  qos: number;
  payload?: string;
  inserted_at: string;
  mqueue_priority?: number | 'infinity';
}
interface Page {
  data: Row[];
  meta: { start: string; position: string };
}

async function publishSeq(topic: string, count: number): Promise<void> {
  for (let seq = 1; seq <= count; seq++) {
    expect((await api(node, 'POST', '/publish', { topic, payload: String(seq), qos: 1 })).status).toBe(200);
  }
}

const pos = (m: Row, isMqueue: boolean) => (isMqueue ? `${m.inserted_at}_${m.mqueue_priority}` : m.inserted_at);

/** EMQX's test_messages/6: one full read, the byte cap, pages of 19 by position, the empty page after the end, bad parameters */
async function testMessages(path: string, topic: string, count: number, isMqueue: boolean, encoding: 'plain' | 'base64'): Promise<void> {
  const decode = (p: string | undefined) => (encoding === 'base64' ? Buffer.from(p ?? '', 'base64').toString() : p);
  const get = async (qs: string): Promise<Page> => {
    const res = await api(node, 'GET', `${path}?${qs}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Page;
  };

  const all = await get(`payload=${encoding}`);
  const { start, position } = all.meta;
  expect(all.data).toHaveLength(count);
  expect(start).toBe(pos(all.data[0], isMqueue));
  expect(position).toBe(pos(all.data[all.data.length - 1], isMqueue));
  all.data.forEach((m, i) => {
    expect(decode(m.payload)).toBe(String(i + 1));
    expect(m).toMatchObject({ topic, qos: 1 });
    for (const key of ['msgid', 'publish_at', 'from_clientid', 'from_username', 'inserted_at']) expect(m).toHaveProperty(key);
    if (isMqueue) expect(m).toHaveProperty('mqueue_priority');
  });

  const capped = await get(`payload=${encoding}&max_payload_bytes=1`);
  expect(capped.data).toHaveLength(1);
  expect(decode(capped.data[0].payload)).toBe('1');

  const limit = 19;
  let at = 'none';
  for (let pageSeq = 1; pageSeq <= Math.floor(count / limit); pageSeq++) {
    const page = await get(`payload=${encoding}&position=${at}&limit=${limit}`);
    expect(page.meta.position).toBe(pos(page.data[page.data.length - 1], isMqueue));
    expect(page.meta.start).toBe(start); // the same in every answer: the first queued message
    expect(page.data).toHaveLength(limit);
    expect(decode(page.data[0].payload)).toBe(String(pageSeq * limit - limit + 1));
    expect(decode(page.data[limit - 1].payload)).toBe(String(pageSeq * limit));
    at = page.meta.position;
  }
  const last = await get(`payload=${encoding}&position=${at}&limit=${limit}`);
  expect(last.meta.position).toBe(position); // as the one-request read ends
  expect(decode(last.data[0].payload)).toBe(String(Math.floor(count / limit) * limit + 1));
  expect(decode(last.data[last.data.length - 1].payload)).toBe(String(count));
  // past the end: no data, the position repeated, no end marker
  expect(await get(`payload=${encoding}&position=${last.meta.position}&limit=${limit}`)).toEqual({ data: [], meta: { position, start } });

  for (const qs of ['limit=0', 'limit=limit', 'max_payload_bytes=0', 'max_payload_bytes=-1', 'max_payload_bytes=-1MB', 'max_payload_bytes=0MB']) {
    expect((await api(node, 'GET', `${path}?${qs}`)).status, qs).toBe(400);
  }
  expect((await api(node, 'GET', `${path}?limit=10&position=not-valid`)).body.code).toBe('INVALID_PARAMETER');
  expect((await api(node, 'GET', `${path}?limit=-5&position=not-valid`)).body.code).toBe('BAD_REQUEST');
}

describe('session queues (emqx_mgmt_api_clients_SUITE)', () => {
  // t_mqueue_messages: 100 QoS 1 messages queued for an offline session
  test('t_mqueue_messages: position paging over 100 queued messages', async () => {
    const c = await connectClient(node.mqttPort, { clientId: 't_mqueue_messages', clean: true, protocolVersion: 5, properties: { sessionExpiryInterval: 120 } });
    await c.subscribeAsync('t/test_mqueue_msgs', { qos: 1 });
    await c.endAsync();
    await waitFor(async () => (await api(node, 'GET', '/clients/t_mqueue_messages')).body.connected === false, 3000, 'offline');
    await publishSeq('t/test_mqueue_msgs', 100);
    await testMessages('/clients/t_mqueue_messages/mqueue_messages', 't/test_mqueue_msgs', 100, true, 'plain');
  });

  // t_inflight_messages: a client that never acknowledges holds max_inflight (32) messages in flight
  test('t_inflight_messages: position paging over the inflight window', async () => {
    const c = await connectClient(node.mqttPort, {
      clientId: 't_inflight_messages',
      protocolVersion: 5,
      customHandleAcks: () => undefined, // never PUBACK
    });
    clients.push(c);
    await c.subscribeAsync('t/test_inflight_msgs', { qos: 1 });
    await publishSeq('t/test_inflight_msgs', 100);
    const inflightLimit = node.app.config.get<number>('mqtt.max_inflight');
    await waitFor(async () => (await api(node, 'GET', '/clients/t_inflight_messages')).body.inflight_cnt === inflightLimit, 3000, 'a full window');
    await testMessages('/clients/t_inflight_messages/inflight_messages', 't/test_inflight_msgs', inflightLimit, false, 'base64');
  });

  test('t_client_id_not_found: both are 404 CLIENTID_NOT_FOUND', async () => {
    for (const what of ['mqueue_messages', 'inflight_messages']) {
      expect(await api(node, 'GET', `/clients/no_existed_clientid/${what}`)).toMatchObject({
        status: 404,
        body: { code: 'CLIENTID_NOT_FOUND', message: 'Client ID not found' },
      });
    }
  });
});
