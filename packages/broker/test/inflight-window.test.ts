import { describe, expect, it } from 'vitest';
import { InflightWindow } from '../src/session/inflight-window';

interface Entry {
  packetId: number;
  n: number;
}

/** a small deterministic generator: the same operations on every run */
function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** the window and a Map (the model it replaces) agree on everything a reader sees */
function expectSame(w: InflightWindow<Entry>, model: Map<number, Entry>, probes: number[]): void {
  expect(w.size).toBe(model.size);
  expect(w.values()).toEqual([...model.values()]);
  for (const id of probes) {
    expect(w.get(id)).toBe(model.get(id));
    expect(w.has(id)).toBe(model.has(id));
  }
}

describe('inflight window', () => {
  it('matches a Map over sequential ids acknowledged in order, out of order, and wrapping past 65535', () => {
    for (const seed of [1, 7, 42]) {
      const rnd = lcg(seed);
      const w = new InflightWindow<Entry>();
      const model = new Map<number, Entry>();
      let next = 65_000 + seed;
      for (let step = 0; step < 5_000; step++) {
        const r = rnd();
        if (r < 0.55 && model.size < 200) {
          next = next >= 65_535 ? 1 : next + 1;
          if (model.has(next)) continue;
          const e = { packetId: next, n: step };
          w.set(e);
          model.set(next, e);
        } else if (model.size > 0) {
          const ids = [...model.keys()];
          // mostly the oldest (acks in order), sometimes any of them
          const id = r < 0.85 ? ids[0] : ids[Math.floor(rnd() * ids.length)];
          expect(w.delete(id)).toBe(true);
          model.delete(id);
        }
        if (step % 97 === 0) expectSame(w, model, [...model.keys(), next + 1, 0, 16, 65_535]);
      }
      expectSame(w, model, [...model.keys()]);
    }
  });

  it('finds every entry when ids share their low bits (probing), and after deletes in the middle of a run', () => {
    const w = new InflightWindow<Entry>();
    const model = new Map<number, Entry>();
    // ids 16 apart land on the same home slot of the first table; 64 apart on the grown ones
    const ids = [3, 19, 35, 51, 67, 4, 20, 131, 195, 259, 2, 18];
    ids.forEach((id, n) => {
      const e = { packetId: id, n };
      w.set(e);
      model.set(id, e);
    });
    expectSame(w, model, [...ids, 83, 5]);
    for (const id of [19, 4, 195, 3, 18]) {
      expect(w.delete(id)).toBe(true);
      model.delete(id);
      expectSame(w, model, [...ids, 83]);
    }
    expect(w.delete(19)).toBe(false);
  });

  it('replaces the entry of an id already held, keeping its place in the order', () => {
    const w = new InflightWindow<Entry>();
    w.set({ packetId: 5, n: 1 });
    w.set({ packetId: 6, n: 2 });
    const again = { packetId: 5, n: 3 };
    w.set(again);
    expect(w.size).toBe(2);
    expect(w.values().map((e) => e.n)).toEqual([3, 2]);
    expect(w.get(5)).toBe(again);
  });

  it('grows past half full for a large max_inflight and gives the table back once empty', () => {
    const w = new InflightWindow<Entry>();
    for (let id = 1; id <= 1_000; id++) w.set({ packetId: id, n: id });
    expect(w.size).toBe(1_000);
    expect(w.values().map((e) => e.packetId)).toEqual(Array.from({ length: 1_000 }, (_, i) => i + 1));
    for (let id = 1; id <= 1_000; id++) expect(w.delete(id)).toBe(true);
    expect(w.size).toBe(0);
    expect((w as unknown as { slots: unknown[] }).slots.length).toBe(16);
    w.set({ packetId: 7, n: 7 });
    expect(w.get(7)?.n).toBe(7);
  });
});
