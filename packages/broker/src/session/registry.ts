// The clients of the node: open connections and the sessions that outlive them. Opening a session covers the
// three cases of CONNECT (new, resumed, taken over or discarded); closing one covers will, expiry and the end.
import type { Connection } from '../connection/connection';
import type { BrokerCore } from '../core';
import type { PublishMessage } from '../types';
import { Session } from './session';
import { newMessageId } from '../ids';
import { clientInfo } from '../views';
import { connackInfo } from '../packets/connect';

const NEVER_EXPIRES = 0xffffffff;
/** setTimeout's ceiling (~24.8 days); longer session expiries are re-armed */
const MAX_TIMER = 0x7fffffff;

export class SessionRegistry {
  private readonly byClientid = new Map<string, Session>();
  readonly connections = new Set<Connection>();
  /** connections past CONNACK */
  private liveCount = 0;

  constructor(private readonly core: BrokerCore) {}

  get(clientid: string): Session | undefined {
    return this.byClientid.get(clientid);
  }

  has(clientid: string): boolean {
    return this.byClientid.has(clientid);
  }

  values(): IterableIterator<Session> {
    return this.byClientid.values();
  }

  get size(): number {
    return this.byClientid.size;
  }

  /** the session is the one registered under its client id (not ended, not replaced) */
  isLive(session: Session): boolean {
    return this.byClientid.get(session.clientid) === session;
  }

  counts(): { connections: number; liveConnections: number; sessions: number } {
    return { connections: this.connections.size, liveConnections: this.liveCount, sessions: this.byClientid.size };
  }

  /** a session restored from a durable store, offline */
  adopt(session: Session): void {
    this.byClientid.set(session.clientid, session);
    this.sessionGauges();
  }

  private sessionGauges(): void {
    this.core.gauges.set('sessions', this.byClientid.size);
    this.core.gauges.set('cluster_sessions', this.byClientid.size);
  }

  private liveGauges(): void {
    this.core.gauges.set('live_connections', this.liveCount);
    this.core.gauges.set('channels', this.liveCount);
  }

  addConnection(conn: Connection): void {
    this.connections.add(conn);
    this.core.gauges.set('connections', this.connections.size);
  }

  /** attach a freshly accepted CONNECT to its session: new, resumed, taken over or discarded */
  open(conn: Connection, expiry: number): { session: Session; present: boolean } {
    const b = this.core;
    const c = b.counters;
    let session = this.byClientid.get(conn.clientid);
    let present = false;
    if (session) {
      const old = session.conn;
      if (old && old !== conn) {
        // [MQTT-3.1.4-3] session takeover: the old connection gets DISCONNECT 0x8E
        session.detach();
        old.close(conn.cleanStart ? 'discarded' : 'takenover', 0x8e);
      }
      session.clearTimers();
      if (conn.cleanStart) {
        c.incr('session.discarded');
        b.events.emit('session.discarded', session.clientid);
        this.end(session, 'discarded');
        session = undefined;
      } else {
        if (old) {
          c.incr('session.takenover');
          b.events.emit('session.takenover', session.clientid);
        }
        c.incr('session.resumed');
        b.events.emit('session.resumed', session.clientid);
        if (session.pendingWill) {
          // [MQTT-3.1.3-9] reconnecting before the will delay cancels the will
          clearTimeout(session.pendingWill.timer);
          session.pendingWill = undefined;
        }
        present = true;
      }
    }
    if (!session) {
      session = new Session(conn.core, conn.clientid, conn.identity); // the settings of the connection's zone
      this.byClientid.set(conn.clientid, session);
      c.incr('session.created');
      b.events.emit('session.created', conn.clientid);
      this.sessionGauges();
    }
    session.identity = conn.identity;
    session.expiryInterval = expiry;
    session.lastConn = conn;
    conn.session = session;
    session.conn = conn;
    return { session, present };
  }

  /** CONNACK 0 was sent */
  connected(conn: Connection, session: Session): void {
    const b = this.core;
    b.counters.incr('client.connack');
    b.counters.incr('client.connected');
    this.liveCount++;
    this.liveGauges();
    if (b.events.listenerCount('client.connack') > 0) b.events.emit('client.connack', connackInfo(conn, 0));
    b.events.emit('client.connected', clientInfo(b, session));
    session.resume(conn);
  }

