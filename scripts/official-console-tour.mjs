#!/usr/bin/env node
// The official EMQX console (emqx/emqx-dashboard5, built outside this repository: docs/official-console-tour.md)
// toured against our node: starts a node on free ports (from the sources, through tsx), serves the official console's
// dist with a tiny static server that proxies /api/v5 to the node (same origin, as the official console expects),
// logs in as admin/public, opens every route of the console's own router with Debian chromium, and records every
// /api/v5 call with its status, every error toast and every console error. Not part of `npm test`.
//
//   node scripts/official-console-tour.mjs --dist /tmp/official-console/dist-ee --edition ee --out /tmp/tour-ee.json
//   (--node http://127.0.0.1:18083 tours an already running node instead of starting one)
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
/* global window, document */
import { chromium } from 'playwright-core';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

function parseArgs(argv) {
  const args = { edition: 'ee', out: undefined, dist: undefined, node: undefined };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i].replace(/^--/, '');
    if (!(key in args)) throw new Error(`unknown option ${argv[i]}`);
    args[key] = argv[++i];
  }
  if (!args.dist || !existsSync(join(args.dist, 'index.html'))) throw new Error('--dist <official console build dir> is required');
  return args;
}

function freePort() {
  return new Promise((res, rej) => {
    const srv = net.createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

async function waitFor(check, what, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function startOurNode() {
  const dataDir = mkdtempSync(join(tmpdir(), 'mqdeck-tour-'));
  const port = await freePort();
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['packages/server/src/main.ts', 'start', '--data-dir', dataDir], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      EMQX_DASHBOARD__LISTENERS__HTTP__BIND: `127.0.0.1:${port}`,
      // Mosquitto owns 1883 on shared machines: every listener is ephemeral
      EMQX_LISTENERS__TCP__DEFAULT__BIND: '127.0.0.1:0',
      EMQX_LISTENERS__WS__DEFAULT__BIND: '127.0.0.1:0',
      EMQX_LISTENERS__SSL__DEFAULT__ENABLE: 'false',
      EMQX_LISTENERS__WSS__DEFAULT__ENABLE: 'false',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => (exited = true));
  await waitFor(async () => {
    if (exited) throw new Error('the node exited');
    return (await fetch(`${url}/api/v5/status`)).ok;
  }, 'our node').catch((err) => {
    if (exited) throw new Error('our node exited before answering');
    throw err;
  });
  return {
    url,
    close: async () => {
      if (!exited) {
        child.kill('SIGTERM');
        await waitFor(() => exited, 'the node to stop', 20_000).catch(() => child.kill('SIGKILL'));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** The official console's dist on `/`, `/api/v5/...` proxied to the node: one origin, as in EMQX. */
async function serveConsole(dist, nodeUrl) {
  const target = new URL(nodeUrl);
  const server = http.createServer((req, res) => {
    if (req.url.startsWith('/api/v5')) {
      const up = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } }, (r) => {
        res.writeHead(r.statusCode, r.headers);
        r.pipe(res);
      });
      up.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      req.pipe(up);
      return;
    }
    const path = normalize(decodeURIComponent(req.url.split('?')[0])).replace(/^(\.\.[/\\])+/, '');
    let file = join(dist, path);
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(dist, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  const port = await freePort();
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) };
}

/**
 * Calls the official console makes knowing EMQX answers 4xx in a given state, and handles itself (its API layer passes
 * `errorsHandleCustom` for them, so no error toast): EMQX's own answer, not a failure. Counted apart.
 */
const HANDLED_BY_CONSOLE = [
  // src/api/hotUpgrade.ts getUpgradePackage: errorsHandleCustom [404]; EMQX: 404 "No relup package is installed"
  { method: 'GET', path: '/api/v5/relup/package', status: 404 },
];
const handled = (c) => HANDLED_BY_CONSOLE.some((h) => h.method === c.method && h.path === c.path && h.status === c.status);
const failedCall = (c) => (c.status === 0 || c.status >= 400) && !handled(c);

/** The area of an API path: its first segment (two for the shared prefixes). */
function areaOf(path) {
  const parts = path
    .replace(/^\/api\/v5\//, '')
    .split('?')[0]
    .split('/');
  if (['mqtt', 'configs', 'schemas', 'gateways', 'authentication', 'authorization'].includes(parts[0]) && parts[1] && !/^[A-Z0-9:@.%]/.test(parts[1])) {
    return `${parts[0]}/${parts[1]}`;
  }
  return parts[0];
}

const TOAST_OBSERVER = `
  window.__tourToasts = [];
  const observer = new MutationObserver((muts) => {
    for (const m of muts) for (const n of m.addedNodes) {
      if (!(n instanceof HTMLElement)) continue;
      const hit = n.matches?.('.el-message--error, .el-notification') ? [n] : [...(n.querySelectorAll?.('.el-message--error, .el-notification') ?? [])];
      for (const el of hit) window.__tourToasts.push((el.textContent || '').trim().slice(0, 200));
    }
  });
  const watch = () => observer.observe(document.documentElement, { childList: true, subtree: true });
  if (document.documentElement) watch(); else document.addEventListener('DOMContentLoaded', watch);
`;

async function tour(consoleUrl, nodeName) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  await context.addInitScript(TOAST_OBSERVER);
  const page = await context.newPage();
  let current = 'login';
  const calls = [];
  const consoleErrors = [];
  const LEAVING = '(leaving a screen)';
  page.on('response', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/v5')) calls.push({ screen: current, method: r.request().method(), path: u.pathname, status: r.status() });
  });
  // the screen each call was made on: a call the navigation to the next screen aborts belongs to no screen
  const madeOn = new WeakMap();
  page.on('request', (r) => madeOn.set(r, current));
  page.on('requestfailed', (r) => {
    const u = new URL(r.url());
    const leftBehind = madeOn.get(r) !== current || current === LEAVING;
    if (leftBehind && r.failure()?.errorText === 'net::ERR_ABORTED') return;
    if (u.pathname.startsWith('/api/v5')) calls.push({ screen: current, method: r.method(), path: u.pathname, status: 0 });
  });
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push({ screen: current, text: m.text().slice(0, 300) });
  });
  page.on('pageerror', (e) => consoleErrors.push({ screen: current, text: `uncaught: ${String(e.message).slice(0, 300)}` }));

  await page.goto(`${consoleUrl}#/login`);
  await page.locator('input').first().fill('admin');
  await page.locator('input[type=password]').first().fill('public');
  // e1.8.x: `.btn-login`; the open-source v1.10.x login form: its one primary button
  await page.locator('.btn-login, .oper-wrapper .el-button--primary').first().click();
  // with the default password the console offers to change it: take its "skip" button, as a new user may
  const skip = page.locator('.btn-skip');
  await Promise.race([page.waitForURL((u) => !u.hash.startsWith('#/login'), { timeout: 60_000 }), skip.waitFor({ timeout: 60_000 })]);
  if (await skip.isVisible()) await skip.click();
  await page.waitForURL((u) => !u.hash.startsWith('#/login'), { timeout: 60_000 });
  const toastsAtLogin = await page.evaluate(() => window.__tourToasts.splice(0));

  const routes = await page.evaluate(() => {
    const app = document.querySelector('#app').__vue_app__;
    return app.config.globalProperties.$router
      .getRoutes()
      .filter((r) => !r.redirect && (r.components?.default || r.component))
      .map((r) => r.path);
  });
  const screens = [];
  for (const route of [...new Set(routes)].sort()) {
    if (route === '/login' || route.includes('*')) continue;
    const params = route.match(/:[A-Za-z]+/g) ?? [];
    const known = { ':nodeName': nodeName, ':node': nodeName };
    if (params.some((p) => !(p in known))) {
      screens.push({ route, skipped: 'needs an existing item' });
      continue;
    }
    const path = params.reduce((acc, p) => acc.replace(p, encodeURIComponent(known[p])), route);
    // a fresh load per screen (the token stays in localStorage): one stuck screen cannot block the next ones. The
    // calls the previous screen still had in flight are aborted by this navigation: they belong to no screen
    current = LEAVING;
    await page.goto('about:blank');
    current = route;
    const before = calls.length;
    const errorsBefore = consoleErrors.length;
    await page.goto(`${consoleUrl}#${path}`);
    // a screen is loaded once no /api/v5 call is pending for a second
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    await page.waitForTimeout(1000);
    const toasts = await page.evaluate(() => window.__tourToasts.splice(0));
    const mine = calls.slice(before);
    const failed = mine.filter(failedCall);
    // form fields shown: a settings screen whose schema did not load shows none
    const formItems = await page.locator('.el-form-item').count();
    screens.push({
      route,
      calls: mine.length,
      failed: failed.map((c) => `${c.method} ${c.path} ${c.status}`),
      toasts,
      consoleErrors: consoleErrors.length - errorsBefore,
      formItems,
    });
  }
  await browser.close();
  return { screens, calls, consoleErrors, toastsAtLogin };
}

function summarize(result) {
  const toured = result.screens.filter((s) => !s.skipped);
  const ok = toured.filter((s) => s.failed.length === 0 && s.toasts.length === 0);
  const distinct = new Map();
  for (const c of result.calls) distinct.set(`${c.method} ${c.path.replace(/\/[^/]*%40[^/]*/, '/{node}')}`, c);
  const byArea = {};
  for (const [, c] of distinct) {
    const area = areaOf(c.path);
    byArea[area] ??= { ok: 0, failed: 0, failedCalls: [] };
    if (failedCall(c)) {
      byArea[area].failed++;
      byArea[area].failedCalls.push(`${c.method} ${c.path} → ${c.status}`);
    } else byArea[area].ok++;
  }
  const all = [...distinct.values()];
  return {
    screens: toured.length,
    screensOk: ok.length,
    skipped: result.screens.filter((s) => s.skipped).map((s) => s.route),
    distinctCalls: distinct.size,
    distinctOk: all.filter((c) => c.status > 0 && c.status < 400).length,
    distinct404: all.filter((c) => c.status === 404).length,
    handledByConsole: all.filter(handled).map((c) => `${c.method} ${c.path} → ${c.status}`),
    failedCalls: all.filter(failedCall).map((c) => `${c.method} ${c.path} → ${c.status}`),
    screensWithConsoleErrors: toured.filter((s) => s.consoleErrors > 0).map((s) => s.route),
    byArea,
  };
}

const args = parseArgs(process.argv.slice(2));
const node = args.node ? { url: args.node, close: async () => undefined } : await startOurNode();
const site = await serveConsole(resolve(args.dist), node.url);
try {
  const login = await (
    await fetch(`${node.url}/api/v5/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'public' }) })
  ).json();
  const nodes = await (await fetch(`${node.url}/api/v5/nodes`, { headers: { authorization: `Bearer ${login.token}` } })).json();
  const result = await tour(site.url, nodes[0]?.node ?? 'emqx@127.0.0.1');
  const summary = summarize(result);
  if (args.out) writeFileSync(args.out, JSON.stringify({ edition: args.edition, summary, ...result }, null, 2));
  console.log(
    `edition ${args.edition}: ${summary.screensOk}/${summary.screens} screens without a failed call or error toast; ${summary.distinctOk}/${summary.distinctCalls} distinct calls answered 2xx/3xx`,
  );
  for (const [area, a] of Object.entries(summary.byArea).sort()) {
    console.log(`  ${area.padEnd(28)} ok ${String(a.ok).padStart(3)}  failed ${String(a.failed).padStart(3)}${a.failed ? `  ${a.failedCalls.join(', ')}` : ''}`);
  }
  for (const s of result.screens.filter((x) => !x.skipped && (x.failed.length || x.toasts.length))) {
    console.log(`  screen ${s.route}: ${[...s.failed, ...s.toasts.map((t) => `toast "${t}"`)].join('; ')}`);
  }
  if (summary.handledByConsole.length) console.log(`  4xx the console asks for and handles itself (EMQX's answer in this state): ${summary.handledByConsole.join(', ')}`);
  console.log(`  distinct calls: ${summary.distinctCalls}, 2xx/3xx ${summary.distinctOk}, 404 ${summary.distinct404}, failed ${summary.failedCalls.length}`);
  if (summary.skipped.length) console.log(`  not opened (need an existing item): ${summary.skipped.join(' ')}`);
} finally {
  await site.close();
  await node.close();
}
