// MQTT settings on a real node: turning wildcard subscriptions off in General is one PUT of the global zone,
// the API answers the new value, and a real MQTT.js client's wildcard SUBSCRIBE is then refused.
// Every tab is captured; General in light/dark × English/Chinese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, login, shot, startE2ENode } from '../harness';

type E2ENode = Awaited<ReturnType<typeof startE2ENode>>;

let node: E2ENode;
let browser: Browser;
let page: Page;

async function apiGet(path: string): Promise<any> {
  const { token } = await fetch(`${node.url}api/v5/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'public' }),
  }).then((r) => r.json());
  return fetch(`${node.url}api/v5${path}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
}

/** The granted QoS codes of a wildcard SUBSCRIBE from a fresh client. */
async function wildcardGrant(): Promise<number> {
  const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${node.mqttPort}`, { clientId: `e2e-mqtt-${Math.random().toString(36).slice(2, 7)}`, reconnectPeriod: 0 });
  try {
    const granted = await c.subscribeAsync('e2e/settings/#', { qos: 1 });
    return granted[0].qos;
  } catch (e) {
    // MQTT.js rejects on a failure code in SUBACK; the packet carries the code
    const code = (e as { packet?: { granted?: (number | { qos: number })[] } }).packet?.granted?.[0];
    if (code === undefined) throw e;
    return typeof code === 'number' ? code : code.qos;
  } finally {
    await c.endAsync(true);
  }
}

describe('MQTT settings screens', () => {
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

  it('/mqtt opens General; turning wildcard subscription off applies to real clients', async () => {
    expect(await wildcardGrant()).toBe(1);
    await page.goto(`${node.url}#/mqtt`);
    await page.waitForURL((u) => u.hash.startsWith('#/mqtt/general'));
    const wildcard = page.getByRole('switch', { name: 'Wildcard Subscription' });
    await expect.poll(() => wildcard.getAttribute('aria-checked')).toBe('true');
    await wildcard.click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved successfully').waitFor();

    const zone = await apiGet('/configs/global_zone');
    expect(zone.mqtt.wildcard_subscription).toBe(false);
    expect(zone.mqtt.max_packet_size).toBe('1MB'); // the rest of the zone went back unchanged
    expect(await wildcardGrant()).toBeGreaterThanOrEqual(0x80);
  });

  it('shows a spec validation text and saves nothing', async () => {
    await page.goto(`${node.url}#/mqtt/general`);
    const field = page.getByLabel('Max Client ID Length', { exact: true });
    await field.fill('5');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Input error: the number range is 23 - 65535').waitFor();
    expect((await apiGet('/configs/global_zone')).mqtt.max_clientid_len).toBe(65535);
    await page.getByRole('button', { name: 'Reset' }).click();
  });

  it('each tab loads the node values (screenshots)', async () => {
    for (const tab of ['session', 'session-persistence', 'retainer', 'system-topic']) {
      await page.goto(`${node.url}#/mqtt/${tab}`);
      await page.getByRole('button', { name: 'Save' }).waitFor();
      await shot(page, `mqtt-settings-${tab}`);
    }
    await page.goto(`${node.url}#/mqtt/session`);
    await expect.poll(() => page.getByLabel('Max Inflight', { exact: true }).inputValue()).toBe('32');
    for (const theme of ['light', 'dark'] as const) {
      for (const language of ['en', 'zh'] as const) {
        await page.evaluate((p) => {
          localStorage.setItem('theme', p.theme);
          localStorage.setItem('syncOsTheme', 'false');
          localStorage.setItem('language', p.language);
        }, { theme, language });
        await page.goto(`${node.url}#/mqtt/general`);
        await page.reload();
        await page.getByRole('button', { name: /Save|保\s?存/ }).waitFor();
        await shot(page, `mqtt-settings-general-${theme}-${language}`);
      }
    }
    await page.evaluate(() => {
      localStorage.setItem('theme', 'light');
      localStorage.setItem('language', 'en');
    });
    await page.reload();
  });

  it('auto subscribe added on screen is applied at connect; the other management screens load', async () => {
    await page.goto(`${node.url}#/auto-sub`);
    await page.getByRole('button', { name: /Add Topic/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Topic', { exact: true }).fill('e2e/auto/${clientid}');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'e2e/auto/${clientid}' }).waitFor();
    const id = `e2e-auto-${Math.random().toString(36).slice(2, 7)}`;
    const sub = await mqtt.connectAsync(`mqtt://127.0.0.1:${node.mqttPort}`, { clientId: id, reconnectPeriod: 0 });
    const got = new Promise<string>((resolve) => sub.once('message', (topic) => resolve(topic)));
    const pub = await mqtt.connectAsync(`mqtt://127.0.0.1:${node.mqttPort}`, { clientId: `${id}-pub`, reconnectPeriod: 0 });
    await new Promise((r) => setTimeout(r, 300));
    await pub.publishAsync(`e2e/auto/${id}`, 'hello', { qos: 1 });
    expect(await got).toBe(`e2e/auto/${id}`); // no SUBSCRIBE was sent by this client
    await Promise.all([sub.endAsync(true), pub.endAsync(true)]);
    await shot(page, 'auto-subscribe');

    for (const [path, ready] of [['log', 'Rotation Count'], ['flow-control', 'Max Connection Rate'], ['delayed-pub-configuration', 'Max Delayed Messages']] as const) {
      await page.goto(`${node.url}#/${path}`);
      await expect.poll(() => page.getByLabel(ready, { exact: true }).inputValue(), { timeout: 10_000 }).not.toBe('');
      await shot(page, `management-${path}`);
    }
    for (const path of ['topic-rewrite', 'delayed-pub', 'alarm', 'cluster']) {
      await page.goto(`${node.url}#/${path}`);
      await page.locator('.ant-table').first().waitFor();
      await shot(page, `management-${path}`);
    }
  });
});
