import type { ClientIdentity, PublishMessage, QoS, SubscriptionInfo } from '../types';
import type { Connection } from '../connection/connection';
import type { BrokerCore } from '../core';
import { EMPTY_MQUEUE, MQueue, type Pending, type ReadonlyMQueue } from './mqueue';
import { sendPublish } from '../connection/publish-out';
import type { DurableSessions } from '../store/durable';
import { InflightWindow, NO_INFLIGHT, type ReadonlyInflight } from './inflight-window';

export interface InflightEntry extends Pending {
  packetId: number;
  /** 'publish' until PUBACK/PUBREC, then 'pubrel' until PUBCOMP */
  phase: 'publish' | 'pubrel';
  sentAt: number;
  /** when its delivery began (EMQX deliver_begin_at; unset for entries restored from a store): slow subscriptions */
  deliverAt?: number;
}

/** Absolute expiry (epoch ms) of a message, or undefined when it never expires. */
export function expiresAt(msg: PublishMessage, defaultSeconds: number | null): number | undefined {
  const s = msg.properties?.messageExpiryInterval ?? defaultSeconds;
  return s === null || s === undefined ? undefined : msg.timestamp + s * 1000;
}

// what a session without subscriptions / QoS 2 ids reads (in-flight messages: NO_INFLIGHT): one shared empty map
// each, never written (the types say so); a session builds its own at its first write, which most sessions of idle
// clients never make.
const NO_SUBS: ReadonlyMap<string, SubscriptionInfo> = new Map();
const NO_AWAITING_REL: ReadonlyMap<number, number> = new Map();

/**
 * Session state that outlives connections: subscriptions, inflight window, offline queue, QoS 2 receive state.
 * Delivery decisions live here; the connection only encodes and writes.
 */
export class Session {
  private subsMap: Map<string, SubscriptionInfo> | null = null;
  private inflightMap: InflightWindow<InflightEntry> | null = null;
  private awaitingRelMap: Map<number, number> | null = null;
  /** built at the first message queued or parked (queue()): most sessions of idle clients never have one */
  private mq: MQueue | null = null;
  conn: Connection | null = null;
  /** the last connection attached, kept for the client view of an offline session */
  lastConn: Connection | null = null;
  /** seconds; 0xFFFFFFFF = never */
  expiryInterval = 0;
  readonly createdAt = Date.now();
  disconnectedAt?: number;
  identity: ClientIdentity;
  expiryTimer?: NodeJS.Timeout;
  private lastPacketId = 0;
  /** a will waiting for its delay interval (v5), published when the session ends first */
  pendingWill?: { msg: PublishMessage; timer: NodeJS.Timeout };
  /** set while durable sessions are on: QoS 1/2 deliveries are written through it */
  durable: DurableSessions | null = null;
  /** set when the session ends: its subscriptions are removed one by one, its stored rows all at once after */
  ending = false;
  /**
   * durable sessions: QoS 1/2 messages kept in the store only (not bounded by max_mqueue_len), all with a seq above
   * `storedAfter`; read back `batch_size` at a time into `replay` as the inflight window frees up
   */
  stored = 0;
  /** the seq of the last stored message read back (or handed over while it was in memory) */
  storedAfter = 0;
  /** stored messages read back, in seq order, waiting for the inflight window */
  replay: Pending[] | null = null;

  constructor(
    readonly core: BrokerCore,
    readonly clientid: string,
    identity: ClientIdentity,
  ) {
    this.identity = identity;
  }

  /** the offline/overflow queue, to read (an empty shared one until the first message queued) */
  get mqueue(): ReadonlyMQueue {
    return this.mq ?? EMPTY_MQUEUE;
  }

  /** the offline/overflow queue, to write: built with the node's settings at the first message */
  queue(): MQueue {
    if (this.mq !== null) return this.mq;
    const s = this.core.settings;
    return (this.mq = new MQueue(s.maxMqueueLen, s.mqueuePriorities, s.mqueueDefaultPriority));
  }

