// Inbound flow control (EMQX limiter): token buckets for messages and bytes. Reading is paused while a bucket
// is in debt, so a client over its rate is slowed down by TCP back-pressure, never dropped.
import type { ListenerConfig, ListenerUpdate, RateLimit } from '../types';
import { BrokerError } from '../types';

/**
 * `amount` tokens per `periodMs`, holding at most one period's worth (EMQX's burst 0). A request larger than the
 * bucket (a big PUBLISH against a small bytes rate) is let through once the bucket is full and leaves it in debt.
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

  /** ms until n tokens (at most a full bucket) are there; 0 = now */
  wait(n: number, now: number): number {
    if (now > this.last) {
      this.tokens = Math.min(this.limit.amount, this.tokens + (now - this.last) * this.perMs);
      this.last = now;
    }
    const need = Math.min(n, this.limit.amount) - this.tokens;
    return need <= 0 ? 0 : Math.max(1, Math.ceil(need / this.perMs));
  }

  take(n: number): void {
    this.tokens -= n;
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
 * Admits inbound PUBLISH packets at the rate of the connection's own buckets (listener, per client) and the
 * node's shared ones. A packet without tokens waits at the head of the connection's inbox while the socket is
 * paused (EMQX pauses reading), so the sender is slowed by TCP back-pressure and nothing is dropped.
 * The node pair is read at each call, so `broker.setLimits` reaches live connections.
 */
export class ConnLimiter {
  private timer?: NodeJS.Timeout;

  constructor(
    private own: BucketPair,
    private readonly node: BucketPair,
    private readonly pause: () => void,
    /** tokens are there again: resume reading and handle the waiting packet */
    private readonly ready: () => void,
  ) {}

  get paused(): boolean {
    return this.timer !== undefined;
  }

  /** true: handle the PUBLISH now (its tokens are taken); false: wait for `ready` */
  admit(bytes: number): boolean {
    const { own, node } = this;
    if (!own.messages && !own.bytes && !node.messages && !node.bytes) return true;
    if (this.timer) return false;
    const now = Date.now();
    let wait = 0;
    if (own.messages) wait = own.messages.wait(1, now);
    if (node.messages) wait = Math.max(wait, node.messages.wait(1, now));
    if (own.bytes) wait = Math.max(wait, own.bytes.wait(bytes, now));
    if (node.bytes) wait = Math.max(wait, node.bytes.wait(bytes, now));
    if (wait > 0) {
      this.pause();
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.ready();
      }, wait);
      return false;
    }
    own.messages?.take(1);
    node.messages?.take(1);
    own.bytes?.take(bytes);
    node.bytes?.take(bytes);
    return true;
  }

  /** the listener's rates changed: fresh buckets at the new rates (a packet already waiting keeps its timer) */
  retune(own: BucketPair): void {
    this.own = own;
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
