// Per-rule counters and the `matched` rate, with EMQX's names and arithmetic (shared/rate.ts). One timer samples
// every rule; it runs only while some rule exists.
import type { RuleMetricsValues } from '@mqdeck/api';
import { RateMeter, RateSampler } from '../../shared/rate';

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
  private readonly rate = new RateMeter(() => this.matched);

  countNoResult(): void {
    this.noResult++;
  }

  countException(): void {
    this.exception++;
  }

  /** one sampling tick */
  sample(): void {
    this.rate.sample();
  }

  reset(): void {
    this.matched = this.passed = this.noResult = this.exception = 0;
    this.actionsTotal = this.actionsSuccess = this.actionsFailed = this.actionsFailedOutOfService = this.actionsFailedUnknown = this.actionsDiscarded = 0;
    this.rate.reset();
  }

  view(): RuleMetricsView {
    // `failed` is the sum of its parts: EMQX increments it with each of them
    const rate = this.rate.view();
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
      'matched.rate': rate.current,
      'matched.rate.max': rate.max,
      'matched.rate.last5m': rate.last5m,
    };
  }
}

/** Samples every rule's rate on one unref'd timer, started with the first rule and stopped with the last. */
export class MetricsSampler extends RateSampler<RuleMetrics> {}
