// Banned clients on a real node: ban a client id from the console, then its MQTT connection is refused
// (MQTT 5 CONNACK 0x8A banned); removing the ban lets it in again. Flapping detect saves its settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, login, startE2ENode, shotAll } from '../harness';

type E2ENode = Awaited<ReturnType<typeof startE2ENode>>;
let node: E2ENode;
let browser: Browser;
let page: Page;
const CLIENT = `e2e-banned-${Math.random().toString(36).slice(2, 7)}`;

function tryConnect(port: number, clientId: string): Promise<{ ok: boolean; code?: number }> {
  return new Promise((resolve) => {
    const c = mqtt.connect(`mqtt://127.0.0.1:${port}`, { clientId, protocolVersion: 5, reconnectPeriod: 0, connectTimeout: 5000 });
    const done = (r: { ok: boolean; code?: number }) => {
      c.end(true);
      resolve(r);
    };
    c.once('connect', () => done({ ok: true }));
    c.once('error', (e: Error & { code?: number }) => done({ ok: false, code: typeof e.code === 'number' ? e.code : undefined }));
    c.once('close', () => done({ ok: false }));
  });
}

describe('banned clients screen', () => {
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

  it('bans a client id; its connection is refused with 0x8A', async () => {
    await expect(tryConnect(node.mqttPort, CLIENT)).resolves.toEqual({ ok: true });
    await page.goto(`${node.url}#/banned-clients`);
    await page.getByRole('button', { name: /Add to Blacklist/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Add to Blacklist' });
    await dialog.getByLabel('Ban Object').fill(CLIENT);
    await dialog.getByLabel('Reason').fill('e2e test');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Successfully banned this client.').waitFor();
    await page.getByRole('cell', { name: CLIENT }).waitFor();
    const refused = await tryConnect(node.mqttPort, CLIENT);
    expect(refused).toEqual({ ok: false, code: 0x8a });
    await shotAll(page, 'banned-clients', () => page.getByRole('cell', { name: CLIENT }).waitFor());
  });

  it('removes the ban; the client connects again', async () => {
    const row = page.getByRole('row').filter({ hasText: CLIENT });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByRole('cell', { name: CLIENT }).count()).toBe(0);
    await expect(tryConnect(node.mqttPort, CLIENT)).resolves.toEqual({ ok: true });
  });

  it('saves flapping detection settings to the node', async () => {
    await page.goto(`${node.url}#/flapping-detect`);
    const max = page.getByLabel('Max Disconnects');
    await expect.poll(() => max.inputValue()).toBe('15');
    await page.getByRole('switch').click();
    await max.fill('4');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved successfully').waitFor();
    const res = await page.evaluate(async () => {
      const token = (JSON.parse(localStorage.getItem('mqdeck.user') ?? '{}') as { token?: string }).token;
      const r = await fetch('api/v5/configs/global_zone', { headers: { Authorization: `Bearer ${token}` } });
      return (await r.json()) as { flapping_detect: { enable: boolean; max_count: number } };
    });
    expect(res.flapping_detect).toMatchObject({ enable: true, max_count: 4 });
    await shotAll(page, 'flapping-detect', () => page.locator('#flapping_max_count').waitFor());
  });
});
