// Node-wide back-pressure (issue 18): when the node itself is the bottleneck, publishers are slowed by not reading
// their sockets (TCP back-pressure), before subscriber queues overflow, instead of acknowledging everything at once
// and dropping what cannot be delivered. Two signals:
//   - outbound backlog across connections: bytes a connection holds for its client (socket buffer + this turn's
//     batch + its mqueue), each connection counted up to SHARE only, so that one slow consumer alone never reaches
//     the high mark: it keeps dropping by its own max_mqueue_len (delivery.dropped.queue_full), the others go on;
//   - event-loop lag: a 10 ms tick, armed only while messages flow, running LAG_HIGH_MS late.
// Above the high mark (or lagging) reads pause at each publisher's next PUBLISH; below the low mark (and on time)
// they all resume. A connection whose backlog does not shrink for `stallMs` while publishers are paused is a stalled
// consumer: it stops counting (until its backlog shrinks again), so a stuck client holds publishers for `stallMs`
// at most, and a consumer that is slow but moving keeps counting (the pause lasts until it is under the low mark).
import type { Connection } from './connection';

export interface PressureLimits {
  /** total counted backlog (bytes) at which publishers' reads pause */
  high: number;
  /** below it (and the loop on time) they resume */
  low: number;
  /** what one connection counts for at most */
  share: number;
  /** event-loop lag (ms) that pauses publishers */
  lagHigh: number;
  /** lag (ms) under which they may resume */
  lagLow: number;
  /** a backlog that has not shrunk this long while paused no longer counts */
  stallMs: number;
}

export const DEFAULT_LIMITS: PressureLimits = {
  high: 256 * 1024,
  low: 64 * 1024,
  share: 64 * 1024,
  lagHigh: 100,
  lagLow: 20,
  stallMs: 1000,
};

const TICK_MS = 10;

/** what the monitor keeps of a connection with a backlog (built only for those) */
interface Tracked {
  /** what it counts for in `total` */
  share: number;
  last: number;
  /** ms its backlog has not shrunk while publishers were paused */
  still: number;
  stalled: boolean;
}

/** bytes a connection holds for its client: the socket's buffer, this turn's batch, its session's queue */
export function backlogOf(conn: Connection): number {
  const s = conn.session;
  return conn.stream.writableLength + conn.outBytes + (s !== null && s.conn === conn ? s.mqueue.bytes : 0);
}

export class Pressure {
  limits: PressureLimits = { ...DEFAULT_LIMITS };
  /** publishers' reads are paused */
  on = false;
  /** the sum of the tracked connections' shares (exact at each tick, raised between ticks as backlogs grow) */
  total = 0;
  /** how often reads were paused (bench, tests) */
  pauses = 0;
  /** the latest lag measured, ms */
  lag = 0;
  private readonly tracked = new Map<Connection, Tracked>();
  private readonly paused = new Set<Connection>();
  private timer: NodeJS.Timeout | null = null;
  private due = 0;
  private sawPublish = false;

  /** a PUBLISH arrived on `conn`: false when its reads were paused (the caller still handles the packet) */
  publish(conn: Connection): boolean {
    this.sawPublish = true;
    if (this.timer === null) this.arm();
    if (!this.on) return true;
    if (!this.paused.has(conn)) {
      this.paused.add(conn);
      conn.stream.pause();
    }
    return false;
  }

  /** true while `conn`'s reads are held by node pressure */
  holds(conn: Connection): boolean {
    return this.paused.size > 0 && this.paused.has(conn);
  }

  /** `conn`'s backlog grew (a message queued, a write refused): count it now, pausing publishers above the high mark */
  grew(conn: Connection): void {
    let t = this.tracked.get(conn);
    if (t === undefined) {
      t = { share: 0, last: 0, still: 0, stalled: false };
      this.tracked.set(conn, t);
      if (this.timer === null) this.arm();
    }
    if (t.stalled) return;
    const share = Math.min(backlogOf(conn), this.limits.share);
    this.total += share - t.share;
    t.share = share;
    if (!this.on && this.total >= this.limits.high) this.pause();
  }

  /** the connection closed */
  forget(conn: Connection): void {
    const t = this.tracked.get(conn);
    if (t !== undefined) {
      this.total -= t.share;
      this.tracked.delete(conn);
    }
    this.paused.delete(conn);
  }

  private arm(): void {
    this.due = Date.now() + TICK_MS;
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  private pause(): void {
    this.on = true;
    this.pauses++;
  }

  /** recount every tracked backlog, measure the lag, pause or resume */
  tick(now = Date.now()): void {
    const lim = this.limits;
    this.lag = Math.max(0, now - this.due);
    const elapsed = TICK_MS + this.lag;
    this.due = now + TICK_MS;
    let total = 0;
    for (const [conn, t] of this.tracked) {
      const b = conn.isClosed ? 0 : backlogOf(conn);
      if (b === 0) {
        this.tracked.delete(conn);
        continue;
      }
      if (b < t.last) {
        t.still = 0;
        t.stalled = false;
      } else if (this.on && !t.stalled && (t.still += elapsed) >= lim.stallMs) t.stalled = true;
      t.last = b;
      t.share = t.stalled ? 0 : Math.min(b, lim.share);
      total += t.share;
    }
    this.total = total;
    // a held publisher is not silent, it is not read: its keepalive must not run out meanwhile
    for (const conn of this.paused) conn.keepaliveTimer.touch();
    if (!this.on) {
      if (total >= lim.high || this.lag >= lim.lagHigh) this.pause();
    } else if (total < lim.low && this.lag < lim.lagLow) this.resume();
    if (!this.on && this.tracked.size === 0 && !this.sawPublish && this.timer !== null) {
      clearInterval(this.timer);
      this.timer = null;
    }
    this.sawPublish = false;
  }

  private resume(): void {
    this.on = false;
    const conns = [...this.paused];
    this.paused.clear();
    for (const conn of conns) conn.resumeReads();
  }

  /** stop the tick (broker closing) */
  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }
}

const perCore = new WeakMap<object, Pressure>();

/** the node's monitor (one per broker core) */
export function pressureOf(core: object): Pressure {
  let p = perCore.get(core);
  if (p === undefined) {
    p = new Pressure();
    perCore.set(core, p);
  }
  return p;
}