  /** max_mqueue_len in force for this session (mqueue settings changed at runtime apply to built queues) */
  get mqueueMax(): number | null {
    return this.mq === null ? this.core.settings.maxMqueueLen : this.mq.maxLen;
  }

  /** mqueue settings changed: a queue already built takes them, one built later reads them */
  configureQueue(max: number | null, priorities: Record<string, number> | null, defaultPriority: 'lowest' | 'highest'): void {
    this.mq?.configure(max, priorities, defaultPriority);
  }

  /** topic (as subscribed) → subscription; written through setSub / deleteSub */
  get subs(): ReadonlyMap<string, SubscriptionInfo> {
    return this.subsMap ?? NO_SUBS;
  }

  /** packet id → delivery waiting for its acknowledgement */
  get inflight(): ReadonlyInflight<InflightEntry> {
    return this.inflightMap ?? NO_INFLIGHT;
  }

  /** QoS 2 packet ids received and not yet released → epoch ms received */
  get awaitingRel(): ReadonlyMap<number, number> {
    return this.awaitingRelMap ?? NO_AWAITING_REL;
  }

  setSub(topic: string, sub: SubscriptionInfo): void {
    (this.subsMap ??= new Map()).set(topic, sub);
  }

  deleteSub(topic: string): boolean {
    return this.subsMap !== null && this.subsMap.delete(topic);
  }

  /** an in-flight entry restored from a durable store (resent when a connection attaches) */
  restoreInflight(entry: InflightEntry): void {
    (this.inflightMap ??= new InflightWindow()).set(entry);
  }

  /** a QoS 2 id awaiting PUBREL restored from a durable store */
  restoreAwaitingRel(packetId: number, at: number): void {
    (this.awaitingRelMap ??= new Map()).set(packetId, at);
  }

  /** the session ends: queued and in-flight messages go */
  clearQueues(): void {
    this.mq?.clear();
    this.inflightMap = null;
    this.stored = 0;
    this.replay = null;
  }

  /** durable: stored messages not sent yet (read back or still in the store only) */
  get backlog(): number {
    return this.stored + (this.replay === null ? 0 : this.replay.length);
  }

  private deleteInflight(packetId: number): void {
    this.inflightMap?.delete(packetId);
  }

  private nextPacketId(): number {
    for (let i = 0; i < 65535; i++) {
      this.lastPacketId = this.lastPacketId >= 65535 ? 1 : this.lastPacketId + 1;
      if (!this.inflight.has(this.lastPacketId)) return this.lastPacketId;
    }
    return 0;
  }

  private window(): number {
    const conn = this.conn;
    const max = this.core.settings.maxInflight;
    return conn ? Math.min(max, conn.clientReceiveMax) : max;
  }

  /** hand a routed message to this session: send now, queue, or drop with a counter */
  deliver(p: Pending): void {
    const b = this.core;
    const exp = expiresAt(p.msg, b.settings.messageExpiryInterval);
    if (exp !== undefined && exp <= Date.now()) {
      b.onDeliveryDropped(this, p.msg, 'expired');
      return;
    }
    // written before the publisher's PUBACK/PUBREC goes out (the route runs before it is sent)
    if (this.durable !== null) this.durable.append(this, p);
    const conn = this.conn;
    if (conn && conn.isConnected) {
      if (p.qos === 0) {
        // like EMQX, a live QoS 0 message goes out at once: it waits neither behind QoS 1/2 held by a full inflight
        // window nor behind offline-stored QoS 0. Only QoS 0 parked by socket back-pressure holds it back, so that it
        // never overtakes them.
        if (this.mqueue.parked === 0 && conn.writable) {
          sendPublish(conn, p, 0, false, this);
          return;
        }
        const dropped = this.queue().park(p);
        conn.pressure.grew(conn);
        if (dropped) this.core.onDeliveryDropped(this, dropped.msg, 'queue_full');
        if (conn.writable) this.drain();
        return;
      }
      if (this.inflight.size < this.window() && this.mqueue.size === this.mqueue.parked && this.backlog === 0) {
        // nothing of it waits in the store: a later read of the backlog starts after this one
        if (p.seq !== undefined) this.storedAfter = p.seq;
        this.sendInflight(p, conn);
        return;
      }
    } else if (p.qos === 0 && !b.settings.mqueueStoreQos0) {
      b.onDeliveryDropped(this, p.msg, 'qos0_msg');
      return;
    }
    // durable: kept in the store only, read back in order when its turn comes
    if (p.seq !== undefined && this.durable !== null) this.stored++;
    else this.enqueue(p);
  }

