import { MemoryRetainStore, type PublishMessage, type RetainStore } from '@mqdeck/broker';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { openDatabase, type Db } from '../../storage/db';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';
import { SqliteRetainStore } from './disk';

const msg = (topic: string, payload: string, extra: Partial<PublishMessage> = {}): PublishMessage => ({
  id: topic.replace(/\W/g, '').padEnd(32, '0').slice(0, 32),
  topic,
  payload: Buffer.from(payload),
  qos: 1,
  retain: true,
  fromClientid: 'c1',
  fromUsername: null,
  timestamp: 1_700_000_000_000,
  ...extra,
});

const dir = mkdtempSync(join(tmpdir(), 'mqdeck-retain-'));
let db: Db;
beforeAll(() => {
  db = openDatabase(dir);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.each([
  ['memory', () => new MemoryRetainStore() as RetainStore],
  ['sqlite', () => new SqliteRetainStore(db) as RetainStore],
])('RetainStore behaviour: %s', (_name, make) => {
  test('put/get/match/list/count/delete/clear; empty payload deletes; newest last', () => {
    const store = make();
    store.clear();
    store.put(msg('a/1', 'one'));
    store.put(msg('a/2', 'two', { properties: { messageExpiryInterval: 60, correlationData: Buffer.from([1, 2]), userProperties: { k: 'v' } } }));
    store.put(msg('b', 'three'));
    expect(store.count()).toBe(3);
    expect(store.get('a/2')?.properties).toEqual({ messageExpiryInterval: 60, correlationData: Buffer.from([1, 2]), userProperties: { k: 'v' } });
    expect(store.get('a/1')).toMatchObject({ topic: 'a/1', qos: 1, retain: true, fromClientid: 'c1', timestamp: 1_700_000_000_000 });
    expect(store.get('a/1')?.payload.toString()).toBe('one');
    expect(
      store
        .match('a/+')
        .map((m) => m.topic)
        .sort(),
    ).toEqual(['a/1', 'a/2']);
    expect(store.match('#').length).toBe(3);
    expect(store.match('b').map((m) => m.topic)).toEqual(['b']);
    store.put(msg('a/1', 'again'));
    expect(store.list(0, 10).map((m) => m.topic)).toEqual(['a/2', 'b', 'a/1']);
    expect(store.list(1, 1).map((m) => m.topic)).toEqual(['b']);
    expect(store.list(0, 10, 'a/#').length).toBe(2);
    store.put(msg('b', ''));
    expect(store.get('b')).toBeUndefined();
    expect(store.delete('a/2')).toBe(true);
    expect(store.delete('a/2')).toBe(false);
    store.clear();
    expect(store.count()).toBe(0);
  });
});

describe('retainer settings enforced on real clients', () => {
  const node = restartableNode();

  const setRetainer = async (patch: Record<string, unknown>, backend: Record<string, unknown> = {}) => {
    const current = (await api(node, 'GET', '/mqtt/retainer')).body;
    const res = await api(node, 'PUT', '/mqtt/retainer', { ...current, ...patch, backend: { ...current.backend, ...backend } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const retainedTo = async (filter: string, ms = 300): Promise<string[]> => {
    const c = await connectClient(node.mqttPort);
    const got: string[] = [];
    c.on('message', (topic, _p, packet) => {
      if (packet.retain) got.push(topic);
    });
    await c.subscribeAsync(filter);
    await new Promise((r) => setTimeout(r, ms));
    await closeClients([c]);
    return got.sort();
  };

  test('max_payload_size: larger retained messages are routed but not stored', async () => {
    await setRetainer({ max_payload_size: '10B' });
    const pub = await connectClient(node.mqttPort);
    await pub.publishAsync('rp/small', 'tiny', { qos: 1, retain: true });
    await pub.publishAsync('rp/large', 'x'.repeat(20), { qos: 1, retain: true });
    await closeClients([pub]);
    expect(node.app.broker.retained.get('rp/small')).toBeDefined();
    expect(node.app.broker.retained.get('rp/large')).toBeUndefined();
    expect(await retainedTo('rp/#')).toEqual(['rp/small']);
    await setRetainer({ max_payload_size: '1MB' });
  });

  test('max_retained_messages: new topics refused when full, existing ones still update', async () => {
    node.app.broker.retained.clear();
    await setRetainer({}, { max_retained_messages: 2 });
    const pub = await connectClient(node.mqttPort);
    for (const t of ['rm/1', 'rm/2', 'rm/3']) await pub.publishAsync(t, t, { qos: 1, retain: true });
    await pub.publishAsync('rm/1', 'updated', { qos: 1, retain: true });
    await closeClients([pub]);
    expect(node.app.broker.retained.count()).toBe(2);
    expect(node.app.broker.retained.get('rm/3')).toBeUndefined();
    expect(node.app.broker.retained.get('rm/1')?.payload.toString()).toBe('updated');
    await setRetainer({}, { max_retained_messages: 0 });
  });

  test('disable keeps stored messages but delivers none; enable delivers again', async () => {
    await setRetainer({ enable: false });
    expect(node.app.broker.retained.count()).toBe(2);
    expect(await retainedTo('rm/#')).toEqual([]);
    await setRetainer({ enable: true });
    expect(await retainedTo('rm/#')).toEqual(['rm/1', 'rm/2']);
  });

  test('msg_expiry_interval hides expired messages; msg_clear_interval sweeps them', async () => {
    await setRetainer({ msg_expiry_interval: '300ms' });
    const pub = await connectClient(node.mqttPort);
    await pub.publishAsync('rx/1', 'soon gone', { qos: 1, retain: true });
    await closeClients([pub]);
    await new Promise((r) => setTimeout(r, 400));
    expect(await retainedTo('rx/#', 100)).toEqual([]);
    await setRetainer({ msg_clear_interval: '100ms' });
    await waitFor(() => node.app.broker.retained.get('rx/1') === undefined && node.app.broker.retained.count() === 0, 2000, 'sweep');
    await setRetainer({ msg_expiry_interval: '0s', msg_clear_interval: '0s' });
  });

  test('storage_type disc moves the messages to SQLite; they survive a restart', async () => {
    const pub = await connectClient(node.mqttPort);
    await pub.publishAsync('rd/kept', 'on disk', { qos: 1, retain: true });
    await closeClients([pub]);
    await setRetainer({}, { storage_type: 'disc' });
    expect(node.app.db.prepare('SELECT topic FROM retained_messages').all()).toEqual([{ topic: 'rd/kept' }]);
    await node.restart();
    expect(node.app.broker.retained.get('rd/kept')?.payload.toString()).toBe('on disk');
    expect(await retainedTo('rd/#')).toEqual(['rd/kept']);
    await setRetainer({}, { storage_type: 'ram' });
    expect(node.app.broker.retained.get('rd/kept')).toBeDefined();
    expect(node.app.db.prepare('SELECT COUNT(*) AS n FROM retained_messages').get()).toEqual({ n: 0 });
  });
});
