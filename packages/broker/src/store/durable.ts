// The broker side of durable sessions: writes session state through a SessionStore and restores it at start.
// Only persistent sessions (expiry interval > 0: v5 Session Expiry > 0, v3 clean_session=false) are written.
import type { BrokerCore } from '../core';
import { Session } from '../session/session';
import type { Broker, ClientIdentity, ClientInfo, SubOptions, SubscriptionInfo } from '../types';
import type { Pending } from '../session/mqueue';
import type { InflightEntry } from '../session/session';
import type { SessionRow, SessionStore } from './session-store';
import { Backlog, toPending, type BacklogSettings } from './backlog';

const NEVER_EXPIRES = 0xffffffff;

/** the session's zone keeps durable sessions (durable_sessions.enable of its zone; unset = yes) */
const zoneIsDurable = (session: Session): boolean => session.core.settings.durableSessions !== false;

export class DurableSessions {
  readonly backlog: Backlog;

  constructor(
    readonly store: SessionStore,
    core: BrokerCore,
  ) {
    this.backlog = new Backlog(store, core);
  }

  /** a stored session whose zone no longer keeps durable sessions: its backlog read back, then it leaves the store */
  toMemory(session: Session): void {
    if (session.backlog > 0) this.backlog.toMemory(session);
    session.durable = null;
    this.store.deleteSession(session.clientid);
  }

  /** the session's next stored message (its backlog), read from the store in batches */
  next(session: Session): Pending | undefined {
    return this.backlog.next(session);
  }

  private row(session: Session, withSubs: boolean): SessionRow {
    const row: SessionRow = {
      clientid: session.clientid,
      identity: session.identity,
      expiryInterval: session.expiryInterval,
      createdAt: session.createdAt,
    };
    if (withSubs) row.subs = [...session.subs.values()];
    if (session.disconnectedAt !== undefined) row.disconnectedAt = session.disconnectedAt;
    return row;
  }

  /**
   * After a connect (`withSubs`: the session may be new, or persistent only from now on) or a disconnect (its
   * subscriptions did not change); a session that is no longer persistent is removed.
   */
  save(session: Session, withSubs: boolean): void {
    if (session.expiryInterval > 0) this.store.saveSession(this.row(session, withSubs));
    else {
      // no longer persistent: what the store kept for it goes back to memory before its rows go
      if (session.backlog > 0) this.backlog.toMemory(session);
      this.store.deleteSession(session.clientid);
    }
  }

  /**
   * a subscription added, changed or removed: only its own row is written. Not while the session ends (expiry,
   * discard, kick): the rows go with the session's, in one transaction, at session.terminated
   */
  subscription(session: Session, sub: SubscriptionInfo, removed: boolean): void {
    if (session.expiryInterval === 0 || session.ending) return;
    if (removed) this.store.deleteSubscription(session.clientid, sub.topic);
    else this.store.saveSubscription(session.clientid, sub);
  }

  /** a QoS 1/2 message reaches a persistent session: stored before the publisher is acknowledged */
  append(session: Session, p: Pending): void {
    if (p.qos === 0 || session.expiryInterval === 0 || p.seq !== undefined) return;
    p.seq = this.store.appendMessage(session.clientid, { msg: p.msg, qos: p.qos, retain: p.retain, subids: p.subids });
  }

  /**
   * QoS 2 in flight: the packet id (before the PUBLISH leaves) and the PUBREC (before the PUBREL leaves), so a restart
   * resends the same packet: PUBLISH with its id, or PUBREL, never the PUBLISH again once PUBREC came back.
   * QoS 1 is left out: it is redelivered under a new id after a restart, which QoS 1 allows.
   */
  inflight(session: Session, entry: InflightEntry): void {
    if (entry.qos === 2 && entry.seq !== undefined && session.expiryInterval > 0) this.store.setInflight(session.clientid, entry.seq, entry.packetId, entry.phase);
  }

  /** an incoming QoS 2 packet id routed (before PUBREC) or released (before PUBCOMP) */
  awaitRel(session: Session, packetId: number, at: number): void {
    if (session.expiryInterval > 0) this.store.addAwaitingRel(session.clientid, packetId, at);
  }

  released(session: Session, packetId: number): void {
    if (session.expiryInterval > 0) this.store.removeAwaitingRel(session.clientid, packetId);
  }

  /** acknowledged by the subscriber, expired or dropped */
  done(session: Session, p: Pending): void {
    if (p.seq !== undefined) this.store.ackMessage(session.clientid, p.seq);
  }

  delete(clientid: string): void {
    this.store.deleteSession(clientid);
  }

  /** write every persistent session as it is now (durable sessions switched on while running) */
  snapshot(core: BrokerCore): void {
    this.store.clear();
    for (const session of core.sessions.values()) if (session.expiryInterval > 0 && zoneIsDurable(session)) this.write(session);
  }

  /** a session that becomes durable: written whole, with what it holds in memory (in flight, queued) */
  private write(session: Session): void {
    this.save(session, true);
    let last = 0;
    for (const p of session.inflight.values()) {
      p.seq = undefined;
      this.append(session, p);
      this.inflight(session, p);
      last = Math.max(last, p.seq ?? 0);
    }
    for (const [id, at] of session.awaitingRel) this.awaitRel(session, id, at);
    for (const p of session.mqueue.toArray()) {
      p.seq = undefined;
      this.append(session, p);
      last = Math.max(last, p.seq ?? 0);
    }
    // all of these are in memory: the backlog read from the store starts after them
    session.storedAfter = last;
  }

