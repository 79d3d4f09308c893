// The rule engine on a real node: write a rule in the console's SQL editor, test it on a sample message without
// saving, give it a republish action, save; then a real MQTT client's message is republished and the rule's
// metrics on its detail page move.
import { afterAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { connectClient, shot, shotAll, uniqueId, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

const RULE = uniqueId('e2e-rule');
const SQL = 'SELECT payload.temp AS t, clientid FROM "sensors/#" WHERE payload.temp > 30';
const PUBLISHER = uniqueId('e2e-sensor');
const clients: MqttClient[] = [];

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
});

describe('rules screen', () => {
  it('writes the SQL in the editor and tests it on a sample message without saving', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/rule`);
    await page.waitForURL((u) => u.hash === '#/rule/rules');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((u) => u.hash === '#/rule/rules/create');
    await shotAll(page, 'rule-create', () => page.locator('.cm-content').waitFor());
    const editor = page.getByRole('textbox', { name: 'SQL' });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText(SQL);
    await expect.poll(() => editor.innerText()).toBe(SQL);
    await page.getByLabel('Rule ID').fill(RULE);
    await page.getByLabel('Note').fill('too hot');

    await page.getByRole('button', { name: 'Start test' }).click();
    await expect.poll(() => page.getByLabel('topic', { exact: true }).inputValue()).toBe('sensors/test');
    await page.getByLabel('payload', { exact: true }).fill('{"temp": 35}');
    await page.getByRole('button', { name: 'Run Test' }).click();
    await page.getByTestId('test-state').filter({ hasText: 'OK' }).waitFor();
    expect(JSON.parse(await page.getByLabel('Output').innerText())).toEqual({ t: 35, clientid: 'c_emqx' });
    await shot(page, 'rule-test-ok');

    await page.getByLabel('payload', { exact: true }).fill('{"temp": 20}');
    await page.getByRole('button', { name: 'Run Test' }).click();
    await page.getByTestId('test-state').filter({ hasText: 'No result' }).waitFor();
    expect((await e2e.apiGet('/rules')).data.map((r: { id: string }) => r.id)).not.toContain(RULE);
  });

  it('adds a republish action and saves the rule', async () => {
    const page = e2e.page;
    await page.getByRole('button', { name: 'Stop test' }).click();
    await page.getByRole('button', { name: 'Add Action' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Add Action' });
    await drawer.getByLabel('Topic', { exact: true }).fill('alerts/${clientid}');
    await drawer.getByLabel('Payload', { exact: true }).fill('${t}');
    await drawer.getByRole('button', { name: 'Add' }).click();
    await page.getByText('alerts/${clientid}').waitFor();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Created successfully').last().waitFor();
    await page.waitForURL((u) => u.hash === '#/rule/rules');
    await page.getByRole('link', { name: RULE }).waitFor();
    const saved = await e2e.apiGet(`/rules/${RULE}`);
    expect(saved).toMatchObject({ sql: SQL, description: 'too hot', enable: true, actions: [{ function: 'republish', args: { topic: 'alerts/${clientid}', payload: '${t}' } }] });
    await shotAll(page, 'rules', () => page.getByRole('link', { name: RULE }).waitFor());
  });

  it('republishes a real message that matches, and the detail page counts it', async () => {
    const subscriber = await connectClient(e2e.node.mqttPort, { clientId: uniqueId('e2e-alerts'), protocolVersion: 5 });
    const publisher = await connectClient(e2e.node.mqttPort, { clientId: PUBLISHER, protocolVersion: 5 });
    clients.push(subscriber, publisher);
    await subscriber.subscribeAsync('alerts/#', { qos: 1 });
    const received = new Promise<{ topic: string; payload: string }>((resolve) => subscriber.once('message', (topic, payload) => resolve({ topic, payload: payload.toString() })));
    await publisher.publishAsync('sensors/room1', JSON.stringify({ temp: 20 }), { qos: 1 });
    await publisher.publishAsync('sensors/room1', JSON.stringify({ temp: 35 }), { qos: 1 });
    expect(await received).toEqual({ topic: `alerts/${PUBLISHER}`, payload: '35' });

    const page = e2e.page;
    await page.getByRole('link', { name: RULE }).click();
    await page.getByText('Rule statistics').waitFor();
    const value = (title: string) =>
      page
        .locator('.ant-statistic')
        .filter({ has: page.getByText(title, { exact: true }) })
        .locator('.ant-statistic-content');
    await expect.poll(() => value('Matched').innerText(), { timeout: 15_000 }).toBe('2');
    expect(await value('Passed').innerText()).toBe('1');
    expect(await value('No result').innerText()).toBe('1');
    expect(await value('Actions success').innerText()).toBe('1');
    await shotAll(page, 'rule-detail', () => page.locator('.ant-statistic').first().waitFor());
  });

  it('taps the unsaved SQL on real traffic and shows each input beside its output', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/rule/rules/create`);
    const editor = page.getByRole('textbox', { name: 'SQL' });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText('SELECT payload.temp AS t FROM "tap/#"');
    await page.getByRole('button', { name: 'Start tap' }).click();
    await page.getByText(/Tapping… \d+ s left/).waitFor();
    const publisher = await connectClient(e2e.node.mqttPort, { clientId: uniqueId('e2e-tap'), protocolVersion: 5 });
    clients.push(publisher);
    await publisher.publishAsync('tap/1', JSON.stringify({ temp: 7 }), { qos: 1 });
    const match = page.getByTestId('tap-match').first();
    await match.waitFor();
    expect(await match.locator('pre').nth(1).innerText()).toContain('"t": 7');
    expect(await match.locator('pre').first().innerText()).toContain('tap/1');
    await shot(page, 'rule-live-tap');
    await page.getByRole('button', { name: 'Stop tap' }).click();
    await page.getByText('Stopped', { exact: true }).waitFor();
    expect((await e2e.apiGet('/rules')).data.map((r: { sql: string }) => r.sql)).not.toContain('SELECT payload.temp AS t FROM "tap/#"');
  });
});
