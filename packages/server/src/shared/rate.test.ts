import { describe, expect, it } from 'vitest';
import { RateMeter } from './rate';

describe('RateMeter (emqx_metrics_worker arithmetic)', () => {
  it('rate = growth over 10 s; max keeps the highest; last5m averages the last 30 samples', () => {
    let count = 0;
    const m = new RateMeter(() => count);
    count = 25;
    m.sample(); // 2.5/s
    count = 30;
    m.sample(); // 0.5/s
    expect(m.view()).toEqual({ current: 0.5, max: 2.5, last5m: 1.5 });
    for (let i = 0; i < 30; i++) {
      count += 10;
      m.sample(); // 1/s, pushing the first two out of the 5-minute window
    }
    expect(m.view()).toEqual({ current: 1, max: 2.5, last5m: 1 });
  });

  it('rounds to 2 decimals and starts over on reset', () => {
    let count = 1;
    const m = new RateMeter(() => count);
    m.sample();
    expect(m.view().current).toBe(0.1);
    count = 0;
    m.reset();
    expect(m.view()).toEqual({ current: 0, max: 0, last5m: 0 });
  });
});
