import type { Page } from 'playwright-core';

/**
 * Opens a console route and waits until the console shows it. Navigations render in a transition, so after a hash
 * change the previous screen stays on display until the new one commits, and a button clicked right away can be the
 * old screen's (CI: the Flow Designer's "Add Messages" of the rule just saved, whose drawer then vanished). The
 * console marks the committed route on <html data-route>; a redirect (login, a parent path) changes the URL as well.
 */
export async function openRoute(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => {
    const wanted = decodeURIComponent(location.hash.slice(1).split('?')[0] || '/');
    const shown = document.documentElement.dataset.route;
    return shown !== undefined && decodeURIComponent(shown) === wanted;
  });
}
