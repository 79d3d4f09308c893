// Topic Metrics on a real node: a wildcard topic is refused in the Add Topic dialog; an exact one added on screen
// counts real publishes and deliveries, its detail shows QoS counters and the rates chart; reset, then remove.
import { describe, expect, it } from 'vitest';
import { connectClient, inbox, shot, uniqueId, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

describe('Topic Metrics screen', () => {
  it('refuses wildcard topics, counts real traffic on an added topic, resets and removes it', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/topic-metrics`);
    await page.getByRole('button', { name: /Add Topic/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Add Topic' });
    const input = dialog.getByLabel('Topic', { exact: true });
    await input.fill('e2e/tm/#');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByText('Wildcard topic is not supported').waitFor();
    expect(await e2e.apiGet('/mqtt/topic_metrics')).toEqual([]);

    const id = uniqueId('e2e-tm');
    const topic = `e2e/tm/${id}`;
    await input.fill(topic);
    await dialog.getByRole('button', { name: 'Add' }).click();
    const link = page.getByRole('button', { name: topic, exact: true });
    await link.waitFor({ timeout: 10_000 });

    const sub = await connectClient(e2e.node.mqttPort, { clientId: id });
    const pub = await connectClient(e2e.node.mqttPort, { clientId: `${id}-pub` });
    try {
      const got = inbox(sub);
      await sub.subscribeAsync(topic, { qos: 1 });
      for (let i = 0; i < 3; i++) await pub.publishAsync(topic, `m${i}`, { qos: 1 });
      await expect.poll(() => got.length, { timeout: 5_000 }).toBe(3);
      await page.getByRole('button', { name: 'Refresh' }).click();
      const row = page.getByRole('row').filter({ has: link });
      await expect.poll(async () => (await row.getByRole('cell').nth(1).textContent()) ?? '', { timeout: 10_000 }).toBe('3');
      expect(await row.getByRole('cell').nth(2).textContent()).toBe('3');

      await link.click();
      const byQos = page.getByRole('table', { name: 'By QoS' });
      const qos1 = byQos.getByRole('row').filter({ hasText: 'QoS 1' });
      await expect.poll(async () => (await qos1.getByRole('cell').nth(1).textContent()) ?? '', { timeout: 10_000 }).toBe('3');
      await page.locator('[data-rendered="true"]').waitFor({ timeout: 15_000 });
      await shot(page, 'topic-metrics-detail');
      await page.keyboard.press('Escape');

      await row.getByRole('button', { name: 'Reset' }).click();
      const confirmReset = page.getByRole('button', { name: 'Confirm' });
      await confirmReset.click();
      // the confirmation stays open (its button loading) until the reset and its refetches are done: wait for it
      // to close before the next one opens, or two 'Confirm' buttons are on the page
      await confirmReset.waitFor({ state: 'hidden', timeout: 10_000 });
      await expect.poll(async () => (await e2e.apiGet(`/mqtt/topic_metrics/${encodeURIComponent(topic)}`)).metrics['messages.in.count']).toBe(0);
      await expect.poll(async () => (await row.getByRole('cell').nth(1).textContent()) ?? '', { timeout: 10_000 }).toBe('0');

      await row.getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await link.waitFor({ state: 'detached', timeout: 10_000 });
      expect(await e2e.apiGet('/mqtt/topic_metrics')).toEqual([]);
    } finally {
      await Promise.all([sub.endAsync(true), pub.endAsync(true)]);
    }
  });
});
