// Inbound flow control (EMQX limiter): token buckets for messages and bytes. Reading is paused while a bucket
// is in debt, so a client over its rate is slowed down by TCP back-pressure, never dropped.
import type { ListenerConfig, ListenerUpdate, RateLimit } from '../types';
import { BrokerError } from '../types';
import type { Connection } from './connection';

/**
 * `amount` tokens per `periodMs`, holding at most one period's worth (EMQX's burst 0). Consuming may go below
 * zero: the data has already been read, and the debt is what the reader waits for.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private readonly perMs: number;

  constructor(readonly limit: RateLimit) {
    this.tokens = limit.amount;
    this.last = Date.now();
    this.perMs = limit.amount / limit.periodMs;
  }

  /** takes n tokens; returns how many ms until the balance is back to zero (0 = no wait) */
  consume(n: number, now = Date.now()): number {
    this.refill(now);
    this.tokens -= n;
    return this.tokens >= 0 ? 0 : Math.ceil(-this.tokens / this.perMs);
  }

  /** ms until the balance is back to zero, without taking anything */
  wait(now = Date.now()): number {
    this.refill(now);
    return this.tokens >= 0 ? 0 : Math.ceil(-this.tokens / this.perMs);
  }

  private refill(now: number): void {
    if (now > this.last) {
      this.tokens = Math.min(this.limit.amount, this.tokens + (now - this.last) * this.perMs);
      this.last = now;
    }
  }
}

export function bucketFor(limit: RateLimit | null | undefined): TokenBucket | null {
  return limit ? new TokenBucket(limit) : null;
}

/** A messages bucket and a bytes bucket; null = infinity. The node's pair is shared by every connection. */
export interface BucketPair {
  messages: TokenBucket | null;
  bytes: TokenBucket | null;
}

/**
 * Pauses a stream while one of its buckets (its own, per client, or the node's shared ones) is in debt, and
 * resumes it afterwards. The node pair is read at each call, so `broker.setLimits` reaches live connections.
 */
export class ConnLimiter {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly own: BucketPair,
    private readonly node: BucketPair,
    private readonly pause: () => void,
    private readonly resume: () => void,
  ) {}

  get paused(): boolean {
    return this.timer !== undefined;
  }

  /** account for read bytes or a parsed PUBLISH; pause reading if that put a bucket in debt */
  take(messages: number, bytes: number): void {
    const { own, node } = this;
    if (!own.messages && !own.bytes && !node.messages && !node.bytes) return;
    const now = Date.now();
    let wait = 0;
    if (messages > 0) {
      if (own.messages) wait = own.messages.consume(messages, now);
      if (node.messages) wait = Math.max(wait, node.messages.consume(messages, now));
    }
    if (bytes > 0) {
      if (own.bytes) wait = Math.max(wait, own.bytes.consume(bytes, now));
      if (node.bytes) wait = Math.max(wait, node.bytes.consume(bytes, now));
    }
    if (wait > 0 && !this.timer) {
      // already waiting: the timer re-checks every bucket when it fires
      this.pause();
      this.timer = setTimeout(() => this.recheck(), wait);
    }
  }

  private recheck(): void {
    this.timer = undefined;
    const now = Date.now();
    let wait = 0;
    for (const b of [this.own.messages, this.own.bytes, this.node.messages, this.node.bytes]) if (b) wait = Math.max(wait, b.wait(now));
    if (wait > 0) {
      this.timer = setTimeout(() => this.recheck(), wait);
      return;
    }
    this.resume();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

// ---------------------------------------------------------------- listener settings and force_shutdown

const UPDATABLE = new Set(['maxConnections', 'mountpoint', 'zone', 'enableAuthn', 'messagesRate', 'bytesRate']);

function checkRate(name: string, rate: unknown): void {
  if (rate === null || rate === undefined) return;
  const r = rate as RateLimit;
  const ok = typeof r === 'object' && Number.isFinite(r.amount) && r.amount > 0 && Number.isFinite(r.periodMs) && r.periodMs > 0;
  if (!ok) throw new BrokerError('INVALID_LISTENER_UPDATE', `${name}: expected { amount > 0, periodMs > 0 } or null, got ${JSON.stringify(rate)}`);
}

/** validates the live-updatable listener settings; `patch` may be a whole ListenerConfig (only these keys are checked) */
export function checkListenerUpdate(patch: ListenerUpdate | ListenerConfig, whole = 'id' in patch): void {
  if (!whole) {
    const other = Object.keys(patch).filter((k) => !UPDATABLE.has(k));
    if (other.length) throw new BrokerError('INVALID_LISTENER_UPDATE', `Cannot change ${other.join(', ')} of a running listener: restart it with the new config`);
  }
  const mc = patch.maxConnections;
  if (mc !== undefined && mc !== null && !(Number.isInteger(mc) && mc > 0)) {
    throw new BrokerError('INVALID_LISTENER_UPDATE', `maxConnections: expected a positive integer or null, got ${JSON.stringify(mc)}`);
  }
  checkRate('messagesRate', patch.messagesRate);
  checkRate('bytesRate', patch.bytesRate);
}

const PER_MESSAGE_OVERHEAD = 200; // a Pending entry, its message object and topic string, roughly

/** what one connection holds in memory besides its code: the socket buffer, the session's queues (payloads dominate) */
export function heapEstimate(conn: Connection): number {
  let bytes = conn.stream.writableLength + conn.stream.readableLength;
  const session = conn.session;
  if (session) {
    for (const p of session.mqueue.toArray()) bytes += p.msg.payload.length + p.msg.topic.length + PER_MESSAGE_OVERHEAD;
    for (const p of session.inflight.values()) bytes += p.msg.payload.length + p.msg.topic.length + PER_MESSAGE_OVERHEAD;
    bytes += session.awaitingRel.size * 16;
  }
  return bytes;
}
