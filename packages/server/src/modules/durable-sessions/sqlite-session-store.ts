// SessionStore on the node's SQLite file (migrations 500–502). Session and subscription rows are written at once
// (better-sqlite3 is synchronous, WAL journal). Appends are group-committed: one transaction per event-loop callback,
// committed in a microtask, still before the PUBACK leaves (see groupCommit).
// Acks are batched (batch_size or a short timer): losing one to kill -9 only means a redelivery (QoS 1 allows it;
// a QoS 2 message that had reached PUBREL is resent as PUBREL, which the client answers with PUBCOMP).
// QoS 2 state (packet id and phase of a sent message, incoming ids awaiting PUBREL) is written at once.
import type { PublishMessage, SessionRow, SessionStore, StoredAwaitingRel, StoredMessage, StoredSession, SubscriptionInfo } from '@mqdeck/broker';
import type { Db } from '../../storage/db';
import { readJson, reviveBuffers, writeJson } from '../../storage/json-column';

const FLUSH_MS = 100;
/** messages read back kept for the other sessions' copies of the same publish (the map is emptied when full) */
const PARSED_CACHE = 1000;

interface SessionDbRow {
  clientid: string;
  identity: string;
  expiry_interval: number;
  created_at: number;
  disconnected_at: number | null;
}
interface MessageRow {
  seq: number;
  msg: string;
  payload: Buffer;
  qos: StoredMessage['qos']; // written from a StoredMessage
  retain: number;
  subids: string | null;
  packet_id: number | null;
  phase: 'publish' | 'pubrel' | null;
}

const toJson = (v: unknown) => writeJson(v);
const reviver = reviveBuffers();
const fromJson = <T>(text: string): T => readJson<T>(text, reviver);

export class SqliteSessionStore implements SessionStore {
  private acks: [string, number][] = [];
  private timer?: NodeJS.Timeout;
  batchSize = 100;
  private lastMsg: PublishMessage | undefined;
  private lastJson = '';
  /** message JSON → the message read back (see message()) */
  private readonly parsed = new Map<string, PublishMessage>();
  /** a group-commit transaction is open (see groupCommit) */
  private grouping = false;
  private readonly q;

