import { describe, expect, it } from 'vitest';
import { appendToWindow, gaugeSeries, rateSeries, sampleIntervalMs, toRateSample } from './series';

const t0 = 1_700_000_000_000;

describe('monitor series', () => {
  it('plots gauges as they are, sorted by time, skipping samples without a value', () => {
    const samples = [{ time_stamp: t0 + 20_000, connections: 3 }, { time_stamp: t0, connections: 1 }, { time_stamp: t0 + 10_000 }, { connections: 9 }];
    expect(gaugeSeries(samples, 'connections')).toEqual([
      [t0, 1],
      [t0 + 20_000, 3],
    ]);
  });

  it('turns per-interval deltas into per-second rates using the median gap', () => {
    // 10 s samples with one 5-minute hole (a restart) that must not skew the interval.
    const samples = [0, 10, 20, 320, 330].map((s, i) => ({ time_stamp: t0 + s * 1000, received: [50, 100, 0, 25, 10][i] }));
    expect(sampleIntervalMs(samples)).toBe(10_000);
    expect(rateSeries(samples, 'received').map(([, v]) => v)).toEqual([5, 10, 0, 2.5, 1]);
  });

  it('uses the bucket width of downsampled data', () => {
    const samples = [0, 60, 120].map((s) => ({ time_stamp: t0 + s * 1000, sent: 600 }));
    expect(rateSeries(samples, 'sent').map(([, v]) => v)).toEqual([10, 10, 10]);
  });

  it('falls back to the 10 s default sample interval with one sample', () => {
    expect(rateSeries([{ time_stamp: t0, dropped: 30 }], 'dropped')).toEqual([[t0, 3]]);
  });
});

describe('rate window', () => {
  it('keeps one minute of readings and ignores stale or repeated answers', () => {
    let w = appendToWindow([], toRateSample({ received_msg_rate: 1 }, t0), 60_000);
    w = appendToWindow(w, toRateSample({ received_msg_rate: 2 }, t0 + 30_000), 60_000);
    expect(appendToWindow(w, toRateSample({ received_msg_rate: 9 }, t0 + 30_000), 60_000)).toBe(w);
    w = appendToWindow(w, toRateSample({ received_msg_rate: 3, sent_msg_rate: 4 }, t0 + 61_000), 60_000);
    expect(w).toEqual([
      { t: t0 + 30_000, received: 2, sent: 0, dropped: 0 },
      { t: t0 + 61_000, received: 3, sent: 4, dropped: 0 },
    ]);
  });
});
