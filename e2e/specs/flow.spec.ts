// The flow view on a real node: a source (an MQTT connector subscribing on the node's own listener), a rule fed
// by it and an HTTP action to a server this spec starts, all made through the API; the Flows screen shows them in
// one lane with their live statuses and links, and a stopped action turns its edge off. Then the Flow Designer:
// a flow drawn on the canvas (topic → filter → republish) saves as a rule that republishes a real client's
// message, and an existing rule opens as a flow whose filter, changed and saved, changes the rule's SQL. An HTTP
// action created inside the flow (its drawer holds the actions screen's form, its connector made in a drawer over
// it) is created before the rule; a rule the node refuses after that says so, and saving again uses the action
// created; a published message reaches the server. A typed function picked in Data Processing and a group in the
// Filter run on real messages and open again as they were drawn.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MqttClient } from 'mqtt';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, connectClient, inbox, shot, shotAll, uniqueId, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

const id = uniqueId('flow').replace(/-/g, '_');
const SOURCE = `${id}_in`;
const ACTION = `${id}_out`;
const RULE = `${id}_rule`;
const BROKER = `${id}_broker`;
const TARGET = `${id}_target`;

let server: Server;
let port = 0;
/** the bodies the HTTP server got, by path */
const received: Array<{ path: string; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString() });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

const clients: MqttClient[] = [];

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function created(method: string, path: string, body: unknown) {
  const r = await e2e.api(method, path, body);
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r.body;
}

describe('flows screen', () => {
  it('shows a source, the rule it feeds and the rule’s action, with their statuses', async () => {
    await created('POST', '/connectors', { type: 'mqtt', name: BROKER, server: `127.0.0.1:${e2e.node.mqttPort}`, proto_ver: 'v5' });
    await created('POST', '/sources', { type: 'mqtt', name: SOURCE, connector: BROKER, parameters: { topic: 'flow/in/#', qos: 1 } });
    await created('POST', '/connectors', { type: 'http', name: TARGET, url: `http://127.0.0.1:${port}/` });
    await created('POST', '/actions', { type: 'http', name: ACTION, connector: TARGET, parameters: { method: 'post' } });
    await created('POST', '/rules', { id: RULE, sql: `SELECT * FROM "$bridges/mqtt:${SOURCE}"`, actions: [`http:${ACTION}`] });

    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/flow`);
    const lane = page.getByTestId(`flow-lane-${RULE}`);
    await lane.waitFor();
    expect(await lane.getByRole('link', { name: RULE }).getAttribute('href')).toBe(`#/rule/rules/${RULE}`);
    expect(await lane.getByRole('link', { name: `mqtt:${SOURCE}` }).getAttribute('href')).toBe(`#/rule/source/mqtt%3A${SOURCE}`);
    expect(await lane.getByRole('link', { name: `http:${ACTION}` }).getAttribute('href')).toBe(`#/rule/actions/http%3A${ACTION}`);
    expect(await lane.getByRole('link', { name: `mqtt:${BROKER}` }).getAttribute('href')).toBe(`#/connector/mqtt%3A${BROKER}`);
    expect(await lane.getByRole('link', { name: `http:${TARGET}` }).getAttribute('href')).toBe(`#/connector/http%3A${TARGET}`);
    // live statuses: the edges turn Connected once the source and the action have connected (polled every 5 s)
    await lane.getByRole('img', { name: `mqtt:${SOURCE} to ${RULE}: Connected` }).waitFor({ timeout: 20_000 });
    await lane.getByRole('img', { name: `${RULE} to http:${ACTION}: Connected` }).waitFor({ timeout: 20_000 });
    await shotAll(page, 'flows', () => page.getByTestId(`flow-lane-${RULE}`).waitFor());
  });

  it('follows a change of status without a reload', async () => {
    await created('PUT', `/actions/http:${ACTION}/enable/false`, undefined);
    const lane = e2e.page.getByTestId(`flow-lane-${RULE}`);
    await lane.getByRole('img', { name: `${RULE} to http:${ACTION}: Disabled` }).waitFor({ timeout: 20_000 });
  });
});

