/**
 * Keepalive as EMQX checks it (emqx_keepalive): every check interval the connection looks whether anything
 * arrived since the last check; idle intervals add up, and once they would reach keepalive × multiplier the
 * connection is closed [MQTT-3.1.2-24]. The interval is `mqtt.keepalive_check_interval` clamped to
 * 1 s .. max(keepalive / 2, 1 s), so a silent client is caught within keepalive × multiplier + one interval.
 * `touch` only sets a flag: no timer work per received chunk.
 * The owner is told through its `keepaliveExpired` method and the interval calls one shared function, so an idle
 * connection carries no closures of its own for keepalive (a function owner is accepted too, for tests).
 */
export interface KeepaliveOwner {
  keepaliveExpired(): void;
}

export class Keepalive {
  private timer?: NodeJS.Timeout;
  private seen = false;
  private idleMs = 0;
  private maxIdleMs = 0;
  /** the check interval in use (0 when keepalive is off) */
  intervalMs = 0;

  constructor(private readonly owner: KeepaliveOwner | (() => void)) {}

  start(seconds: number, multiplier: number, checkIntervalMs: number): void {
    this.stop();
    if (seconds <= 0) return;
    const ms = seconds * 1000;
    this.maxIdleMs = Math.ceil(ms * multiplier);
    this.intervalMs = Math.min(Math.max(checkIntervalMs, 1000), Math.max(Math.floor(ms / 2), 1000));
    this.seen = false;
    this.idleMs = 0;
    this.timer = setInterval(Keepalive.tick, this.intervalMs, this);
  }

  touch(): void {
    this.seen = true;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.intervalMs = 0;
  }

  private static tick(this: void, k: Keepalive): void {
    k.check();
  }

  private check(): void {
    if (this.seen) {
      this.seen = false;
      this.idleMs = 0;
      return;
    }
    if (this.idleMs + this.intervalMs >= this.maxIdleMs) {
      this.stop();
      const owner = this.owner;
      if (typeof owner === 'function') owner();
      else owner.keepaliveExpired();
      return;
    }
    this.idleMs += this.intervalMs;
  }
}