  /**
   * the connection went away: QoS 0 messages parked behind its back-pressure stay as messages kept for the offline
   * client (mqueue_store_qos0) or are dropped
   */
  detach(): void {
    this.conn = null;
    if (this.mqueue.parked === 0) return;
    const q = this.queue();
    if (this.core.settings.mqueueStoreQos0) q.unpark();
    else for (let p = q.shiftParked(); p; p = q.shiftParked()) this.core.onDeliveryDropped(this, p.msg, 'qos0_msg');
  }

  private enqueue(p: Pending): void {
    const dropped = this.queue().push(p);
    const conn = this.conn;
    if (conn !== null && conn.isConnected) conn.pressure.grew(conn);
    if (dropped) {
      if (dropped.seq !== undefined) this.durable?.done(this, dropped);
      this.core.onDeliveryDropped(this, dropped.msg, 'queue_full');
    }
  }

  private sendInflight(p: Pending, conn: Connection): void {
    const packetId = this.nextPacketId();
    if (packetId === 0) {
      this.enqueue(p);
      return;
    }
    // built field by field, not with a spread: every entry gets one shape, and this runs once per QoS 1/2 delivery
    const now = Date.now();
    const entry: InflightEntry = {
      msg: p.msg,
      qos: p.qos,
      retain: p.retain,
      subids: p.subids,
      insertedAt: p.insertedAt,
      priority: p.priority,
      seq: p.seq,
      packetId,
      phase: 'publish',
      sentAt: now,
      deliverAt: now,
    };
    if (entry.seq !== undefined) this.durable?.inflight(this, entry);
    if (sendPublish(conn, entry, packetId, false, this)) (this.inflightMap ??= new InflightWindow()).set(entry);
    else if (entry.seq !== undefined) this.durable?.done(this, entry);
  }

  /**
   * move queued messages into the inflight window while there is room, and parked QoS 0 ones to the socket while it
   * takes more: a queued QoS 1/2 message waiting for the window does not hold back parked QoS 0 (they would have been
   * sent at once without back-pressure)
   */
  drain(): void {
    const conn = this.conn;
    if (!conn || !conn.isConnected) return;
    if (this.mq === null && (this.backlog === 0 || this.durable === null)) return;
    const now = Date.now();
    for (;;) {
      const q = this.mq; // built meanwhile when a message had to be queued again
      let next = q === null ? undefined : q.peek();
      if (next !== undefined && (next.qos > 0 ? this.inflight.size < this.window() : conn.writable)) q!.shift();
      else if (q !== null && q.parked > 0 && conn.writable) next = q.shiftParked()!;
      else if (next === undefined && this.backlog > 0 && this.durable !== null && this.inflight.size < this.window()) {
        next = this.durable.next(this);
        if (next === undefined) return;
      } else return;
      const exp = expiresAt(next.msg, this.core.settings.messageExpiryInterval);
      if (exp !== undefined && exp <= now) {
        if (next.seq !== undefined) this.durable?.done(this, next);
        this.core.onDeliveryDropped(this, next.msg, 'expired');
        continue;
      }
      if (next.qos === 0) sendPublish(conn, next, 0, false, this);
      else this.sendInflight(next, conn);
    }
  }

