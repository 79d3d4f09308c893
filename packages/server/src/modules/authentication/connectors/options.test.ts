// One check behind a connector's ping (the console's Test) and status (the status poll).
import { describe, expect, test } from 'vitest';
import { pingAndStatus } from './options';

describe('pingAndStatus', () => {
  test('a server that answers: ping resolves, status connected', async () => {
    let calls = 0;
    const c = pingAndStatus(async () => void calls++, 1000, 'Test connect');
    await expect(c.ping()).resolves.toBeUndefined();
    expect(await c.status()).toBe('connected');
    expect(calls).toBe(2);
  });

  test("a refusal: ping throws the driver's reason, status disconnected", async () => {
    const c = pingAndStatus(() => Promise.reject(new Error('ECONNREFUSED 127.0.0.1:1')), 1000, 'Test connect');
    await expect(c.ping()).rejects.toThrow('ECONNREFUSED 127.0.0.1:1');
    expect(await c.status()).toBe('disconnected');
  });

  test('a server that never answers: both bounded by the configured timeout', async () => {
    const c = pingAndStatus(() => new Promise(() => undefined), 150, 'Test connect');
    const t0 = Date.now();
    await expect(c.ping()).rejects.toThrow('Test connect timed out after 150 ms');
    expect(await c.status()).toBe('disconnected');
    expect(Date.now() - t0).toBeLessThan(1500);
  });
});
