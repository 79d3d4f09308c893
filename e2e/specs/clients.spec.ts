// Clients screens on a real node with real MQTT.js clients: fuzzy search finds a connected client, its detail
// shows the subscription it made, and "Kick Out" really disconnects it (the MQTT.js client sees 'close').
// Both screens are captured in light/dark × English/Chinese.
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
const CLIENT_ID = `e2e-clients-${suffix}-sensor`;
const TOPIC = `e2e/clients/${suffix}/cmd`;

async function connect(port: number, clientId: string): Promise<MqttClient> {
  const c = mqtt.connect(`mqtt://127.0.0.1:${port}`, { clientId, username: 'e2e-user', reconnectPeriod: 0, protocolVersion: 5 });
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve());
    c.once('error', reject);
  });
  return c;
}

describe('clients screens', () => {
  beforeAll(async () => {
    node = await startE2ENode();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await login(page, node.url);
    client = await connect(node.mqttPort, CLIENT_ID);
    await client.subscribeAsync(TOPIC, { qos: 1 });
  }, 120_000);

  afterAll(async () => {
    await client?.endAsync(true).catch(() => undefined);
    await browser?.close();
    await node?.close();
  });

  it('fuzzy search finds the connected client', async () => {
    await page.goto(`${node.url}#/clients`);
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(`${suffix}-sen`);
    await search.press('Enter');
    const link = page.getByRole('link', { name: CLIENT_ID });
    await link.waitFor({ timeout: 15_000 });
    expect(decodeURIComponent(page.url())).toContain(`q=${suffix}-sen`);
    const row = page.locator('tr', { has: link });
    await expect.poll(() => row.textContent()).toContain('e2e-user');
    await shotAll(page, 'clients-list', () => page.getByRole('link', { name: CLIENT_ID }).waitFor({ timeout: 15_000 }));
  });

  it('the detail shows the subscription the client made', async () => {
    await page.goto(`${node.url}#/clients/detail/${encodeURIComponent(CLIENT_ID)}`);
    await page.getByRole('cell', { name: TOPIC }).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByText('MQTT v5.0').count()).toBeGreaterThan(0);
    await shotAll(page, 'clients-detail', () => page.getByRole('cell', { name: TOPIC }).waitFor({ timeout: 15_000 }));
  });

  it('kick out really disconnects the client', async () => {
    await page.goto(`${node.url}#/clients/detail/${encodeURIComponent(CLIENT_ID)}`);
    await page.getByRole('cell', { name: TOPIC }).waitFor({ timeout: 15_000 });
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await page.getByRole('button', { name: 'Kick Out' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await closed;
    await page.getByText('Kicked out successfully').waitFor({ timeout: 15_000 });
    // Back on the list, the client is gone.
    await page.waitForURL(/#\/clients$/, { timeout: 15_000 });
    // No error toast: the vanished client's detail is not refetched.
    expect(await page.getByText('CLIENTID_NOT_FOUND').count()).toBe(0);
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search' }).fill(suffix);
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect.poll(() => page.getByRole('link', { name: CLIENT_ID }).count(), { timeout: 15_000 }).toBe(0);
  });
});
