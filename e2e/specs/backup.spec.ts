// Backup & Restore as an operator does it: on node 1 (with a dashboard user and an authenticator with a built-in
// user) create a backup in the console and download it; start a second, fresh node, upload the file there with the
// console, restore it and read the result; node 2 then lists the same dashboard users and authenticator, and a real
// MQTT client signs in with the restored user. Both nodes are real; the file goes through the browser's download.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { adminApi, login, newPage, shot, shotAll, startE2ENode, tryConnect, uniqueId, useE2ESession, type E2ENode } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();
const OPERATOR = uniqueId('operator').replace(/-/g, '_');
const OPERATOR_PASSWORD = 'night-shift-42';
const MQTT_USER = uniqueId('sensor');
const MQTT_PASSWORD = 'sensor-pass-9';
const AUTHN_ID = 'password_based:built_in_database';

let node2: E2ENode | undefined;
let context2: BrowserContext | undefined;
let page2: Page;
let downloadDir: string;
let downloaded: { name: string; path: string };

beforeAll(async () => {
  downloadDir = mkdtempSync(join(tmpdir(), 'mqdeck-e2e-backup-'));
  expect((await e2e.api('POST', '/users', { username: OPERATOR, password: OPERATOR_PASSWORD, description: 'restored', role: 'viewer' })).status).toBe(200);
  expect(
    (
      await e2e.api('POST', '/authentication', {
        mechanism: 'password_based',
        backend: 'built_in_database',
        user_id_type: 'username',
        password_hash_algorithm: { name: 'sha256', salt_position: 'suffix' },
      })
    ).status,
  ).toBe(200);
  expect((await e2e.api('POST', `/authentication/${AUTHN_ID}/users`, { user_id: MQTT_USER, password: MQTT_PASSWORD })).status).toBe(201);
});

afterAll(async () => {
  await context2?.close();
  await node2?.close();
  rmSync(downloadDir, { recursive: true, force: true });
});

describe('backup and restore screens', () => {
  it('creates a backup on node 1 and lists it', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/backup`);
    // the page's own title: the header names the screen too, once the menu knows it
    await page.getByRole('main').getByRole('heading', { name: 'Backup & Restore' }).waitFor();
    await page.getByRole('button', { name: /Create Backup/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Create Backup' });
    await dialog.getByText('Dashboard users').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(/Backup emqx-export-.*\.tar\.gz created/).waitFor();
    const files = (await e2e.apiGet('/data/files')).data as { filename: string }[];
    expect(files).toHaveLength(1);
    await page.getByRole('row').filter({ hasText: files[0].filename }).waitFor();
  });

  it('downloads the file under the name the node gives it', async () => {
    const page = e2e.page;
    const [{ filename }] = (await e2e.apiGet('/data/files')).data as { filename: string }[];
    const row = page.getByRole('row').filter({ hasText: filename });
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe(filename);
    const path = join(downloadDir, filename);
    await download.saveAs(path);
    expect(statSync(path).size).toBeGreaterThan(0);
    expect(readFileSync(path).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
    downloaded = { name: filename, path };
  });

  it('uploads the file to a fresh node 2 with the console', async () => {
    node2 = await startE2ENode();
    ({ context: context2, page: page2 } = await newPage(e2e.browser));
    await login(page2, node2.url);
    // node 2 does not know node 1's users yet
    expect((await adminApi(node2)('GET', '/users')).body.map((u: { username: string }) => u.username)).not.toContain(OPERATOR);

    await openRoute(page2, `${node2.url}#/backup`);
    await page2.getByRole('button', { name: 'Upload' }).click();
    const dialog = page2.getByRole('dialog').filter({ hasText: 'Upload Backup File' });
    const send = dialog.getByRole('button', { name: 'Upload', exact: true });
    await send.click();
    await dialog.getByText('Please select a file first').waitFor();
    await dialog.locator('input[type=file]').setInputFiles(downloaded.path);
    await dialog.getByText(downloaded.name).waitFor();
    await send.click();
    await page2.getByText(`Backup file ${downloaded.name} uploaded`).waitFor();
    await page2.getByRole('row').filter({ hasText: downloaded.name }).waitFor();
  });

  it('restores it on node 2 and says what it did in sentences', async () => {
    const row = page2.getByRole('row').filter({ hasText: downloaded.name });
    await row.getByRole('button', { name: 'Restore' }).click();
    await page2.getByRole('tooltip').getByRole('button', { name: 'Confirm' }).click();
    const result = page2.getByTestId('import-result');
    await result.getByText('The backup was restored.').waitFor();
    // node 2's admin is overwritten by node 1's, the operator is new
    await result.getByText('Dashboard users: 2 in the file, 1 added, 1 updated, 0 already the same, 0 failed.').waitFor();
    await result.getByText('Authenticators: 1 in the file, 1 added, 0 updated, 0 already the same, 0 failed.').waitFor();
    await result.getByText('Built-in database users (authentication): 1 in the file, 1 added, 0 updated, 0 already the same, 0 failed.').waitFor();
    await page2.getByRole('tooltip').waitFor({ state: 'hidden' });
    await shot(page2, 'backup-restore-result-dialog');
    await page2.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();
    await shotAll(page2, 'backup-list', async () => {
      await page2.getByRole('row').filter({ hasText: downloaded.name }).waitFor();
      await page2.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    });
  });

  it('node 2 now has the same users and authenticator, and the restored MQTT user signs in', async () => {
    await openRoute(page2, `${node2!.url}#/users`);
    await page2.getByRole('cell', { name: OPERATOR, exact: true }).waitFor();
    await openRoute(page2, `${node2!.url}#/authentication`);
    await page2.getByRole('link', { name: 'Password-Based' }).waitFor();
    await page2.getByRole('link', { name: 'Password-Based' }).click();
    await page2.getByRole('tab', { name: 'Users' }).click();
    await page2.getByRole('cell', { name: MQTT_USER, exact: true }).waitFor();

    expect(await tryConnect(node2!.mqttPort, { clientId: uniqueId('restored'), username: MQTT_USER, password: MQTT_PASSWORD })).toEqual({ ok: true });
    expect((await tryConnect(node2!.mqttPort, { clientId: uniqueId('wrong'), username: MQTT_USER, password: 'not-it' })).ok).toBe(false);
    // the operator logs in to node 2 with node 1's password
    const res = await fetch(`${node2!.url}api/v5/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: OPERATOR, password: OPERATOR_PASSWORD }),
    });
    expect(res.status).toBe(200);
  });

  it('deletes the file on node 2 after a confirmation', async () => {
    await openRoute(page2, `${node2!.url}#/backup`);
    const row = page2.getByRole('row').filter({ hasText: downloaded.name });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page2.getByRole('tooltip').getByRole('button', { name: 'Confirm' }).click();
    await page2.getByText('Backup file deleted').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await adminApi(node2!)('GET', '/data/files')).body.data).toEqual([]);
  });
});
