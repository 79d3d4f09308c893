import type { PublishMessage, QoS } from '../types';

/** A message waiting for a client: what to send and with which delivery options. */
export interface Pending {
  msg: PublishMessage;
  qos: QoS;
  retain: boolean;
  subids?: number[];
  insertedAt: bigint;
  priority?: number | 'infinity';
  /** durable sessions: the message's row in the SessionStore while it is undelivered */
  seq?: number;
}

const NO_LEVELS: readonly number[] = Object.freeze([]);

/**
 * The offline/overflow queue of a session. Bounded: when full the oldest message of the lowest priority is dropped
 * (EMQX behaviour); with priorities enabled a higher-priority message is dequeued first.
 */
export class MQueue {
  // one FIFO per priority level; without priorities everything sits in level 0. Built at the first push: most
  // sessions never queue anything
  private levels: Map<number, Pending[]> | null = null;
  private sorted: readonly number[] = NO_LEVELS;
  private length = 0;
  /** how many of the queued messages are QoS 0: a new QoS 0 message may only bypass the queue while none is */
  private qos0Count = 0;
  dropped = 0;

  constructor(
    private max: number | null,
    private priorities: Record<string, number> | null,
    private defaultPriority: 'lowest' | 'highest',
  ) {}

  configure(max: number | null, priorities: Record<string, number> | null, defaultPriority: 'lowest' | 'highest'): void {
    this.max = max;
    this.priorities = priorities;
    this.defaultPriority = defaultPriority;
  }

  get size(): number {
    return this.length;
  }

  /** QoS 0 messages queued (parked behind socket back-pressure, or kept offline with mqueue_store_qos0) */
  get qos0(): number {
    return this.qos0Count;
  }

  get maxLen(): number | null {
    return this.max;
  }

  private priorityOf(topic: string): number {
    if (!this.priorities) return 0;
    const p = this.priorities[topic];
    if (p !== undefined) return p;
    return this.defaultPriority === 'highest' ? 256 : 0; // 256 stands for 'infinity'
  }

  /** adds a message; returns the message dropped to make room (possibly the new one) */
  push(item: Pending): Pending | undefined {
    if (this.max === 0) {
      this.dropped++;
      return item;
    }
    const prio = this.priorityOf(item.msg.topic);
    if (this.priorities) item.priority = prio === 256 ? 'infinity' : prio;
    let dropped: Pending | undefined;
    if (this.max !== null && this.length >= this.max) {
      const lowest = this.sorted[this.sorted.length - 1];
      if (lowest !== undefined && lowest <= prio) {
        const q = this.levels!.get(lowest)!;
        dropped = q.shift();
        this.length--;
        if (dropped?.qos === 0) this.qos0Count--;
        if (q.length === 0) this.removeLevel(lowest);
      } else {
        this.dropped++;
        return item;
      }
      this.dropped++;
    }
    const levels = (this.levels ??= new Map());
    let q = levels.get(prio);
    if (!q) {
      q = [];
      levels.set(prio, q);
      // one level is the usual case (no priorities): no sort
      this.sorted = this.sorted.length === 0 ? [prio] : [...this.sorted, prio].sort((a, b) => b - a);
    }
    q.push(item);
    this.length++;
    if (item.qos === 0) this.qos0Count++;
    return dropped;
  }

  peek(): Pending | undefined {
    const top = this.sorted[0];
    return top === undefined ? undefined : this.levels!.get(top)![0];
  }

  shift(): Pending | undefined {
    const top = this.sorted[0];
    if (top === undefined) return undefined;
    const q = this.levels!.get(top)!;
    const item = q.shift();
    this.length--;
    if (item?.qos === 0) this.qos0Count--;
    if (q.length === 0) this.removeLevel(top);
    return item;
  }

  toArray(): Pending[] {
    const out: Pending[] = [];
    for (const p of this.sorted) out.push(...this.levels!.get(p)!);
    return out;
  }

  clear(): void {
    this.levels = null;
    this.sorted = NO_LEVELS;
    this.length = 0;
    this.qos0Count = 0;
  }

  private removeLevel(p: number): void {
    this.levels!.delete(p);
    this.sorted = this.sorted.length === 1 ? NO_LEVELS : this.sorted.filter((x) => x !== p);
  }
}