  /** PUBACK (QoS 1) or PUBCOMP (QoS 2) completed a delivery */
  complete(packetId: number, expect: QoS): InflightEntry | undefined {
    const entry = this.inflight.get(packetId);
    if (!entry || entry.qos !== expect) return undefined;
    if (expect === 2 && entry.phase !== 'pubrel') return undefined;
    this.deleteInflight(packetId);
    if (entry.seq !== undefined) this.durable?.done(this, entry);
    this.core.onAcked(this, entry.msg, entry.deliverAt ?? entry.sentAt);
    this.drain();
    return entry;
  }

  /** PUBREC: the QoS 2 delivery moves to the PUBREL phase */
  received(packetId: number): InflightEntry | undefined {
    const entry = this.inflight.get(packetId);
    if (!entry || entry.qos !== 2 || entry.phase !== 'publish') return undefined;
    entry.phase = 'pubrel';
    entry.sentAt = Date.now();
    if (entry.seq !== undefined) this.durable?.inflight(this, entry); // before the PUBREL goes out
    return entry;
  }

  /** an error PUBREC ends a QoS 2 delivery without PUBREL */
  refused(packetId: number): void {
    const entry = this.inflight.get(packetId);
    if (!entry || entry.qos !== 2 || entry.phase !== 'publish') return;
    this.deleteInflight(packetId);
    if (entry.seq !== undefined) this.durable?.done(this, entry);
    this.drain();
  }

  /** an incoming QoS 2 PUBLISH is about to be routed: its id waits for PUBREL (stored before the PUBREC) */
  awaitRel(packetId: number): void {
    const at = Date.now();
    (this.awaitingRelMap ??= new Map()).set(packetId, at);
    this.durable?.awaitRel(this, packetId, at);
  }

  /** PUBREL: false when the id was not awaited */
  release(packetId: number): boolean {
    if (this.awaitingRelMap === null || !this.awaitingRelMap.delete(packetId)) return false;
    this.durable?.released(this, packetId); // before the PUBCOMP: the client may reuse the id after it
    return true;
  }

  /** a connection attached (new or resumed): resend unacknowledged packets first [MQTT-4.4.0-1] */
  resume(conn: Connection): void {
    this.conn = conn;
    this.disconnectedAt = undefined;
    const now = Date.now();
    for (const entry of this.inflight.values()) {
      this.resend(entry, conn, now);
    }
    this.drain();
  }

  /** resend inflight entries older than the retry interval (called by the connection's retry timer) */
  retry(now: number, interval: number): void {
    const conn = this.conn;
    if (!conn || !conn.isConnected) return;
    for (const entry of this.inflight.values()) {
      if (now - entry.sentAt >= interval) this.resend(entry, conn, now);
    }
  }

  private resend(entry: InflightEntry, conn: Connection, now: number): void {
    entry.sentAt = now;
    if (entry.phase === 'pubrel') {
      conn.send({ cmd: 'pubrel', messageId: entry.packetId });
      return;
    }
    const exp = expiresAt(entry.msg, this.core.settings.messageExpiryInterval);
    if (exp !== undefined && exp <= now) {
      this.deleteInflight(entry.packetId);
      if (entry.seq !== undefined) this.durable?.done(this, entry);
      this.core.onDeliveryDropped(this, entry.msg, 'expired');
      return;
    }
    if (!sendPublish(conn, entry, entry.packetId, true, this)) {
      this.deleteInflight(entry.packetId);
      if (entry.seq !== undefined) this.durable?.done(this, entry);
    }
  }

  /** QoS 2 messages waiting too long for PUBREL are dropped (await_rel_timeout) */
  expireAwaitingRel(now: number, timeout: number): number {
    let n = 0;
    const waiting = this.awaitingRelMap;
    if (waiting === null) return 0;
    for (const [id, at] of waiting) {
      if (now - at >= timeout) {
        waiting.delete(id);
        this.durable?.released(this, id);
        n++;
      }
    }
    return n;
  }

  clearTimers(): void {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = undefined;
  }
}
