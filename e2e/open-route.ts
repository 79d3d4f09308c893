import type { Page } from 'playwright-core';

/**
 * Opens a console route in a fresh load of the app. A hash change alone keeps the previous screen until the new
 * route's lazy chunk has loaded, so a button clicked right after it can be the old screen's (CI: the Connectors
 * page's Create clicked instead of the Actions page's).
 */
export async function openRoute(page: Page, url: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(url);
}
