// Retained messages on a real node: a retained message published by a real MQTT.js client is listed,
// its payload opens in the drawer (as text and pretty JSON), and deleting it really removes it from the
// broker (a new subscriber gets no retained message). Captured in light/dark × English/Chinese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, login, shot, startE2ENode, shotAll } from '../harness';

type E2ENode = Awaited<ReturnType<typeof startE2ENode>>;

let node: E2ENode;
let browser: Browser;
let page: Page;
let publisher: MqttClient;
const suffix = Math.random().toString(36).slice(2, 8);
const TOPIC = `e2e/retained/${suffix}/lamp`;
const PAYLOAD = JSON.stringify({ on: true, html: '<b>not bold</b>' });

async function connect(port: number, clientId: string): Promise<MqttClient> {
  const c = mqtt.connect(`mqtt://127.0.0.1:${port}`, { clientId, reconnectPeriod: 0 });
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve());
    c.once('error', reject);
  });
  return c;
}

/** Messages a fresh subscriber receives within `ms` (retained ones arrive right after SUBACK). */
async function retainedOnSubscribe(port: number, ms = 800): Promise<string[]> {
  const c = await connect(port, `e2e-retained-check-${Math.random().toString(36).slice(2, 6)}`);
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
    node = await startE2ENode();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await login(page, node.url);
    publisher = await connect(node.mqttPort, `e2e-retained-${suffix}`);
    await publisher.publishAsync(TOPIC, PAYLOAD, { qos: 1, retain: true });
  }, 120_000);

  afterAll(async () => {
    await publisher?.endAsync(true).catch(() => undefined);
    await browser?.close();
    await node?.close();
  });

  it('lists the retained message and shows its payload', async () => {
    expect(await retainedOnSubscribe(node.mqttPort)).toEqual([PAYLOAD]);
    await page.goto(`${node.url}#/retained`);
    const row = page.locator('tr', { has: page.getByRole('cell', { name: TOPIC }) });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain(`e2e-retained-${suffix}`);
    await shotAll(page, 'retained-list', () => row.waitFor({ timeout: 15_000 }));

    await row.getByRole('button', { name: 'Show payload' }).click();
    const content = page.getByTestId('payload-content');
    await expect.poll(() => content.textContent(), { timeout: 15_000 }).toBe(PAYLOAD);
    // Untrusted payloads are text: the <b> inside stays literal.
    expect(await content.locator('b').count()).toBe(0);
    await page.getByRole('dialog').getByText('JSON', { exact: true }).click();
    await expect.poll(() => content.textContent()).toBe(JSON.stringify(JSON.parse(PAYLOAD), null, 2));
    await shot(page, 'retained-payload-light-en');
    await page.keyboard.press('Escape');
  });

  it('deletes the retained message from the broker', async () => {
    await page.goto(`${node.url}#/retained`);
    const row = page.locator('tr', { has: page.getByRole('cell', { name: TOPIC }) });
    await row.waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Deleted successfully').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0);
    expect(await retainedOnSubscribe(node.mqttPort)).toEqual([]);
  });
});
