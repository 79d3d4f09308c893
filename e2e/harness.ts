// Browser-test harness: a real node on ephemeral ports serving the built console, Debian chromium via playwright-core.
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { startNode } from '@mqdeck/server/start-node';

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

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A fresh chromium; playwright's launch() gives it a new temporary profile (it refuses --user-data-dir). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
}

/**
 * A page as an operator who asked the OS for reduced motion sees it (the console then shows dialogs, drawers and
 * dropdowns without their zoom and slide): a click on an element that is still animating can land beside it and do
 * nothing (a Confirm in a zooming dialog, an option in a sliding dropdown: seen in loaded CI runs).
 */
export async function newPage(browser: Browser, opts: { colorScheme?: 'light' | 'dark'; locale?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 850 },
    locale: opts.locale ?? 'en-US',
    colorScheme: opts.colorScheme ?? 'light',
    reducedMotion: 'reduce',
  });
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
  if (first === 'prompt') await skipPrompt(page, skip);
}

/**
 * Clicks Skip until the console leaves the login route. Once in a loaded run (load 5 on 2 cores) the page was still on
 * #/login 15 s after one Skip click (not reproduced alone); a click during the modal's opening animation is the likely
 * cause, so click again while the button is still shown, and say what the page shows if it never leaves.
 */
async function skipPrompt(page: Page, skip: Locator): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (await skip.isVisible()) await skip.click({ timeout: 5_000 }).catch(() => undefined);
    const left = await page
      .waitForFunction(() => !location.hash.startsWith('#/login'), undefined, { timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    if (left) return;
  }
  const buttons = await page.getByRole('button').allInnerTexts();
  throw new Error(`login: still on ${page.url()} 30 s after Skip; buttons: ${buttons.join(' | ')}`);
}

/** Prints the page's address, buttons and visible text, and saves a screenshot named after the failed test. */
async function describeFailure(page: Page, testName: string): Promise<void> {
  try {
    // aria-labels inside a button change its accessible name ('loading Test') without changing its text: show them
    const buttons = await page.getByRole('button').evaluateAll((els) =>
      els.map((e) => {
        const inner = Array.from(e.querySelectorAll('[aria-label]')).map((i) => i.getAttribute('aria-label'));
        const text = e.textContent?.trim() || e.getAttribute('aria-label') || '?';
        return `${(e as HTMLButtonElement).disabled ? '(disabled) ' : ''}${text}${inner.length ? ` [${inner.join(', ')}]` : ''}`;
      }),
    );
    const text = (
      await page
        .locator((await page.locator('main').count()) ? 'main' : 'body')
        .first()
        .innerText()
    )
      .replace(/\s+/g, ' ')
      .slice(0, 1500);
    const file = await shot(page, `failed-${testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}`);
    console.log(`\n--- failed: ${testName}\nurl: ${page.url()}\nbuttons: ${buttons.join(' | ')}\ntext: ${text}\nscreenshot: ${file}\n`);
  } catch (e) {
    console.log(`--- failed: ${testName}; the page could not be described: ${String(e)}`);
  }
}

/** Saves a full-page PNG to e2e/artifacts/<name>.png. */
export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

type Variant = { theme: 'light' | 'dark'; language: 'en' | 'zh' };
const VARIANTS: Variant[] = [
  { theme: 'light', language: 'en' },
  { theme: 'dark', language: 'zh' },
  { theme: 'light', language: 'zh' },
  { theme: 'dark', language: 'en' },
];

async function loadIn(page: Page, v: Variant): Promise<void> {
  await page.evaluate((p) => {
    localStorage.setItem('theme', p.theme);
    localStorage.setItem('syncOsTheme', 'false');
    localStorage.setItem('language', p.language);
  }, v);
  await page.reload();
}

/**
 * Captures the current screen in a theme × language combination (the console reads both from localStorage at load)
 * and checks it renders there, then returns the page to light/English. By default one combination per screen, chosen
 * from its name so the suite as a whole covers all four (each reload costs seconds: all four for every screen was a
 * third of the browser tests' time); `E2E_SHOTS=all` captures the four for every screen, for a visual review.
 */
