// The Node.js counterpart of EMQX's run-queue overload flag (load_ctl): how late the event loop runs. A timer
// due every SAMPLE_MS that fires LAG_LIMIT_MS late means every socket, timer and request waited that long.

/** how often the loop is sampled */
export const SAMPLE_MS = 100;
/** a sample this late marks the node overloaded */
export const LAG_LIMIT_MS = 500;
/** the node stays overloaded until this long has passed without such a sample */
export const HOLD_MS = 1000;

export class LagMonitor {
  private timer?: NodeJS.Timeout;
  private due = 0;
  private lastLate = -Infinity;
  /** the latest lag measured, in ms */
  lag = 0;

  start(): void {
    if (this.timer) return;
    this.due = Date.now() + SAMPLE_MS;
    this.timer = setInterval(() => this.sample(Date.now()), SAMPLE_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.lastLate = -Infinity;
    this.lag = 0;
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  /** a late sample within the last HOLD_MS; also counts the lag building up right now (a callback running late) */
  overloaded(now = Date.now()): boolean {
    if (!this.timer) return false;
    if (now - this.due >= LAG_LIMIT_MS) this.sample(now);
    return now - this.lastLate < HOLD_MS;
  }

  private sample(now: number): void {
    this.lag = Math.max(0, now - this.due);
    if (this.lag >= LAG_LIMIT_MS) this.lastLate = now;
    this.due = now + SAMPLE_MS;
  }
}
