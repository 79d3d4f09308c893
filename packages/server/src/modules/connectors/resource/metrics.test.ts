// The counters and rate of an action or source: EMQX's names, `dropped` as the sum of its reasons, the rate as
// emqx_metrics_worker samples it (per 10 s, max, mean of the last 5 minutes), and reset.
import { expect, test } from 'vitest';
import { ResourceMetrics } from './metrics';

const gauges = { queuing: 2, queuingBytes: 30, inflight: 1 };

test('names and sums as EMQX format_metrics', () => {
  const m = new ResourceMetrics();
  m.matched = 10;
  m.success = 5;
  m.failed = 1;
  m.drop('queue_full', 2);
  m.drop('expired');
  expect(m.view(gauges)).toEqual({
    dropped: 3,
    'dropped.other': 0,
    'dropped.expired': 1,
    'dropped.queue_full': 2,
    'dropped.resource_not_found': 0,
    'dropped.resource_stopped': 0,
    matched: 10,
    queuing: 2,
    queuing_bytes: 30,
    retried: 0,
    late_reply: 0,
    failed: 1,
    inflight: 1,
    success: 5,
    rate: 0,
    rate_last5m: 0,
    rate_max: 0,
    received: 0,
  });
});

test('the rate: per 10 s sample, its max, the mean of the samples; a source follows received; reset', () => {
  const m = new ResourceMetrics();
  m.matched = 100;
  m.sample(); // 10/s
  m.matched = 130;
  m.sample(); // 3/s
  expect(m.view(gauges)).toMatchObject({ rate: 3, rate_max: 10, rate_last5m: 6.5 });
  const s = new ResourceMetrics('received');
  s.received = 25;
  s.sample();
  expect(s.view(gauges).rate).toBe(2.5);
  m.reset();
  expect(m.view(gauges)).toMatchObject({ matched: 0, rate: 0, rate_max: 0, rate_last5m: 0, dropped: 0 });
});
