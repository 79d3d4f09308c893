import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../shared/testing';

const RFC3339_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;

let node: TestNode;
let publisher: MqttClient;

beforeAll(async () => {
  node = await startTestNode();
  publisher = await connectClient(node.mqttPort, { clientId: 'r-pub', username: 'rita' });
  await publisher.publishAsync('r/a/1', 'first', { qos: 1, retain: true });
  await publisher.publishAsync('r/a/2', 'second', { qos: 0, retain: true });
  await publisher.publishAsync('r/b', Buffer.from([0, 255, 1]), { qos: 2, retain: true });
  await waitFor(() => node.app.broker.retained.count() === 3, 3000, 'retained messages');
});

afterAll(async () => {
  await closeClients([publisher]);
  await node.close();
});

describe('retained messages', () => {
  test('list with count; topic filter drops count', async () => {
    const res = await api(node, 'GET', '/mqtt/retainer/messages');
    expect(res.status).toBe(200);
    expectContract('get', '/mqtt/retainer/messages', 200, res.body);
    expect(res.body.meta).toEqual({ page: 1, limit: 100, hasnext: false, count: 3 });
    const first = res.body.data.find((m: { topic: string }) => m.topic === 'r/a/1');
    expect(first).toMatchObject({ qos: 1, from_clientid: 'r-pub', from_username: 'rita' });
    expect(first.publish_at).toMatch(RFC3339_MS);
    expect(first.msgid).toMatch(/^[0-9A-F]{32}$/);
    expect(first.payload).toBeUndefined();

    const filtered = await api(node, 'GET', `/mqtt/retainer/messages?topic=${encodeURIComponent('r/a/+')}&limit=1`);
    expect(filtered.body.meta).toEqual({ page: 1, limit: 1, hasnext: true });
    expect((await api(node, 'GET', '/mqtt/retainer/messages?limit=2&page=2')).body.meta).toEqual({ page: 2, limit: 2, hasnext: false, count: 3 });
    expect((await api(node, 'GET', `/mqtt/retainer/messages?topic=${encodeURIComponent('a/#/b')}`)).status).toBe(400);
  });

  test('one message by URL-encoded topic, wildcard = first match, base64 payload', async () => {
    const res = await api(node, 'GET', `/mqtt/retainer/message/${encodeURIComponent('r/b')}`);
    expect(res.status).toBe(200);
    expectContract('get', '/mqtt/retainer/message/{topic}', 200, res.body);
    expect(Buffer.from(res.body.payload, 'base64')).toEqual(Buffer.from([0, 255, 1]));
    const wild = await api(node, 'GET', `/mqtt/retainer/message/${encodeURIComponent('r/a/#')}`);
    expect(['r/a/1', 'r/a/2']).toContain(wild.body.topic);
    expect(await api(node, 'GET', `/mqtt/retainer/message/${encodeURIComponent('r/none')}`)).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: "Viewed message doesn't exist" },
    });
  });

  test('delete one, then clear all', async () => {
    expect((await api(node, 'DELETE', `/mqtt/retainer/message/${encodeURIComponent('r/a/2')}`)).status).toBe(204);
    expect((await api(node, 'DELETE', `/mqtt/retainer/message/${encodeURIComponent('r/a/2')}`)).status).toBe(404);
    expect((await api(node, 'GET', '/mqtt/retainer/messages')).body.meta.count).toBe(2);
    expect((await api(node, 'DELETE', '/mqtt/retainer/messages')).status).toBe(204);
    expect((await api(node, 'GET', '/mqtt/retainer/messages')).body.data).toEqual([]);
  });
});

describe('retainer config', () => {
  test('GET gives the config with defaults; PUT validates, stores and applies live', async () => {
    const res = await api(node, 'GET', '/mqtt/retainer');
    expect(res.status).toBe(200);
    expectContract('get', '/mqtt/retainer', 200, res.body);
    expect(res.body).toMatchObject({ enable: true, max_payload_size: '1MB', backend: { type: 'built_in_database', storage_type: 'ram', max_retained_messages: 0 } });

    const bad = await api(node, 'PUT', '/mqtt/retainer', { ...res.body, msg_expiry_interval: 'soon' });
    expect(bad.status).toBe(400);
    expect(bad.body.code, JSON.stringify(bad.body)).toBe('UPDATE_FAILED');
    expect(bad.body.message).toContain('msg_expiry_interval');
    expect((await api(node, 'GET', '/mqtt/retainer')).body.msg_expiry_interval).toBe('0s');

    const off = await api(node, 'PUT', '/mqtt/retainer', { ...res.body, enable: false, max_payload_size: '2MB' });
    expect(off.status).toBe(200);
    expectContract('put', '/mqtt/retainer', 200, off.body);
    expect(off.body).toMatchObject({ enable: false, max_payload_size: '2MB' });
    expect(node.app.broker.settings.retainAvailable).toBe(false);

    const on = await api(node, 'PUT', '/mqtt/retainer', { ...res.body, enable: true });
    expect(on.body.enable).toBe(true);
    expect(node.app.broker.settings.retainAvailable).toBe(true);
  });
});
