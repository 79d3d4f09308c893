// Retained messages on a real node: a retained message published by a real MQTT.js client is listed,
// its payload opens in the drawer (as text and pretty JSON), and deleting it really removes it from the
// broker (a new subscriber gets no retained message). Captured in light/dark × English/Chinese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { connectClient, shot, shotAll, uniqueId, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

let publisher: MqttClient;
const suffix = Math.random().toString(36).slice(2, 8);
const TOPIC = `e2e/retained/${suffix}/lamp`;
const PAYLOAD = JSON.stringify({ on: true, html: '<b>not bold</b>' });

/** Messages a fresh subscriber receives within `ms` (retained ones arrive right after SUBACK). */
async function retainedOnSubscribe(port: number, ms = 800): Promise<string[]> {
  const c = await connectClient(port, { clientId: uniqueId('e2e-retained-check') });
  const got: string[] = [];
  c.on('message', (_t, payload, packet) => {
    if (packet.retain) got.push(payload.toString());
  });
  await c.subscribeAsync(TOPIC);
  await new Promise((r) => setTimeout(r, ms));
  await c.endAsync(true);
  return got;
}

describe('retained messages screen', () => {
  beforeAll(async () => {
    publisher = await connectClient(e2e.node.mqttPort, { clientId: `e2e-retained-${suffix}` });
    await publisher.publishAsync(TOPIC, PAYLOAD, { qos: 1, retain: true });
  }, 120_000);

  afterAll(async () => {
    await publisher?.endAsync(true).catch(() => undefined);
  });

  it('lists the retained message and shows its payload', async () => {
    expect(await retainedOnSubscribe(e2e.node.mqttPort)).toEqual([PAYLOAD]);
    await openRoute(e2e.page, `${e2e.node.url}#/retained`);
    const row = e2e.page.locator('tr', { has: e2e.page.getByRole('cell', { name: TOPIC }) });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain(`e2e-retained-${suffix}`);
    await shotAll(e2e.page, 'retained-list', () => row.waitFor({ timeout: 15_000 }));

    await row.getByRole('button', { name: 'Show payload' }).click();
    const content = e2e.page.getByTestId('payload-content');
    await expect.poll(() => content.textContent(), { timeout: 15_000 }).toBe(PAYLOAD);
    // Untrusted payloads are text: the <b> inside stays literal.
    expect(await content.locator('b').count()).toBe(0);
    await e2e.page.getByRole('dialog').getByText('JSON', { exact: true }).click();
    await expect.poll(() => content.textContent()).toBe(JSON.stringify(JSON.parse(PAYLOAD), null, 2));
    await shot(e2e.page, 'retained-payload-light-en');
    await e2e.page.keyboard.press('Escape');
  });

  it('deletes the retained message from the broker', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/retained`);
    const row = e2e.page.locator('tr', { has: e2e.page.getByRole('cell', { name: TOPIC }) });
    await row.waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: 'Delete' }).click();
    await e2e.page.getByRole('button', { name: 'Confirm' }).click();
    await e2e.page.getByText('Deleted successfully').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0);
    expect(await retainedOnSubscribe(e2e.node.mqttPort)).toEqual([]);
  });
});
