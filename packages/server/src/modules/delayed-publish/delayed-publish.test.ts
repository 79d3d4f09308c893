import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../shared/testing';
import { parseDelayed } from './delayed-publish.service';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node.close();
});

describe('parseDelayed', () => {
  test('relative seconds, absolute unix time, malformed', () => {
    expect(parseDelayed('$delayed/10/a/b', 1_000)).toEqual({ topic: 'a/b', expectedAt: 11_000, interval: 10 });
    const now = 1_700_000_000_000;
    expect(parseDelayed('$delayed/1700000060/t', now)).toEqual({ topic: 't', expectedAt: 1_700_000_060_000, interval: 60 });
    expect(parseDelayed('$delayed/abc/t', now)).toHaveProperty('error');
    expect(parseDelayed('$delayed/10', now)).toHaveProperty('error');
    expect(parseDelayed('$delayed/99999999999/t', now)).toHaveProperty('error');
  });
});

describe('delayed publish', () => {
  test('a subscriber gets the message after the delay, not before; list, get, metric', async () => {
    const sub = await connectClient(node.mqttPort, { clientId: 'd-sub' });
    const got: { topic: string; at: number }[] = [];
    sub.on('message', (topic) => got.push({ topic, at: Date.now() }));
    await sub.subscribeAsync('d/#', { qos: 1 });
    const pub = await connectClient(node.mqttPort, { clientId: 'd-pub', username: 'dora' });
    const before = node.app.broker.metrics()['messages.delayed'];
    const droppedBefore = node.app.broker.metrics()['messages.dropped'];
    const sentAt = Date.now();
    await pub.publishAsync('$delayed/2/d/one', 'hello', { qos: 1 });
    await pub.publishAsync('$delayed/60/d/later', Buffer.alloc(3000, 1), { qos: 1 });

    const list = await api(node, 'GET', '/mqtt/delayed/messages');
    expect(list.status).toBe(200);
    expectContract('get', '/mqtt/delayed/messages', 200, list.body);
    expect(list.body.meta).toMatchObject({ page: 1, limit: 100, count: 2 });
    const [first, second] = list.body.data;
    expect(first).toMatchObject({ topic: 'd/one', qos: 1, delayed_interval: 2, from_clientid: 'd-pub', from_username: 'dora', node: node.app.nodeName });
    expect(first.msgid).toMatch(/^[0-9A-F]{32}$/);
    expect(first.payload).toBeUndefined();
    expect(second.topic).toBe('d/later');
    expect(node.app.broker.metrics()['messages.delayed'] - before).toBe(2);
    // held, not dropped; the delayed gauge counts them (/stats delayed.count)
    expect(node.app.broker.metrics()['messages.dropped']).toBe(droppedBefore);
    expect(node.app.broker.stats()['delayed.count']).toBe(2);
    expect((await api(node, 'GET', '/stats')).body[0]).toMatchObject({ 'delayed.count': 2 });

    const one = await api(node, 'GET', `/mqtt/delayed/messages/${node.app.nodeName}/${first.msgid}`);
    expectContract('get', '/mqtt/delayed/messages/{node}/{msgid}', 200, one.body);
    expect(Buffer.from(one.body.payload, 'base64').toString()).toBe('hello');
    expect((await api(node, 'GET', `/mqtt/delayed/messages/${node.app.nodeName}/${second.msgid}`)).body.payload).toBe('PAYLOAD_TOO_LARGE');

    await new Promise((r) => setTimeout(r, 1200));
    expect(got).toEqual([]); // not before
    await waitFor(() => got.length === 1, 3000, 'delayed message');
    expect(got[0].topic).toBe('d/one');
    expect(got[0].at - sentAt).toBeGreaterThanOrEqual(1900);
    expect((await api(node, 'GET', '/mqtt/delayed/messages')).body.meta.count).toBe(1);
    expect(node.app.broker.stats()['delayed.count']).toBe(1);
    await closeClients([sub, pub]);
  });

  test('errors: bad node, bad id, unknown id, delete by topic, bad topic', async () => {
    const n = node.app.nodeName;
    expect(await api(node, 'GET', `/mqtt/delayed/messages/other@host/${'A'.repeat(32)}`)).toMatchObject({ status: 400, body: { code: 'INVALID_NODE' } });
    expect(await api(node, 'GET', `/mqtt/delayed/messages/${n}/xyz`)).toMatchObject({
      status: 400,
      body: { code: 'MESSAGE_ID_SCHEMA_ERROR', message: 'Message ID xyz schema error' },
    });
    expect(await api(node, 'DELETE', `/mqtt/delayed/messages/${n}/${'A'.repeat(32)}`)).toMatchObject({ status: 404, body: { code: 'MESSAGE_ID_NOT_FOUND' } });
    expect(await api(node, 'DELETE', `/mqtt/delayed/messages/${encodeURIComponent('d/#')}`)).toMatchObject({ status: 400, body: { code: 'INVALID_TOPIC_NAME' } });
    expect(await api(node, 'DELETE', `/mqtt/delayed/messages/${encodeURIComponent('d/none')}`)).toMatchObject({
      status: 404,
      body: { code: 'MESSAGE_NOT_FOUND', message: 'Not found messages for d/none' },
    });
    expect((await api(node, 'DELETE', `/mqtt/delayed/messages/${encodeURIComponent('d/later')}`)).status).toBe(204);
    expect((await api(node, 'GET', '/mqtt/delayed/messages')).body.meta.count).toBe(0);
    expect(node.app.broker.stats()['delayed.count']).toBe(0);
  });

  test('settings: max_delayed_messages drops the overflow, invalid → 400 and nothing changes, disable clears', async () => {
    const res = await api(node, 'GET', '/mqtt/delayed');
    expect(res.body).toEqual({ enable: true, max_delayed_messages: 0 });
    expectContract('get', '/mqtt/delayed', 200, res.body);
    const bad = await api(node, 'PUT', '/mqtt/delayed', { enable: true, max_delayed_messages: -1 });
    expect(bad).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: 'Max delayed must be equal or greater than 0' } });
    expect((await api(node, 'PUT', '/mqtt/delayed', { enable: 'yes' })).status).toBe(400);
    expect((await api(node, 'GET', '/mqtt/delayed')).body).toEqual({ enable: true, max_delayed_messages: 0 });

    const ok = await api(node, 'PUT', '/mqtt/delayed', { enable: true, max_delayed_messages: 1 });
    expect(ok.body).toEqual({ enable: true, max_delayed_messages: 1 });
    expectContract('put', '/mqtt/delayed', 200, ok.body);
    const pub = await connectClient(node.mqttPort, { clientId: 'd-max' });
    await pub.publishAsync('$delayed/100/m/1', 'a', { qos: 1 });
    await pub.publishAsync('$delayed/100/m/2', 'b', { qos: 1 });
    expect((await api(node, 'GET', '/mqtt/delayed/messages')).body.data.map((m: { topic: string }) => m.topic)).toEqual(['m/1']);

    // disabled: held messages are deleted and $delayed topics are plain topics
    await api(node, 'PUT', '/mqtt/delayed', { enable: false, max_delayed_messages: 1 });
    expect((await api(node, 'GET', '/mqtt/delayed/messages')).body.meta.count).toBe(0);
    const raw = await connectClient(node.mqttPort, { clientId: 'd-raw' });
    const got: string[] = [];
    raw.on('message', (t) => got.push(t));
    await raw.subscribeAsync('$delayed/#');
    await pub.publishAsync('$delayed/5/m/3', 'c', { qos: 1 });
    await waitFor(() => got.length === 1, 2000, 'undelayed message');
    expect(got).toEqual(['$delayed/5/m/3']);
    await api(node, 'PUT', '/mqtt/delayed', { enable: true, max_delayed_messages: 0 });
    await closeClients([pub, raw]);
  });
});

describe('delayed publish across a restart', () => {
  test('held messages are kept in SQLite and published on time by the restarted node', { timeout: 15_000 }, async () => {
    const first = await startTestNode();
    const dataDir = first.dataDir;
    const pub = await connectClient(first.mqttPort, { clientId: 'r-pub' });
    await pub.publishAsync('$delayed/4/restart/t', 'kept', { qos: 1 });
    await closeClients([pub]);
    await first.app.close();

    const second = await startTestNode({ dataDir });
    try {
      expect((await api(second, 'GET', '/mqtt/delayed/messages')).body.data[0]).toMatchObject({ topic: 'restart/t' });
      expect(second.app.broker.stats()['delayed.count']).toBe(1);
      const sub = await connectClient(second.mqttPort, { clientId: 'r-sub' });
      const got: string[] = [];
      sub.on('message', (_t, p) => got.push(p.toString()));
      await sub.subscribeAsync('restart/t', { qos: 1 });
      await waitFor(() => got.length === 1, 6000, 'message after restart');
      expect(got).toEqual(['kept']);
      await closeClients([sub]);
    } finally {
      await second.close();
    }
  });
});
