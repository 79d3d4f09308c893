// EMQX retainer `delivery_rate`: the retained messages a SUBSCRIBE brings go out to one session at most at this
// rate; the rest wait in order and follow as tokens come back (nothing is dropped).
import { TokenBucket } from '../connection/limiter';
import type { RateLimit } from '../types';

export class RetainedPacer<T> {
  private bucket: TokenBucket;
  private queue: T[] = [];
  private head = 0;
  private timer?: NodeJS.Timeout;

  constructor(
    limit: RateLimit,
    private readonly send: (item: T) => void,
    /** the queue ran dry: the owner may forget this pacer */
    private readonly idle: () => void,
  ) {
    this.bucket = new TokenBucket(limit);
  }

  get pending(): number {
    return this.queue.length - this.head;
  }

  push(items: readonly T[]): void {
    for (const item of items) this.queue.push(item);
    this.drain();
  }

  /** a changed rate: a fresh bucket, or (null = infinity) everything waiting goes out now */
  retune(limit: RateLimit | null): void {
    if (limit) {
      this.bucket = new TokenBucket(limit);
      this.drain();
      return;
    }
    this.cancelTimer();
    const rest = this.queue.slice(this.head);
    this.reset();
    for (const item of rest) this.send(item);
    this.idle();
  }

  stop(): void {
    this.cancelTimer();
    this.reset();
  }

  private drain(): void {
    if (this.timer) return;
    const now = Date.now();
    while (this.head < this.queue.length) {
      const wait = this.bucket.wait(1, now);
      if (wait > 0) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.drain();
        }, wait);
        return;
      }
      this.bucket.take(1);
      this.send(this.queue[this.head++]);
    }
    this.reset();
    this.idle();
  }

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private reset(): void {
    this.queue = [];
    this.head = 0;
  }
}
