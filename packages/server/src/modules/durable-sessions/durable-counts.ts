// The monitor's durable gauges (subscriptions_durable, disconnected_durable_sessions), read from the SQLite
// session tables: what EMQX counts in its durable storage. Expired rows the GC has not removed yet are left out.
import type { Db } from '../../storage/db';

const NEVER = 4294967295;
const queries = new WeakMap<Db, ReturnType<Db['prepare']>>();

export interface DurableCounts {
  /** subscriptions held by durable sessions, connected or not */
  subscriptions: number;
  /** durable sessions whose client is away and whose expiry has not passed */
  disconnected: number;
}

export function durableCounts(db: Db, now = Date.now()): DurableCounts {
  if (!db.open) return { subscriptions: 0, disconnected: 0 };
  let q = queries.get(db);
  if (!q) {
    q = db.prepare(
      `SELECT COALESCE(SUM((SELECT COUNT(*) FROM durable_subscriptions d WHERE d.clientid = s.clientid)), 0) AS subscriptions,
       COUNT(disconnected_at) AS disconnected
       FROM durable_sessions s
       WHERE disconnected_at IS NULL OR expiry_interval >= ${NEVER} OR disconnected_at + expiry_interval * 1000 > ?`,
    );
    queries.set(db, q);
  }
  const row = q.get(now) as DurableCounts;
  return { subscriptions: Number(row.subscriptions), disconnected: Number(row.disconnected) };
}
