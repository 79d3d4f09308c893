// Counters of one action or source with EMQX's names (emqx_resource_metrics, emqx_bridge_v2_api format_metrics) and
// the `matched` rate (shared/rate.ts). `queuing`, `queuing_bytes` and `inflight` are gauges read from the buffer.
import { RateMeter, RateSampler } from '../../../shared/rate';

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
  private readonly rate: RateMeter;

  /** the counter the rate follows: `matched` for actions, `received` for sources (MQDeck: EMQX's source rate stays 0) */
  constructor(rateOf: 'matched' | 'received' = 'matched') {
    this.rate = new RateMeter(() => this[rateOf]);
  }

  drop(reason: DropReason, n = 1): void {
    this.dropped[reason] += n;
  }

  /** one sampling tick */
  sample(): void {
    this.rate.sample();
  }

  reset(): void {
    this.matched = this.success = this.failed = this.retried = this.retriedSuccess = this.retriedFailed = this.lateReply = this.received = 0;
    for (const k of Object.keys(this.dropped) as DropReason[]) this.dropped[k] = 0;
    this.rate.reset();
  }

  /** the `metrics` object of GET /actions/{id}/metrics (EMQX's ?METRICS) */
  view(g: Gauges): Record<string, number> {
    const d = this.dropped;
    const rate = this.rate.view();
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
      rate: rate.current,
      rate_last5m: rate.last5m,
      rate_max: rate.max,
      received: this.received,
    };
  }
}

/** one unref'd timer sampling every live metrics object */
export class Sampler extends RateSampler<ResourceMetrics> {}
