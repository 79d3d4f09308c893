// Per-authenticator / per-source counters with EMQX's rate fields: `rate` is the current per-second
// rate (last full second), `rate_max` the highest seen, `rate_last5m` the average over five minutes.
export class RateCounters<K extends string> {
  readonly counts: Record<K | 'total', number>;
  private readonly seconds = new Float64Array(300);
  private readonly stamps = new Float64Array(300);
  private rateMax = 0;

  constructor(keys: readonly K[]) {
    this.counts = Object.fromEntries([...keys, 'total'].map((k) => [k, 0])) as Record<K | 'total', number>;
  }

  incr(key: K, now = Date.now()): void {
    this.counts[key]++;
    this.counts.total++;
    const sec = Math.floor(now / 1000);
    const slot = sec % 300;
    if (this.stamps[slot] !== sec) {
      this.stamps[slot] = sec;
      this.seconds[slot] = 0;
    }
    this.seconds[slot]++;
  }

  private countAt(sec: number): number {
    const slot = sec % 300;
    return this.stamps[slot] === sec ? this.seconds[slot] : 0;
  }

  rates(now = Date.now()): { rate: number; rate_max: number; rate_last5m: number } {
    const sec = Math.floor(now / 1000);
    const rate = this.countAt(sec - 1);
    let sum = 0;
    for (let s = sec - 300; s < sec; s++) sum += this.countAt(s);
    this.rateMax = Math.max(this.rateMax, rate);
    return { rate, rate_max: this.rateMax, rate_last5m: Math.round((sum / 300) * 100) / 100 };
  }
}

type Metrics<K extends string> = Record<K | 'total', number> & ReturnType<RateCounters<K>['rates']>;

/** The status answer as this single node fills it: one entry per node list, no resource (connector) figures. */
export interface StatusAnswer<K extends string, S extends string> {
  status: S;
  metrics: Metrics<K>;
  node_metrics: { node: string; metrics: Metrics<K> }[];
  node_status: { node: string; status: S }[];
  resource_metrics: Record<string, never>;
  node_resource_metrics: never[];
  node_error: never[];
}

/** EMQX's GET …/status answer for one authenticator or authorization source on this single node. */
export function statusAnswer<K extends string, S extends string>(nodeName: string, status: S, counters: RateCounters<K>): StatusAnswer<K, S> {
  const metrics = { ...counters.counts, ...counters.rates() };
  return {
    status,
    metrics,
    node_metrics: [{ node: nodeName, metrics }],
    node_status: [{ node: nodeName, status }],
    resource_metrics: {},
    node_resource_metrics: [],
    node_error: [],
  };
}
