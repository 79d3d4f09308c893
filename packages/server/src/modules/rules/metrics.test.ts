// The matched rate as emqx_metrics_worker computes it: per 10 s sample, max since start, mean of the last 5 minutes.
import { describe, expect, test } from 'vitest';
import { RuleMetrics } from './metrics';

describe('RuleMetrics', () => {
  test('rate = matches in the sample / 10 s; max kept; last5m is the mean of up to 30 samples; 2 decimals', () => {
    const m = new RuleMetrics();
    m.matched += 100;
    m.sample();
    expect(m.view()).toMatchObject({ matched: 100, 'matched.rate': 10, 'matched.rate.max': 10, 'matched.rate.last5m': 10 });
    m.matched += 1;
    m.sample();
    expect(m.view()).toMatchObject({ 'matched.rate': 0.1, 'matched.rate.max': 10, 'matched.rate.last5m': 5.05 });
    for (let i = 0; i < 30; i++) {
      m.matched += 20;
      m.sample();
    }
    // the first two samples have left the 5-minute window
    expect(m.view()).toMatchObject({ 'matched.rate': 2, 'matched.rate.max': 10, 'matched.rate.last5m': 2 });
    m.matched += 1;
    m.sample();
    expect(m.view()['matched.rate.last5m']).toBe(1.94);
  });

  test('failed is the sum of exception and no_result; reset zeroes counters and rates', () => {
    const m = new RuleMetrics();
    m.matched = 3;
    m.countException();
    m.countNoResult();
    m.countNoResult();
    m.actionsTotal = 2;
    m.actionsFailed = 1;
    m.actionsFailedOutOfService = 1;
    m.sample();
    expect(m.view()).toMatchObject({ failed: 3, 'failed.exception': 1, 'failed.no_result': 2, 'actions.failed': 1, 'actions.failed.out_of_service': 1 });
    m.reset();
    expect(Object.values(m.view()).every((v) => v === 0)).toBe(true);
  });
});
