// The durable gauges come from totals kept by triggers (migration 510) and the expiry index: after every kind of
// write the store makes, they equal a full count of the tables, at any clock; a database that already held sessions
// starts with the right totals; and a sample reads no table from end to end.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { ClientIdentity, SubscriptionInfo } from '@mqdeck/broker';
import { afterAll, describe, expect, test } from 'vitest';
import { migrate, openDatabase, type Db } from '../../storage/db';
import { durableCounts } from '../durable-sessions/durable-counts';
import { SqliteSessionStore } from '../durable-sessions/sqlite-session-store';

const dirs: string[] = [];
const dbs: Db[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'mqdeck-durable-counts-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const db of dbs) if (db.open) db.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const NEVER = 4294967295;
/** the count the totals stand for: every session row read, as the monitor did before migration 510 */
function fullCount(db: Db, now: number) {
  const row = db
    .prepare(
      `SELECT COALESCE(SUM((SELECT COUNT(*) FROM durable_subscriptions d WHERE d.clientid = s.clientid)), 0) AS subscriptions,
       COUNT(disconnected_at) AS disconnected
       FROM durable_sessions s
       WHERE disconnected_at IS NULL OR expiry_interval >= ${NEVER} OR disconnected_at + expiry_interval * 1000 > ?`,
    )
    .get(now) as { subscriptions: number; disconnected: number };
  return { subscriptions: row.subscriptions, disconnected: row.disconnected };
}

const identity = (clientid: string): ClientIdentity => ({
  clientid,
  username: null,
  peerhost: '127.0.0.1',
  listener: 'tcp:default',
  protoVer: 5,
  isSuperuser: false,
  clientAttrs: {},
  mountpoint: '',
});
const sub = (clientid: string, topic: string): SubscriptionInfo => ({ clientid, topic, qos: 1, nl: 0, rap: 0, rh: 0 });

/** a small deterministic generator (mulberry32), so a failure replays */
function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n) | 0;
  };
}

const T0 = 1_700_000_000_000;

describe('durable gauges from the totals', () => {
  test('equal a full count after every store write, at any clock', () => {
    const db = openDatabase(tempDir());
    dbs.push(db);
    const store = new SqliteSessionStore(db);
    const rand = rng(7);
    const ids = Array.from({ length: 12 }, (_, i) => `c${i}`);
    const expiries = [0, 1, 5, 60, NEVER];
    const most = { subscriptions: 0, disconnected: 0 };
    const check = (step: number, now: number) => {
      const counts = durableCounts(db, now);
      expect(counts, `step ${step} at +${now - T0} ms`).toEqual(fullCount(db, now));
      most.subscriptions = Math.max(most.subscriptions, counts.subscriptions);
      most.disconnected = Math.max(most.disconnected, counts.disconnected);
    };
    for (let step = 0; step < 600; step++) {
      const id = ids[rand(ids.length)];
      const at = T0 + step * 1000;
      switch (rand(8)) {
        case 0: // a connect: the whole row with its subscriptions
          store.saveSession({
            clientid: id,
            identity: identity(id),
            expiryInterval: expiries[rand(expiries.length)],
            createdAt: at,
            subs: Array.from({ length: rand(4) }, (_, i) => sub(id, `t/${i}`)),
          });
          break;
        case 1: // a disconnect (the row only)
          store.saveSession({ clientid: id, identity: identity(id), expiryInterval: expiries[rand(expiries.length)], createdAt: T0, disconnectedAt: at });
          break;
        case 2: // a reconnect (the row only)
          store.saveSession({ clientid: id, identity: identity(id), expiryInterval: expiries[rand(expiries.length)], createdAt: at });
          break;
        case 3: // SUBSCRIBE, possibly one already held (an update, not a new row), possibly with no session row
          store.saveSubscription(id, sub(id, `t/${rand(6)}`));
          break;
        case 4:
          store.deleteSubscription(id, `t/${rand(6)}`);
          break;
        case 5:
          store.deleteSession(id);
          break;
        case 6:
          store.gc(at, 1 + rand(3), null);
          break;
        default:
          if (rand(20) === 0) store.clear();
      }
      for (const now of [at, at + 1500, at + 61_000]) check(step, now);
    }
    // the run had something to count
    expect(most.subscriptions).toBeGreaterThan(5);
    expect(most.disconnected).toBeGreaterThan(2);
  });

  test('a database that already held sessions starts with the right totals', () => {
    const dir = tempDir();
    // the migrations up to 502 only, as a node before 510 left its file
    const only = join(dir, 'migrations');
    mkdirSync(only);
    const all = fileURLToPath(new URL('../../storage/migrations/', import.meta.url));
    for (const f of readdirSync(all)) if (/^\d{3}_/.test(f) && Number(f.slice(0, 3)) < 510) copyFileSync(join(all, f), join(only, f));
    const db = new Database(join(dir, 'mqdeck.db'));
    dbs.push(db);
    migrate(db, only);
    const store = new SqliteSessionStore(db);
    store.saveSession({ clientid: 'a', identity: identity('a'), expiryInterval: 60, createdAt: T0, subs: [sub('a', 'x'), sub('a', 'y')] });
    store.saveSession({ clientid: 'b', identity: identity('b'), expiryInterval: 1, createdAt: T0, disconnectedAt: T0, subs: [sub('b', 'z')] });
    store.saveSession({ clientid: 'c', identity: identity('c'), expiryInterval: NEVER, createdAt: T0, disconnectedAt: T0 });
    expect(migrate(db)).toContain('510_durable_totals.sql');
    for (const now of [T0, T0 + 2000]) expect(durableCounts(db, now)).toEqual(fullCount(db, now));
    expect(durableCounts(db, T0)).toEqual({ subscriptions: 3, disconnected: 2 });
    expect(durableCounts(db, T0 + 2000)).toEqual({ subscriptions: 2, disconnected: 1 }); // b has expired
  });

  test('a sample reads the totals row and the expiry index, no session or subscription table scan', () => {
    const db = openDatabase(tempDir());
    dbs.push(db);
    durableCounts(db, T0);
    const plan = (
      db
        .prepare(
          `EXPLAIN QUERY PLAN WITH expired AS (
             SELECT clientid FROM durable_sessions
             WHERE disconnected_at IS NOT NULL AND expiry_interval < 4294967295 AND disconnected_at + expiry_interval * 1000 <= ?
           )
           SELECT t.subscriptions - (SELECT COUNT(*) FROM expired e JOIN durable_subscriptions d ON d.clientid = e.clientid) AS subscriptions,
                  t.disconnected - (SELECT COUNT(*) FROM expired) AS disconnected
           FROM durable_totals t`,
        )
        .all(T0) as { detail: string }[]
    ).map((r) => r.detail);
    expect(plan.join('\n')).toContain('durable_sessions_expiry');
    expect(plan.filter((d) => /^SCAN (durable_sessions|durable_subscriptions|s|d)\b/.test(d) && !/USING (COVERING )?INDEX durable_sessions_expiry/.test(d))).toEqual([]);
  });
});
