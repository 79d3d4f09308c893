// Listeners on a real node: create a tcp listener on a free port, a real MQTT.js client connects to it;
// a messages rate set in the drawer is stored (read back from the API) and slows a new client down;
// disabling it (after the confirmation) closes that client and refuses new ones; deleting needs the name typed.
// A quic listener is refused with the node's plain explanation.
// Captured in light/dark × English/Chinese.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { chooseOption, shot, shotAll, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();
const NAME = `e2e${Math.random().toString(36).slice(2, 7)}`;

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/** Resolves with the connected client, rejects when the broker refuses or the socket fails. */
function connect(port: number): Promise<MqttClient> {
  const c = mqtt.connect(`mqtt://127.0.0.1:${port}`, { clientId: `${NAME}-${Math.random().toString(36).slice(2, 6)}`, reconnectPeriod: 0, connectTimeout: 3000 });
  return new Promise((resolve, reject) => {
    c.once('connect', () => resolve(c));
    c.once('error', (e) => {
      c.end(true);
      reject(e);
    });
    c.once('close', () => reject(new Error('closed before CONNACK')));
  });
}

const row = (text: string) => e2e.page.locator('tr', { hasText: text });

describe('listeners screen', () => {
  it('creates a tcp listener that a real client connects to', async () => {
    const { page, node } = e2e;
    const port = await freePort();
    await openRoute(page, `${node.url}#/listener`);
    await page.locator('td', { hasText: /^ws$/ }).first().waitFor(); // the default listeners are listed
    await page.getByRole('button', { name: /Add Listener/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('Name', { exact: true }).fill(NAME);
    await drawer.getByLabel('Bind', { exact: true }).fill(`127.0.0.1:${port}`);
    await shot(page, 'listeners-create-drawer');
    await drawer.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Listener saved').waitFor();
    await row(`127.0.0.1:${port}`).getByText('Running').waitFor();

    const client = await connect(port);
    expect(client.connected).toBe(true);
    // the list counts it (refetch)
    await page.getByRole('button', { name: /Refresh/ }).click();
    await expect.poll(async () => row(`127.0.0.1:${port}`).locator('td').nth(4).innerText(), { timeout: 10_000 }).toBe('1');
    await shotAll(page, 'listeners-list', () => row(`127.0.0.1:${port}`).waitFor());

    // flow control: a malformed rate shows the spec's text, a valid one is stored and enforced on new clients
    await row(`127.0.0.1:${port}`).getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog');
    const rate = edit.getByLabel('Messages Rate (per client)');
    await expect.poll(() => edit.getByLabel('Bind', { exact: true }).inputValue()).toBe(`127.0.0.1:${port}`);
    await rate.fill('fast');
    await edit.getByRole('button', { name: 'Update' }).click();
    await edit.getByText('Please enter a properly formatted rate configuration').waitFor();
    await rate.fill('2/s');
    await shot(page, 'listeners-flow-control');
    await edit.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Listener saved').first().waitFor();
    const stored = await e2e.apiGet(`/listeners/tcp:${NAME}`);
    expect(stored).toMatchObject({ messages_rate: '2/s', max_conn_rate: 'infinity', running: true });
    expect(stored).not.toHaveProperty('bytes_rate');

    const watcher = await connect(node.mqttPort);
    await watcher.subscribeAsync(`${NAME}/#`);
    const arrivals: number[] = [];
    watcher.on('message', () => arrivals.push(Date.now()));
    const limited = await connect(port);
    const start = Date.now();
    for (let i = 0; i < 4; i++) limited.publish(`${NAME}/t`, String(i), { qos: 0 });
    await expect.poll(() => arrivals.length, { timeout: 5000 }).toBe(4);
    expect(arrivals[3] - start).toBeGreaterThan(800); // two at once, two more at 2/s
    watcher.end(true);
    limited.end(true);

    // disable: confirmation first, then the client's connection is closed and new ones are refused
    const closed = new Promise<void>((r) => client.once('close', () => r()));
    await row(`127.0.0.1:${port}`).getByRole('switch').click();
    await page.getByText(`Disable listener tcp:${NAME}? Disabling closes all its connections.`).waitFor();
    expect(client.connected).toBe(true);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await closed;
    await row(`127.0.0.1:${port}`).getByText('Stopped').waitFor();
    await expect(connect(port)).rejects.toThrow();
    client.end(true);

    // delete: the OK button waits for the exact name
    await row(`127.0.0.1:${port}`).getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    const ok = dialog.getByRole('button', { name: 'Delete' });
    await dialog.getByLabel('Listener name').fill(NAME.slice(0, -1));
    expect(await ok.isDisabled()).toBe(true);
    await dialog.getByLabel('Listener name').fill(NAME);
    await shot(page, 'listeners-delete-typed');
    await ok.click();
    await page.getByText('Deleted successfully').last().waitFor(); // an earlier test's toast may still show
    await expect.poll(() => row(`127.0.0.1:${port}`).count(), { timeout: 10_000 }).toBe(0);
  });

  it('quic is offered as an EMQX type and refused plainly by this node', async () => {
    const { page, node } = e2e;
    await openRoute(page, `${node.url}#/listener`);
    await page.getByRole('button', { name: /Add Listener/ }).click();
    const drawer = page.getByRole('dialog');
    const note = drawer.getByText('This node does not serve MQTT over QUIC and will refuse to create it.', { exact: false });
    await chooseOption(page, drawer.getByLabel('Type', { exact: true }), 'quic');
    await note.waitFor();
    await drawer.getByLabel('Name', { exact: true }).fill('q1');
    await drawer.getByLabel('Bind', { exact: true }).fill('127.0.0.1:14567');
    await drawer.getByRole('button', { name: 'Create' }).click();
    await page.getByText('does not serve MQTT over QUIC: use a tcp, ssl, ws or wss listener').waitFor();
    await shot(page, 'listeners-quic-refused');
    expect(await drawer.isVisible()).toBe(true); // the form stays open with what was typed
    expect((await e2e.apiGet('/listeners')).map((l: { id: string }) => l.id)).not.toContain('quic:q1');
  });
});
