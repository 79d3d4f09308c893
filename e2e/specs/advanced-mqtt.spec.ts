// Advanced MQTT screens on a real node, each checked by what real MQTT.js clients see afterwards:
// Topic Rewrite (a rule added on screen sends a publish on the source topic to the destination), Delayed Publish
// (the limit saved on screen holds one message, listed while it waits and delivered about a second later; disabled,
// `$delayed/…` goes through at once), Auto Subscribe (a topic added on screen reaches a client that never subscribed).
import { describe, expect, it } from 'vitest';
import type { IClientOptions, MqttClient } from 'mqtt';
import { connectClient, shot, uniqueId, useE2ESession } from '../harness';

const e2e = useE2ESession();

const connect = (id: string, opts: IClientOptions = {}) => connectClient(e2e.node.mqttPort, { clientId: id, ...opts });

/** Messages a client receives, with the time each arrived. */
function inbox(c: MqttClient): { topic: string; payload: string; at: number }[] {
  const got: { topic: string; payload: string; at: number }[] = [];
  c.on('message', (topic, payload) => got.push({ topic, payload: payload.toString(), at: Date.now() }));
  return got;
}

async function save(): Promise<void> {
  await e2e.page.getByRole('button', { name: 'Save' }).click();
  await e2e.page.getByText('Saved successfully').last().waitFor();
}

describe('Advanced MQTT screens', () => {
  it('Topic Rewrite: a rule added on screen delivers a publish on the source topic to the destination', async () => {
    await e2e.page.goto(`${e2e.node.url}#/topic-rewrite`);
    await e2e.page.getByRole('button', { name: /Add Rule/ }).click();
    const dialog = e2e.page.getByRole('dialog');
    await dialog.getByLabel('Source Topic', { exact: true }).fill('e2e/rw/#');
    await dialog.getByLabel('Regular Expression', { exact: true }).fill('^e2e/rw/(.+)$');
    await dialog.getByLabel('Destination Topic', { exact: true }).fill('e2e/rewritten/$1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await e2e.page.getByText('Saved successfully').last().waitFor();
    await e2e.page.getByRole('cell', { name: 'e2e/rewritten/$1' }).waitFor();
    expect(await e2e.apiGet('/mqtt/topic_rewrite')).toEqual([{ action: 'all', source_topic: 'e2e/rw/#', re: '^e2e/rw/(.+)$', dest_topic: 'e2e/rewritten/$1' }]);

    const id = uniqueId('e2e-rw');
    const sub = await connect(id);
    const pub = await connect(`${id}-pub`);
    try {
      const got = inbox(sub);
      await sub.subscribeAsync('e2e/rewritten/#', { qos: 1 });
      await pub.publishAsync('e2e/rw/a/b', 'moved', { qos: 1 });
      await expect.poll(() => got.map((m) => `${m.topic} ${m.payload}`), { timeout: 5_000 }).toEqual(['e2e/rewritten/a/b moved']);
    } finally {
      await Promise.all([sub.endAsync(true), pub.endAsync(true)]);
    }
    await shot(e2e.page, 'advanced-mqtt-topic-rewrite');
  });

  it('Delayed Publish: the limit saved on screen holds one message, listed while it waits and delivered ~1 s later', async () => {
    await e2e.page.goto(`${e2e.node.url}#/delayed-pub-configuration`);
    const max = e2e.page.getByLabel('Max Delayed Messages', { exact: true });
    await expect.poll(() => max.inputValue(), { timeout: 10_000 }).toBe('0');
    await max.fill('1');
    await save();
    expect(await e2e.apiGet('/mqtt/delayed')).toEqual({ enable: true, max_delayed_messages: 1 });
    await shot(e2e.page, 'advanced-mqtt-delayed-settings');

    await e2e.page.goto(`${e2e.node.url}#/delayed-pub`);
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
      await shot(e2e.page, 'advanced-mqtt-delayed-pending');

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

  it('Delayed Publish: disabled on screen, a $delayed/… publish goes through at once under its own topic', async () => {
    await e2e.page.goto(`${e2e.node.url}#/delayed-pub-configuration`);
    await expect.poll(() => e2e.page.getByLabel('Max Delayed Messages', { exact: true }).inputValue(), { timeout: 10_000 }).toBe('1');
    const enable = e2e.page.getByRole('switch', { name: 'Enable' });
    await expect.poll(() => enable.getAttribute('aria-checked')).toBe('true');
    await enable.click();
    await save();
    expect(await e2e.apiGet('/mqtt/delayed')).toEqual({ enable: false, max_delayed_messages: 1 });

    await e2e.page.goto(`${e2e.node.url}#/delayed-pub`);
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
    await shot(e2e.page, 'advanced-mqtt-delayed-disabled');
  });

  it('Auto Subscribe: a topic added on screen reaches a new client that never subscribed', async () => {
    await e2e.page.goto(`${e2e.node.url}#/auto-sub`);
    await e2e.page.getByRole('button', { name: /Add Topic/ }).click();
    const dialog = e2e.page.getByRole('dialog');
    await dialog.getByLabel('Topic', { exact: true }).fill('e2e/auto-adv/${clientid}/#');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await e2e.page.getByRole('cell', { name: 'e2e/auto-adv/${clientid}/#' }).waitFor();
    expect((await e2e.apiGet('/mqtt/auto_subscribe')).some((s: { topic: string }) => s.topic === 'e2e/auto-adv/${clientid}/#')).toBe(true);

    const id = uniqueId('e2e-autoadv');
    const sub = await connect(id);
    const pub = await connect(`${id}-pub`);
    try {
      const got = inbox(sub);
      // the node lists the subscription it made for the client
      await expect.poll(async () => (await e2e.apiGet(`/clients/${id}/subscriptions`)).map((s: { topic: string }) => s.topic)).toContain(`e2e/auto-adv/${id}/#`);
      await pub.publishAsync(`e2e/auto-adv/${id}/x`, 'pushed', { qos: 1 });
      await expect.poll(() => got.map((m) => `${m.topic} ${m.payload}`), { timeout: 5_000 }).toEqual([`e2e/auto-adv/${id}/x pushed`]);
    } finally {
      await Promise.all([sub.endAsync(true), pub.endAsync(true)]);
    }
    await shot(e2e.page, 'advanced-mqtt-auto-subscribe');
  });
});
