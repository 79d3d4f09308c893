// Log trace on a real node: create a trace on a client id from the console, a real MQTT client connects,
// subscribes and publishes; the detail screen shows its lines (live while running); the download is the zip
// the node names in content-disposition, holding the same lines; stop and delete say so.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import type { MqttClient } from 'mqtt';
import { connectClient, shotAll, uniqueId, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();
const CLIENT = uniqueId('e2e-traced');
const NAME = uniqueId('e2etrace').replace(/-/g, '_');
let client: MqttClient | undefined;

/** the first file of a zip archive, inflated */
function firstZipEntry(zip: Buffer): { name: string; text: string } {
  const nameLen = zip.readUInt16LE(26);
  const extra = zip.readUInt16LE(28);
  const packed = zip.readUInt32LE(18);
  const start = 30 + nameLen + extra;
  return { name: zip.subarray(30, 30 + nameLen).toString(), text: inflateRawSync(zip.subarray(start, start + packed)).toString() };
}

describe('log trace screens', () => {
  it('creates a trace on a client id and says so', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/log-trace`);
    await page.getByRole('button', { name: /Create/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Create Log Trace' });
    await dialog.getByLabel('Name').fill(NAME);
    await dialog.getByLabel('Client ID').fill(CLIENT);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Create Log Trace Successfully').waitFor();
    const row = page.getByRole('row').filter({ hasText: NAME });
    await row.getByText('Running').waitFor();
    expect((await e2e.apiGet('/trace')).find((t: { name: string }) => t.name === NAME)).toMatchObject({ type: 'clientid', clientid: CLIENT, status: 'running' });
  });

  it("shows the client's events on the detail screen, following new ones", async () => {
    const page = e2e.page;
    client = await connectClient(e2e.node.mqttPort, { clientId: CLIENT, protocolVersion: 5 });
    await client.subscribeAsync('e2e/trace/#', { qos: 1 });
    await client.publishAsync('e2e/trace/1', 'first payload', { qos: 1 });
    await page.getByRole('row').filter({ hasText: NAME }).getByRole('button', { name: 'View' }).click();
    await page.waitForURL(/#\/log-trace\/detail\//);
    const log = page.getByLabel('Log Trace', { exact: true });
    await expect.poll(() => log.textContent(), { timeout: 10_000 }).toMatch(/client_connected/);
    const text = (await log.textContent()) ?? '';
    expect(text).toContain(`[SUBSCRIBE] ${CLIENT}@`);
    expect(text).toMatch(/msg: publish_to, .*topic: e2e\/trace\/1, payload: first payload/);
    await page.getByText('Following new lines while the trace runs').waitFor();
    // live tail: a later message appears without reloading
    await client.publishAsync('e2e/trace/2', 'second payload', { qos: 1 });
    await expect.poll(() => log.textContent(), { timeout: 10_000 }).toMatch(/payload: second payload/);
    await shotAll(page, 'log-trace-detail', () => page.locator('pre', { hasText: 'second payload' }).waitFor());
  });

  it('downloads <name>.zip holding the trace file', async () => {
    const page = e2e.page;
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe(`${NAME}.zip`);
    const file = await download.path();
    const entry = firstZipEntry(readFileSync(file));
    expect(entry.name).toMatch(new RegExp(`-trace_${NAME}_\\d{4}-\\d\\d-\\d\\d\\.log$`));
    expect(entry.text).toMatch(/payload: first payload/);
    expect(entry.text).toContain(`[CONNECT] ${CLIENT}@`);
  });

  it('stops and deletes the trace with the spec texts', async () => {
    const page = e2e.page;
    await client?.endAsync();
    await openRoute(page, `${e2e.node.url}#/log-trace`);
    const row = page.getByRole('row').filter({ hasText: NAME });
    await row.getByRole('button', { name: 'Stop' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Stop Log Trace Successfully').waitFor();
    await row.getByText('Stopped').waitFor();
    await shotAll(page, 'log-trace', () => row.waitFor());
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Delete Log Trace Successfully').waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: NAME }).count()).toBe(0);
    expect(await e2e.apiGet('/trace')).toEqual([]);
  });
});
