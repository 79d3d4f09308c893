// Delayed Publish on a real node: the limit saved on screen holds one message, listed while it waits and delivered
// about a second later to a real client; disabled on screen, `$delayed/…` goes through at once.
import { describe, expect, it } from 'vitest';
import type { IClientOptions } from 'mqtt';
import { connectClient, inbox, saveForm, shot, uniqueId, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

const connect = (id: string, opts: IClientOptions = {}) => connectClient(e2e.node.mqttPort, { clientId: id, ...opts });

describe('Delayed Publish screens', () => {
  it('the limit saved on screen holds one message, listed while it waits and delivered ~1 s later', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/delayed-pub-configuration`);
    const max = e2e.page.getByLabel('Max Delayed Messages', { exact: true });
    await expect.poll(() => max.inputValue(), { timeout: 10_000 }).toBe('0');
    await max.fill('1');
    await saveForm(e2e.page);
    expect(await e2e.apiGet('/mqtt/delayed')).toEqual({ enable: true, max_delayed_messages: 1 });
    await shot(e2e.page, 'delayed-publish-settings');

    await openRoute(e2e.page, `${e2e.node.url}#/delayed-pub`);
    await e2e.page.getByRole('button', { name: 'Refresh' }).waitFor();
    const id = uniqueId('e2e-delay');
    const sub = await connect(id);
    const pub = await connect(`${id}-pub`);
    try {
      const got = inbox(sub);
      await sub.subscribeAsync('e2e/delayed/+', { qos: 1 });
      const sentAt = Date.now();
      await pub.publishAsync('$delayed/1/e2e/delayed/t', 'later', { qos: 1 });
      // the limit is 1: a second message while the first waits is dropped
      await pub.publishAsync('$delayed/1/e2e/delayed/u', 'over the limit', { qos: 1 });
      await e2e.page.getByRole('button', { name: 'Refresh' }).click();
      const row = e2e.page.getByRole('row').filter({ hasText: 'e2e/delayed/t' });
      await row.waitFor({ timeout: 2_000 });
      expect(await row.textContent()).toContain(`${id}-pub`);
      expect(got).toEqual([]); // listed before delivery
      await shot(e2e.page, 'delayed-publish-pending');

      await expect.poll(() => got.length, { timeout: 5_000 }).toBe(1);
      expect(got[0]).toMatchObject({ topic: 'e2e/delayed/t', payload: 'later' });
      const delay = got[0].at - sentAt;
      expect(delay).toBeGreaterThanOrEqual(900);
      expect(delay).toBeLessThan(3_000);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(got.map((m) => m.topic)).toEqual(['e2e/delayed/t']);
      expect((await e2e.apiGet('/mqtt/delayed/messages')).meta.count).toBe(0);
    } finally {
      await Promise.all([sub.endAsync(true), pub.endAsync(true)]);
    }
  });

  it('disabled on screen, a $delayed/… publish goes through at once under its own topic', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/delayed-pub-configuration`);
    await expect.poll(() => e2e.page.getByLabel('Max Delayed Messages', { exact: true }).inputValue(), { timeout: 10_000 }).toBe('1');
    const enable = e2e.page.getByRole('switch', { name: 'Enable' });
    await expect.poll(() => enable.getAttribute('aria-checked')).toBe('true');
    await enable.click();
    await saveForm(e2e.page);
    expect(await e2e.apiGet('/mqtt/delayed')).toEqual({ enable: false, max_delayed_messages: 1 });

    await openRoute(e2e.page, `${e2e.node.url}#/delayed-pub`);
    await e2e.page.getByText(/Delayed publish is disabled/).waitFor();
    const id = uniqueId('e2e-nodelay');
    const sub = await connect(id);
    const pub = await connect(`${id}-pub`);
    try {
      const got = inbox(sub);
      await sub.subscribeAsync(['e2e/delayed/t', '$delayed/1/e2e/delayed/t'], { qos: 1 });
      const sentAt = Date.now();
      await pub.publishAsync('$delayed/1/e2e/delayed/t', 'now', { qos: 1 });
      await expect.poll(() => got.length, { timeout: 5_000 }).toBe(1);
      expect(got[0]).toMatchObject({ topic: '$delayed/1/e2e/delayed/t', payload: 'now' });
      expect(got[0].at - sentAt).toBeLessThan(900);
    } finally {
      await Promise.all([sub.endAsync(true), pub.endAsync(true)]);
    }
    await shot(e2e.page, 'delayed-publish-disabled');
  });
});
