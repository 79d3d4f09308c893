// The monitor's durable gauges (subscriptions_durable, disconnected_durable_sessions): what EMQX counts in its durable
// storage. Totals kept by triggers (migration 510) minus the sessions past their expiry that the GC has not removed
// yet, found through the expiry index: a sample reads one row and the few expired sessions, never the whole table.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../storage/db';

const queries = new WeakMap<Db, Statement<[number], DurableCounts>>();

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
    q = db.prepare<[number], DurableCounts>(
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
  // durable_totals holds its one row from migration 510 on
  const row = q.get(now);
  return { subscriptions: Number(row?.subscriptions ?? 0), disconnected: Number(row?.disconnected ?? 0) };
}