  constructor(private readonly db: Db) {
    this.q = {
      save: db.prepare(
        `INSERT INTO durable_sessions (clientid, identity, expiry_interval, created_at, disconnected_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(clientid) DO UPDATE SET identity = excluded.identity, expiry_interval = excluded.expiry_interval,
         created_at = excluded.created_at, disconnected_at = excluded.disconnected_at`,
      ),
      // an update keeps the row's place (rowid): subscriptions load in the order first subscribed, as the session's map
      saveSub: db.prepare('INSERT INTO durable_subscriptions (clientid, topic, sub) VALUES (?, ?, ?) ON CONFLICT(clientid, topic) DO UPDATE SET sub = excluded.sub'),
      begin: db.prepare('BEGIN'),
      commit: db.prepare('COMMIT'),
      deleteSub: db.prepare('DELETE FROM durable_subscriptions WHERE clientid = ? AND topic = ?'),
      deleteSubs: db.prepare('DELETE FROM durable_subscriptions WHERE clientid = ?'),
      subs: db.prepare<[], { clientid: string; sub: string }>('SELECT clientid, sub FROM durable_subscriptions ORDER BY clientid, rowid'),
      deleteSession: db.prepare('DELETE FROM durable_sessions WHERE clientid = ?'),
      deleteMessages: db.prepare('DELETE FROM durable_messages WHERE clientid = ?'),
      sessions: db.prepare<[], SessionDbRow>('SELECT * FROM durable_sessions ORDER BY clientid'),
      append: db.prepare('INSERT INTO durable_messages (clientid, msg, payload, qos, retain, subids, publish_at) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      ack: db.prepare('DELETE FROM durable_messages WHERE clientid = ? AND seq = ?'),
      // the index durable_messages_client (clientid, seq) serves the batches: a range read, no sort
      messages: db.prepare<[string, number, number], MessageRow>(
        'SELECT seq, msg, payload, qos, retain, subids, packet_id, phase FROM durable_messages WHERE clientid = ? AND seq > ? ORDER BY seq LIMIT ?',
      ),
      count: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM durable_messages WHERE clientid = ? AND packet_id IS NULL'),
      inflightRows: db.prepare<[string], MessageRow>(
        'SELECT seq, msg, payload, qos, retain, subids, packet_id, phase FROM durable_messages WHERE clientid = ? AND packet_id IS NOT NULL ORDER BY seq',
      ),
      expire: db.prepare<[number, number], { clientid: string; seq: number }>(
        'DELETE FROM durable_messages WHERE seq IN (SELECT seq FROM durable_messages WHERE publish_at < ? ORDER BY publish_at LIMIT ?) RETURNING clientid, seq',
      ),
      stats: db.prepare<[], { messages: number; sessions: number; oldest: number | null }>(
        'SELECT COUNT(*) AS messages, COUNT(DISTINCT clientid) AS sessions, MIN(publish_at) AS oldest FROM durable_messages',
      ),
      inflight: db.prepare('UPDATE durable_messages SET packet_id = ?, phase = ? WHERE clientid = ? AND seq = ?'),
      awaitRel: db.prepare('INSERT OR REPLACE INTO durable_awaiting_rel (clientid, packet_id, received_at) VALUES (?, ?, ?)'),
      released: db.prepare('DELETE FROM durable_awaiting_rel WHERE clientid = ? AND packet_id = ?'),
      deleteAwaiting: db.prepare('DELETE FROM durable_awaiting_rel WHERE clientid = ?'),
      awaiting: db.prepare<[string], { packet_id: number; received_at: number }>('SELECT packet_id, received_at FROM durable_awaiting_rel WHERE clientid = ? ORDER BY packet_id'),
    };
  }

  saveSession(s: SessionRow): void {
    if (!this.db.open) return; // a disconnect seen while the node closes, after the database
    const row = [s.clientid, toJson(s.identity), s.expiryInterval, s.createdAt, s.disconnectedAt ?? null] as const;
    const subs = s.subs;
    if (subs === undefined) {
      this.q.save.run(...row);
      return;
    }
    this.db.transaction(() => {
      this.q.save.run(...row);
      this.q.deleteSubs.run(s.clientid);
      for (const sub of subs) this.q.saveSub.run(s.clientid, sub.topic, toJson(sub));
    })();
  }

  saveSubscription(clientid: string, sub: SubscriptionInfo): void {
    if (this.db.open) this.q.saveSub.run(clientid, sub.topic, toJson(sub));
  }

  deleteSubscription(clientid: string, topic: string): void {
    if (this.db.open) this.q.deleteSub.run(clientid, topic);
  }

  deleteSession(clientid: string): void {
    this.flush();
    if (!this.db.open) return;
    this.db.transaction(() => {
      this.q.deleteSession.run(clientid);
      this.q.deleteSubs.run(clientid);
      this.q.deleteMessages.run(clientid);
      this.q.deleteAwaiting.run(clientid);
    })();
  }

  loadSessions(): StoredSession[] {
    const subs = new Map<string, SubscriptionInfo[]>();
    for (const r of this.q.subs.all()) {
      let list = subs.get(r.clientid);
      if (!list) subs.set(r.clientid, (list = []));
      list.push(fromJson(r.sub));
    }
    return this.q.sessions.all().map((r) => {
      const s: StoredSession = {
        clientid: r.clientid,
        identity: fromJson(r.identity),
        expiryInterval: r.expiry_interval,
        createdAt: r.created_at,
        subs: subs.get(r.clientid) ?? [],
      };
      if (r.disconnected_at !== null) s.disconnectedAt = r.disconnected_at;
      return s;
    });
  }

  appendMessage(clientid: string, m: Omit<StoredMessage, 'seq'>): number {
    this.groupCommit();
    // one publish fans out to every matching session with the same message object: its JSON is written once
    if (m.msg !== this.lastMsg) {
      const { payload: _payload, ...rest } = m.msg;
      this.lastMsg = m.msg;
      this.lastJson = toJson(rest);
    }
    const info = this.q.append.run(clientid, this.lastJson, m.msg.payload, m.qos, m.retain ? 1 : 0, m.subids ? JSON.stringify(m.subids) : null, m.msg.timestamp);
    return Number(info.lastInsertRowid);
  }

  ackMessage(clientid: string, seq: number): void {
    this.acks.push([clientid, seq]);
    if (this.acks.length >= this.batchSize) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /**
   * Group commit: the appends of one event-loop callback (every publish parsed from one socket read, fanned out to
   * every matching session) share one transaction, committed in a microtask, before the callback's turn ends. The
   * publishers' PUBACK/PUBREC leave later, in the connection's write batch at setImmediate (broker flush.ts), so an
   * acknowledged message is committed first. Inside a transaction someone else opened, the rows join it.
   */
  private groupCommit(): void {
    if (this.grouping || this.db.inTransaction) return;
    this.q.begin.run();
    this.grouping = true;
    queueMicrotask(this.commitGroup);
  }

  // a COMMIT that fails (disk full, I/O error) throws out of the microtask and stops the node before any PUBACK of the
  // group leaves: better than acknowledging messages that were not stored
  private readonly commitGroup = (): void => {
    this.grouping = false;
    if (this.db.open && this.db.inTransaction) this.q.commit.run();
  };

  /** write the batched acks now */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.acks.length === 0 || !this.db.open) return;
    const acks = this.acks;
    this.acks = [];
    this.db.transaction(() => {
      for (const [clientid, seq] of acks) this.q.ack.run(clientid, seq);
    })();
  }

