// Webhooks on a real node: an operator creates a webhook in the console pointing at an HTTP server this spec starts
// on a free port; a real MQTT client publishes on the node's listener and the server receives the rendered request.
// Then the webhook is disabled (rule, action and connector all off: nothing is sent), enabled again, and deleted
// (all three gone).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { atWidth, connectClient, shotAll, tableLayoutProblems, uniqueId, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

const NAME = uniqueId('e2e_hook').replace(/-/g, '_');
const FULL = `${NAME}_WH_D`;
const BODY = '{"topic": "${topic}", "msg": ${payload}}';

interface Received {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

/** The HTTP peer: every request it got, and a way to wait for the next one. */
function httpPeer() {
  const got: Received[] = [];
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ method: req.method ?? '', url: req.url ?? '', contentType: req.headers['content-type'], body: Buffer.concat(chunks).toString() });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      waiters.splice(0).forEach((w) => w());
    });
  });
  return {
    got,
    server,
    /** resolves once `count` requests have arrived in all */
    async until(count: number): Promise<Received[]> {
      while (got.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return got;
    },
  };
}

const peer = httpPeer();
let port = 0;
let publisher: MqttClient;

beforeAll(async () => {
  await new Promise<void>((resolve) => peer.server.listen(0, '127.0.0.1', resolve));
  port = (peer.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await publisher?.endAsync(true);
  peer.server.closeAllConnections();
  await new Promise<void>((resolve) => peer.server.close(() => resolve()));
});

const enabled = async () => {
  const [c, a, r] = await Promise.all([e2e.apiGet(`/connectors/http:${FULL}`), e2e.apiGet(`/actions/http:${FULL}`), e2e.apiGet(`/rules/${FULL}`)]);
  return [c.enable, a.enable, r.enable];
};

describe('webhook screens', () => {
  it('creates a webhook in one form: connector, action and rule named <name>_WH_D', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/webhook`);
    await page.getByRole('button', { name: 'Create Webhook' }).click();
    await page.waitForURL((u) => u.hash === '#/webhook/create');
    await shotAll(page, 'webhook-create', () => page.locator('#webhook_name').waitFor());
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    await page.getByRole('button', { name: 'Add Topic' }).click();
    await page.getByLabel('Topic Filter 1').fill('e2e/wh/#');
    await page.getByLabel('URL', { exact: true }).fill(`http://127.0.0.1:${port}/hook`);
    await page.getByLabel('Body', { exact: true }).fill(BODY);
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await page.getByText('Connection is successful').waitFor();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Created successfully').last().waitFor();
    await page.waitForURL((u) => u.hash === '#/webhook');
    await page.getByRole('link', { name: FULL }).waitFor();

    expect(await e2e.apiGet(`/connectors/http:${FULL}`)).toMatchObject({ type: 'http', name: FULL, url: `http://127.0.0.1:${port}/hook`, enable: true });
    expect(await e2e.apiGet(`/actions/http:${FULL}`)).toMatchObject({ type: 'http', connector: FULL, parameters: { method: 'post', body: BODY } });
    expect(await e2e.apiGet(`/rules/${FULL}`)).toMatchObject({ actions: [`http:${FULL}`], enable: true, from: ['e2e/wh/#'] });
  });

  it('sends a message published by a real client to the HTTP server, rendered', async () => {
    publisher = await connectClient(e2e.node.mqttPort, { clientId: uniqueId('e2e-wh-pub'), protocolVersion: 5 });
    await publisher.publishAsync('e2e/wh/1', JSON.stringify({ a: 1 }), { qos: 1 });
    const [req] = await peer.until(1);
    expect(req).toMatchObject({ method: 'POST', url: '/hook', contentType: 'application/json' });
    expect(JSON.parse(req.body)).toEqual({ topic: 'e2e/wh/1', msg: { a: 1 } });
    const page = e2e.page;
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: FULL }) });
    await row.getByText('e2e/wh/#').waitFor();
    await row.getByText('Connected').waitFor();
    expect(await tableLayoutProblems(page)).toEqual([]);
    await atWidth(page, 1024, async () => expect(await tableLayoutProblems(page)).toEqual([]));
    await shotAll(page, 'webhooks', () => page.getByRole('link', { name: FULL }).waitFor());
  });

  it('shows the statistics of the action and the rule on the detail page', async () => {
    const page = e2e.page;
    await page.getByRole('link', { name: FULL }).click();
    await page.getByText('Action statistics').waitFor();
    const value = (card: string, title: string) =>
      page
        .locator('.ant-card')
        .filter({ hasText: card })
        .locator('.ant-statistic')
        .filter({ has: page.getByText(title, { exact: true }) })
        .locator('.ant-statistic-content');
    await expect.poll(() => value('Action statistics', 'Success').innerText(), { timeout: 20_000 }).toBe('1');
    expect(await value('Rule statistics', 'Matched').innerText()).toBe('1');
    await shotAll(page, 'webhook-detail', () => page.locator('.ant-statistic').first().waitFor());
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect.poll(() => page.getByLabel('URL', { exact: true }).inputValue()).toBe(`http://127.0.0.1:${port}/hook`);
    expect(await page.getByLabel('Topic Filter 1').inputValue()).toBe('e2e/wh/#');
  });

  it('disables all three objects together, sends nothing while off, and enables them again', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/webhook`);
    await page.getByRole('switch', { name: `Enable ${FULL}` }).click();
    await page.getByText('Disabled successfully').last().waitFor();
    expect(await enabled()).toEqual([false, false, false]);
    await publisher.publishAsync('e2e/wh/2', JSON.stringify({ n: 'while off' }), { qos: 1 });

    await page.getByRole('switch', { name: `Enable ${FULL}` }).click();
    await page.getByText('Enabled successfully').last().waitFor();
    expect(await enabled()).toEqual([true, true, true]);
    await publisher.publishAsync('e2e/wh/3', JSON.stringify({ n: 'back on' }), { qos: 1 });
    const got = await peer.until(2);
    // the message published while off never went out: the next request is the one after enabling
    expect(got.map((r) => JSON.parse(r.body).topic)).toEqual(['e2e/wh/1', 'e2e/wh/3']);
  });

  it('deletes the rule, the action and the connector together', async () => {
    const page = e2e.page;
    await page.getByRole('button', { name: `Delete ${FULL}` }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Deleted successfully').last().waitFor();
    await page.getByRole('link', { name: FULL }).waitFor({ state: 'detached' });
    const statuses = await Promise.all([e2e.api('GET', `/connectors/http:${FULL}`), e2e.api('GET', `/actions/http:${FULL}`), e2e.api('GET', `/rules/${FULL}`)]);
    expect(statuses.map((s) => s.status)).toEqual([404, 404, 404]);
  });
});
