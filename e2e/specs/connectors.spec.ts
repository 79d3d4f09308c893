// Data integration in the console against a real node and a private mosquitto (never the machine's 1883): an
// operator creates an MQTT connector from the schema-driven form, sees it connected, creates an action on it and a
// rule calling that action; a real client's message reaches the remote broker and the action's statistics move.
// Then the deletion rules: a connector in use is refused, an action used by a rule asks a second time.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { chooseLabelled, chooseOption, connectClient, inbox, pressInDialog, shot, shotAll, uniqueId, statistic, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();
const CONNECTOR = uniqueId('remote').replace(/-/g, '_');
const ACTION = uniqueId('fwd').replace(/-/g, '_');
const RULE = uniqueId('to_remote').replace(/-/g, '_');
const SOURCE = uniqueId('from_remote').replace(/-/g, '_');
const clients: MqttClient[] = [];
let mosquitto: { port: number; proc: ChildProcess; dir: string } | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

beforeAll(async () => {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'mqdeck-e2e-mosquitto-'));
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(conf, [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'user root', 'persistence false', 'log_dest none', ''].join('\n'));
  const proc = spawn('/usr/sbin/mosquitto', ['-c', conf], { stdio: 'ignore' });
  mosquitto = { port, proc, dir };
  // wait for its listener (a condition, not a sleep): the spawn returns before it binds
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error('mosquitto did not start');
    await new Promise((r) => setTimeout(r, 20));
  }
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  const m = mosquitto;
  if (m?.proc.pid !== undefined && m.proc.exitCode === null) {
    const exited = new Promise<void>((r) => m.proc.once('exit', () => r()));
    process.kill(m.proc.pid, 'SIGTERM');
    await exited;
  }
  if (m) rmSync(m.dir, { recursive: true, force: true });
});

/** Picks a type card once the node has said whether it runs it, then goes on to the form. */
async function pickType(page: Page, label: string) {
  const card = page.getByRole('radio', { name: label, exact: true });
  await expect.poll(() => card.getAttribute('aria-disabled'), { timeout: 30_000 }).toBe('false');
  await card.click();
  await page.getByRole('button', { name: 'Next' }).click();
}

