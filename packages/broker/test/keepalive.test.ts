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

  test('the idle deadline (no CONNECT within idle_timeout) fires once, at most one tick late, whatever arrives', () => {
    const owner = { keepaliveExpired: vi.fn(), idleExpired: vi.fn() };
    const k = new Keepalive(owner);
    k.startIdle(1000);
    k.touch(); // bytes of a CONNECT not complete yet do not count
    vi.advanceTimersByTime(999);
    expect(owner.idleExpired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(251);
    expect(owner.idleExpired).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(owner.idleExpired).toHaveBeenCalledTimes(1);
    expect(owner.keepaliveExpired).not.toHaveBeenCalled();
  });

  test('CONNECT stops the idle deadline; the keepalive that follows checks as usual', () => {
    const owner = { keepaliveExpired: vi.fn(), idleExpired: vi.fn() };
    const k = new Keepalive(owner);
    k.startIdle(1000);
    vi.advanceTimersByTime(500);
    k.stop(); // CONNECT received
    vi.advanceTimersByTime(5000);
    expect(owner.idleExpired).not.toHaveBeenCalled();
    k.startIdle(1000);
    k.start(2, 1, 1000); // CONNACK: keepalive 2 s replaces a deadline still waiting
    vi.advanceTimersByTime(2000);
    expect(owner.idleExpired).not.toHaveBeenCalled();
    expect(owner.keepaliveExpired).toHaveBeenCalledTimes(1);
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

// One wheel (a single timer) holds the checks of every connection: each keeps its own interval and idle count, and
// detects at the check the per-connection timer did, or within one wheel tick (250 ms) after it, never before.
describe('keepalive wheel: many connections with different keepalives', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('each silent connection is closed at its own check, touched and stopped ones never', () => {
    const t0 = performance.now();
    type Case = { seconds: number; multiplier: number; check: number; startAt: number; kind: 'silent' | 'touched' | 'stopped' };
    const cases: Case[] = [];
    for (let i = 0; i < 600; i++) {
      cases.push({
        seconds: 1 + (i % 23),
        multiplier: [1, 1.5, 2, 0.75][i % 4],
        check: [1000, 3000, 30_000, 7000][(i >> 2) % 4],
        startAt: (i * 37) % 5000, // connections arrive at any time, not on the wheel's ticks
        kind: i % 5 === 0 ? 'touched' : i % 7 === 0 ? 'stopped' : 'silent',
      });
    }
    const fired: (number | undefined)[] = [];
    const keepalives = cases.map((c, i) => new Keepalive(() => (fired[i] = performance.now() - t0)));
    cases.forEach((c, i) => setTimeout(() => keepalives[i].start(c.seconds, c.multiplier, c.check), c.startAt));
    // the touched ones get a packet every 400 ms (each check then sees one); the stopped ones go after 600 ms
    const touching = setInterval(() => cases.forEach((c, i) => c.kind === 'touched' && keepalives[i].touch()), 400);
    cases.forEach((c, i) => c.kind === 'stopped' && setTimeout(() => keepalives[i].stop(), c.startAt + 600));
    vi.advanceTimersByTime(80_000); // past every silent one's end (23 s × 2 + one interval, started by 5 s)

    cases.forEach((c, i) => {
      if (c.kind !== 'silent') {
        expect(fired[i], `case ${i} (${c.kind})`).toBeUndefined();
        return;
      }
      // what a timer of its own did: checks every interval from its start, closed at the first check where the idle
      // intervals reach keepalive × multiplier
      const interval = Math.min(Math.max(c.check, 1000), Math.max(Math.floor((c.seconds * 1000) / 2), 1000));
      const checks = Math.ceil(Math.ceil(c.seconds * 1000 * c.multiplier) / interval);
      const expected = c.startAt + checks * interval;
      expect(fired[i], `case ${i}: ${JSON.stringify(c)}`).toBeGreaterThanOrEqual(expected);
      expect(fired[i]! - expected, `case ${i}: ${JSON.stringify(c)}`).toBeLessThan(250);
    });
    expect(fired.filter((f) => f !== undefined).length).toBe(cases.filter((c) => c.kind === 'silent').length);

    clearInterval(touching);
    cases.forEach((c, i) => keepalives[i].stop());
    expect(vi.getTimerCount()).toBe(0); // no check left: the wheel's timer is gone with its last keepalive
  });

  test('a keepalive restarted with another value (the API sets it) checks at its new interval only', () => {
    const timeout = vi.fn();
    const k = new Keepalive(timeout);
    k.start(60, 1.5, 30_000);
    vi.advanceTimersByTime(10_000);
    k.start(2, 1, 1000); // 2 s allowed, checked every second from now
    vi.advanceTimersByTime(1999);
    expect(timeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(timeout).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
