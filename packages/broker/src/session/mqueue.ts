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
/** a Pending entry and its message object, roughly */
const MESSAGE_OVERHEAD = 64;
const sizeOf = (p: Pending) => p.msg.payload.length + p.msg.topic.length + MESSAGE_OVERHEAD;

/**
 * The offline/overflow queue of a session. Bounded: when full the oldest message of the lowest priority is dropped
 * (EMQX behaviour); with priorities enabled a higher-priority message is dequeued first.
 *
 * Beside it, in the same bound, a FIFO of live QoS 0 messages parked while the socket was over its high-water mark
 * (EMQX would have handed them to the socket at once). They never take a queued message's place: when the queue is
 * full a parked message drops the oldest parked one (or itself), and a queued message drops a parked one first.
 */
/** what the queue's readers see (Session.mqueue): a session without a queue yet shows EMPTY_MQUEUE */
export interface ReadonlyMQueue {
  readonly size: number;
  readonly parked: number;
  readonly maxLen: number | null;
  readonly dropped: number;
  readonly bytes: number;
  peek(): Pending | undefined;
  toArray(): Pending[];
}

export class MQueue implements ReadonlyMQueue {
  // one FIFO per priority level; without priorities everything sits in level 0. Built at the first push: most
  // sessions never queue anything
  private levels: Map<number, Pending[]> | null = null;
  private sorted: readonly number[] = NO_LEVELS;
  /** queued + parked */
  private length = 0;
  private parkedQ: Pending[] | null = null;
  dropped = 0;
  /** what the queued + parked messages hold, roughly (payload, topic and MESSAGE_OVERHEAD each): node pressure */
  bytes = 0;

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

  /** live QoS 0 messages parked behind socket back-pressure: a new QoS 0 message may only bypass them while none is */
  get parked(): number {
    return this.parkedQ === null ? 0 : this.parkedQ.length;
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
    if (this.max !== null && this.length >= this.max && this.parked > 0) {
      // a parked QoS 0 message gives way first: without back-pressure it would not be here
      dropped = this.parkedQ!.shift()!;
      this.length--;
      this.bytes -= sizeOf(dropped);
      this.dropped++;
    } else if (this.max !== null && this.length >= this.max) {
      const lowest = this.sorted[this.sorted.length - 1];
      if (lowest !== undefined && lowest <= prio) {
        const q = this.levels!.get(lowest)!;
        dropped = q.shift()!;
        this.length--;
        this.bytes -= sizeOf(dropped);
        if (q.length === 0) this.removeLevel(lowest);
      } else {
        this.dropped++;
        return item;
      }
      this.dropped++;
    }
    this.append(prio, item);
    return dropped;
  }

  private append(prio: number, item: Pending): void {
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
    this.bytes += sizeOf(item);
  }

  /**
   * parks a live QoS 0 message behind socket back-pressure; returns the message dropped to make room: the oldest
   * parked one, or the new one when the queue is full of queued messages (never one of those)
   */
  park(item: Pending): Pending | undefined {
    if (this.max === 0) {
      this.dropped++;
      return item;
    }
    const parked = (this.parkedQ ??= []);
    let dropped: Pending | undefined;
    if (this.max !== null && this.length >= this.max) {
      this.dropped++;
      if (parked.length === 0) return item;
      dropped = parked.shift()!;
      this.length--;
      this.bytes -= sizeOf(dropped);
    }
    parked.push(item);
    this.length++;
    this.bytes += sizeOf(item);
    return dropped;
  }

  /** the oldest parked message, taken out */
  shiftParked(): Pending | undefined {
    const item = this.parkedQ?.shift();
    if (item !== undefined) {
      this.length--;
      this.bytes -= sizeOf(item);
    }
    return item;
  }

  /** the connection went away: parked messages join the queue's tail, as messages kept for an offline client */
  unpark(): void {
    const parked = this.parkedQ;
    if (parked === null || parked.length === 0) return;
    this.parkedQ = null;
    this.length -= parked.length;
    for (const p of parked) {
      this.bytes -= sizeOf(p); // append counts it again
      const prio = this.priorityOf(p.msg.topic);
      if (this.priorities) p.priority = prio === 256 ? 'infinity' : prio;
      this.append(prio, p);
    }
  }

  /** the queued message to send next (parked ones aside) */
  peek(): Pending | undefined {
    const top = this.sorted[0];
    return top === undefined ? undefined : this.levels!.get(top)![0];
  }

  shift(): Pending | undefined {
    const top = this.sorted[0];
    if (top === undefined) return undefined;
    const q = this.levels!.get(top)!;
    const item = q.shift()!;
    this.length--;
    this.bytes -= sizeOf(item);
    if (q.length === 0) this.removeLevel(top);
    return item;
  }

  /** queued messages in sending order, then parked ones */
  toArray(): Pending[] {
    const out: Pending[] = [];
    for (const p of this.sorted) out.push(...this.levels!.get(p)!);
    if (this.parkedQ !== null) out.push(...this.parkedQ);
    return out;
  }

  clear(): void {
    this.levels = null;
    this.sorted = NO_LEVELS;
    this.parkedQ = null;
    this.length = 0;
    this.bytes = 0;
  }

  private removeLevel(p: number): void {
    this.levels!.delete(p);
    this.sorted = this.sorted.length === 1 ? NO_LEVELS : this.sorted.filter((x) => x !== p);
  }
}

/** the queue of every session that never queued a message: empty, and frozen so that a write to it throws */
export const EMPTY_MQUEUE: ReadonlyMQueue = Object.freeze(new MQueue(0, null, 'lowest'));
