// Authentication on a real node: create a built-in database authenticator through the wizard, add a user
// in its Users tab, then MQTT.js proves it holds (right password accepted, wrong refused with 0x86).
// List and detail are captured in light/dark × English/Chinese. Last, the wizard's Test (an MQDeck API
// extension) reaches the machine's MariaDB, and fails on a closed port.
import { afterEach, describe, expect, it } from 'vitest';
import { shot, shotAll, tryConnect, uniqueId, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

const USER = uniqueId('e2e-alice');
const PASSWORD = 'Secret-pw-1';

describe('authentication screens', () => {
  // On failure, keep what the browser showed (the run is otherwise hard to diagnose).
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await shot(e2e.page, `authentication-failure-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`).catch(() => undefined);
  });

  it('anonymous clients connect while the chain is empty', async () => {
    await expect(tryConnect(e2e.node.mqttPort, { clientId: 'e2e-anon-before' })).resolves.toEqual({ ok: true });
  });

  it('creates a built-in database authenticator with the wizard', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/authentication`);
    await e2e.page.getByText(/anonymous access/).waitFor();
    await e2e.page.getByRole('button', { name: /Create/ }).click();
    await e2e.page.getByRole('button', { name: 'Next' }).click();
    await e2e.page.getByRole('button', { name: 'Next' }).click();
    await e2e.page.getByText('User ID Type').waitFor();
    await shot(e2e.page, 'authentication-create-light-en');
    await e2e.page.getByRole('button', { name: 'Create', exact: true }).click();
    await e2e.page.getByText('Created successfully').last().waitFor();
    await e2e.page.waitForURL((u) => u.hash === '#/authentication');
    await e2e.page.getByRole('link', { name: 'Password-Based' }).waitFor();
  });

  it('adds a user, then MQTT accepts the right password and refuses a wrong one', async () => {
    await e2e.page.getByRole('link', { name: 'Password-Based' }).click();
    await e2e.page.getByRole('tab', { name: 'Users' }).waitFor();
    await e2e.page.getByRole('button', { name: /Add User/ }).click();
    const dialog = e2e.page.getByRole('dialog').filter({ hasText: 'Add User' });
    await dialog.getByLabel('Username').fill(USER);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await e2e.page.getByRole('cell', { name: USER }).waitFor();

    await expect(tryConnect(e2e.node.mqttPort, { clientId: 'e2e-ok', username: USER, password: PASSWORD })).resolves.toEqual({ ok: true });
    const wrong = await tryConnect(e2e.node.mqttPort, { clientId: 'e2e-bad', username: USER, password: 'wrong-password' });
    expect(wrong.ok).toBe(false);
    expect(wrong.code).toBe(0x86);
    const anonymous = await tryConnect(e2e.node.mqttPort, { clientId: 'e2e-anon-after' });
    expect(anonymous.ok).toBe(false);
  });

  it('shows the success counted in the overview and captures the screens', async () => {
    await e2e.page.getByRole('tab', { name: 'Overview' }).click();
    await expect
      .poll(async () => e2e.page.locator('.ant-statistic').filter({ hasText: 'Success' }).locator('.ant-statistic-content').innerText(), { timeout: 20_000 })
      .not.toBe('0');
    const detailUrl = e2e.page.url();
    await shotAll(e2e.page, 'authentication-detail', () => e2e.page.getByRole('tab').first().waitFor());
    await openRoute(e2e.page, `${e2e.node.url}#/authentication`);
    await shotAll(e2e.page, 'authentication-list', () => e2e.page.locator('.ant-table-row').first().waitFor());
    expect(detailUrl).toContain('authentication/detail/');
  });

  it('tests a MySQL backend from the wizard: the local MariaDB works, a wrong port fails; nothing is created', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/authentication/create`);
    await e2e.page.getByRole('button', { name: 'Next' }).click();
    // the built-in database exists already, so MySQL (the first free backend) is preselected
    await e2e.page.getByText('MySQL', { exact: true }).click();
    await e2e.page.getByRole('button', { name: 'Next' }).click();
    await e2e.page.getByLabel('Database').fill('test');
    await e2e.page.getByRole('button', { name: 'Test', exact: true }).click();
    await e2e.page.getByText('Test success, your configuration works fine').waitFor();
    // Issue 20 item 14: the answer is in, so the button is plain 'Test' again at once (no loading icon left behind,
    // which kept its accessible name 'loading Test' and made the next click wait 30 s): checked now, not waited for.
    const test = e2e.page.locator('button', { hasText: /^Test$/ });
    expect(await test.evaluate((b) => ({ loading: b.classList.contains('ant-btn-loading'), icon: b.querySelector('[aria-label="loading"]') !== null }))).toEqual({
      loading: false,
      icon: false,
    });
    await e2e.page.getByLabel('Server', { exact: true }).fill('127.0.0.1:3307');
    await e2e.page.getByRole('button', { name: 'Test', exact: true }).click();
    await e2e.page.getByText(/^Test failed: .*ECONNREFUSED 127\.0\.0\.1:3307/).waitFor();
    await shot(e2e.page, 'authentication-create-test-failed-light-en');
    const list = (await e2e.apiGet('/authentication')) as { id: string }[];
    expect(list.map((a) => a.id)).toEqual(['password_based:built_in_database']);
  });
});
