// The monitor's durable gauges (subscriptions_durable, disconnected_durable_sessions): what EMQX counts in its durable
// storage. Totals kept by triggers (migration 510) minus the sessions past their expiry that the GC has not removed
// yet, found through the expiry index: a sample reads one row and the few expired sessions, never the whole table.
import type { Db } from '../../storage/db';

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
    // the WHERE terms are those of the partial index durable_sessions_expiry, so it is used
    q = db.prepare(
      `WITH expired AS (
         SELECT clientid FROM durable_sessions
         WHERE disconnected_at IS NOT NULL AND expiry_interval < 4294967295 AND disconnected_at + expiry_interval * 1000 <= ?
       )
       SELECT t.subscriptions - (SELECT COUNT(*) FROM expired e JOIN durable_subscriptions d ON d.clientid = e.clientid) AS subscriptions,
              t.disconnected - (SELECT COUNT(*) FROM expired) AS disconnected
       FROM durable_totals t`,
    );
    queries.set(db, q);
  }
  const row = q.get(now) as DurableCounts;
  return { subscriptions: Number(row.subscriptions), disconnected: Number(row.disconnected) };
}
