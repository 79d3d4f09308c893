// System › Audit Log on a real node: a user created on the Users screen shows up in the audit log as admin's POST
// /users from this browser, with the password masked in the detail drawer; filtering by method narrows the list;
// an API key's change is listed under its key name.
import { describe, expect, it } from 'vitest';
import { shotAll, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

describe('audit log (System › Audit Log)', () => {
  it('lists a change made on screen, with the password masked in the details', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/users`);
    await page
      .getByRole('button', { name: /^(plus )?Create$/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Create User' });
    await dialog.getByLabel('Username').fill('auditee');
    await dialog.getByLabel(/^Password$/).fill('operator2024');
    await dialog.getByLabel('Confirm Password').fill('operator2024');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Create User Successfully').waitFor();

    await openRoute(page, `${e2e.node.url}#/audit-log`);
    const row = page.getByRole('row').filter({ hasText: 'POST /users' }).first();
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('admin');
    expect(await row.textContent()).toContain('Success 200');
    await row.getByRole('button', { name: 'Details' }).click();
    const drawer = page.getByRole('dialog', { name: 'Audit entry' });
    await drawer.getByText(/"username": "auditee"/).waitFor();
    await drawer.getByText(/"password": "\*\*\*\*\*\*"/).waitFor();
    expect(await drawer.textContent()).not.toContain('operator2024');
    await page.keyboard.press('Escape');
  });

  it('filters by method and shows an API key as the operator', async () => {
    const key = (await e2e.api('POST', '/api_key', { name: 'e2e-auditor', enable: true })).body;
    const res = await fetch(`${e2e.node.url}api/v5/license/setting`, {
      method: 'PUT',
      headers: { authorization: `Basic ${Buffer.from(`${key.api_key}:${key.api_secret}`).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ connection_low_watermark: '70%', connection_high_watermark: '85%' }),
    });
    expect(res.status).toBe(200);
    const page = e2e.page;
    // still on the list from the last test: Refresh reads the entries made since
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('row').filter({ hasText: 'PUT /license/setting' }).getByText('e2e-auditor').waitFor();
    await page.getByRole('combobox', { name: 'Method' }).click();
    await page.getByTitle('PUT', { exact: true }).click();
    await page.waitForURL((u) => u.hash.includes('http_method=put'));
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'POST /users' }).count()).toBe(0);
    await page.getByRole('row').filter({ hasText: 'PUT /license/setting' }).waitFor();
  });

  it('in both themes and both languages', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/audit-log`);
    await shotAll(e2e.page, 'audit-log', () => e2e.page.getByRole('row').nth(1).waitFor());
  });
});