export async function shotAll(page: Page, name: string, ready: () => Promise<unknown>): Promise<void> {
  const pick = [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % VARIANTS.length;
  const variants = process.env.E2E_SHOTS === 'all' ? VARIANTS : [VARIANTS[pick]];
  let moved = false;
  for (const v of variants) {
    if (v.theme !== 'light' || v.language !== 'en' || moved) {
      await loadIn(page, v);
      await ready();
      moved = true;
    }
    await shot(page, `${name}-${v.theme}-${v.language}`);
  }
  if (moved) {
    await loadIn(page, VARIANTS[0]);
    await ready();
  }
}

/**
 * Chooses the option titled `option` in the antd Select whose combobox is `select`, and waits until the Select shows
 * it. By keyboard: a click on an option that lands while the dropdown is still being placed chooses nothing (seen in
 * loaded CI runs), so the option is hovered until it is the active one, then Enter chooses it. `search`: typed after
 * opening (a searchable Select whose long list shows the option only once filtered).
 */
export async function chooseOption(page: Page, select: Locator, option: string, search?: string): Promise<void> {
  const root = select.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  const item = page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true });
  const open = () => select.click().then(() => (search === undefined ? undefined : page.keyboard.type(search)));
  await open();
  await expect
    .poll(
      async () => {
        if (!(await item.count())) await open(); // the dropdown closed (the list was refetched): open it again
        await item.hover({ timeout: 5_000 });
        return item.getAttribute('class');
      },
      { timeout: 30_000, interval: 100 },
    )
    .toContain('ant-select-item-option-active');
  await page.keyboard.press('Enter');
  await root.getByTitle(option, { exact: true }).waitFor(); // the chosen value, shown in the Select
}

/** chooseOption on the Select whose label is exactly `label`. */
export const chooseLabelled = (page: Page, label: string, option: string): Promise<void> => chooseOption(page, page.getByLabel(label, { exact: true }), option);

/** A confirm dialog's button pressed by keyboard: loaded clean-clone runs lost mouse clicks on these zooming dialogs. */
export async function pressInDialog(button: Locator): Promise<void> {
  await button.press('Enter');
}

/** The value of the antd Statistic titled `title` (a resource's metrics: Matched, Success, Received…). */
export const statistic = (page: Page, title: string): Locator =>
  page
    .locator('.ant-statistic')
    .filter({ has: page.getByText(title, { exact: true }) })
    .first()
    .locator('.ant-statistic-content-value');

/** `prefix-xxxxx`: client ids, usernames and topics that earlier runs (or other specs) did not leave behind. */
export function uniqueId(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 7)}`;
}

/** A connected MQTT.js client that does not reconnect; rejects when the node refuses it or the socket fails. */
export function connectClient(port: number, opts: IClientOptions = {}): Promise<MqttClient> {
  return mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { ...opts, reconnectPeriod: 0 });
}

/** Connects once (MQTT 5 unless told otherwise); resolves with the CONNACK outcome instead of throwing. */
export function tryConnect(port: number, opts: IClientOptions = {}): Promise<{ ok: boolean; code?: number }> {
  return new Promise((resolve) => {
    const c = mqtt.connect(`mqtt://127.0.0.1:${port}`, { protocolVersion: 5, ...opts, reconnectPeriod: 0, connectTimeout: 5000 });
    const done = (r: { ok: boolean; code?: number }) => {
      c.end(true);
      resolve(r);
    };
    c.once('connect', () => done({ ok: true }));
    c.once('error', (e: Error & { code?: number }) => done({ ok: false, code: typeof e.code === 'number' ? e.code : undefined }));
    c.once('close', () => done({ ok: false }));
  });
}

export interface ApiAnswer {
  status: number;
  /** parsed JSON, undefined for an empty body */
  body: any; // whatever the route answers
}

/**
 * The node's /api/v5 as admin, from the test process (not through the page, whose login a test may change).
 * Logs in on first use and again when the token is refused.
 */
