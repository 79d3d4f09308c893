// Several brokers in one console (issue 19): node A's console manages node B too. The operator adds B in the header's
// dialog (A logs in there first), picks B and sees B's client; back on "This node", A's client. A change made while
// B is chosen happens on B only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { connectClient, shot, startE2ENode, uniqueId, useE2ESession, type E2ENode } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

describe('several brokers in one console', () => {
  let other: E2ENode;
  const clients: MqttClient[] = [];
  const hereId = uniqueId('e2e-here');
  const thereId = uniqueId('e2e-there');

  beforeAll(async () => {
    other = await startE2ENode();
    clients.push(await connectClient(e2e.node.mqttPort, { clientId: hereId }), await connectClient(other.mqttPort, { clientId: thereId }));
  }, 120_000);

  afterAll(async () => {
    for (const c of clients) await c.endAsync(true).catch(() => undefined);
    await other?.close();
  });

  it('adds the second broker from the header', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/clients`);
    await page.getByLabel('Manage brokers').click();
    await page.getByRole('button', { name: /Add Broker/ }).click();
    // the form's fields by their ids (FormModal name "broker"): the list dialog behind it has the same column names
    await page.locator('#broker_name').fill('second');
    await page.locator('#broker_url').fill(other.url.replace(/\/$/, ''));
    await page.locator('#broker_secret').fill('public');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('The broker answered and was saved').waitFor({ timeout: 15_000 });
    await page.getByRole('dialog').filter({ hasText: 'Brokers managed from this console' }).getByRole('cell', { name: 'second' }).waitFor();
    await shot(page, 'brokers-dialog');
    await page.getByRole('dialog').filter({ hasText: 'Brokers managed from this console' }).getByRole('button', { name: 'Close' }).click();
  });

  it("switches to it: the screens show that broker's clients, and back", async () => {
    const page = e2e.page;
    // antd's select is clicked on its box (its search input is not visible)
    const picker = () => page.locator('.ant-select', { has: page.getByLabel('Managed broker') });
    await picker().click();
    await page.locator('.ant-select-item-option', { hasText: 'second' }).click();
    await page.waitForLoadState('load');
    await page.getByRole('link', { name: thereId }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('link', { name: hereId }).count()).toBe(0);
    await shot(page, 'brokers-switched');
    await picker().click();
    await page.locator('.ant-select-item-option', { hasText: 'This node' }).click();
    await page.waitForLoadState('load');
    await page.getByRole('link', { name: hereId }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('link', { name: thereId }).count()).toBe(0);
  });
});
