// Browser-test harness: a real node on ephemeral ports serving the built console, Debian chromium via playwright-core.
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startNode } from '../packages/server/src/node';

const here = fileURLToPath(new URL('.', import.meta.url));
export const ARTIFACTS = join(here, 'artifacts');

export interface E2ENode {
  /** Console base URL ending with '/'. */
  url: string;
  mqttPort: number;
  wsPort: number;
  close(): Promise<void>;
}

export async function startE2ENode(): Promise<E2ENode> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mqdeck-e2e-'));
  const node = await startNode({
    dataDir,
    httpPort: 0,
    dashboardDir: join(here, '../packages/dashboard/dist'),
    // Mosquitto owns 1883 on this machine: every listener is ephemeral.
    env: {
      EMQX_LISTENERS__TCP__DEFAULT__BIND: '127.0.0.1:0',
      EMQX_LISTENERS__WS__DEFAULT__BIND: '127.0.0.1:0',
      EMQX_LISTENERS__SSL__DEFAULT__ENABLE: 'false',
      EMQX_LISTENERS__WSS__DEFAULT__ENABLE: 'false',
    },
  });
  const url = node.httpUrl.endsWith('/') ? node.httpUrl : `${node.httpUrl}/`;
  return {
    url,
    mqttPort: node.mqttPort,
    wsPort: node.wsPort,
    close: async () => {
      await node.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A fresh chromium; playwright's launch() gives it a new temporary profile (it refuses --user-data-dir). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
}

export async function newPage(browser: Browser, opts: { colorScheme?: 'light' | 'dark'; locale?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, locale: opts.locale ?? 'en-US', colorScheme: opts.colorScheme ?? 'light' });
  const page = await context.newPage();
  return { context, page };
}

/** Logs in through the form and skips the default-password prompt if it shows. */
export async function login(page: Page, url: string, username = 'admin', password = 'public'): Promise<void> {
  await page.goto(`${url}#/login`);
  await page.getByLabel(/Username|用户名/).fill(username);
  await page.getByLabel(/^(Password|密码)$/).fill(password);
  await page.getByRole('button', { name: /^(Login|登\s?录)$/ }).click();
  const skip = page.getByRole('button', { name: /^(Skip|跳\s?过)$/ });
  const landed = page.waitForURL((u) => !u.hash.startsWith('#/login'), { timeout: 15_000 });
  const prompt = skip.waitFor({ timeout: 15_000 }).then(() => 'prompt' as const);
  const first = await Promise.race([landed.then(() => 'landed' as const), prompt]).catch(() => 'landed' as const);
  if (first === 'prompt') {
    await skip.click();
    await page.waitForURL((u) => !u.hash.startsWith('#/login'), { timeout: 15_000 });
  }
}

/** Saves a full-page PNG to e2e/artifacts/<name>.png. */
export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Captures the current screen in the four theme × language combinations (the console reads both from
 * localStorage at load), then returns the page to light/English.
 */
export async function shotAll(page: Page, name: string, ready: () => Promise<unknown>): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    for (const language of ['en', 'zh'] as const) {
      await page.evaluate(
        (p) => {
          localStorage.setItem('theme', p.theme);
          localStorage.setItem('syncOsTheme', 'false');
          localStorage.setItem('language', p.language);
        },
        { theme, language },
      );
      await page.reload();
      await ready();
      await shot(page, `${name}-${theme}-${language}`);
    }
  }
  await page.evaluate(() => {
    localStorage.setItem('theme', 'light');
    localStorage.setItem('language', 'en');
  });
  await page.reload();
}
