/**
 * Keepalive as EMQX checks it (emqx_keepalive): every check interval the connection looks whether anything
 * arrived since the last check; idle intervals add up, and once they would reach keepalive × multiplier the
 * connection is closed [MQTT-3.1.2-24]. The interval is `mqtt.keepalive_check_interval` clamped to
 * 1 s .. max(keepalive / 2, 1 s), so a silent client is caught within keepalive × multiplier + one interval.
 * `touch` only sets a flag: no timer work per received chunk.
 * The owner is told through its `keepaliveExpired` method (a function owner is accepted too, for tests).
 *
 * No timer per connection: all checks are held by one wheel (below), one timer for the whole process. A check due
 * at time t waits in the bucket of its tick (TICK_MS wide, counted from the moment the wheel started), so it runs at
 * t or up to TICK_MS later, never earlier: the first check one full interval after start, then one every interval.
 */
export interface KeepaliveOwner {
  keepaliveExpired(): void;
  /** the idle deadline (startIdle) passed */
  idleExpired?(): void;
}

export class Keepalive {
  private seen = false;
  private idleMs = 0;
  private maxIdleMs = 0;
  /** the check interval in use (0 when keepalive is off) */
  intervalMs = 0;
  /** wheel.ts bookkeeping: the tick of the next check, the bucket holding it and the place in it */
  due = 0;
  bucket: Keepalive[] | null = null;
  slot = 0;

  /** set by startIdle: the next check is the idle deadline, not a keepalive check */
  private idleDeadline = false;

  constructor(private readonly owner: KeepaliveOwner | (() => void)) {}

  /**
   * The connection's idle deadline (mqtt.idle_timeout: no CONNECT yet) on the same wheel, one check `ms` from now:
   * a setTimeout per accepted socket and its clearTimeout at CONNECT cost more than a place in a bucket.
   */
  startIdle(ms: number): void {
    this.stop();
    this.idleDeadline = true;
    wheel.add(this, wheel.now() + ms);
  }

  start(seconds: number, multiplier: number, checkIntervalMs: number): void {
    this.stop();
    if (seconds <= 0) return;
    const ms = seconds * 1000;
    this.maxIdleMs = Math.ceil(ms * multiplier);
    this.intervalMs = Math.min(Math.max(checkIntervalMs, 1000), Math.max(Math.floor(ms / 2), 1000));
    this.seen = false;
    this.idleMs = 0;
    wheel.add(this, wheel.now() + this.intervalMs);
  }

  touch(): void {
    this.seen = true;
  }

  stop(): void {
    if (this.bucket !== null) wheel.remove(this);
    this.intervalMs = 0;
    this.idleDeadline = false;
  }

  /** the wheel's call at each check; false when the owner was told (and the keepalive stopped) */
  check(): boolean {
    if (this.idleDeadline) {
      this.idleDeadline = false;
      if (typeof this.owner !== 'function') this.owner.idleExpired?.();
      return false;
    }
    if (this.seen) {
      this.seen = false;
      this.idleMs = 0;
      return true;
    }
    if (this.idleMs + this.intervalMs >= this.maxIdleMs) {
      this.intervalMs = 0;
      const owner = this.owner;
      if (typeof owner === 'function') owner();
      else owner.keepaliveExpired();
      return false;
    }
    this.idleMs += this.intervalMs;
    return true;
  }
}

/** a bucket's width: a check runs at most this late */
const TICK_MS = 250;

/**
 * The checks of every keepalive, in buckets by tick, and one timer set for the earliest bucket. An entry knows its
 * bucket and place, so stopping it is a swap with the bucket's last entry (a closed connection is not held until its
 * bucket comes). The timer exists only while some keepalive runs.
 */
class Wheel {
  private readonly buckets = new Map<number, Keepalive[]>();
  /** ticks with a bucket, ascending */
  private ticks: number[] = [];
  private origin = 0;
  private timer: NodeJS.Timeout | null = null;
  private timerTick = -1;
  /** set while run() works through the due buckets: adds wait for its one arm() at the end */
  private running = false;

  /**
   * ms since the origin (a monotonic clock, as Node's timers). No branch here: a rarely taken one (the wheel empty)
   * had no type feedback when this was optimized, and its first use deoptimized every caller on the connect path.
   */
  now(): number {
    return performance.now() - this.origin;
  }

  /** `at`: ms since the origin; the check goes into the first tick at or after it */
  add(k: Keepalive, at: number): void {
    const tick = Math.ceil(at / TICK_MS);
    let b = this.buckets.get(tick);
    if (b === undefined) {
      b = [];
      this.buckets.set(tick, b);
      this.insertTick(tick);
    }
    k.due = tick;
    k.bucket = b;
    k.slot = b.length;
    b.push(k);
    if (!this.running && (this.timer === null || tick < this.timerTick)) this.arm();
  }

  remove(k: Keepalive): void {
    const b = k.bucket!;
    const last = b.pop()!;
    if (last !== k) {
      b[k.slot] = last;
      last.slot = k.slot;
    }
    k.bucket = null;
    if (b.length === 0 && this.buckets.get(k.due) === b) {
      this.buckets.delete(k.due);
      this.ticks.splice(this.ticks.indexOf(k.due), 1);
      if (this.buckets.size === 0 && !this.running) this.disarm();
    }
  }

  private insertTick(tick: number): void {
    const t = this.ticks;
    let i = t.length;
    while (i > 0 && t[i - 1] > tick) i--; // new ticks are mostly the latest
    t.splice(i, 0, tick);
  }

  private arm(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    const tick = this.ticks[0];
    this.timerTick = tick;
    this.timer = setTimeout(Wheel.fire, Math.max(0, Math.ceil(tick * TICK_MS - (performance.now() - this.origin))), this);
  }

  /** the wheel is empty: its timer goes, and it starts again from here when an entry comes */
  private disarm(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.timerTick = -1;
    this.origin = performance.now();
  }

  private static fire(this: void, w: Wheel): void {
    w.timer = null;
    w.run();
  }

  /** runs every bucket due now (at least the one the timer was set for) */
  private run(): void {
    const elapsed = performance.now() - this.origin;
    const armed = this.timerTick;
    this.running = true;
    let failure: { err: unknown } | undefined;
    while (this.ticks.length > 0 && (this.ticks[0] <= armed || this.ticks[0] * TICK_MS <= elapsed)) {
      const tick = this.ticks.shift()!;
      const b = this.buckets.get(tick)!;
      this.buckets.delete(tick);
      // the next check one interval after this one; after a stalled event loop one interval from now, as a
      // setInterval would: a client is not counted idle for time in which the node could not read it
      const base = elapsed - tick * TICK_MS > TICK_MS ? elapsed : tick * TICK_MS;
      // entries stopped meanwhile leave this array (swap with the last): walk it until it is used up
      for (let i = 0; i < b.length; i++) {
        const k = b[i];
        k.bucket = null;
        try {
          if (k.check()) this.add(k, base + k.intervalMs);
        } catch (err) {
          failure ??= { err }; // the other checks still run and the wheel stays whole; thrown at the end
        }
      }
    }
    this.running = false;
    if (this.buckets.size === 0) this.disarm();
    else this.arm();
    if (failure !== undefined) throw failure.err;
  }
}

const wheel = new Wheel();
