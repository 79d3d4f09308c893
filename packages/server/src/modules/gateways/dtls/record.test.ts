import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONTENT, DTLS12, GcmProtection, ReplayWindow, parseRecords, recordHeader } from './record';

describe('replay window', () => {
  it('accepts new numbers once, out of order within 64, and refuses older ones', () => {
    const w = new ReplayWindow();
    for (const s of [0, 1, 5, 3]) {
      expect(w.check(s)).toBe(true);
      w.mark(s);
    }
    expect(w.check(3)).toBe(false);
    expect(w.check(5)).toBe(false);
    expect(w.check(2)).toBe(true);
    w.mark(100);
    expect(w.check(36)).toBe(false); // 100 - 36 = 64: left the window
    expect(w.check(37)).toBe(true);
    expect(w.check(100)).toBe(false);
    w.mark(37);
    expect(w.check(37)).toBe(false);
    w.mark(1000);
    expect(w.check(999)).toBe(true);
    expect(w.check(100)).toBe(false);
  });

  it('does not mark numbers that were only checked', () => {
    const w = new ReplayWindow();
    expect(w.check(10)).toBe(true);
    expect(w.check(10)).toBe(true);
    w.mark(10);
    expect(w.check(10)).toBe(false);
  });

  it('handles 48-bit sequence numbers', () => {
    const w = new ReplayWindow();
    const big = 2 ** 48 - 2;
    w.mark(big);
    expect(w.check(big)).toBe(false);
    expect(w.check(big + 1)).toBe(true);
  });
});

describe('records', () => {
  it('splits a datagram into records and stops at a truncated one', () => {
    const a = Buffer.concat([recordHeader(CONTENT.handshake, DTLS12, 0, 7, 3), Buffer.from([1, 2, 3])]);
    const b = Buffer.concat([recordHeader(CONTENT.alert, DTLS12, 1, 2 ** 40, 2), Buffer.from([1, 0])]);
    const recs = parseRecords(Buffer.concat([a, b, recordHeader(CONTENT.handshake, DTLS12, 0, 8, 10)]));
    expect(recs.map((r) => [r.type, r.epoch, r.seq, r.fragment.length])).toEqual([
      [22, 0, 7, 3],
      [21, 1, 2 ** 40, 2],
    ]);
  });

  it('seals and opens AES-128-GCM records and refuses a changed header or body', () => {
    const key = randomBytes(16);
    const salt = randomBytes(4);
    const g = new GcmProtection(key, salt);
    const sealed = g.seal(CONTENT.application_data, DTLS12, 1, 42, Buffer.from('hello'));
    const rec = { type: CONTENT.application_data, version: DTLS12, epoch: 1, seq: 42, fragment: sealed };
    expect(new GcmProtection(key, salt).open(rec)?.toString()).toBe('hello');
    expect(g.open({ ...rec, seq: 43 })).toBeUndefined();
    const flipped = Buffer.from(sealed);
    flipped[10] ^= 1;
    expect(g.open({ ...rec, fragment: flipped })).toBeUndefined();
  });
});
