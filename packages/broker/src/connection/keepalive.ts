/**
 * Keepalive: the client must send something within keepalive × multiplier seconds [MQTT-3.1.2-24].
 * One timer refreshed on every received byte chunk: no per-packet allocation.
 */
export class Keepalive {
  private timer?: NodeJS.Timeout;
  private ms = 0;

  constructor(private readonly onTimeout: () => void) {}

  start(seconds: number, multiplier: number): void {
    this.stop();
    if (seconds <= 0) return;
    this.ms = Math.round(seconds * multiplier * 1000);
    this.timer = setTimeout(this.onTimeout, this.ms);
  }

  touch(): void {
    this.timer?.refresh();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
