// The egress buffer of one action (EMQX emqx_resource_buffer_worker, restated): rendered requests wait in an
// in-memory FIFO queue bounded by max_buffer_bytes (the oldest are dropped first: dropped.queue_full), go out in
// batches of up to batch_size (after batch_time when the batch is not full), at most `inflight_window` per worker
// at once in async mode (one per worker in sync mode). A recoverable failure (target down, or the resource not
// connected) blocks the buffer: the failed batch stays in flight and is retried every resume interval
// (min(health_check_interval, request_ttl / 3)) or as soon as the resource reports connected; the queue keeps
// filling meanwhile. A request older than request_ttl is dropped when its turn comes (dropped.expired); a stopped
// resource drops what it is given (dropped.resource_stopped). Each request's fate is reported once to its caller.
// Deviation: one queue per action where EMQX runs worker_pool_size queues; the pool size multiplies the inflight
// limit, max_buffer_bytes bounds the one queue.
import type { SendOutcome } from './types';
import type { DropReason, Gauges, ResourceMetrics } from './metrics';

/** what became of one request, as the rule engine counts it */
export type Fate = { ok: true } | { ok: false; dropped: DropReason; reason: string } | { ok: false; failed: true; reason: string };

export interface BufferOptions {
  batchSize: number;
  batchTimeMs: number;
  /** concurrent batches in flight */
  maxInflight: number;
  /** null: never expire */
  requestTtlMs: number | null;
  maxBufferBytes: number;
  resumeIntervalMs: number;
  async: boolean;
}

/** whether a send may go out now: the resource manager's answer */
export type Gate = 'ok' | 'not_connected' | 'stopped' | 'not_found';

interface Query {
  request: unknown;
  bytes: number;
  expireAt: number;
  sentBefore: boolean;
  done: (fate: Fate) => void;
}

/** a rough size of a rendered request (EMQX counts term_to_binary bytes): strings by UTF-8 length */
export function sizeOf(v: unknown, depth = 0): number {
  if (typeof v === 'string') return Buffer.byteLength(v) + 4;
  if (Buffer.isBuffer(v)) return v.length + 4;
  if (v === null || typeof v !== 'object' || depth > 8) return 8;
  let n = 8;
  if (Array.isArray(v)) for (const x of v) n += sizeOf(x, depth + 1);
  else for (const [k, x] of Object.entries(v)) n += k.length + sizeOf(x, depth + 1);
  return n;
}

export class ActionBuffer {
  private queue: Query[] = [];
  private head = 0;
  private queueBytes = 0;
  /** batches sent and not answered yet */
  private inflightCount = 0;
  private inflightRequests = 0;
  /** batches that failed recoverably, retried first (they count as in flight, as in EMQX's inflight table) */
  private retries: Query[][] = [];
  private blocked = false;
  private resumeTimer?: NodeJS.Timeout;
  private batchTimer?: NodeJS.Timeout;
  private flushScheduled = false;
  private stopped = false;

  constructor(
    private readonly opts: BufferOptions,
    private readonly metrics: ResourceMetrics,
    private readonly send: (requests: unknown[]) => Promise<SendOutcome>,
    private readonly gate: () => Gate,
    private readonly onError: (reason: string) => void = () => undefined,
  ) {}

  gauges(): Gauges {
    const retrying = this.retries.reduce((n, b) => n + b.length, 0);
    return { queuing: this.queue.length - this.head, queuingBytes: this.queueBytes, inflight: this.inflightRequests + retrying };
  }

  /** one rendered request in; `matched` is counted by the caller */
  enqueue(request: unknown, done: (fate: Fate) => void): void {
    if (this.stopped) {
      this.metrics.drop('resource_stopped');
      done({ ok: false, dropped: 'resource_stopped', reason: 'resource stopped or disabled' });
      return;
    }
    const bytes = sizeOf(request);
    const expireAt = this.opts.requestTtlMs === null ? Infinity : Date.now() + this.opts.requestTtlMs;
    this.queue.push({ request, bytes, expireAt, sentBefore: false, done });
    this.queueBytes += bytes;
    while (this.queueBytes > this.opts.maxBufferBytes && this.queue.length - this.head > 0) {
      const q = this.shift()!;
      this.metrics.drop('queue_full');
      q.done({ ok: false, dropped: 'queue_full', reason: 'buffer overflow' });
    }
    if (!this.blocked) this.scheduleFlush();
  }

  /** the resource reported connected: retry now instead of at the next resume tick */
  resume(): void {
    if (this.blocked) this.tryResume();
    else this.scheduleFlush();
  }