  /** recreate the stored sessions (offline, with their subscriptions and undelivered messages); returns how many */
  restore(core: BrokerCore): number {
    const now = Date.now();
    let n = 0;
    for (const row of this.store.loadSessions()) {
      if (core.sessions.has(row.clientid)) continue;
      const since = row.disconnectedAt ?? now;
      const left = row.expiryInterval === NEVER_EXPIRES ? Infinity : since + row.expiryInterval * 1000 - now;
      if (left <= 0) {
        this.store.deleteSession(row.clientid);
        continue;
      }
      const session = new Session(core, row.clientid, row.identity);
      session.expiryInterval = row.expiryInterval;
      session.disconnectedAt = since;
      session.durable = this;
      core.sessions.adopt(session);
      for (const sub of row.subs) {
        const opts: SubOptions = { qos: sub.qos, nl: sub.nl, rap: sub.rap, rh: sub.rh };
        if (sub.subid !== undefined) opts.subid = sub.subid;
        core.router.addSubscription(session, sub.topic, opts);
      }
      // a QoS 2 exchange under way: resent as it stood (PUBLISH with its id, or PUBREL) when the client is back
      for (const m of this.store.loadInflight(row.clientid)) session.restoreInflight({ ...toPending(m), packetId: m.packetId!, phase: m.phase!, sentAt: 0 });
      // the rest stays in the store, read back in batches once the client is back
      session.stored = this.store.countMessages(row.clientid);
      session.storedAfter = 0;
      for (const { packetId, at } of this.store.loadAwaitingRel(row.clientid)) session.restoreAwaitingRel(packetId, at);
      if (left !== Infinity) core.sessions.armExpiry(session, left);
      n++;
    }
    return n;
  }

  /** follow the broker's session events; returns the remover */
  follow(core: BrokerCore): () => void {
    const save = (clientid: string, withSubs: boolean) => {
      const session = core.sessions.get(clientid);
      if (!session) return;
      if (!zoneIsDurable(session)) {
        // its zone turned durability off since it was stored: from now on a memory session, gone from the store
        if (session.durable === this) this.toMemory(session);
        return;
      }
      if (session.durable === this) return this.save(session, withSubs);
      // new, or in memory until its zone turned durability on
      session.durable = this;
      if (session.expiryInterval > 0) this.write(session);
      else this.save(session, withSubs); // a clean start: rows of an earlier session of that client id go
    };
    const onConnected = (c: ClientInfo) => save(c.clientid, true);
    const onDisconnected = (c: ClientInfo) => save(c.clientid, false);
    const onSub = (client: ClientIdentity, sub: SubscriptionInfo) => {
      const session = core.sessions.get(client.clientid);
      if (session?.durable === this) this.subscription(session, sub, false);
    };
    const onUnsub = (client: ClientIdentity, sub: SubscriptionInfo) => {
      const session = core.sessions.get(client.clientid);
      if (session?.durable === this) this.subscription(session, sub, true);
    };
    const onTerminated = (clientid: string) => {
      if (!core.sessions.has(clientid)) this.delete(clientid);
    };
    const ev = core.events;
    ev.on('client.connected', onConnected);
    ev.on('client.disconnected', onDisconnected);
    ev.on('session.subscribed', onSub);
    ev.on('session.unsubscribed', onUnsub);
    ev.on('session.terminated', onTerminated);
    for (const session of core.sessions.values()) if (zoneIsDurable(session)) session.durable = this;
    return () => {
      ev.off('client.connected', onConnected);
      ev.off('client.disconnected', onDisconnected);
      ev.off('session.subscribed', onSub);
      ev.off('session.unsubscribed', onUnsub);
      ev.off('session.terminated', onTerminated);
      this.backlog.stop();
      for (const session of core.sessions.values()) {
        if (session.durable !== this) continue;
        if (session.backlog > 0) this.backlog.toMemory(session);
        session.durable = null;
      }
    };
  }
}

export interface DurableHandle {
  /** how many sessions were restored from the store */
  readonly restored: number;
  /** batch size, idle poll interval and retention period (durable_sessions.*) */
  configure(settings: Partial<BacklogSettings>): void;
  /** the retention GC: up to `limit` messages past the retention period go; returns how many were never delivered */
  expire(now: number, limit: number): number;
  /**
   * stop writing (durable sessions switched off): stored backlogs move to the in-memory queues; the store keeps its
   * rows unless `clear` is true
   */
  detach(clear?: boolean): void;
}

/**
 * Turn durable sessions on for a broker: `restore` (node start) recreates the stored sessions, otherwise (switched
 * on while running) the store is rewritten from the sessions the broker holds now. Call before listeners start.
 */
export function attachSessionStore(broker: Broker, store: SessionStore, mode: 'restore' | 'snapshot'): DurableHandle {
  // every Broker comes from createBroker: a BrokerImpl, which is also the core
  const core = broker as Broker & BrokerCore;
  const durable = new DurableSessions(store, core);
  const restored = mode === 'restore' ? durable.restore(core) : 0;
  if (mode === 'snapshot') durable.snapshot(core);
  const unfollow = durable.follow(core);
  return {
    restored,
    configure(settings) {
      Object.assign(durable.backlog.settings, settings);
    },
    expire: (now, limit) => durable.backlog.expire(now, limit),
    detach(clear = false) {
      unfollow();
      if (clear) store.clear();
    },
  };
}
