// The action buffer alone (emqx_resource_buffer_worker's rules, restated): inflight limits, retries of recoverable
// failures in order, counters on the final outcome, the gate's drops, queue_full dropping the oldest, expiry, stop.
import { describe, expect, test } from 'vitest';
import { ActionBuffer, type BufferOptions, type Fate, type Gate } from './buffer';
import { ResourceMetrics } from './metrics';
import type { SendOutcome } from './types';

const base: BufferOptions = { batchSize: 1, batchTimeMs: 0, maxInflight: 100, requestTtlMs: null, maxBufferBytes: 1 << 20, resumeIntervalMs: 5, async: true };

async function until(check: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 2));
  }
}

function harness(opts: Partial<BufferOptions> = {}, gate: () => Gate = () => 'ok') {
  const metrics = new ResourceMetrics();
  const sent: unknown[][] = [];
  let outcome: () => SendOutcome = () => ({ ok: true });
  let inflight = 0;
  let maxSeen = 0;
  const release: (() => void)[] = [];
  let hold = false;
  const buffer = new ActionBuffer(
    { ...base, ...opts },
    metrics,
    async (reqs) => {
      inflight++;
      maxSeen = Math.max(maxSeen, inflight);
      if (hold) await new Promise<void>((r) => release.push(r));
      sent.push(reqs);
      inflight--;
      return outcome();
    },
    gate,
  );
  const fates: Fate[] = [];
  const put = (n: number, from = 0) => {
    for (let i = from; i < from + n; i++) {
      metrics.matched++;
      buffer.enqueue(i, (f) => fates.push(f));
    }
  };
  return {
    metrics,
    buffer,
    sent,
    fates,
    put,
    setOutcome: (f: () => SendOutcome) => (outcome = f),
    hold: (h: boolean) => {
      hold = h;
      if (!h) release.splice(0).forEach((r) => r());
    },
    maxSeen: () => maxSeen,
  };
}

describe('ActionBuffer', () => {
  test('sends each request once, counts success, keeps order with batches', async () => {
    const h = harness({ batchSize: 4, batchTimeMs: 5 });
    h.put(10);
    await until(() => h.fates.length === 10);
    expect(h.sent.flat()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(Math.max(...h.sent.map((b) => b.length))).toBeLessThanOrEqual(4);
    expect(h.metrics.view({ queuing: 0, queuingBytes: 0, inflight: 0 })).toMatchObject({ matched: 10, success: 10, failed: 0 });
  });

  test('the inflight window bounds concurrent sends (sync mode: one)', async () => {
    const h = harness({ maxInflight: 1 });
    h.hold(true);
    h.put(5);
    await until(() => h.buffer.gauges().inflight === 1);
    expect(h.buffer.gauges()).toMatchObject({ queuing: 4, inflight: 1 });
    h.hold(false);
    await until(() => h.fates.length === 5);
    expect(h.maxSeen()).toBe(1);
  });

  test('a recoverable failure is retried until it succeeds: counted once as success and retried', async () => {
    const h = harness();
    let failures = 3;
    h.setOutcome(() => (failures-- > 0 ? { ok: false, recoverable: true, reason: 'down' } : { ok: true }));
    h.put(3);
    await until(() => h.fates.length === 3);
    expect(h.fates.every((f) => f.ok)).toBe(true);
    const m = h.metrics.view(h.buffer.gauges());
    expect(m).toMatchObject({ success: 3, failed: 0, dropped: 0, queuing: 0, inflight: 0 });
    expect(m.retried).toBeGreaterThanOrEqual(1);
    // delivered in publish order, each once after its final success
    const delivered = new Set(h.sent.flat());
    expect([...delivered].sort()).toEqual([0, 1, 2]);
  });

  test('an unrecoverable failure is counted failed and not retried', async () => {
    const h = harness();
    h.setOutcome(() => ({ ok: false, recoverable: false, reason: '400' }));
    h.put(2);
    await until(() => h.fates.length === 2);
    expect(h.sent).toHaveLength(2);
    expect(h.metrics.failed).toBe(2);
  });

  test('the gate: stopped and not found drop by reason; not connected waits', async () => {
    let gate: Gate = 'stopped';
    const h = harness({}, () => gate);
    h.put(1);
    await until(() => h.fates.length === 1);
    expect(h.metrics.dropped.resource_stopped).toBe(1);
    gate = 'not_found';
    h.put(1, 1);
    await until(() => h.fates.length === 2);
    expect(h.metrics.dropped.resource_not_found).toBe(1);
    gate = 'not_connected';
    h.put(3, 2);
    await new Promise((r) => setTimeout(r, 30));
    expect(h.fates).toHaveLength(2);
    expect(h.sent).toHaveLength(0);
    gate = 'ok';
    h.buffer.resume();
    await until(() => h.fates.length === 5);
    expect(h.sent.flat()).toEqual([2, 3, 4]);
  });

  test('queue_full drops the oldest; expired drops what waited past the TTL; stop drops the rest', async () => {
    let gate: Gate = 'not_connected';
    const h = harness({ maxBufferBytes: 60, requestTtlMs: 50 }, () => gate);
    h.put(10);
    expect(h.metrics.dropped.queue_full).toBeGreaterThan(0);
    const left = 10 - h.metrics.dropped.queue_full;
    await new Promise((r) => setTimeout(r, 80));
    gate = 'ok';
    h.buffer.resume();
    await until(() => h.fates.length === 10);
    expect(h.metrics.dropped.expired).toBe(left);
    expect(h.sent).toHaveLength(0);
    const s = harness({}, () => 'not_connected');
    s.put(3);
    s.buffer.stop();
    expect(s.fates).toHaveLength(3);
    expect(s.metrics.dropped.resource_stopped).toBe(3);
  });
});