  loadMessages(clientid: string, after = 0, limit = -1): StoredMessage[] {
    this.flush();
    return this.rows(this.q.messages.all(clientid, after, Number.isFinite(limit) ? limit : -1));
  }

  countMessages(clientid: string): number {
    this.flush();
    return this.q.count.get(clientid)?.n ?? 0;
  }

  loadInflight(clientid: string): StoredMessage[] {
    return this.rows(this.q.inflightRows.all(clientid));
  }

  expireMessages(before: number, limit: number): { clientid: string; seq: number }[] {
    if (!this.db.open) return [];
    this.flush();
    return this.q.expire.all(before, limit);
  }

  messageStats(): { messages: number; sessions: number; oldest: number | null } {
    this.flush();
    const r = this.q.stats.get();
    return { messages: r?.messages ?? 0, sessions: r?.sessions ?? 0, oldest: r?.oldest ?? null };
  }

  /**
   * The message of a row. The copies of one publish (one row per subscriber, the same JSON: it holds the message id)
   * come back as one object, as the live fan-out shares it: parsed once, and encoded once by the broker's cache.
   */
  private message(r: MessageRow): PublishMessage {
    let msg = this.parsed.get(r.msg);
    if (msg === undefined) {
      if (this.parsed.size >= PARSED_CACHE) this.parsed.clear();
      msg = { ...fromJson<Omit<PublishMessage, 'payload'>>(r.msg), payload: r.payload };
      this.parsed.set(r.msg, msg);
    }
    return msg;
  }

  private rows(rows: MessageRow[]): StoredMessage[] {
    return rows.map((r) => {
      const out: StoredMessage = {
        seq: r.seq,
        msg: this.message(r),
        qos: r.qos,
        retain: r.retain === 1,
      };
      if (r.subids !== null) out.subids = readJson<number[]>(r.subids);
      if (r.packet_id !== null && r.phase !== null) Object.assign(out, { packetId: r.packet_id, phase: r.phase });
      return out;
    });
  }

  setInflight(clientid: string, seq: number, packetId: number, phase: 'publish' | 'pubrel'): void {
    if (!this.db.open) return;
    // the id may have been used by a message whose PUBCOMP is among the batched acks: that row goes first
    if (this.acks.length > 0) this.flush();
    this.q.inflight.run(packetId, phase, clientid, seq);
  }

  addAwaitingRel(clientid: string, packetId: number, at: number): void {
    if (this.db.open) this.q.awaitRel.run(clientid, packetId, at);
  }

  removeAwaitingRel(clientid: string, packetId: number): void {
    if (this.db.open) this.q.released.run(clientid, packetId);
  }

  loadAwaitingRel(clientid: string): StoredAwaitingRel[] {
    return this.q.awaiting.all(clientid).map((r) => ({ packetId: r.packet_id, at: r.received_at }));
  }

  clear(): void {
    this.acks = [];
    this.db.exec('DELETE FROM durable_messages; DELETE FROM durable_sessions; DELETE FROM durable_subscriptions; DELETE FROM durable_awaiting_rel');
  }

  /** GC: sessions past their expiry (at most `limit`) and messages older than `retentionMs`; returns counts */
  gc(now: number, limit: number, retentionMs: number | null): { sessions: number; messages: number } {
    this.flush();
    const expired = this.db
      .prepare<[number, number], { clientid: string }>(
        'SELECT clientid FROM durable_sessions WHERE disconnected_at IS NOT NULL AND expiry_interval < 4294967295 AND disconnected_at + expiry_interval * 1000 <= ? ORDER BY disconnected_at, clientid LIMIT ?',
      )
      .all(now, limit);
    let messages = 0;
    this.db.transaction(() => {
      for (const { clientid } of expired) {
        this.q.deleteSession.run(clientid);
        this.q.deleteSubs.run(clientid);
        this.q.deleteAwaiting.run(clientid);
        messages += this.q.deleteMessages.run(clientid).changes;
      }
      if (retentionMs !== null) messages += this.db.prepare('DELETE FROM durable_messages WHERE publish_at < ?').run(now - retentionMs).changes;
    })();
    return { sessions: expired.length, messages };
  }

  close(): void {
    if (this.grouping) this.commitGroup();
    this.flush();
  }
}
