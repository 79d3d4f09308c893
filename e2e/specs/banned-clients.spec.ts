// Banned clients on a real node: ban a client id from the console, then its MQTT connection is refused
// (MQTT 5 CONNACK 0x8A banned); removing the ban lets it in again. Flapping detect saves its settings.
import { describe, expect, it } from 'vitest';
import { shotAll, tryConnect, uniqueId, useE2ESession, saveForm } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

const CLIENT = uniqueId('e2e-banned');

describe('banned clients screen', () => {
  it('bans a client id; its connection is refused with 0x8A', async () => {
    await expect(tryConnect(e2e.node.mqttPort, { clientId: CLIENT })).resolves.toEqual({ ok: true });
    await openRoute(e2e.page, `${e2e.node.url}#/banned-clients`);
    await e2e.page.getByRole('button', { name: /Add to Blacklist/ }).click();
    const dialog = e2e.page.getByRole('dialog').filter({ hasText: 'Add to Blacklist' });
    await dialog.getByLabel('Ban Object').fill(CLIENT);
    await dialog.getByLabel('Reason').fill('e2e test');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await e2e.page.getByText('Successfully banned this client.').waitFor();
    await e2e.page.getByRole('cell', { name: CLIENT }).waitFor();
    const refused = await tryConnect(e2e.node.mqttPort, { clientId: CLIENT });
    expect(refused).toEqual({ ok: false, code: 0x8a });
    await shotAll(e2e.page, 'banned-clients', () => e2e.page.getByRole('cell', { name: CLIENT }).waitFor());
  });

  it('removes the ban; the client connects again', async () => {
    const row = e2e.page.getByRole('row').filter({ hasText: CLIENT });
    await row.getByRole('button', { name: 'Delete' }).click();
    await e2e.page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => e2e.page.getByRole('cell', { name: CLIENT }).count()).toBe(0);
    await expect(tryConnect(e2e.node.mqttPort, { clientId: CLIENT })).resolves.toEqual({ ok: true });
  });

  it('saves flapping detection settings to the node', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/flapping-detect`);
    const max = e2e.page.getByLabel('Max Disconnects');
    await expect.poll(() => max.inputValue()).toBe('15');
    await e2e.page.getByRole('switch').click();
    await max.fill('4');
    await saveForm(e2e.page);
    expect((await e2e.apiGet('/configs/global_zone')).flapping_detect).toMatchObject({ enable: true, max_count: 4 });
    await shotAll(e2e.page, 'flapping-detect', () => e2e.page.locator('#flapping_max_count').waitFor());
  });
});
