// Per-rule counters and the `matched` rate, with EMQX's names and arithmetic (emqx_metrics_worker): the rate is
// sampled every 10 s as (count now − count at the last sample) / 10; `max` is the highest sample since the
// counters started; `last5m` is the mean of the samples of the last 5 minutes (of fewer while the rule is younger).
// Rates are rounded to 2 decimals. One timer samples every rule; it runs only while some rule exists.
import type { RuleMetricsValues } from '@mqdeck/api';

const SAMPLING_S = 10;
const SAMPLES_5M = 300 / SAMPLING_S;

/** the counters EMQX keeps for each rule, in its order */
export const RULE_COUNTERS = [
  'matched',
  'passed',
  'failed',
  'failed.exception',
  'failed.no_result',
  'actions.total',
  'actions.success',
  'actions.failed',
  'actions.failed.out_of_service',
  'actions.failed.unknown',
  'actions.discarded',
] as const;
export type RuleCounter = (typeof RULE_COUNTERS)[number];

/** the counters and rates as `/rules/{id}/metrics` sends them (the contract's type) */
export type RuleMetricsView = RuleMetricsValues;

const round2 = (n: number) => Math.round(n * 100) / 100;

export class RuleMetrics {
  matched = 0;
  passed = 0;
  noResult = 0;
  exception = 0;
  actionsTotal = 0;
  actionsSuccess = 0;
  /** `actions.failed`: EMQX counts an action's recoverable error as out of service only, so this is not a plain sum */
  actionsFailed = 0;
  actionsFailedOutOfService = 0;
  actionsFailedUnknown = 0;
  actionsDiscarded = 0;
  // the matched rate
  private lastValue = 0;
  private current = 0;
  private max = 0;
  private samples: number[] = [];
  private sum = 0;

  countNoResult(): void {
    this.noResult++;
  }

  countException(): void {
    this.exception++;
  }

  /** one sampling tick */
  sample(): void {
    const rate = (this.matched - this.lastValue) / SAMPLING_S;
    this.lastValue = this.matched;
    this.current = rate;
    if (rate > this.max) this.max = rate;
    this.samples.push(rate);
    this.sum += rate;
    if (this.samples.length > SAMPLES_5M) this.sum -= this.samples.shift()!;
  }

  reset(): void {
    this.matched = this.passed = this.noResult = this.exception = 0;
    this.actionsTotal = this.actionsSuccess = this.actionsFailed = this.actionsFailedOutOfService = this.actionsFailedUnknown = this.actionsDiscarded = 0;
    this.lastValue = this.current = this.max = this.sum = 0;
    this.samples = [];
  }

  view(): RuleMetricsView {
    // `failed` is the sum of its parts: EMQX increments it with each of them
    return {
      matched: this.matched,
      passed: this.passed,
      failed: this.exception + this.noResult,
      'failed.exception': this.exception,
      'failed.no_result': this.noResult,
      'actions.total': this.actionsTotal,
      'actions.success': this.actionsSuccess,
      'actions.failed': this.actionsFailed,
      'actions.failed.out_of_service': this.actionsFailedOutOfService,
      'actions.failed.unknown': this.actionsFailedUnknown,
      'actions.discarded': this.actionsDiscarded,
      'matched.rate': round2(this.current),
      'matched.rate.max': round2(this.max),
      'matched.rate.last5m': round2(this.samples.length ? this.sum / this.samples.length : 0),
    };
  }
}

/** Samples every rule's rate on one unref'd timer, started with the first rule and stopped with the last. */
export class MetricsSampler {
  private timer?: NodeJS.Timeout;
  private readonly all = new Set<RuleMetrics>();

  add(m: RuleMetrics): void {
    this.all.add(m);
    if (!this.timer) {
      this.timer = setInterval(() => {
        for (const x of this.all) x.sample();
      }, SAMPLING_S * 1000);
      this.timer.unref();
    }
  }

  remove(m: RuleMetrics): void {
    this.all.delete(m);
    if (this.all.size === 0) this.stop();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
