import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Keepalive } from '../src/connection/keepalive';

// EMQX checks keepalive at mqtt.keepalive_check_interval (clamped to 1 s .. keepalive / 2) and closes a
// connection once its idle intervals would reach keepalive × multiplier.
describe('keepalive check interval', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('a silent client is closed at the first check where idle time reaches keepalive × multiplier', () => {
    const timeout = vi.fn();
    const k = new Keepalive(timeout);
    k.start(3, 1.5, 1000); // 4.5 s allowed, checked every second
    expect(k.intervalMs).toBe(1000);
    vi.advanceTimersByTime(4999);
    expect(timeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(timeout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(timeout).toHaveBeenCalledTimes(1); // stopped after firing
  });

  test('the interval is clamped to half the keepalive, and to 1 s at least', () => {
    const k = new Keepalive(() => undefined);
    k.start(10, 1.5, 30_000);
    expect(k.intervalMs).toBe(5000);
    k.start(10, 1.5, 200);
    expect(k.intervalMs).toBe(1000);
    k.start(1, 1.5, 30_000);
    expect(k.intervalMs).toBe(1000);
    k.stop();
    expect(k.intervalMs).toBe(0);
  });

  test('a longer check interval detects later: within keepalive × multiplier + one interval', () => {
    const fast = vi.fn();
    const slow = vi.fn();
    new Keepalive(fast).start(20, 1, 1000); // 20 s allowed, checked every 1 s → at 20 s
    new Keepalive(slow).start(20, 1, 7000); // checked every 7 s → 7, 14, 21 s
    vi.advanceTimersByTime(20_000);
    expect(fast).toHaveBeenCalledTimes(1);
    expect(slow).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(slow).toHaveBeenCalledTimes(1);
  });

  test('anything received between two checks starts the idle count again', () => {
    const timeout = vi.fn();
    const k = new Keepalive(timeout);
    k.start(2, 1, 1000); // 2 s allowed
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(1500);
      k.touch();
    }
    expect(timeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(3000);
    expect(timeout).toHaveBeenCalledTimes(1);
  });

  test('keepalive 0 never times out', () => {
    const timeout = vi.fn();
    new Keepalive(timeout).start(0, 1.5, 1000);
    vi.advanceTimersByTime(60_000);
    expect(timeout).not.toHaveBeenCalled();
  });
});