describe('connectors, actions and sources screens', () => {
  it('creates an MQTT connector to the private mosquitto, tests it and sees it connected', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/connector`);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((u) => u.hash === '#/connector/create');
    // every type EMQX offers is listed; those this node does not run (found once the node has answered for MQTT) say so
    await expect.poll(() => page.getByRole('radio', { name: 'MQTT Broker' }).getAttribute('aria-disabled'), { timeout: 30_000 }).toBe('false');
    const unavailable = page.locator('[role="radio"][aria-disabled="true"]').first();
    await unavailable.getByText('This node does not run this type yet. It can be configured on an EMQX node that has it.').waitFor();
    await unavailable.getByText('Unavailable', { exact: true }).waitFor();
    await shotAll(page, 'connector-types', () => page.getByRole('radio').first().waitFor());
    await pickType(page, 'MQTT Broker');
    await page.getByLabel('Name', { exact: true }).fill(CONNECTOR);
    await page.getByLabel('Server Host', { exact: true }).fill(`127.0.0.1:${mosquitto!.port}`);
    await page.getByRole('button', { name: 'Test' }).click();
    await page.getByText('Connection is successful').last().waitFor();
    await shot(page, 'connector-form');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Created successfully').last().waitFor();
    await page.waitForURL((u) => u.hash === '#/connector');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: CONNECTOR, exact: true }) });
    await row.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
    await shotAll(page, 'connector-list', () => page.getByRole('link', { name: CONNECTOR }).waitFor());
    const stored = await e2e.apiGet(`/connectors/mqtt:${CONNECTOR}`);
    expect(stored).toMatchObject({ server: `127.0.0.1:${mosquitto!.port}`, status: 'connected' });
  });

  it('creates an action on it and a rule calling the action; a published message reaches mosquitto and the statistics move', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/rule/actions`);
    await page.getByRole('button', { name: 'Create' }).click();
    await pickType(page, 'MQTT Broker');
    await page.getByLabel('Name', { exact: true }).fill(ACTION);
    await chooseLabelled(page, 'Connector', CONNECTOR);
    await page.getByLabel('Topic', { exact: true }).fill('fwd/${topic}');
    await page.getByRole('button', { name: 'Test' }).click();
    await page.getByText('Test success, your configuration works fine').last().waitFor();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Created successfully').last().waitFor();
    await page.waitForURL((u) => u.hash === '#/rule/actions');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: ACTION, exact: true }) });
    await row.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });

    // the rule editor's action picker lists it
    await openRoute(page, `${e2e.node.url}#/rule/rules/create`);
    const editor = page.getByRole('textbox', { name: 'SQL' });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText('SELECT * FROM "sensors/#"');
    await page.getByLabel('Rule ID').fill(RULE);
    await page.getByRole('button', { name: 'Add Action' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Add Action' });
    await drawer.getByText('Data Integration Action', { exact: true }).click();
    await chooseOption(page, drawer.getByLabel('Action', { exact: true }), `mqtt:${ACTION}`);
    await drawer.getByRole('button', { name: 'Add' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Created successfully').last().waitFor();
    // polled: the toast may be the action's, shown moments before
    await expect.poll(async () => (await e2e.apiGet(`/rules/${RULE}`))?.actions).toEqual([`mqtt:${ACTION}`]);

    const remote = await connectClient(mosquitto!.port, { clientId: uniqueId('remote-sub') });
    clients.push(remote);
    const got = inbox(remote);
    await remote.subscribeAsync('fwd/#', { qos: 1 });
    const publisher = await connectClient(e2e.node.mqttPort, { clientId: uniqueId('sensor') });
    clients.push(publisher);
    await publisher.publishAsync('sensors/1', '{"temp":35}', { qos: 1 });
    await expect.poll(() => got.map((m) => m.topic), { timeout: 15_000 }).toContain('fwd/sensors/1');

    await openRoute(page, `${e2e.node.url}#/rule/actions/${encodeURIComponent(`mqtt:${ACTION}`)}`);
    await expect.poll(() => statistic(page, 'Matched').innerText(), { timeout: 20_000 }).toBe('1');
    await expect.poll(() => statistic(page, 'Sent Successfully').innerText(), { timeout: 20_000 }).toBe('1');
    await shotAll(page, 'action-overview', () => page.locator('.ant-statistic').first().waitFor());
    await page.getByRole('button', { name: 'Reset Statistics' }).click();
    await pressInDialog(page.getByRole('button', { name: 'Confirm' }));
    await page.getByText('Reset successfully').last().waitFor();
    await expect.poll(() => statistic(page, 'Matched').innerText(), { timeout: 20_000 }).toBe('0');
  });

  it('creates a source on the connector; a message published on mosquitto is received', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/rule/source`);
    await page.getByRole('button', { name: 'Create' }).click();
    await pickType(page, 'MQTT Broker');
    await page.getByLabel('Name', { exact: true }).fill(SOURCE);
    await chooseLabelled(page, 'Connector', CONNECTOR);
    await page.getByLabel('Topic', { exact: true }).fill('remote/#');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Created successfully').last().waitFor();
    await page.waitForURL((u) => u.hash === '#/rule/source');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: SOURCE, exact: true }) });
    await row.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
    await row.getByRole('link', { name: SOURCE }).click();
    await page.getByText(`$bridges/mqtt:${SOURCE}`).waitFor();
    const remote = await connectClient(mosquitto!.port, { clientId: uniqueId('remote-pub') });
    clients.push(remote);
    await remote.publishAsync('remote/1', 'hello', { qos: 1 });
    await expect.poll(() => statistic(page, 'Received').innerText(), { timeout: 20_000 }).toBe('1');
    await shot(page, 'source-overview');
  });

  it('refuses to delete the connector in use, and deletes the action used by the rule after a second confirmation', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/connector`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: CONNECTOR, exact: true }) });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Please remove the following actions and sources that use this connector before deleting the connector.').waitFor();
    await page.getByRole('dialog').getByRole('link', { name: ACTION }).waitFor();
    await shot(page, 'connector-delete-refused');
    await page.getByRole('button', { name: 'Close' }).click();

    await openRoute(page, `${e2e.node.url}#/rule/actions`);
    const action = page.getByRole('row').filter({ has: page.getByRole('link', { name: ACTION, exact: true }) });
    await action.getByRole('button', { name: 'Delete' }).click();
    await pressInDialog(page.getByRole('dialog').getByRole('button', { name: 'Confirm' }));
    await page.getByText('This action is being used by the following rule. Do you confirm deletion and removal from the rule?').waitFor();
    await page.getByRole('dialog').getByRole('link', { name: RULE }).waitFor();
    await shot(page, 'action-delete-second-confirm');
    await pressInDialog(page.getByRole('dialog').filter({ hasText: 'This action is being used' }).getByRole('button', { name: 'Confirm' }));
    await page.getByText('Deleted successfully').last().waitFor();
    // polled: each delete here shows the same toast, and an earlier one may still be on screen
    await expect.poll(async () => (await e2e.api('GET', `/actions/mqtt:${ACTION}`)).status).toBe(404);
    expect((await e2e.apiGet(`/rules/${RULE}`)).actions).toEqual([]);

    // the source is not used by a rule: deleted after one confirmation, then the connector is free
    await openRoute(page, `${e2e.node.url}#/rule/source`);
    const source = page.getByRole('row').filter({ has: page.getByRole('link', { name: SOURCE, exact: true }) });
    await source.getByRole('button', { name: 'Delete' }).click();
    await pressInDialog(page.getByRole('dialog').getByRole('button', { name: 'Confirm' }));
    await page.getByText('Deleted successfully').last().waitFor();
    await expect.poll(async () => (await e2e.api('GET', `/sources/mqtt:${SOURCE}`)).status).toBe(404);

    await openRoute(page, `${e2e.node.url}#/connector`);
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Delete connector mqtt:${CONNECTOR}?`).waitFor();
    await pressInDialog(page.getByRole('button', { name: 'Confirm' }));
    await page.getByText('Deleted successfully').last().waitFor();
    await expect.poll(async () => (await e2e.api('GET', `/connectors/mqtt:${CONNECTOR}`)).status).toBe(404);
  });
});
