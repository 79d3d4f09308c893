// Authentication on a real node: create a built-in database authenticator through the wizard, add a user
// in its Users tab, then MQTT.js proves it holds (right password accepted, wrong refused with 0x86).
// List and detail are captured in light/dark × English/Chinese.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, login, shot, startE2ENode, shotAll } from '../harness';

type E2ENode = Awaited<ReturnType<typeof startE2ENode>>;
let node: E2ENode;
let browser: Browser;
let page: Page;
const USER = `e2e-alice-${Math.random().toString(36).slice(2, 7)}`;
const PASSWORD = 'Secret-pw-1';

/** Connects once (MQTT 5); resolves with the CONNACK outcome instead of throwing. */
function tryConnect(port: number, opts: { clientId: string; username?: string; password?: string }): Promise<{ ok: boolean; code?: number }> {
  return new Promise((resolve) => {
    const c = mqtt.connect(`mqtt://127.0.0.1:${port}`, { ...opts, protocolVersion: 5, reconnectPeriod: 0, connectTimeout: 5000 });
    const done = (r: { ok: boolean; code?: number }) => {
      c.end(true);
      resolve(r);
    };
    c.once('connect', () => done({ ok: true }));
    c.once('error', (e: Error & { code?: number }) => done({ ok: false, code: typeof e.code === 'number' ? e.code : undefined }));
    c.once('close', () => done({ ok: false }));
  });
}

describe('authentication screens', () => {
  beforeAll(async () => {
    node = await startE2ENode();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await login(page, node.url);
  }, 120_000);

  // On failure, keep what the browser showed (the run is otherwise hard to diagnose).
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await shot(page, `authentication-failure-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`).catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
    await node?.close();
  });

  it('anonymous clients connect while the chain is empty', async () => {
    await expect(tryConnect(node.mqttPort, { clientId: 'e2e-anon-before' })).resolves.toEqual({ ok: true });
  });

  it('creates a built-in database authenticator with the wizard', async () => {
    await page.goto(`${node.url}#/authentication`);
    await page.getByText(/anonymous access/).waitFor();
    await page.getByRole('button', { name: /Create/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('User ID Type').waitFor();
    await shot(page, 'authentication-create-light-en');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Created successfully').waitFor();
    await page.waitForURL((u) => u.hash === '#/authentication');
    await page.getByRole('link', { name: 'Password-Based' }).waitFor();
  });

  it('adds a user, then MQTT accepts the right password and refuses a wrong one', async () => {
    await page.getByRole('link', { name: 'Password-Based' }).click();
    await page.getByRole('tab', { name: 'Users' }).waitFor();
    await page.getByRole('button', { name: /Add User/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Add User' });
    await dialog.getByLabel('Username').fill(USER);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('cell', { name: USER }).waitFor();

    await expect(tryConnect(node.mqttPort, { clientId: 'e2e-ok', username: USER, password: PASSWORD })).resolves.toEqual({ ok: true });
    const wrong = await tryConnect(node.mqttPort, { clientId: 'e2e-bad', username: USER, password: 'wrong-password' });
    expect(wrong.ok).toBe(false);
    expect(wrong.code).toBe(0x86);
    const anonymous = await tryConnect(node.mqttPort, { clientId: 'e2e-anon-after' });
    expect(anonymous.ok).toBe(false);
  });

  it('shows the success counted in the overview and captures the screens', async () => {
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect.poll(async () => page.locator('.ant-statistic').filter({ hasText: 'Success' }).locator('.ant-statistic-content').innerText(), { timeout: 20_000 }).not.toBe('0');
    const detailUrl = page.url();
    await shotAll(page, 'authentication-detail', () => page.getByRole('tab').first().waitFor());
    await page.goto(`${node.url}#/authentication`);
    await shotAll(page, 'authentication-list', () => page.locator('.ant-table-row').first().waitFor());
    expect(detailUrl).toContain('authentication/detail/');
  });
});
