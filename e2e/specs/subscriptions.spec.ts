// Subscriptions screens on a real node: a real MQTT.js client's subscription is listed (with a match_topic
// filter), its topic shows in the routing table, and both tabs are captured in light/dark × English/Chinese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, login, startE2ENode, shotAll } from '../harness';

type E2ENode = Awaited<ReturnType<typeof startE2ENode>>;

let node: E2ENode;
let browser: Browser;
let page: Page;
let client: MqttClient;
const suffix = Math.random().toString(36).slice(2, 8);
const CLIENT_ID = `e2e-subs-${suffix}`;
const TOPIC = `e2e/subs/${suffix}/+/temp`;

describe('subscriptions screens', () => {
  beforeAll(async () => {
    node = await startE2ENode();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await login(page, node.url);
    client = mqtt.connect(`mqtt://127.0.0.1:${node.mqttPort}`, { clientId: CLIENT_ID, reconnectPeriod: 0 });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    await client.subscribeAsync(TOPIC, { qos: 2 });
  }, 120_000);

  afterAll(async () => {
    await client?.endAsync(true).catch(() => undefined);
    await browser?.close();
    await node?.close();
  });

  it('lists the client subscription, also through a match_topic filter', async () => {
    await page.goto(`${node.url}#/subscriptions`);
    await page.waitForURL(/#\/subscriptions\/subscription/, { timeout: 15_000 });
    const row = page.locator('tr', { has: page.getByRole('link', { name: CLIENT_ID }) });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain(TOPIC);
    const match = page.getByRole('textbox', { name: 'Match topic' });
    await match.fill(`e2e/subs/${suffix}/#`);
    await match.press('Enter');
    await expect.poll(() => page.url()).toContain('match_topic=');
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('tbody tr.ant-table-row').count()).toBe(1);
    await shotAll(page, 'subscriptions-list', () => row.waitFor({ timeout: 15_000 }));
  });

  it('the topics tab shows the routed topic', async () => {
    await page.goto(`${node.url}#/subscriptions/topics`);
    const search = page.getByRole('searchbox', { name: 'Topic' });
    await search.fill(TOPIC);
    await search.press('Enter');
    await page.getByRole('cell', { name: TOPIC }).waitFor({ timeout: 15_000 });
    await shotAll(page, 'subscriptions-topics', () => page.getByRole('cell', { name: TOPIC }).waitFor({ timeout: 15_000 }));
  });
});
