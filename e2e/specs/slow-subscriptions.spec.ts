// Slow Subscriptions on a real node: enabled on the settings screen with a short threshold, a real QoS 1
// subscriber that holds its PUBACK shows in the ranking, a quick one does not; Clear empties it.
import { describe, expect, it } from 'vitest';
import { connectClient, inbox, saveForm, shot, uniqueId, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

describe('Slow Subscriptions screens', () => {
  it('settings saved on screen; a subscriber slow to acknowledge is ranked; clear', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/slow-sub`);
    await page.getByText('Slow subscriptions are disabled: nothing is measured.').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Settings' }).click();
    const enable = page.getByRole('switch', { name: 'Enable' });
    await expect.poll(() => enable.getAttribute('aria-checked'), { timeout: 10_000 }).toBe('false');
    await enable.click();
    const threshold = page.getByLabel('Threshold', { exact: true });
    // a wide gap between the threshold and the slow client's hold, so a quick client slowed by a loaded machine
    // is never ranked
    await threshold.fill('900');
    await saveForm(page);
    expect(await e2e.apiGet('/slow_subscriptions/settings')).toMatchObject({ enable: true, threshold: '900ms', stats_type: 'whole' });

    const id = uniqueId('e2e-slow');
    const slow = await connectClient(e2e.node.mqttPort, {
      clientId: id,
      // MQTT.js holds the PUBACK for customHandleAcks only on MQTT 5 (on 3.1.1 it acknowledges at once)
      protocolVersion: 5,
      customHandleAcks: (_t, _m, _p, done) => void setTimeout(() => done(0), 3000),
    });
    const quick = await connectClient(e2e.node.mqttPort, { clientId: `${id}-quick` });
    const pub = await connectClient(e2e.node.mqttPort, { clientId: `${id}-pub` });
    try {
      const got = inbox(quick);
      await slow.subscribeAsync('e2e/slow/#', { qos: 1 });
      await quick.subscribeAsync('e2e/slow/#', { qos: 1 });
      await pub.publishAsync('e2e/slow/1', 'x', { qos: 1 });
      await expect.poll(() => got.length, { timeout: 5_000 }).toBe(1);
      await expect.poll(async () => (await e2e.apiGet('/slow_subscriptions')).data.length, { timeout: 10_000 }).toBe(1);

      await openRoute(page, `${e2e.node.url}#/slow-sub`);
      await page.getByRole('button', { name: 'Refresh' }).click();
      const row = page.getByRole('row').filter({ hasText: id });
      await row.waitFor({ timeout: 10_000 });
      expect(await row.textContent()).toContain('e2e/slow/1');
      expect(
        await page
          .getByRole('row')
          .filter({ hasText: `${id}-quick` })
          .count(),
      ).toBe(0);
      await shot(page, 'slow-subscriptions-ranking');

      await page.getByRole('button', { name: 'Clear' }).click();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await row.waitFor({ state: 'detached', timeout: 10_000 });
      expect((await e2e.apiGet('/slow_subscriptions')).data).toEqual([]);
    } finally {
      await Promise.all([slow.endAsync(true), quick.endAsync(true), pub.endAsync(true)]);
    }
  });
});
