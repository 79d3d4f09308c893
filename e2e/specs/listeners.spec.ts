// Listeners on a real node: create a tcp listener on a free port, a real MQTT.js client connects to it;
// disabling it (after the confirmation) closes that client and refuses new ones; deleting needs the name typed.
// Captured in light/dark × English/Chinese.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, login, shot, startE2ENode, shotAll } from '../harness';

type E2ENode = Awaited<ReturnType<typeof startE2ENode>>;

let node: E2ENode;
let browser: Browser;
let page: Page;
const NAME = `e2e${Math.random().toString(36).slice(2, 7)}`;

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/** Resolves with the connected client, rejects when the broker refuses or the socket fails. */
function connect(port: number): Promise<MqttClient> {
  const c = mqtt.connect(`mqtt://127.0.0.1:${port}`, { clientId: `${NAME}-${Math.random().toString(36).slice(2, 6)}`, reconnectPeriod: 0, connectTimeout: 3000 });
  return new Promise((resolve, reject) => {
    c.once('connect', () => resolve(c));
    c.once('error', (e) => { c.end(true); reject(e); });
    c.once('close', () => reject(new Error('closed before CONNACK')));
  });
}

const row = (text: string) => page.locator('tr', { hasText: text });

describe('listeners screen', () => {
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

  it('creates a tcp listener that a real client connects to', async () => {
    const port = await freePort();
    await page.goto(`${node.url}#/listener`);
    await page.locator('td', { hasText: /^ws$/ }).first().waitFor(); // the default listeners are listed
    await page.getByRole('button', { name: /Add Listener/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Name', { exact: true }).fill(NAME);
    await drawer.getByLabel('Bind', { exact: true }).fill(`127.0.0.1:${port}`);
    await shot(page, 'listeners-create-drawer');
    await drawer.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Listener saved').waitFor();
    await row(`127.0.0.1:${port}`).getByText('Running').waitFor();

    const client = await connect(port);
    expect(client.connected).toBe(true);
    // the list counts it (refetch)
    await page.getByRole('button', { name: /Refresh/ }).click();
    await expect.poll(async () => row(`127.0.0.1:${port}`).locator('td').nth(4).innerText(), { timeout: 10_000 }).toBe('1');
    await shotAll(page, 'listeners-list', () => row(`127.0.0.1:${port}`).waitFor());

    // disable: confirmation first, then the client's connection is closed and new ones are refused
    const closed = new Promise<void>((r) => client.once('close', () => r()));
    await row(`127.0.0.1:${port}`).getByRole('switch').click();
    await page.getByText(`Disable listener tcp:${NAME}? Disabling closes all its connections.`).waitFor();
    expect(client.connected).toBe(true);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await closed;
    await row(`127.0.0.1:${port}`).getByText('Stopped').waitFor();
    await expect(connect(port)).rejects.toThrow();
    client.end(true);

    // delete: the OK button waits for the exact name
    await row(`127.0.0.1:${port}`).getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    const ok = dialog.getByRole('button', { name: 'Delete' });
    await dialog.getByLabel('Listener name').fill(NAME.slice(0, -1));
    expect(await ok.isDisabled()).toBe(true);
    await dialog.getByLabel('Listener name').fill(NAME);
    await shot(page, 'listeners-delete-typed');
    await ok.click();
    await page.getByText('Deleted successfully').waitFor();
    await expect.poll(() => row(`127.0.0.1:${port}`).count(), { timeout: 10_000 }).toBe(0);
  });
});