  /** drops everything still waiting (the action is stopped, updated or deleted) */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.resumeTimer);
    clearTimeout(this.batchTimer);
    const left = [...this.retries.flat(), ...this.queue.slice(this.head)];
    this.retries = [];
    this.queue = [];
    this.head = 0;
    this.queueBytes = 0;
    for (const q of left) {
      this.metrics.drop('resource_stopped');
      q.done({ ok: false, dropped: 'resource_stopped', reason: 'resource stopped or disabled' });
    }
  }

  private shift(): Query | undefined {
    if (this.head >= this.queue.length) return undefined;
    const q = this.queue[this.head++];
    this.queueBytes -= q.bytes;
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    return q;
  }

  private scheduleFlush(): void {
    const waiting = this.queue.length - this.head;
    if (waiting === 0 || this.flushScheduled) return;
    if (waiting >= this.opts.batchSize || this.opts.batchTimeMs === 0) {
      this.flushScheduled = true;
      clearTimeout(this.batchTimer);
      this.batchTimer = undefined;
      queueMicrotask(() => {
        this.flushScheduled = false;
        this.flush();
      });
    } else if (!this.batchTimer) {
      this.batchTimer = setTimeout(() => {
        this.batchTimer = undefined;
        this.flush(true);
      }, this.opts.batchTimeMs);
    }
  }

  private expire(q: Query, now: number): boolean {
    if (q.expireAt > now) return false;
    this.metrics.drop('expired');
    q.done({ ok: false, dropped: 'expired', reason: 'request expired' });
    return true;
  }

  private dropAll(batch: Query[], reason: 'resource_stopped' | 'resource_not_found'): void {
    for (const q of batch) {
      this.metrics.drop(reason);
      q.done({ ok: false, dropped: reason, reason: reason === 'resource_stopped' ? 'resource stopped or disabled' : 'resource not found' });
    }
  }

  /** sends what waits; a partial batch waits for batch_time unless `partial` (the timer fired, or a resume) */
  private flush(partial = this.opts.batchTimeMs === 0): void {
    while (!this.blocked && !this.stopped && this.inflightCount < this.opts.maxInflight) {
      if (!partial && this.queue.length - this.head < this.opts.batchSize) break;
      const now = Date.now();
      const batch: Query[] = [];
      while (batch.length < this.opts.batchSize) {
        const q = this.shift();
        if (!q) break;
        if (!this.expire(q, now)) batch.push(q);
      }
      if (batch.length === 0) return;
      const gate = this.gate();
      if (gate === 'stopped' || gate === 'not_found') {
        this.dropAll(batch, gate === 'stopped' ? 'resource_stopped' : 'resource_not_found');
        continue;
      }
      if (gate === 'not_connected') {
        this.block(batch);
        return;
      }
      void this.dispatch(batch, false);
    }
    // a partial batch left behind waits for batch_time or more requests
    if (!this.blocked && this.inflightCount < this.opts.maxInflight) this.scheduleFlush();
  }

  /** sends one batch; a recoverable outcome blocks the buffer with the batch kept for retry */
  private async dispatch(batch: Query[], isRetry: boolean): Promise<'ok' | 'blocked'> {
    this.inflightCount++;
    this.inflightRequests += batch.length;
    let outcome: SendOutcome;
    try {
      outcome = await this.send(batch.map((q) => q.request));
    } catch (err) {
      outcome = { ok: false, recoverable: true, reason: err instanceof Error ? err.message : String(err) };
    }
    this.inflightCount--;
    this.inflightRequests -= batch.length;
    if (this.stopped) {
      this.dropAll(batch, 'resource_stopped');
      return 'ok';
    }
    for (const q of batch) q.sentBefore = true;
    if (!outcome.ok && outcome.recoverable) {
      this.onError(outcome.reason);
      // a retried batch that fails again stays first in line; the resume loop re-arms its timer
      if (isRetry) this.retries.unshift(batch);
      else this.block(batch);
      return 'blocked';
    }
    const now = Date.now();
    for (const q of batch) {
      if (outcome.ok) {
        if (this.opts.async && !isRetry && q.expireAt <= now) {
          // the answer came after the request's TTL: EMQX counts a late reply, not a success
          this.metrics.lateReply++;
          q.done({ ok: false, dropped: 'expired', reason: 'late reply' });
          continue;
        }
        this.metrics.success++;
        if (isRetry) {
          this.metrics.retried++;
          this.metrics.retriedSuccess++;
        }
        q.done({ ok: true });
      } else {
        this.metrics.failed++;
        if (isRetry) {
          this.metrics.retried++;
          this.metrics.retriedFailed++;
        }
        q.done({ ok: false, failed: true, reason: outcome.reason });
      }
    }
    if (!this.blocked) this.scheduleFlushAfterReply();
    return 'ok';
  }

  private scheduleFlushAfterReply(): void {
    if (this.queue.length - this.head > 0) this.flush();
    this.scheduleFlush();
  }

  private block(batch: Query[]): void {
    this.retries.push(batch);
    if (this.blocked) return;
    this.blocked = true;
    this.armResume();
  }

  private armResume(): void {
    clearTimeout(this.resumeTimer);
    this.resumeTimer = setTimeout(() => this.tryResume(), this.opts.resumeIntervalMs);
  }

  private resuming = false;

  /** EMQX resume_from_blocked: drop what expired, retry the first kept batch alone; on success go on, else wait */
  private tryResume(): void {
    if (this.resuming || this.stopped) return;
    this.resuming = true;
    clearTimeout(this.resumeTimer);
    void this.resumeLoop().finally(() => {
      this.resuming = false;
    });
  }

  private async resumeLoop(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const now = Date.now();
      // requests waiting behind the blockage expire too (their TTL runs from when they came in)
      while (this.head < this.queue.length && this.queue[this.head].expireAt <= now) this.expire(this.shift()!, now);
      const batch = this.retries.shift();
      if (!batch) {
        this.blocked = false;
        this.flush(true);
        return;
      }
      const kept = batch.filter((q) => !this.expire(q, now));
      if (kept.length === 0) continue;
      const gate = this.gate();
      if (gate === 'stopped' || gate === 'not_found') {
        this.dropAll(kept, gate === 'stopped' ? 'resource_stopped' : 'resource_not_found');
        continue;
      }
      if (gate === 'not_connected') {
        this.retries.unshift(kept);
        this.armResume();
        return;
      }
      if ((await this.dispatch(kept, true)) === 'blocked') {
        this.armResume();
        return;
      }
    }
  }
}