/** Drags a connection from the right handle of `from` to the left handle of `to`, as an operator does. */
async function connect(page: Page, from: Locator, to: Locator) {
  const a = await from.locator('.react-flow__handle.source').boundingBox();
  const b = await to.locator('.react-flow__handle.target').boundingBox();
  if (!a || !b) throw new Error('handle not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

describe('flow designer', () => {
  const FLOW = `${id}_designed`;
  const TOPIC = `${id}/in`;
  const OUT = `${id}/out`;

  it('draws topic → filter → republish, saves it as a rule, and the rule republishes a real message', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/flow`);
    await page.getByRole('button', { name: 'Create Flow' }).click();
    await page.waitForURL((u) => u.hash === '#/flow/create');

    // saving an empty canvas says what EMQX says
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Unable to save, there must be at least one Sink node and one Source node in the Flow').first().waitFor();

    await page.getByRole('button', { name: 'Add Messages' }).click();
    let drawer = page.getByRole('dialog').filter({ hasText: 'Messages' });
    await drawer.getByLabel('Topic', { exact: true }).fill(`${TOPIC}/#`);
    await drawer.getByRole('button', { name: 'Confirm' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Add Filter' }).click();
    drawer = page.getByRole('dialog').filter({ hasText: 'Filter' });
    await drawer.getByLabel('Field', { exact: true }).fill('payload.n');
    await chooseOption(page, drawer.getByLabel('Operator', { exact: true }), '>');
    await drawer.getByLabel('Value', { exact: true }).fill('5');
    await drawer.getByRole('button', { name: 'Confirm' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Add Republish' }).click();
    drawer = page.getByRole('dialog').filter({ hasText: 'Payload' });
    await drawer.getByLabel('Topic', { exact: true }).fill(OUT);
    await drawer.getByLabel('Payload', { exact: true }).fill('${payload.n}');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });

    const source = page.locator('[data-testid^="flow-node-message-"]');
    const filter = page.locator('[data-testid^="flow-node-filter-"]');
    const sink = page.locator('[data-testid^="flow-node-republish-"]');
    await sink.waitFor();
    // an unconnected node stops the save
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('There are unconnected nodes in the flow. Please connect or delete them.').first().waitFor();

    await connect(page, source, filter);
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(1);
    await connect(page, filter, sink);
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(2);

    await page.getByLabel('Name', { exact: true }).fill(FLOW);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Created successfully').first().waitFor();
    await page.waitForURL((u) => u.hash === `#/flow/${FLOW}`);
    const rule = await e2e.apiGet(`/rules/${FLOW}`);
    expect(rule).toMatchObject({
      sql: `SELECT\n  *\nFROM\n  "${TOPIC}/#"\nWHERE\n  payload.n > 5`,
      enable: true,
      actions: [{ function: 'republish', args: { topic: OUT, payload: '${payload.n}' } }],
    });

    const subscriber = await connectClient(e2e.node.mqttPort, { clientId: uniqueId('e2e-flow-sub'), protocolVersion: 5 });
    const publisher = await connectClient(e2e.node.mqttPort, { clientId: uniqueId('e2e-flow-pub'), protocolVersion: 5 });
    clients.push(subscriber, publisher);
    const got = inbox(subscriber);
    await subscriber.subscribeAsync(OUT, { qos: 1 });
    await publisher.publishAsync(`${TOPIC}/a`, JSON.stringify({ n: 1 }), { qos: 1 });
    await publisher.publishAsync(`${TOPIC}/a`, JSON.stringify({ n: 9 }), { qos: 1 });
    await expect.poll(() => got.map((m) => `${m.topic} ${m.payload}`), { timeout: 15_000 }).toEqual([`${OUT} 9`]);

    // the saved flow opens again as the graph that was drawn
    // (a straight edge is an SVG group of no height, which the browser calls hidden: wait for it to be there)
    const lastEdge = page.getByTestId('rf__edge-filter->republish-0');
    await page.reload();
    await lastEdge.waitFor({ state: 'attached' });
    expect(await page.locator('.react-flow__edge').count()).toBe(2);
    expect(await page.locator('.react-flow__node').count()).toBe(3);
    await shotAll(page, 'flow-designer', () => lastEdge.waitFor({ state: 'attached' }));
  });

  it('opens an existing rule as a flow; a changed filter saves into the rule’s SQL', async () => {
    const EXISTING = `${id}_existing`;
    await created('POST', '/rules', { id: EXISTING, sql: `SELECT payload.n as n FROM "${id}/x/#" WHERE n > 5`, actions: [{ function: 'console' }] });
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/flow`);
    await page.getByTestId(`flow-lane-${EXISTING}`).getByRole('link', { name: 'Open as flow', exact: true }).click();
    await page.waitForURL((u) => u.hash === `#/flow/${EXISTING}`);
    // source → function (the SELECT) → filter (the WHERE) → console
    await page.getByTestId('flow-node-function').waitFor();
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(3);

    await page.getByTestId('flow-node-filter').click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Filter' });
    expect(await drawer.getByLabel('Field', { exact: true }).inputValue()).toBe('n');
    await drawer.getByLabel('Value', { exact: true }).fill('7');
    await drawer.getByRole('button', { name: 'Confirm' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Updated successfully').first().waitFor();
    const rule = await e2e.apiGet(`/rules/${EXISTING}`);
    expect(rule).toMatchObject({ sql: `SELECT\n  payload.n as n\nFROM\n  "${id}/x/#"\nWHERE\n  n > 7`, enable: true, actions: [{ function: 'console' }] });
  });

  it('opens a rule the builder cannot split with an SQL node', async () => {
    const EACH = `${id}_foreach`;
    await created('POST', '/rules', { id: EACH, sql: `FOREACH payload.list AS e DO e.v FROM "${id}/batch"`, actions: [{ function: 'console' }] });
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/flow/${EACH}`);
    await page.getByTestId('flow-node-sql').waitFor();
    await page.getByTestId('flow-node-sql').click();
    await page.getByRole('dialog').getByText('This rule’s SQL is beyond the flow’s Function and Filter forms', { exact: false }).waitFor();
  });

  it('creates an HTTP action inside the flow, saves it before the rule, and a published message reaches the server', async () => {
    const NEW_ACTION = `${id}_made_here`;
    const WEB = `${id}/web`;
    const taken = `${id}_taken`;
    const WEB_TARGET = `${id}_web_target`;
    await created('POST', '/rules', { id: taken, sql: `SELECT * FROM "${id}/taken"`, actions: [{ function: 'console' }] });
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/flow/create`);
    await page.getByRole('button', { name: 'Add Messages' }).click();
    let drawer = page.getByRole('dialog').filter({ hasText: 'Messages' });
    await drawer.getByLabel('Topic', { exact: true }).fill(`${WEB}/#`);
    await drawer.getByRole('button', { name: 'Confirm' }).click();
    await drawer.waitFor({ state: 'hidden' });

    // the sink's drawer starts on "Create Action": the type, then the actions screen's form of that type
    await page.getByRole('button', { name: 'Add Data integration action' }).click();
    drawer = page.getByRole('dialog').filter({ hasText: 'Create Action' });
    const card = drawer.getByRole('radio', { name: 'HTTP Server', exact: true });
    await expect.poll(() => card.getAttribute('aria-disabled'), { timeout: 30_000 }).toBe('false');
    await card.click();
    await drawer.getByRole('button', { name: 'Next' }).click();
    await drawer.getByLabel('Name', { exact: true }).fill(NEW_ACTION);
    // its connector is created in a drawer over the form, as EMQX does, and chosen at once
    await drawer.getByRole('button', { name: 'Create Connector' }).click();
    const connectorDrawer = page.getByRole('dialog').filter({ hasText: 'Create Connector / HTTP Server' });
    await connectorDrawer.getByLabel('Name', { exact: true }).fill(WEB_TARGET);
    await connectorDrawer.getByLabel('URL', { exact: true }).fill(`http://127.0.0.1:${port}/web`);
    await connectorDrawer.getByRole('button', { name: 'Create', exact: true }).click();
    await connectorDrawer.waitFor({ state: 'hidden' });
    expect(await e2e.apiGet(`/connectors/http:${WEB_TARGET}`)).toMatchObject({ type: 'http', url: `http://127.0.0.1:${port}/web` });
    await drawer.getByTitle(WEB_TARGET, { exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Confirm' }).click();
    await drawer.waitFor({ state: 'hidden' });
    const sink = page.locator('[data-testid^="flow-node-action-"]');
    await sink.getByText(`http:${NEW_ACTION} (created on save)`).waitFor();
    // nothing is created before the flow is saved
    expect((await e2e.api('GET', `/actions/http:${NEW_ACTION}`)).status).toBe(404);

    // the canvas fits the new node into view once measured: drag again if the first drag met a moving handle
    const edges = page.locator('.react-flow__edge');
    await expect
      .poll(async () => {
        if (!(await edges.count())) await connect(page, page.locator('[data-testid^="flow-node-message-"]'), sink);
        return edges.count();
      })
      .toBe(1);
    // a rule ID already in use: the action is created, the rule is refused, and the page says both
    await page.getByLabel('Name', { exact: true }).fill(taken);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText(`http:${NEW_ACTION} created, but the rule was not saved: `, { exact: false }).first().waitFor();
    await page.getByText(`Already created: http:${NEW_ACTION}. The flow now uses them, so saving again does not create them twice.`).waitFor();
    expect(await e2e.apiGet(`/actions/http:${NEW_ACTION}`)).toMatchObject({ type: 'http', name: NEW_ACTION, connector: WEB_TARGET });
    await sink.getByText(`http:${NEW_ACTION}`, { exact: true }).waitFor();

    // saved again under a free name: the rule names the action made above (a second POST /actions would be refused)
    const RULE_WEB = `${id}_web`;
    await page.getByLabel('Name', { exact: true }).fill(RULE_WEB);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Created successfully').first().waitFor();
    await page.waitForURL((u) => u.hash === `#/flow/${RULE_WEB}`);
    expect(await e2e.apiGet(`/rules/${RULE_WEB}`)).toMatchObject({ sql: `SELECT\n  *\nFROM\n  "${WEB}/#"`, actions: [`http:${NEW_ACTION}`] });

    const publisher = await connectClient(e2e.node.mqttPort, { clientId: uniqueId('e2e-flow-web'), protocolVersion: 5 });
    clients.push(publisher);
    const before = received.length;
    await publisher.publishAsync(`${WEB}/a`, JSON.stringify({ n: 42 }), { qos: 1 });
    await expect
      .poll(
        () =>
          received
            .slice(before)
            .filter((r) => r.path === '/web')
            .map((r) => JSON.parse(r.body) as { topic?: string; payload?: string })
            .map((b) => `${b.topic} ${b.payload}`),
        { timeout: 20_000 },
      )
      .toEqual([`${WEB}/a {"n":42}`]);
    await shotAll(page, 'flow-designer-action', () => sink.waitFor());
  });

  it('picks a typed function in Data Processing and a group in the Filter; the rule runs them on real messages', async () => {
    const FX = `${id}_fx`;
    const IN = `${id}/fx`;
    const FX_OUT = `${id}/fx/out/s`;
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/flow/create`);
    await page.getByRole('button', { name: 'Add Messages' }).click();
    let drawer = page.getByRole('dialog').filter({ hasText: 'Messages' });
    await drawer.getByLabel('Topic', { exact: true }).fill(`${IN}/#`);
    await drawer.getByRole('button', { name: 'Confirm' }).click();
    await drawer.waitFor({ state: 'hidden' });

    // Data Processing: payload.s through concat (its second argument typed string), and payload.n as it is
    await page.getByRole('button', { name: 'Add Data Processing' }).click();
    drawer = page.getByRole('dialog').filter({ hasText: 'Data Processing' });
    await drawer.getByLabel('Field or expression', { exact: true }).fill('payload.s');
    // a click on the option lost in a loaded CI run left the Transform empty: chosen by keyboard (harness)
    await chooseOption(page, drawer.getByLabel('Transform', { exact: true }), 'concat', 'concat');
    const args = drawer.getByRole('group', { name: 'Arguments of concat' });
    await args.getByText('The field on the left').waitFor();
    expect(await args.locator('.ant-tag').allTextContents()).toEqual(['string', 'string']);
    await args.getByLabel('String2', { exact: true }).fill('!');
    await drawer.getByLabel('Alias', { exact: true }).fill('s2');
    await drawer.getByRole('button', { name: 'Add field' }).click();
    await drawer.getByLabel('Field or expression', { exact: true }).nth(1).fill('payload.n');
    await drawer.getByLabel('Alias', { exact: true }).nth(1).fill('n');
    await drawer.getByRole('button', { name: 'Confirm' }).click();
    await drawer.waitFor({ state: 'hidden' });

    // Filter: payload.n > 5 AND (qos = 1 OR qos = 2)
    await page.getByRole('button', { name: 'Add Filter' }).click();
    drawer = page.getByRole('dialog').filter({ hasText: 'Conditions (WHERE)' });
    await drawer.getByLabel('Field', { exact: true }).fill('payload.n');
    await chooseOption(page, drawer.getByLabel('Operator', { exact: true }), '>');
    await drawer.getByLabel('Value', { exact: true }).fill('5');
    await drawer.getByRole('button', { name: 'Add group' }).click();
    const group = drawer.getByRole('group', { name: 'Condition group 2' });
    await group.getByLabel('Field', { exact: true }).nth(0).fill('qos');
    await group.getByLabel('Value', { exact: true }).nth(0).fill('1');
    await group.getByLabel('Field', { exact: true }).nth(1).fill('qos');
    await group.getByLabel('Value', { exact: true }).nth(1).fill('2');
    await drawer.getByRole('button', { name: 'Confirm' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Add Republish' }).click();
    drawer = page.getByRole('dialog').filter({ hasText: 'Payload' });
    await drawer.getByLabel('Topic', { exact: true }).fill(FX_OUT);
    await drawer.getByLabel('Payload', { exact: true }).fill('${s2}');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });

    const edges = page.locator('.react-flow__edge');
    const link = async (from: string, to: string, count: number) =>
      expect
        .poll(async () => {
          if ((await edges.count()) < count) await connect(page, page.locator(`[data-testid^="flow-node-${from}-"]`), page.locator(`[data-testid^="flow-node-${to}-"]`));
          return edges.count();
        })
        .toBe(count);
    await link('message', 'function', 1);
    await link('function', 'filter', 2);
    await link('filter', 'republish', 3);
    await page.getByLabel('Name', { exact: true }).fill(FX);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Created successfully').first().waitFor();
    await page.waitForURL((u) => u.hash === `#/flow/${FX}`);
    expect(await e2e.apiGet(`/rules/${FX}`)).toMatchObject({
      sql: `SELECT\n  concat(payload.s, '!') as s2,\n  payload.n as n\nFROM\n  "${IN}/#"\nWHERE\n  payload.n > 5 AND (qos = 1 OR qos = 2)`,
    });

    const subscriber = await connectClient(e2e.node.mqttPort, { clientId: uniqueId('e2e-fx-sub'), protocolVersion: 5 });
    const publisher = await connectClient(e2e.node.mqttPort, { clientId: uniqueId('e2e-fx-pub'), protocolVersion: 5 });
    clients.push(subscriber, publisher);
    const got = inbox(subscriber);
    await subscriber.subscribeAsync(FX_OUT, { qos: 1 });
    await publisher.publishAsync(`${IN}/a`, JSON.stringify({ s: 'low', n: 1 }), { qos: 1 });
    await publisher.publishAsync(`${IN}/a`, JSON.stringify({ s: 'qos0', n: 9 }), { qos: 0 });
    await publisher.publishAsync(`${IN}/a`, JSON.stringify({ s: 'hi', n: 9 }), { qos: 1 });
    await expect.poll(() => got.map((m) => `${m.topic} ${m.payload}`), { timeout: 15_000 }).toEqual([`${FX_OUT} hi!`]);

    // opened again, the filter shows its group and the function its picked transform
    await page.reload();
    await page.locator('[data-testid^="flow-node-filter"]').click();
    drawer = page.getByRole('dialog').filter({ hasText: 'Conditions (WHERE)' });
    expect(await drawer.getByRole('group', { name: 'Condition group 2' }).getByLabel('Value', { exact: true }).nth(1).inputValue()).toBe('2');
    await shot(page, 'flow-filter-group');
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.locator('[data-testid^="flow-node-function"]').click();
    drawer = page.getByRole('dialog').filter({ hasText: 'Data Processing' });
    expect(await drawer.getByRole('group', { name: 'Arguments of concat' }).getByLabel('String2', { exact: true }).inputValue()).toBe('!');
    await shot(page, 'flow-function-picker');
  });
});
