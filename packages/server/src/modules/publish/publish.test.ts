import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../shared/testing';

let node: TestNode;
let sub: MqttClient;
const received: { topic: string; payload: Buffer; props: unknown; retain: boolean }[] = [];

beforeAll(async () => {
  node = await startTestNode();
  sub = await connectClient(node.mqttPort, { clientId: 'p-sub' });
  sub.on('message', (topic, payload, packet) => received.push({ topic, payload, props: packet.properties, retain: packet.retain }));
  await sub.subscribeAsync('p/#', { qos: 1 });
});

afterAll(async () => {
  await closeClients([sub]);
  await node.close();
});

describe('POST /publish', () => {
  test('200 {id} when a subscriber matches, and the message arrives with its properties', async () => {
    const res = await api(node, 'POST', '/publish', {
      topic: 'p/one',
      payload: 'aGVsbG8=',
      payload_encoding: 'base64',
      qos: 1,
      properties: { content_type: 'text/plain', user_properties: { k: 'v' }, message_expiry_interval: 60 },
    });
    expect(res.status).toBe(200);
    expectContract('post', '/publish', 200, res.body);
    expect(res.body.id).toMatch(/^[0-9A-F]{32}$/);
    await waitFor(() => received.some((m) => m.topic === 'p/one'), 3000, 'delivery');
    const msg = received.find((m) => m.topic === 'p/one')!;
    expect(msg.payload.toString()).toBe('hello');
    expect(msg.props).toMatchObject({ contentType: 'text/plain', userProperties: { k: 'v' } });
  });

  test('202 no_matching_subscribers, 400 reason codes, nothing published on error', async () => {
    const none = await api(node, 'POST', '/publish', { topic: 'nobody/here', payload: 'x' });
    expect(none.status).toBe(202);
    expectContract('post', '/publish', 202, none.body);
    expect(none.body).toEqual({ reason_code: 16, message: 'no_matching_subscribers' });

    expect(await api(node, 'POST', '/publish', { topic: 'p/+', payload: 'x' })).toMatchObject({ status: 400, body: { reason_code: 144, message: 'topic_name_invalid' } });
    expect(await api(node, 'POST', '/publish', { topic: '', payload: 'x' })).toMatchObject({ status: 400, body: { reason_code: 144 } });
    // 40,000 two-byte characters: 80,000 bytes of UTF-8, over MQTT's 65535-byte topic limit
    expect(await api(node, 'POST', '/publish', { topic: 'é'.repeat(40000), payload: 'x' })).toMatchObject({
      status: 400,
      body: { reason_code: 144, message: 'topic_name_invalid' },
    });
    expect(await api(node, 'POST', '/publish', { topic: 'p/b64', payload: '***', payload_encoding: 'base64' })).toMatchObject({ status: 400, body: { reason_code: 131 } });
    const big = 'x'.repeat(1024 * 1024 + 1);
    expect(await api(node, 'POST', '/publish', { topic: 'p/big', payload: big })).toMatchObject({ status: 400, body: { reason_code: 151, message: 'packet_too_large' } });
    expect((await api(node, 'POST', '/publish', { topic: 'p/q', payload: 'x', qos: 3 })).status).toBe(400);
    expect((await api(node, 'POST', '/publish', { topic: 'p/q' })).status).toBe(400);
    // a fixed wait on purpose: it proves nothing refused is delivered within 50 ms
    await new Promise((r) => setTimeout(r, 50));
    expect(received.some((m) => ['p/b64', 'p/big', 'p/q'].includes(m.topic))).toBe(false);
  });

  test('retain=true stores a retained message', async () => {
    expect((await api(node, 'POST', '/publish', { topic: 'p/kept', payload: 'k', retain: true })).status).toBe(200);
    expect(node.app.broker.retained.get('p/kept')?.payload.toString()).toBe('k');
  });
});

describe('POST /publish/bulk', () => {
  test('status combines the items: 200, 202, and one bad item refuses the batch', async () => {
    const ok = await api(node, 'POST', '/publish/bulk', [
      { topic: 'p/b1', payload: '1' },
      { topic: 'p/b2', payload: '2' },
    ]);
    expect(ok.status).toBe(200);
    expectContract('post', '/publish/bulk', 200, ok.body);
    expect(ok.body).toHaveLength(2);

    const mixed = await api(node, 'POST', '/publish/bulk', [
      { topic: 'p/b3', payload: '3' },
      { topic: 'none/b4', payload: '4' },
    ]);
    expect(mixed.status).toBe(202);
    expect(mixed.body[0].id).toMatch(/^[0-9A-F]{32}$/);
    expect(mixed.body[1]).toEqual({ reason_code: 16, message: 'no_matching_subscribers' });

    const bad = await api(node, 'POST', '/publish/bulk', [
      { topic: 'p/b5', payload: '5' },
      { topic: 'p/#', payload: '6' },
    ]);
    expect(bad).toMatchObject({ status: 400, body: { reason_code: 144, message: 'topic_name_invalid' } });
    expect((await api(node, 'POST', '/publish/bulk', [])).status).toBe(400);
    await waitFor(() => received.some((m) => m.topic === 'p/b3'), 3000, 'bulk delivery');
    expect(received.some((m) => m.topic === 'p/b5')).toBe(false);
  });
});
