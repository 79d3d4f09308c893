import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, newPage, shot, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession({ page: false });

async function fillCreateForm(page: Page, username: string, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel(/^Password$/).fill(password);
  await dialog.getByLabel('Confirm Password').fill(password);
  await dialog.getByLabel('Description').fill('operator on call');
  return dialog;
}

describe('System › Users', () => {
  it('creates a user, who can then log in', async () => {
    const { context, page } = await newPage(e2e.browser);
    await login(page, e2e.node.url);
    await openRoute(page, `${e2e.node.url}#/users`);
    await page
      .getByRole('button', { name: /^(plus )?Create$/ })
      .first()
      .click();

    // reserved names are refused in the form, before any request
    let dialog = await fillCreateForm(page, 'root', 'operator2024');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.getByText('admin, root and administrator are reserved names').waitFor();

    dialog = await fillCreateForm(page, 'operator_1', 'operator2024');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Create User Successfully').waitFor();
    await page.getByRole('cell', { name: 'operator_1', exact: true }).waitFor();
    await shot(page, 'users-created-light-en');
    await context.close();

    // the new user logs in with their own password (no default-password prompt for them)
    const second = await newPage(e2e.browser, { locale: 'zh-CN' });
    await login(second.page, e2e.node.url, 'operator_1', 'operator2024');
    await openRoute(second.page, `${e2e.node.url}#/users`);
    // the signed-in user is marked in the list: '(you)' in English, '（当前用户）' in Chinese
    await second.page.getByRole('cell', { name: /^operator_1\s*（当前用户）$/ }).waitFor();
    await shot(second.page, 'users-zh-as-new-user');
    await second.context.close();
  });

  it('refuses a wrong password at login with the spec text', async () => {
    const { context, page } = await newPage(e2e.browser);
    await openRoute(page, `${e2e.node.url}#/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel(/^Password$/).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Incorrect username or password').waitFor();
    await context.close();
  });
});