export function adminApi(node: E2ENode): (method: string, path: string, body?: unknown) => Promise<ApiAnswer> {
  let token: string | undefined;
  const send = (method: string, path: string, body: unknown, bearer?: string) =>
    fetch(`${node.url}api/v5${path}`, {
      method,
      headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const signIn = async () => {
    const res = await send('POST', '/login', { username: 'admin', password: 'public' });
    if (!res.ok) throw new Error(`admin login: HTTP ${res.status}`);
    return ((await res.json()) as { token: string }).token;
  };
  return async (method, path, body) => {
    token ??= await signIn();
    let res = await send(method, path, body, token);
    if (res.status === 401) {
      token = await signIn();
      res = await send(method, path, body, token);
    }
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
}

export interface E2ESession {
  readonly node: E2ENode;
  readonly browser: Browser;
  /** A 1440×900 page logged in as admin (unless `page: false`). */
  readonly page: Page;
  /** A call to the node's /api/v5 as admin (see adminApi). */
  api(method: string, path: string, body?: unknown): Promise<ApiAnswer>;
  /** The body of a GET /api/v5<path> as admin. */
  apiGet(path: string): Promise<any>;
}

/**
 * Registers the beforeAll/afterAll every spec needs: a node, a browser and, by default, a logged-in page; closed
 * again after the spec's own afterAll hooks (vitest runs "after" hooks in reverse order). Call it at the top of
 * the file or describe; read the getters inside hooks and tests, once the beforeAll has run.
 */
export function useE2ESession(opts: { page?: boolean } = {}): E2ESession {
  let node: E2ENode | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let api: ReturnType<typeof adminApi> | undefined;
  beforeAll(async () => {
    node = await startE2ENode();
    api = adminApi(node);
    browser = await launchBrowser();
    if (opts.page === false) return;
    // reduced motion as newPage(): the session's page had animations on, and CI lost a Confirm in a zooming dialog
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    await login(page, node.url);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await node?.close();
  });
  // A failure in CI leaves only the log: print what the operator would have seen, and keep a screenshot.
  beforeEach((ctx) => {
    ctx.onTestFailed(async () => {
      if (page) await describeFailure(page, ctx.task.name);
    });
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useE2ESession: no ${what} (read it in a test or hook, after beforeAll; not with page: false)`);
    return value;
  };
  return {
    get node() {
      return ready(node, 'node');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    get page() {
      return ready(page, 'page');
    },
    api: (method, path, body) => ready(api, 'node')(method, path, body),
    apiGet: async (path) => (await ready(api, 'node')('GET', path)).body,
  };
}

/** Messages a client receives, with the time each arrived. */
export function inbox(c: MqttClient): { topic: string; payload: string; at: number }[] {
  const got: { topic: string; payload: string; at: number }[] = [];
  c.on('message', (topic, payload) => got.push({ topic, payload: payload.toString(), at: Date.now() }));
  return got;
}

/** Clicks the form's Save and waits for the node's confirmation toast. */
export async function saveForm(page: Page, button: Locator = page.getByRole('button', { name: 'Save' })): Promise<void> {
  // an earlier save's toast may still be shown (a CI run read the old value after one): wait for this save's answer
  const answered = page.waitForResponse((r) => r.url().includes('/api/v5/') && r.request().method() !== 'GET');
  await button.click();
  await answered;
  await page.getByText('Saved successfully').last().waitFor();
}

/** Runs `fn` with the page `width` px wide (900 high), then puts the session's 1440×900 back, also on failure. */
export async function atWidth(page: Page, width: number, fn: () => Promise<void>): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  try {
    await fn();
  } finally {
    await page.setViewportSize({ width: 1440, height: 900 });
  }
}

/**
 * What is wrong with the layout of the tables on the page, read from element geometry (empty when nothing is): the
 * page or a table scrolls sideways, a header word breaks across lines ('Connectio|ns'), or a cell's content runs
 * past its cell (clipped, or drawn over the next column). A cell that truncates on purpose (ellipsis with a
 * tooltip) is not a problem.
 */
export function tableLayoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.scrollingElement ?? document.documentElement;
    if (doc.scrollWidth > innerWidth + 1) out.push(`the page scrolls sideways (${doc.scrollWidth} > ${innerWidth} px)`);
    for (const el of Array.from(document.querySelectorAll('.ant-table-content, .ant-table-body'))) {
      if (el.scrollWidth > el.clientWidth + 1) out.push(`the table scrolls sideways (${el.scrollWidth} > ${el.clientWidth} px)`);
    }
    for (const th of Array.from(document.querySelectorAll('thead th'))) {
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        for (const m of (n.textContent ?? '').matchAll(/\S+/g)) {
          const r = document.createRange();
          r.setStart(n, m.index);
          r.setEnd(n, m.index + m[0].length);
          if (new Set(Array.from(r.getClientRects(), (x) => Math.round(x.top))).size > 1) out.push(`header word broken across lines: "${m[0]}"`);
        }
      }
    }
    for (const td of Array.from(document.querySelectorAll('tbody td'))) {
      if (td.querySelector('.ant-typography-ellipsis')) continue;
      const cell = td.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(td);
      const boxes = [range.getBoundingClientRect(), ...Array.from(td.querySelectorAll('*'), (el: Element) => el.getBoundingClientRect())];
      if (boxes.some((b) => b.width > 0 && (b.right > cell.right + 1 || b.left < cell.left - 1))) {
        out.push(`cell content runs past its cell: "${(td.textContent ?? '').trim().slice(0, 40)}"`);
      }
    }
    return [...new Set(out)];
  });
}
