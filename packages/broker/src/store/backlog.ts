// The stored backlog of durable sessions: QoS 1/2 messages kept in the SessionStore only (never bounded by
// max_mqueue_len), read back `batch_size` at a time when the inflight window has room, and dropped once older than
// `message_retention_period` (counted as delivery.dropped.retention).
import type { BrokerCore } from '../core';
import type { Pending } from '../session/mqueue';
import type { Session } from '../session/session';
import type { SessionStore, StoredMessage } from './session-store';

export interface BacklogSettings {
  /** messages read from the store at a time (durable_sessions.batch_size) */
  batchSize: number;
  /** ms before a connected session with a backlog reads again after the store failed (idle_poll_interval) */
  idlePollMs: number;
  /** ms a stored message is kept (message_retention_period); null: for ever */
  retentionMs: number | null;
}

export const DEFAULT_BACKLOG: BacklogSettings = { batchSize: 100, idlePollMs: 10_000, retentionMs: 86_400_000 };

export const toPending = (m: StoredMessage): Pending => ({ msg: m.msg, qos: m.qos, retain: m.retain, subids: m.subids, insertedAt: process.hrtime.bigint(), seq: m.seq });

export function countRetentionDrops(core: BrokerCore, n: number): void {
  if (n <= 0) return;
  core.counters.incr('delivery.dropped', n);
  core.counters.incr('delivery.dropped.retention', n);
}

export class Backlog {
  settings: BacklogSettings = { ...DEFAULT_BACKLOG };
  private readonly polls = new Set<NodeJS.Timeout>();

  constructor(
    private readonly store: SessionStore,
    private readonly core: BrokerCore,
  ) {}

  /** the session's next stored message, read from the store when its replay buffer is empty */
  next(session: Session): Pending | undefined {
    while (session.replay === null || session.replay.length === 0) {
      session.replay = null;
      if (session.stored === 0 || !this.read(session)) return undefined;
    }
    const p = session.replay.shift();
    if (session.replay.length === 0) session.replay = null;
    return p;
  }

  /** one batch into the replay buffer; false when the store failed (a poll is scheduled) */
  private read(session: Session): boolean {
    const { batchSize, retentionMs } = this.settings;
    let rows: StoredMessage[];
    try {
      rows = this.store.loadMessages(session.clientid, session.storedAfter, batchSize);
    } catch (err) {
      this.core.emitError(err);
      this.poll(session);
      return false;
    }
    const cutoff = retentionMs === null ? -Infinity : Date.now() - retentionMs;
    const out: Pending[] = [];
    let counted = 0;
    let expired = 0;
    for (const m of rows) {
      session.storedAfter = m.seq;
      if (m.packetId !== undefined) continue; // a QoS 2 exchange restored in flight at start
      counted++;
      if (m.msg.timestamp < cutoff) {
        this.store.ackMessage(session.clientid, m.seq);
        expired++;
      } else out.push(toPending(m));
    }
    countRetentionDrops(this.core, expired);
    session.stored = rows.length < batchSize ? 0 : Math.max(0, session.stored - counted);
    session.replay = out.length > 0 ? out : null;
    return true;
  }

  private poll(session: Session): void {
    const timer = setTimeout(() => {
      this.polls.delete(timer);
      if (this.core.sessions.isLive(session)) session.drain();
    }, this.settings.idlePollMs);
    timer.unref();
    this.polls.add(timer);
  }

  /**
   * the backlog moves to the in-memory queue (durable sessions switched off, or the session is no longer persistent):
   * from now on max_mqueue_len bounds it, as for any session
   */
  toMemory(session: Session): void {
    const items = session.replay ?? [];
    session.replay = null;
    if (session.stored > 0) for (const m of this.store.loadMessages(session.clientid, session.storedAfter)) if (m.packetId === undefined) items.push(toPending(m));
    session.stored = 0;
    for (const p of items) {
      p.seq = undefined;
      const dropped = session.queue().push(p);
      if (dropped) this.core.onDeliveryDropped(session, dropped.msg, 'queue_full');
    }
  }

  /** the retention GC: deletes up to `limit` messages past the retention period; returns how many were never sent */
  expire(now: number, limit: number): number {
    const { retentionMs } = this.settings;
    if (retentionMs === null) return 0;
    let n = 0;
    for (const { clientid, seq } of this.store.expireMessages(now - retentionMs, limit)) {
      const session = this.core.sessions.get(clientid);
      if (!session) n++;
      else if (seq > session.storedAfter) {
        if (session.stored > 0) session.stored--;
        n++;
      } else {
        const i = session.replay?.findIndex((p) => p.seq === seq) ?? -1;
        if (i >= 0) {
          session.replay!.splice(i, 1);
          if (session.replay!.length === 0) session.replay = null;
          n++;
        } // otherwise in flight: it was sent, its ack deletes nothing
      }
    }
    countRetentionDrops(this.core, n);
    return n;
  }

  stop(): void {
    for (const t of this.polls) clearTimeout(t);
    this.polls.clear();
  }
}
