import { describe, expect, it } from 'vitest';
import { login, newPage, shot, useE2ESession } from '../harness';

const e2e = useE2ESession({ page: false });

describe('console shell', () => {
  it('redirects to login with `to`, then lands there after login', async () => {
    const { context, page } = await newPage(e2e.browser);
    await page.goto(`${e2e.node.url}#/users`);
    await page.waitForURL(/#\/login\?to=%2Fusers/);
    await shot(page, 'login-light-en');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel(/^Password$/).fill('public');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL(/#\/users$/);
    await page.getByRole('menuitem', { name: /Users/ }).waitFor();
    await shot(page, 'users-light-en');
    await context.close();
  });

  it('changes the screen when navigating between features from the menu', async () => {
    const { context, page } = await newPage(e2e.browser);
    await login(page, e2e.node.url);
    await page.goto(`${e2e.node.url}#/users`);
    await page.getByRole('columnheader', { name: 'Username' }).waitFor();
    await page.getByRole('menuitem', { name: /API Keys/ }).click();
    await page.getByRole('columnheader', { name: 'Expire At' }).waitFor();
    await page.getByRole('menuitem', { name: /Retained Messages/ }).click();
    await page.waitForURL(/#\/retained$/);
    await page.getByRole('columnheader', { name: 'Expire At' }).waitFor({ state: 'detached' });
    await page.getByRole('menuitem', { name: /Users/ }).click();
    await page.getByRole('columnheader', { name: 'Username' }).waitFor();
    await context.close();
  });

  it('shows not-found for an unknown route', async () => {
    const { context, page } = await newPage(e2e.browser);
    await login(page, e2e.node.url);
    await page.goto(`${e2e.node.url}#/no/such/page`);
    await page.getByText('Page not found').waitFor();
    await context.close();
  });

  it('switches to 中文 and dark theme, then logs out', async () => {
    const { context, page } = await newPage(e2e.browser);
    await login(page, e2e.node.url);
    await page.goto(`${e2e.node.url}#/users`);
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByText('中文', { exact: true }).click();
    await page.getByText('系统设置').waitFor();
    await page.getByRole('button', { name: '主题' }).click();
    await page.getByText('深色', { exact: true }).click();
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('dark');
    await shot(page, 'users-dark-zh');
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByText('退出登录', { exact: true }).click();
    await page.getByText('确认退出登录').filter({ visible: true }).waitFor();
    // antd spaces two-character CJK button labels ('确 认').
    await page
      .getByRole('button', { name: /^确\s?认$/ })
      .filter({ visible: true })
      .click();
    await page.waitForURL(/#\/login/);
    await shot(page, 'login-dark-zh');
    await context.close();
  });
});
