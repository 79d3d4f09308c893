// The ranking of slow subscriptions (EMQX's top-k): each clientid/topic pair keeps its worst latency above the
// threshold; when `maxSize` pairs are kept, a slower pair replaces the fastest one; a pair not raised for
// `expireMs` goes.

export interface SlowRecord {
  clientid: string;
  topic: string;
  /** ms */
  timespan: number;
  /** epoch ms */
  lastUpdate: number;
}

export class SlowRanking {
  private readonly records = new Map<string, SlowRecord>();
  threshold = 500;
  maxSize = 10;
  expireMs = 300_000;

  /** slowest first */
  list(): SlowRecord[] {
    return [...this.records.values()].sort((a, b) => b.timespan - a.timespan);
  }

  clear(): void {
    this.records.clear();
  }

  record(clientid: string, topic: string, timespan: number, now: number): void {
    if (timespan <= this.threshold) return;
    const id = `${clientid}\u0000${topic}`;
    const known = this.records.get(id);
    if (known && timespan <= known.timespan) return;
    if (!known && this.records.size >= this.maxSize) {
      let min: [string, SlowRecord] | undefined;
      for (const entry of this.records) if (!min || entry[1].timespan < min[1].timespan) min = entry;
      if (min && timespan <= min[1].timespan) return;
      if (min) this.records.delete(min[0]);
    }
    this.records.set(id, { clientid, topic, timespan, lastUpdate: now });
  }

  expire(now: number): void {
    for (const [id, r] of this.records) if (now - r.lastUpdate >= this.expireMs) this.records.delete(id);
  }
}
