// Counters of one action or source with EMQX's names (emqx_resource_metrics, emqx_bridge_v2_api format_metrics) and
// the `matched` rate with emqx_metrics_worker's arithmetic — the same as modules/rules/metrics.ts: sampled every
// 10 s as (count now − count at the last sample) / 10; `max` the highest sample; `last5m` the mean of the samples of
// the last 5 minutes. Rounded to 2 decimals. `queuing`, `queuing_bytes` and `inflight` are gauges read from the buffer.
const SAMPLING_S = 10;
const SAMPLES_5M = 300 / SAMPLING_S;
const round2 = (n: number) => Math.round(n * 100) / 100;

export type DropReason = 'expired' | 'queue_full' | 'resource_stopped' | 'resource_not_found' | 'other';

export interface Gauges {
  queuing: number;
  queuingBytes: number;
  inflight: number;
}

export class ResourceMetrics {
  matched = 0;
  success = 0;
  failed = 0;
  retried = 0;
  retriedSuccess = 0;
  retriedFailed = 0;
  lateReply = 0;
  received = 0;
  readonly dropped: Record<DropReason, number> = { expired: 0, queue_full: 0, resource_stopped: 0, resource_not_found: 0, other: 0 };
  private lastValue = 0;
  private current = 0;
  private max = 0;
  private samples: number[] = [];
  private sum = 0;

  /** the counter the rate follows: `matched` for actions, `received` for sources (MQDeck: EMQX's source rate stays 0) */
  constructor(private readonly rateOf: 'matched' | 'received' = 'matched') {}

  drop(reason: DropReason, n = 1): void {
    this.dropped[reason] += n;
  }

  /** one sampling tick */
  sample(): void {
    const value = this[this.rateOf];
    const rate = (value - this.lastValue) / SAMPLING_S;
    this.lastValue = value;
    this.current = rate;
    if (rate > this.max) this.max = rate;
    this.samples.push(rate);
    this.sum += rate;
    if (this.samples.length > SAMPLES_5M) this.sum -= this.samples.shift()!;
  }

  reset(): void {
    this.matched = this.success = this.failed = this.retried = this.retriedSuccess = this.retriedFailed = this.lateReply = this.received = 0;
    for (const k of Object.keys(this.dropped) as DropReason[]) this.dropped[k] = 0;
    this.lastValue = this.current = this.max = this.sum = 0;
    this.samples = [];
  }

  /** the `metrics` object of GET /actions/{id}/metrics (EMQX's ?METRICS) */
  view(g: Gauges): Record<string, number> {
    const d = this.dropped;
    return {
      dropped: d.expired + d.queue_full + d.resource_stopped + d.resource_not_found + d.other,
      'dropped.other': d.other,
      'dropped.expired': d.expired,
      'dropped.queue_full': d.queue_full,
      'dropped.resource_not_found': d.resource_not_found,
      'dropped.resource_stopped': d.resource_stopped,
      matched: this.matched,
      queuing: g.queuing,
      queuing_bytes: g.queuingBytes,
      retried: this.retried,
      late_reply: this.lateReply,
      failed: this.failed,
      inflight: g.inflight,
      success: this.success,
      rate: round2(this.current),
      rate_last5m: round2(this.samples.length ? this.sum / this.samples.length : 0),
      rate_max: round2(this.max),
      received: this.received,
    };
  }
}

/** one unref'd timer sampling every live metrics object */
export class Sampler {
  private timer?: NodeJS.Timeout;
  private readonly all = new Set<ResourceMetrics>();

  add(m: ResourceMetrics): void {
    this.all.add(m);
    if (!this.timer) {
      this.timer = setInterval(() => {
        for (const x of this.all) x.sample();
      }, SAMPLING_S * 1000);
      this.timer.unref();
    }
  }

  remove(m: ResourceMetrics): void {
    this.all.delete(m);
    if (this.all.size === 0) this.stop();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
