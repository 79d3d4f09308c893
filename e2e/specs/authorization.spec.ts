// Authorization on a real node: add a built-in database source, give a username a deny-publish rule in the
// rules editor, then a real subscriber receives nothing from that user's publish (while an allowed topic
// still flows); the explain panel names the deciding source. Screens in light/dark × English/Chinese.
import { describe, expect, it } from 'vitest';
import { chooseOption, connectClient, shot, shotAll, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

const suffix = Math.random().toString(36).slice(2, 7);
const USER = `e2e-bob-${suffix}`;
const SECRET = `e2e/${suffix}/secret`;
const OPEN = `e2e/${suffix}/open`;

async function pick(label: string, option: string) {
  await chooseOption(e2e.page, e2e.page.getByRole('combobox', { name: label }), option);
}

describe('authorization screens', () => {
  it('creates a built-in database source in front of the file source', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/authorization`);
    await e2e.page.getByRole('link', { name: 'File' }).waitFor();
    await e2e.page.getByRole('button', { name: /Create/ }).click();
    await e2e.page.getByRole('button', { name: 'Next' }).click();
    await e2e.page.getByText('Max Rules').waitFor();
    await e2e.page.getByRole('button', { name: 'Create', exact: true }).click();
    await e2e.page.getByText('Created successfully').last().waitFor();
    await e2e.page.waitForURL((u) => u.hash === '#/authorization');
    await expect.poll(() => e2e.page.locator('.ant-table-row td:first-child').allInnerTexts()).toEqual(['Built-in Database', 'File']);
  });

  it('adds a deny-publish rule for a username; its publish is dropped, others still flow', async () => {
    await e2e.page.getByRole('link', { name: 'Built-in Database' }).click();
    await e2e.page.getByRole('tab', { name: 'Username' }).click();
    const panel = e2e.page.getByRole('tabpanel', { name: 'Username' });
    await panel.getByRole('button', { name: /Add/ }).click();
    const dialog = e2e.page.getByRole('dialog').filter({ hasText: 'Add Permissions' });
    await dialog.getByLabel('Username').fill(USER);
    await pick('Permission 1', 'Deny');
    await pick('Action 1', 'Publish');
    await dialog.getByLabel('Topic 1').fill(SECRET);
    await shot(e2e.page, 'authorization-rules-dialog-light-en');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await panel.getByRole('cell', { name: USER }).waitFor();

    const received: string[] = [];
    const sub = await connectClient(e2e.node.mqttPort, { clientId: `e2e-sub-${suffix}`, protocolVersion: 5 });
    await sub.subscribeAsync(`e2e/${suffix}/#`, { qos: 1 });
    sub.on('message', (topic) => received.push(topic));
    const pub = await connectClient(e2e.node.mqttPort, { clientId: `e2e-pub-${suffix}`, username: USER, protocolVersion: 5 });
    // MQTT 5: the PUBACK of a denied publish carries 0x87 (not authorized), which MQTT.js reports as an error.
    const denied = await pub.publishAsync(SECRET, 'should not arrive', { qos: 1 }).then(
      () => undefined,
      (e: Error & { code?: number }) => e,
    );
    await pub.publishAsync(OPEN, 'arrives', { qos: 1 });
    await expect.poll(() => received, { timeout: 5000 }).toContain(OPEN);
    await new Promise((r) => setTimeout(r, 500));
    expect(received).not.toContain(SECRET);
    expect(denied?.code).toBe(0x87);
    pub.end(true);
    sub.end(true);
  });

  it('explains the verdict and shows deny counted in the overview', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/authorization`);
    await e2e.page.getByRole('button', { name: /Explain/ }).click();
    const drawer = e2e.page.getByRole('dialog').filter({ hasText: 'Which rule decides?' });
    await drawer.getByLabel('Client ID').fill('any-client');
    await drawer.getByLabel('Username').fill(USER);
    await drawer.getByLabel('Topic').fill(SECRET);
    await drawer.getByRole('button', { name: 'Explain' }).click();
    await drawer.getByText('Verdict: Deny').waitFor();
    await drawer.getByText('source built_in_database').waitFor();
    await shot(e2e.page, 'authorization-explain-light-en');
    await e2e.page.keyboard.press('Escape');

    await openRoute(e2e.page, `${e2e.node.url}#/authorization/detail/built_in_database?tab=overview`);
    await expect.poll(async () => e2e.page.locator('.ant-statistic').filter({ hasText: 'Deny' }).locator('.ant-statistic-content').innerText(), { timeout: 20_000 }).not.toBe('0');
    await openRoute(e2e.page, `${e2e.node.url}#/authorization`);
    await shotAll(e2e.page, 'authorization-list', () => e2e.page.locator('.ant-table-row').first().waitFor());
    await openRoute(e2e.page, `${e2e.node.url}#/authorization/detail/built_in_database?tab=permissions`);
    await shotAll(e2e.page, 'authorization-rules', () => e2e.page.getByRole('tab').first().waitFor());
  });
});