  connectionClosed(conn: Connection, wasConnected: boolean, reason: string): void {
    const b = this.core;
    this.connections.delete(conn);
    b.gauges.set('connections', this.connections.size);
    if (!wasConnected) return;
    this.liveCount--;
    this.liveGauges();
    b.counters.incr('client.disconnected');
    const session = conn.session;
    const owns = session !== null && session.conn === conn;
    if (session && owns) {
      session.detach();
      session.disconnectedAt = Date.now();
    }
    if (session) b.events.emit('client.disconnected', clientInfo(b, session, conn), reason);
    const will = conn.extras?.will;
    if (will && !conn.extras!.willCleared && session) this.scheduleWill(session, conn, will.msg, will.delay);
    if (!session || !owns) return;
    if (reason === 'kicked') return; // kick() ends the session itself
    if (session.expiryInterval === 0) {
      this.end(session, reason === 'normal' ? 'normal' : reason);
    } else if (session.expiryInterval !== NEVER_EXPIRES) {
      this.armExpiry(session, session.expiryInterval * 1000);
    }
  }

  /** end the session `ms` from now unless a client attaches first (also arms the expiry of a restored session) */
  armExpiry(session: Session, ms: number): void {
    session.clearTimers();
    session.expiryTimer = setTimeout(
      () => {
        if (ms > MAX_TIMER) this.armExpiry(session, ms - MAX_TIMER);
        else if (!session.conn) this.end(session, 'expired');
      },
      Math.min(ms, MAX_TIMER),
    );
    session.expiryTimer.unref();
  }

  /** the will goes out after min(will delay, session expiry) unless the session is resumed first [MQTT-3.1.3-9] */
  private scheduleWill(session: Session, conn: Connection, msg: PublishMessage, delay: number): void {
    const wait = conn.protoVer === 5 ? Math.min(delay, session.expiryInterval) : 0;
    if (wait <= 0) {
      void this.publishWill(msg);
      return;
    }
    if (session.pendingWill) clearTimeout(session.pendingWill.timer);
    const timer = setTimeout(() => {
      session.pendingWill = undefined;
      void this.publishWill(msg);
    }, wait * 1000);
    timer.unref();
    session.pendingWill = { msg, timer };
  }

  private async publishWill(msg: PublishMessage): Promise<void> {
    try {
      await this.core.publishMessage({ ...msg, id: newMessageId(), timestamp: Date.now() });
    } catch (err) {
      this.core.emitError(err);
    }
  }

  /** remove a session with its subscriptions; a will still waiting is published now */
  end(session: Session, reason: string): void {
    const b = this.core;
    if (this.byClientid.get(session.clientid) !== session) return;
    session.ending = true;
    session.clearTimers();
    b.retainedDelivery.stop(session);
    if (session.pendingWill) {
      clearTimeout(session.pendingWill.timer);
      const msg = session.pendingWill.msg;
      session.pendingWill = undefined;
      void this.publishWill(msg);
    }
    for (const topic of [...session.subs.keys()]) b.router.removeSubscription(session, topic);
    this.byClientid.delete(session.clientid);
    session.clearQueues();
    this.sessionGauges();
    b.counters.incr('session.terminated');
    b.events.emit('session.terminated', session.clientid, reason);
  }

  /** disconnect (DISCONNECT 0x98 administrative action) and end the session; false if unknown */
  kick(clientid: string): boolean {
    const session = this.byClientid.get(clientid);
    if (!session) return false;
    const conn = session.conn;
    if (conn) conn.close('kicked', 0x98);
    this.end(session, 'kicked');
    return true;
  }

  /** QoS 2 ids waiting too long for PUBREL are dropped (await_rel_timeout); in-flight messages are resent (retry_interval) */
  sweep(now: number): void {
    const b = this.core;
    for (const session of this.byClientid.values()) {
      const s = session.core.settings;
      if (session.awaitingRel.size > 0) {
        const n = session.expireAwaitingRel(now, s.awaitRelTimeout);
        if (n > 0) {
          b.counters.incr('messages.dropped.await_pubrel_timeout', n);
          b.counters.incr('messages.dropped', n);
          if (session.conn) session.conn.msgStats['recv_msg.dropped.await_pubrel_timeout'] += n;
        }
      }
      if (s.retryInterval !== null && session.inflight.size > 0) session.retry(now, s.retryInterval);
    }
  }

  /** node shutdown: no timer of a session fires afterwards */
  stopTimers(): void {
    for (const session of this.byClientid.values()) {
      session.clearTimers();
      if (session.pendingWill) clearTimeout(session.pendingWill.timer);
    }
  }
}
