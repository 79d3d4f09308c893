// Authorization on a real node: add a built-in database source, give a username a deny-publish rule in the
// rules editor, then a real subscriber receives nothing from that user's publish (while an allowed topic
// still flows); the explain panel names the deciding source. Screens in light/dark × English/Chinese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, login, shot, startE2ENode, shotAll } from '../harness';

type E2ENode = Awaited<ReturnType<typeof startE2ENode>>;
let node: E2ENode;
let browser: Browser;
let page: Page;
const suffix = Math.random().toString(36).slice(2, 7);
const USER = `e2e-bob-${suffix}`;
const SECRET = `e2e/${suffix}/secret`;
const OPEN = `e2e/${suffix}/open`;

async function connect(port: number, clientId: string, username?: string): Promise<MqttClient> {
  const c = mqtt.connect(`mqtt://127.0.0.1:${port}`, { clientId, username, protocolVersion: 5, reconnectPeriod: 0 });
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve());
    c.once('error', reject);
  });
  return c;
}

async function pick(label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

describe('authorization screens', () => {
  beforeAll(async () => {
    node = await startE2ENode();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await login(page, node.url);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await node?.close();
  });

  it('creates a built-in database source in front of the file source', async () => {
    await page.goto(`${node.url}#/authorization`);
    await page.getByRole('link', { name: 'File' }).waitFor();
    await page.getByRole('button', { name: /Create/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Max Rules').waitFor();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Created successfully').waitFor();
    await page.waitForURL((u) => u.hash === '#/authorization');
    await expect.poll(() => page.locator('.ant-table-row td:first-child').allInnerTexts()).toEqual(['Built-in Database', 'File']);
  });

  it('adds a deny-publish rule for a username; its publish is dropped, others still flow', async () => {
    await page.getByRole('link', { name: 'Built-in Database' }).click();
    await page.getByRole('tab', { name: 'Username' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Username' });
    await panel.getByRole('button', { name: /Add/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Add Permissions' });
    await dialog.getByLabel('Username').fill(USER);
    await pick('Permission 1', 'Deny');
    await pick('Action 1', 'Publish');
    await dialog.getByLabel('Topic 1').fill(SECRET);
    await shot(page, 'authorization-rules-dialog-light-en');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await panel.getByRole('cell', { name: USER }).waitFor();

    const received: string[] = [];
    const sub = await connect(node.mqttPort, `e2e-sub-${suffix}`);
    await sub.subscribeAsync(`e2e/${suffix}/#`, { qos: 1 });
    sub.on('message', (topic) => received.push(topic));
    const pub = await connect(node.mqttPort, `e2e-pub-${suffix}`, USER);
    // MQTT 5: the PUBACK of a denied publish carries 0x87 (not authorized), which MQTT.js reports as an error.
    const denied = await pub.publishAsync(SECRET, 'should not arrive', { qos: 1 }).then(() => undefined, (e: Error & { code?: number }) => e);
    await pub.publishAsync(OPEN, 'arrives', { qos: 1 });
    await expect.poll(() => received, { timeout: 5000 }).toContain(OPEN);
    await new Promise((r) => setTimeout(r, 500));
    expect(received).not.toContain(SECRET);
    expect(denied?.code).toBe(0x87);
    pub.end(true);
    sub.end(true);
  });

  it('explains the verdict and shows deny counted in the overview', async () => {
    await page.goto(`${node.url}#/authorization`);
    await page.getByRole('button', { name: /Explain/ }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Which rule decides?' });
    await drawer.getByLabel('Client ID').fill('any-client');
    await drawer.getByLabel('Username').fill(USER);
    await drawer.getByLabel('Topic').fill(SECRET);
    await drawer.getByRole('button', { name: 'Explain' }).click();
    await drawer.getByText('Verdict: Deny').waitFor();
    await drawer.getByText('source built_in_database').waitFor();
    await shot(page, 'authorization-explain-light-en');
    await page.keyboard.press('Escape');

    await page.goto(`${node.url}#/authorization/detail/built_in_database?tab=overview`);
    await expect.poll(async () => page.locator('.ant-statistic').filter({ hasText: 'Deny' }).locator('.ant-statistic-content').innerText(), { timeout: 20_000 }).not.toBe('0');
    await page.goto(`${node.url}#/authorization`);
    await shotAll(page, 'authorization-list', () => page.locator('.ant-table-row').first().waitFor());
    await page.goto(`${node.url}#/authorization/detail/built_in_database?tab=permissions`);
    await shotAll(page, 'authorization-rules', () => page.getByRole('tab').first().waitFor());
  });
});
