// Issue 20 item 8: the overview refreshed every 3 s; the spec refreshes it every 10 or 20 s with a one-minute rate window.
import { describe, expect, it } from 'vitest';
import { CURRENT_REFRESH_MS, RATE_WINDOW_MS, TREND_REFRESH_MS } from './overview.config';

describe('overview refresh', () => {
  it('polls at the spec rate and keeps the one-minute rate window', () => {
    expect([10_000, 20_000]).toContain(CURRENT_REFRESH_MS);
    expect([10_000, 20_000]).toContain(TREND_REFRESH_MS);
    expect(RATE_WINDOW_MS).toBe(60_000);
    // a one-minute window still holds several samples to take a rate from
    expect(RATE_WINDOW_MS / CURRENT_REFRESH_MS).toBeGreaterThanOrEqual(3);
  });
});
