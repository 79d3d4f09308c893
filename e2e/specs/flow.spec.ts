// The flow view on a real node: a source (an MQTT connector subscribing on the node's own listener), a rule fed
// by it and an HTTP action to a server this spec starts, all made through the API; the Flows screen shows them in
// one lane with their live statuses and links, and a stopped action turns its edge off.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shotAll, uniqueId, useE2ESession } from '../harness';

const e2e = useE2ESession();

const id = uniqueId('flow').replace(/-/g, '_');
const SOURCE = `${id}_in`;
const ACTION = `${id}_out`;
const RULE = `${id}_rule`;
const BROKER = `${id}_broker`;
const TARGET = `${id}_target`;

let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
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
    await page.goto(`${e2e.node.url}#/flow`);
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
