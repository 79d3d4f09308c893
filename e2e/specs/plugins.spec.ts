// Management › Plugins on a real node, as an operator does it: the example plugin package is built by its script,
// uploaded in the console (refused: the screen shows the allow command), allowed by running that very command as
// a process (`mqdeck ctl plugins allow NAME-VSN --data-dir <node's data dir>`), uploaded again and installed;
// started from the list, it stamps a real MQTT message; uninstalled with confirmation, it is gone.
// This spec starts its own node (the harness does not tell a spec its node's data dir, which the command needs).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNode } from '@mqdeck/server/start-node';
import { connectClient, launchBrowser, login } from '../harness';
import { openRoute } from '../open-route';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NAME_VSN = 'mqdeck_plugin_stamp-1.0.0';
const run = promisify(execFile);

let node: Awaited<ReturnType<typeof startNode>>;
let dataDir: string;
let work: string;
let url: string;
let browser: Browser;
let page: Page;
let packagePath: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mqdeck-e2e-plugins-'));
  work = mkdtempSync(join(tmpdir(), 'mqdeck-e2e-pkg-'));
  node = await startNode({
    dataDir,
    httpPort: 0,
    dashboardDir: join(ROOT, 'packages/dashboard/dist'),
    env: {
      EMQX_LISTENERS__TCP__DEFAULT__BIND: '127.0.0.1:0',
      EMQX_LISTENERS__WS__DEFAULT__BIND: '127.0.0.1:0',
      EMQX_LISTENERS__SSL__DEFAULT__ENABLE: 'false',
      EMQX_LISTENERS__WSS__DEFAULT__ENABLE: 'false',
    },
  });
  url = node.httpUrl.endsWith('/') ? node.httpUrl : `${node.httpUrl}/`;
  const built = await run(process.execPath, [join(ROOT, 'packages/server/src/modules/plugins/example/build.mjs'), work]);
  packagePath = built.stdout.split('\n')[0];
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await login(page, url);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await node?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

describe('Plugins (Management › Plugins)', () => {
  it('an upload is refused with the allow command; after running it, the package installs', async () => {
    await openRoute(page, `${url}#/plugins`);
    await page.getByRole('button', { name: 'Install plugin' }).click();
    await page.waitForURL((u) => u.hash === '#/plugins/install');
    await page.getByRole('button', { name: 'Install', exact: true }).click();
    await page.getByText('Please upload the file first', { exact: true }).waitFor();
    await page.locator('input[type=file]').setInputFiles(packagePath);
    await page.getByRole('button', { name: 'Install', exact: true }).click();
    const command = page.getByText(`mqdeck ctl plugins allow ${NAME_VSN}`, { exact: true });
    await command.waitFor();

    const args = (await command.innerText()).split(' ').slice(1); // what the screen says, after `mqdeck`
    const main = join(ROOT, 'packages/server/src/main.ts');
    const out = await run(process.execPath, ['--import', 'tsx', main, ...args, '--data-dir', dataDir], { cwd: ROOT, timeout: 90_000 });
    expect(out.stdout).toContain(`${NAME_VSN} may be installed`);

    await page.getByRole('button', { name: 'Install', exact: true }).click();
    await page.getByText('Successful installation').last().waitFor();
    await page.waitForURL((u) => u.hash === '#/plugins');
    const row = page.getByRole('row', { name: /mqdeck_plugin_stamp/ });
    await row.getByText('Inactive', { exact: true }).waitFor();
    await row.getByText('MQDeck', { exact: true }).waitFor();
  }, 150_000);

  it('started from the list, it runs and stamps a real MQTT message', async () => {
    const row = page.getByRole('row', { name: /mqdeck_plugin_stamp/ });
    await row.getByRole('button', { name: `Start ${NAME_VSN}`, exact: true }).click();
    await row.getByText('Active', { exact: true }).waitFor();
    const sub = await connectClient(node.mqttPort, { clientId: 'e2e-plugin-sub', protocolVersion: 5 });
    const pub = await connectClient(node.mqttPort, { clientId: 'e2e-plugin-pub', protocolVersion: 5 });
    try {
      const got = new Promise<Record<string, unknown>>((resolve) =>
        sub.on('message', (_t, _p, packet) => resolve((packet.properties?.userProperties ?? {}) as Record<string, unknown>)),
      );
      await sub.subscribeAsync('e2e/plugins', { qos: 1 });
      await pub.publishAsync('e2e/plugins', 'hello', { qos: 1 });
      expect(await got).toMatchObject({ 'stamped-by': 'mqdeck' });
    } finally {
      await Promise.all([sub.endAsync(true), pub.endAsync(true)]);
    }
    await row.getByRole('link', { name: 'mqdeck_plugin_stamp', exact: true }).click();
    await page.getByRole('heading', { name: 'Stamp plugin', exact: true }).waitFor();
  });

  it('uninstalled with confirmation, it leaves the list', async () => {
    await openRoute(page, `${url}#/plugins`);
    const row = page.getByRole('row', { name: /mqdeck_plugin_stamp/ });
    await row.getByRole('button', { name: `Uninstall ${NAME_VSN}`, exact: true }).click();
    await page.getByText(`Are you sure to uninstall plugin ${NAME_VSN}?`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText('Uninstalled successfully').last().waitFor();
    await row.waitFor({ state: 'detached' });
  });
});
