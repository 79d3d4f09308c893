/** What the window holds: anything keyed by its packet id. */
interface Keyed {
  packetId: number;
}

/** What readers of a session's window see (Session.inflight). */
export interface ReadonlyInflight<T extends Keyed> {
  readonly size: number;
  get(packetId: number): T | undefined;
  has(packetId: number): boolean;
  /** in the order they were added: resent in that order [MQTT-4.6.0-1] */
  values(): T[];
}

const MIN_SLOTS = 16;

/**
 * A session's deliveries waiting for their acknowledgement, by packet id. A Map would do, but each QoS 1 delivery
 * sets one key and deletes another, and a Map rebuilds its table every few dozen such pairs: ≈ 0.9 KB of garbage per
 * message fanned out to 10 subscribers (bench/alloc-profile.ts --fanout --qos 1). Packet ids are handed out in
 * sequence, so an open-addressing table indexed by the id's low bits rarely probes, and it keeps its slots.
 * Deleting shifts the entries behind back into place (no tombstones); the table doubles past half full.
 */
export class InflightWindow<T extends Keyed> implements ReadonlyInflight<T> {
  private slots: (T | undefined)[] = [];
  /** when each slot's entry was added (a counter): values() keeps the insertion order a Map had */
  private added: number[] = [];
  private mask = 0;
  private count = 0;
  private clock = 0;

  constructor() {
    this.table(MIN_SLOTS);
  }

  /** a new, empty table of `size` slots (a power of two) */
  private table(size: number): void {
    this.slots = new Array<T | undefined>(size).fill(undefined);
    this.added = new Array<number>(size).fill(0);
    this.mask = size - 1;
  }

  get size(): number {
    return this.count;
  }

  private indexOf(packetId: number): number {
    const slots = this.slots;
    for (let i = packetId & this.mask; ; i = (i + 1) & this.mask) {
      const e = slots[i];
      if (e === undefined) return -1;
      if (e.packetId === packetId) return i;
    }
  }

  get(packetId: number): T | undefined {
    const i = this.indexOf(packetId);
    return i < 0 ? undefined : this.slots[i];
  }

  has(packetId: number): boolean {
    return this.indexOf(packetId) >= 0;
  }

  /** adds `entry` under its packet id, or replaces the entry with that id */
  set(entry: T): void {
    const at = this.indexOf(entry.packetId);
    if (at >= 0) {
      this.slots[at] = entry;
      return;
    }
    if ((this.count + 1) * 2 > this.slots.length) this.grow();
    this.place(entry, this.clock++);
    this.count++;
  }

  private place(entry: T, added: number): void {
    let i = entry.packetId & this.mask;
    while (this.slots[i] !== undefined) i = (i + 1) & this.mask;
    this.slots[i] = entry;
    this.added[i] = added;
  }

  private grow(): void {
    const { slots, added } = this;
    this.table(slots.length * 2);
    for (let i = 0; i < slots.length; i++) if (slots[i] !== undefined) this.place(slots[i]!, added[i]);
  }

  delete(packetId: number): boolean {
    let hole = this.indexOf(packetId);
    if (hole < 0) return false;
    const { slots, added, mask } = this;
    slots[hole] = undefined;
    if (--this.count === 0 && slots.length > MIN_SLOTS * 4) {
      this.table(MIN_SLOTS); // a burst under a large max_inflight is over: give its table back
      return true;
    }
    // backward shift: an entry after the hole moves into it unless its home slot lies (cyclically) after the hole
    for (let j = (hole + 1) & mask; slots[j] !== undefined; j = (j + 1) & mask) {
      const home = slots[j]!.packetId & mask;
      const stays = hole <= j ? hole < home && home <= j : hole < home || home <= j;
      if (stays) continue;
      slots[hole] = slots[j];
      added[hole] = added[j];
      slots[j] = undefined;
      hole = j;
    }
    return true;
  }

  values(): T[] {
    const at: number[] = [];
    for (let i = 0; i < this.slots.length; i++) if (this.slots[i] !== undefined) at.push(i);
    at.sort((a, b) => this.added[a] - this.added[b]);
    return at.map((i) => this.slots[i]!);
  }
}

/**
 * the window of a session that never had an in-flight message: always empty, never written (its type has no writes).
 * A window itself, so that the session's reads of its window see one class.
 */
export const NO_INFLIGHT: ReadonlyInflight<never> = new InflightWindow<never>();
