import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { migrate, openDatabase, type Db } from '../../storage/db';
import { sessionStoreSuite } from '@mqdeck/broker/testing/store-suite';
import { SqliteSessionStore } from './sqlite-session-store';

const dirs: string[] = [];
const dbs: Db[] = [];
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'mqdeck-durable-'));
  dirs.push(dir);
  const db = openDatabase(dir);
  dbs.push(db);
  return { dir, db };
};
afterAll(() => {
  for (const db of dbs) if (db.open) db.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

sessionStoreSuite('sqlite', () => {
  const { dir, db } = fresh();
  const store = new SqliteSessionStore(db);
  return {
    store,
    flush: () => store.flush(),
    reopen: () => {
      store.close();
      db.close();
      const again = openDatabase(dir);
      dbs.push(again);
      return new SqliteSessionStore(again);
    },
  };
});

const identity = { clientid: 'x', username: null, peerhost: '127.0.0.1', listener: 'tcp:default', protoVer: 4 as const, isSuperuser: false, clientAttrs: {}, mountpoint: '' };
const msg = (timestamp: number) => ({
  msg: { id: 'B'.repeat(32), topic: 't', payload: Buffer.from('p'), qos: 1 as const, retain: false, fromClientid: null, fromUsername: null, timestamp },
  qos: 1 as const,
  retain: false,
});

describe('SqliteSessionStore', () => {
  test('acks are batched: written at batch_size, or by the flush timer', async () => {
    const store = new SqliteSessionStore(fresh().db);
    store.batchSize = 2;
    const a = store.appendMessage('c', msg(1));
    const b = store.appendMessage('c', msg(2));
    const c = store.appendMessage('c', msg(3));
    store.ackMessage('c', a);
    const pending = (store as unknown as { acks: unknown[] }).acks;
    expect(pending).toHaveLength(1);
    store.ackMessage('c', b);
    expect((store as unknown as { acks: unknown[] }).acks).toHaveLength(0);
    store.ackMessage('c', c);
    // a partial batch waits for the store's flush timer (FLUSH_MS, 100 ms)
    await vi.waitFor(() => expect((store as unknown as { acks: unknown[] }).acks).toHaveLength(0));
    expect(store.loadMessages('c')).toEqual([]);
  });

  test('GC drops expired sessions (up to the batch size) and messages past the retention period', () => {
    const store = new SqliteSessionStore(fresh().db);
    const now = 1_800_000_000_000;
    for (const id of ['e1', 'e2', 'e3'])
      store.saveSession({ clientid: id, identity: { ...identity, clientid: id }, expiryInterval: 10, createdAt: 0, disconnectedAt: now - 20_000, subs: [] });
    store.saveSession({ clientid: 'live', identity, expiryInterval: 10, createdAt: 0, disconnectedAt: now - 1000, subs: [] });
    store.saveSession({ clientid: 'never', identity, expiryInterval: 0xffffffff, createdAt: 0, disconnectedAt: 0, subs: [] });
    store.saveSession({ clientid: 'online', identity, expiryInterval: 10, createdAt: 0, subs: [] });
    store.appendMessage('e1', msg(now));
    store.appendMessage('live', msg(now - 90_000));
    store.appendMessage('live', msg(now - 1000));
    expect(store.gc(now, 2, 60_000)).toEqual({ sessions: 2, messages: 2 });
    expect(store.gc(now, 2, 60_000)).toEqual({ sessions: 1, messages: 0 });
    expect(store.loadSessions().map((s) => s.clientid)).toEqual(['live', 'never', 'online']);
    expect(store.loadMessages('live').map((m) => m.msg.timestamp)).toEqual([now - 1000]);
  });

  test('migration 502 moves the subscriptions of sessions stored as one JSON list into rows of their own, in order', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mqdeck-durable-'));
    dirs.push(dir);
    const db = new Database(join(dir, 'mqdeck.db'));
    dbs.push(db);
    const all = fileURLToPath(new URL('../../storage/migrations/', import.meta.url));
    const before = join(dir, 'before');
    mkdirSync(before);
    for (const f of readdirSync(all).filter((f) => /^\d{3}_/.test(f) && f < '502')) copyFileSync(join(all, f), join(before, f));
    migrate(db, before);
    const sub = (clientid: string, topic: string) => ({ clientid, topic, qos: 1, nl: 0, rap: 0, rh: 0 });
    const insert = db.prepare('INSERT INTO durable_sessions (clientid, identity, expiry_interval, created_at, disconnected_at, subs) VALUES (?, ?, 60, 0, 5, ?)');
    insert.run('a', JSON.stringify({ ...identity, clientid: 'a' }), JSON.stringify([sub('a', 'z/1'), sub('a', 'b/#'), sub('a', '$share/g/x')]));
    insert.run('b', JSON.stringify({ ...identity, clientid: 'b' }), '[]');
    expect(migrate(db, all)).toContain('502_durable_subscriptions.sql');
    const rows = new SqliteSessionStore(db).loadSessions();
    expect(rows.map((r) => [r.clientid, r.subs.map((x) => x.topic)])).toEqual([
      ['a', ['z/1', 'b/#', '$share/g/x']],
      ['b', []],
    ]);
    expect(rows[0].subs[0]).toEqual(sub('a', 'z/1'));
  });
});
