import { describe, expect, it } from 'vitest';
import { login, newPage, shot, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession({ page: false });

describe('console shell', () => {
  it('redirects to login with `to`, then lands there after login', async () => {
    const { context, page } = await newPage(e2e.browser);
    await openRoute(page, `${e2e.node.url}#/users`);
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
    await openRoute(page, `${e2e.node.url}#/users`);
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

  it('shows a centred spinner at once while a screen’s code is still loading, then the screen', async () => {
    const { context, page } = await newPage(e2e.browser);
    await login(page, e2e.node.url);
    await openRoute(page, `${e2e.node.url}#/users`);
    await page.getByRole('columnheader', { name: 'Username' }).waitFor();
    // hold every script fetched from now on (the Retained Messages screen's chunk) until the spinner was seen
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let held = 0;
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      held++;
      await gate;
      await route.continue();
    });
    await page.getByRole('menuitem', { name: /Retained Messages/ }).click();
    const spinner = page.locator('main').getByRole('status', { name: 'Loading the page' });
    await spinner.waitFor();
    expect(held).toBeGreaterThan(0);
    // the old screen is gone rather than left on display (and clickable) while the new one loads
    expect(await page.getByRole('columnheader', { name: 'Username' }).count()).toBe(0);
    const [box, content] = await Promise.all([spinner.locator('.ant-spin').boundingBox(), page.locator('main').boundingBox()]);
    expect(Math.abs(box!.x + box!.width / 2 - (content!.x + content!.width / 2))).toBeLessThan(8);
    release();
    await page.getByRole('columnheader', { name: 'Publish Time' }).waitFor();
    expect(await spinner.count()).toBe(0);
    await context.close();
  });

  // Issue 20 item 10: at 390 px the sidebar never collapsed and the page title wrapped one letter per line.
  it('is usable on a 390 px phone: the menu is a drawer, the title stays on one line, nothing scrolls sideways', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await login(page, e2e.node.url);
    const title = page.locator('header h4');
    const sider = page.locator('.ant-layout-sider');
    const fits = async () => {
      // the menu takes no width, the title is one line, the page is no wider than the phone
      expect((await sider.boundingBox())?.width ?? 0).toBe(0);
      const box = await title.boundingBox();
      const lineHeight = await title.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect(box?.height ?? 0).toBeLessThanOrEqual(lineHeight * 1.5);
      expect(await page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth)).toBeLessThanOrEqual(390);
    };
    await openRoute(page, `${e2e.node.url}#/dashboard/overview`);
    await page.getByText('Live connections').first().waitFor();
    await expect.poll(() => title.textContent()).toBe('Cluster Overview');
    await fits();
    await shot(page, 'phone-overview');
    for (const [item, hash, ready] of [
      ['Clients', /#\/clients$/, () => page.getByRole('columnheader', { name: 'Client ID' }).waitFor()],
      ['Alarms', /#\/alarm/, () => page.getByRole('columnheader', { name: 'Alarm Name' }).first().waitFor()],
    ] as const) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page
        .getByRole('menuitem')
        .filter({ hasText: new RegExp(`^${item}$`) })
        .click();
      await page.waitForURL(hash);
      await ready();
      // choosing a screen closes the drawer again
      await expect.poll(async () => (await sider.boundingBox())?.width ?? 0).toBe(0);
      await expect.poll(() => title.textContent()).toBe(item);
      await fits();
      await shot(page, `phone-${item.toLowerCase()}`);
    }
    await context.close();
  });

  // Issue 20 item 12: http://host:18083/clients answered index.html, whose assets then came back as HTML: a blank page.
  it('a path URL without # opens its screen', async () => {
    const { context, page } = await newPage(e2e.browser);
    await login(page, e2e.node.url);
    await page.goto(`${e2e.node.url}clients`);
    await page.waitForURL(/\/#\/clients$/);
    await page.getByRole('columnheader', { name: 'Client ID' }).waitFor();
    const missing = await page.request.get(`${e2e.node.url}clients/assets/index.js`, { headers: { accept: '*/*' } });
    expect(missing.status()).toBe(404);
    await context.close();
  });

  it('shows not-found for an unknown route', async () => {
    const { context, page } = await newPage(e2e.browser);
    await login(page, e2e.node.url);
    await openRoute(page, `${e2e.node.url}#/no/such/page`);
    await page.getByText('Page not found').waitFor();
    await context.close();
  });

  it('switches to 中文 and dark theme, then logs out', async () => {
    const { context, page } = await newPage(e2e.browser);
    await login(page, e2e.node.url);
    await openRoute(page, `${e2e.node.url}#/users`);
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
