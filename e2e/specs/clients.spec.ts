// Clients screens on a real node with real MQTT.js clients: fuzzy search finds a connected client, its detail
// shows the subscription it made, and "Kick Out" really disconnects it (the MQTT.js client sees 'close').
// Both screens are captured in light/dark × English/Chinese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { atWidth, connectClient, shot, shotAll, tableLayoutProblems, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

let client: MqttClient;
const suffix = Math.random().toString(36).slice(2, 8);
const CLIENT_ID = `e2e-clients-${suffix}-sensor`;
const TOPIC = `e2e/clients/${suffix}/cmd`;

describe('clients screens', () => {
  beforeAll(async () => {
    client = await connectClient(e2e.node.mqttPort, { clientId: CLIENT_ID, username: 'e2e-user', protocolVersion: 5 });
    await client.subscribeAsync(TOPIC, { qos: 1 });
  }, 120_000);

  afterAll(async () => {
    await client?.endAsync(true).catch(() => undefined);
  });

  it('fuzzy search finds the connected client', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/clients`);
    const search = e2e.page.getByRole('searchbox', { name: 'Search' });
    await search.fill(`${suffix}-sen`);
    await search.press('Enter');
    const link = e2e.page.getByRole('link', { name: CLIENT_ID });
    await link.waitFor({ timeout: 15_000 });
    expect(decodeURIComponent(e2e.page.url())).toContain(`q=${suffix}-sen`);
    const row = e2e.page.locator('tr', { has: link });
    await expect.poll(() => row.textContent()).toContain('e2e-user');
    await shotAll(e2e.page, 'clients-list', () => e2e.page.getByRole('link', { name: CLIENT_ID }).waitFor({ timeout: 15_000 }));
  });

  // Issue 20 item 2: at 1280-1440 px the list scrolled sideways and hid Session Expiry and Connected At.
  for (const width of [1280, 1440]) {
    it(`the list's default columns fit a ${width} px window without sideways scrolling`, async () => {
      await atWidth(e2e.page, width, async () => {
        await openRoute(e2e.page, `${e2e.node.url}#/clients`);
        await e2e.page.getByRole('link', { name: CLIENT_ID }).waitFor({ timeout: 15_000 });
        for (const header of ['Client ID', 'Username', 'Status', 'IP Address', 'Keepalive (s)', 'Session Expiry Interval (s)', 'Connected At', 'Actions']) {
          await e2e.page.getByRole('columnheader', { name: header, exact: true }).waitFor();
        }
        expect(await tableLayoutProblems(e2e.page)).toEqual([]);
        await shot(e2e.page, `clients-layout-${width}`);
      });
    });
  }

  it('the detail shows the subscription the client made', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/clients/detail/${encodeURIComponent(CLIENT_ID)}`);
    await e2e.page.getByRole('cell', { name: TOPIC }).waitFor({ timeout: 15_000 });
    await expect.poll(() => e2e.page.getByText('MQTT v5.0').count()).toBeGreaterThan(0);
    await shotAll(e2e.page, 'clients-detail', () => e2e.page.getByRole('cell', { name: TOPIC }).waitFor({ timeout: 15_000 }));
  });

  it('kick out really disconnects the client', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/clients/detail/${encodeURIComponent(CLIENT_ID)}`);
    await e2e.page.getByRole('cell', { name: TOPIC }).waitFor({ timeout: 15_000 });
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await e2e.page.getByRole('button', { name: 'Kick Out' }).click();
    await e2e.page.getByRole('button', { name: 'Confirm' }).click();
    await closed;
    await e2e.page.getByText('Kicked out successfully').last().waitFor({ timeout: 15_000 });
    // Back on the list, the client is gone.
    await e2e.page.waitForURL(/#\/clients$/, { timeout: 15_000 });
    // No error toast: the vanished client's detail is not refetched.
    expect(await e2e.page.getByText('The client is not connected, or no longer exists.').count()).toBe(0);
    await e2e.page.reload();
    await e2e.page.getByRole('searchbox', { name: 'Search' }).fill(suffix);
    await e2e.page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect.poll(() => e2e.page.getByRole('link', { name: CLIENT_ID }).count(), { timeout: 15_000 }).toBe(0);
  });
});
