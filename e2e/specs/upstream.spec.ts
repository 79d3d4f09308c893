// Upstream mode (issue 19): the console served by `mqdeck start --upstream <url>` manages another broker (here a
// second node standing in for EMQX). The operator logs in with the upstream's users, the header says whose broker
// it is, and the screens show and change the upstream: a client connected to it is listed and kicked out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { startUpstreamConsole, type RunningUpstreamConsole } from '@mqdeck/server/upstream';
import { connectClient, login, shot, uniqueId, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession({ page: false });
const here = fileURLToPath(new URL('.', import.meta.url));

describe('upstream mode', () => {
  let proxy: RunningUpstreamConsole;
  let page: Page;
  let client: MqttClient;
  const clientId = uniqueId('e2e-upstream');

  beforeAll(async () => {
    proxy = await startUpstreamConsole({
      upstream: { url: new URL(e2e.node.url) },
      dashboardDir: join(here, '../../packages/dashboard/dist'),
      host: '127.0.0.1',
      port: 0,
    });
    client = await connectClient(e2e.node.mqttPort, { clientId, protocolVersion: 5 });
    page = await e2e.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await login(page, `${proxy.httpUrl}/`);
  }, 120_000);

  afterAll(async () => {
    await client?.endAsync(true).catch(() => undefined);
    await page?.close();
    await proxy?.close();
  });

  it("says whose broker it manages and lists the upstream's clients", async () => {
    const badge = page.getByTestId('upstream-badge');
    await expect.poll(() => badge.textContent(), { timeout: 15_000 }).toMatch(/^MQDeck .* · Enterprise · 127\.0\.0\.1:\d+$/);
    await openRoute(page, `${proxy.httpUrl}/#/clients`);
    await page.getByRole('link', { name: clientId }).waitFor({ timeout: 15_000 });
    await shot(page, 'upstream-clients');
  });

  it('kicks a client out of the upstream', async () => {
    // exact: a substring match also finds other links naming the id (the list's row and its detail link)
    await page.getByRole('link', { name: clientId, exact: true }).first().click();
    // The list stays on screen while the detail's chunk loads (navigation runs in a transition), and its rows have
    // their own Kick Out: act only once the detail itself is shown, or the popconfirm opens on a row that then goes.
    await page.waitForURL(/#\/clients\/detail\//, { timeout: 15_000 });
    await page.getByRole('link', { name: 'Back to clients' }).waitFor({ timeout: 15_000 });
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await page.getByRole('button', { name: 'Kick Out', exact: true }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await closed;
    await page.getByText('Kicked out successfully').last().waitFor({ timeout: 15_000 });
    expect((await e2e.api('GET', `/clients/${clientId}`)).status).toBe(404);
  });
});
