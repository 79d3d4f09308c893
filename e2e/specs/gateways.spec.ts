// Management › Gateways on a real node: the operator sets up the STOMP gateway from the console on a free port,
// a STOMP client (a raw TCP socket writing STOMP 1.2 frames, independent of the node's codec) connects and
// subscribes, shows in the gateway's Clients tab with its subscription, and Kick out closes its socket. LwM2M is set
// up the same way on a free UDP port; a device registering (a CoAP POST /rd written byte by byte) shows in its
// Clients tab with its lifetime, and its Settings tab saves auto_observe.
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { createServer, connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { shotAll, useE2ESession, saveForm } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A STOMP 1.2 client on a raw socket: CONNECT, wait for CONNECTED, SUBSCRIBE. */
async function stompClient(port: number, login: string, passcode = 'secret'): Promise<{ socket: Socket; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  let received = '';
  const connected = new Promise<void>((resolve, reject) => {
    socket.on('data', (b: Buffer) => {
      received += b.toString('utf8');
      if (received.startsWith('CONNECTED\n')) resolve();
      else if (received.startsWith('ERROR\n')) reject(new Error(`STOMP refused: ${received}`));
    });
    socket.once('error', reject);
  });
  // a refused connection rejects both promises: the one awaited first reports it
  connected.catch(() => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  socket.write(`CONNECT\naccept-version:1.2\nhost:127.0.0.1\nlogin:${login}\npasscode:${passcode}\nheart-beat:0,0\n\n\0`);
  await connected;
  socket.write('SUBSCRIBE\nid:0\ndestination:e2e/stomp/#\nack:auto\n\n\0');
  return { socket, closed };
}

function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createSocket('udp4');
    s.once('error', reject);
    s.bind(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** RFC 7252 §3.1 option: delta and length nibbles, 13 = one extended byte (values here stay below 269) */
function coapOption(delta: number, value: Buffer): Buffer {
  const nib = (n: number) => (n < 13 ? [n, []] : [13, [n - 13]]) as [number, number[]];
  const [d, dx] = nib(delta);
  const [l, lx] = nib(value.length);
  return Buffer.concat([Buffer.from([(d << 4) | l, ...dx, ...lx]), value]);
}

/** An LwM2M Register (OMA-TS-LightweightM2M-V1_0_2 §5.3.1): CON POST /rd?ep=..&lt=..&lwm2m=1.0, link-format objects; resolves with the answer code */
async function lwm2mRegister(port: number, ep: string): Promise<string> {
  const sock = createSocket('udp4');
  const answer = once(sock, 'message') as Promise<[Buffer]>;
  const opts = [
    coapOption(11, Buffer.from('rd')), // Uri-Path
    coapOption(1, Buffer.from([40])), // Content-Format: application/link-format
    coapOption(3, Buffer.from(`ep=${ep}`)), // Uri-Query
    coapOption(0, Buffer.from('lt=300')),
    coapOption(0, Buffer.from('lwm2m=1.0')),
  ];
  const msg = Buffer.concat([Buffer.from([0x40, 0x02, 0x12, 0x34]), ...opts, Buffer.from([0xff]), Buffer.from('</1/0>,</3/0>')]);
  sock.send(msg, port, '127.0.0.1');
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer to the LwM2M registration')), 20_000).unref());
  try {
    const [reply] = await Promise.race([answer, timeout]);
    return `${reply[1] >> 5}.${String(reply[1] & 0x1f).padStart(2, '0')}`;
  } finally {
    sock.close();
  }
}

let client: Socket | undefined;
let stompPort = 0;
afterAll(() => client?.destroy());

describe('Gateways (Management › Gateways)', () => {
  it('sets up STOMP from the console on a free port; the gateway runs with its listener', async () => {
    const port = await freePort();
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/dashboard/overview`);
    await page.getByRole('menuitem', { name: /Gateways$/ }).click();
    await page.waitForURL((u) => u.hash === '#/gateway');
    const row = page.getByRole('row', { name: /^STOMP / });
    await row.getByText('Unloaded', { exact: true }).waitFor();
    await shotAll(page, 'gateways-list', () => row.waitFor());
    await row.getByRole('button', { name: 'Setup STOMP', exact: true }).click();
    await page.getByText('Set up STOMP', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Edit stomp:tcp:default', exact: true }).click();
    const bind = page.getByRole('textbox', { name: 'Bind', exact: true });
    await bind.fill(`127.0.0.1:${port}`);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByRole('cell', { name: `127.0.0.1:${port}`, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Gateway set up and started').last().waitFor();
    await page.waitForURL((u) => u.hash.startsWith('#/gateway/detail/stomp'));
    const overview = (await e2e.apiGet('/gateways')) as { name: string; status: string }[];
    expect(overview.find((g) => g.name === 'stomp')?.status).toBe('running');
    stompPort = port;
  });

  it('a STOMP client shows in the Clients tab with its subscription; Kick out closes its socket', async () => {
    expect(stompPort).toBeGreaterThan(0);
    const stomp = await stompClient(stompPort, 'e2e-stomp-user');
    client = stomp.socket;
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/gateway/detail/stomp?tab=clients`);
    const row = page.getByRole('row', { name: /e2e-stomp-user/ });
    await row.waitFor({ timeout: 30_000 });
    await row.getByText('Connected', { exact: true }).waitFor();
    await shotAll(page, 'gateways-clients', () => page.getByRole('row', { name: /e2e-stomp-user/ }).waitFor());
    // the node gives a STOMP client a generated client ID: open the row's link, whatever it is
    await row.getByRole('button').first().click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('cell', { name: 'e2e/stomp/#', exact: true }).waitFor();
    await drawer.getByRole('button', { name: /^Kick out / }).click();
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText('Kicked out successfully').last().waitFor();
    await stomp.closed;
    expect(stomp.socket.destroyed).toBe(true);
    await page.getByRole('row', { name: /e2e-stomp-user/ }).waitFor({ state: 'detached', timeout: 30_000 });
  });

  it('the Auth tab adds a built-in database authenticator and a user: a wrong passcode is refused, the right one connects', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/gateway/detail/stomp?tab=auth`);
    await page.getByText('No authenticator: the gateway accepts every client', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add authentication' }).click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Created successfully').last().waitFor();
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill('dev1');
    await page.getByLabel('Password', { exact: true }).fill('right-pass');
    await page.getByRole('button', { name: 'Create', exact: true }).last().click();
    await page.getByRole('cell', { name: 'dev1', exact: true }).waitFor();
    const auth = (await e2e.apiGet('/gateways/stomp/authentication')) as { mechanism: string; backend: string };
    expect(auth).toMatchObject({ mechanism: 'password_based', backend: 'built_in_database' });
    await expect(stompClient(stompPort, 'dev1', 'wrong-pass')).rejects.toThrow(/STOMP refused/);
    const ok = await stompClient(stompPort, 'dev1', 'right-pass');
    client = ok.socket;
    ok.socket.destroy();
  });

  it('the Metrics tab shows the connections and the counters the STOMP traffic moved', async () => {
    const page = e2e.page;
    const before = (await e2e.apiGet('/mqdeck/gateways/stomp/metrics')) as { metrics: Record<string, number> };
    const stomp = await stompClient(stompPort, 'dev1', 'right-pass');
    client = stomp.socket;
    for (const n of [1, 2, 3]) stomp.socket.write(`SEND\ndestination:e2e/metrics\n\nmessage ${n}\0`);
    await openRoute(page, `${e2e.node.url}#/gateway/detail/stomp?tab=metrics`);
    await page.getByText('Connections by node', { exact: true }).waitFor();
    await page.getByRole('cell', { name: 'stomp:tcp:default', exact: true }).waitFor();
    const value = (label: string) => page.locator('th', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::td[1]');
    // the page refreshes every 5 s: wait for the three SENDs to be counted
    const received = before.metrics['messages.received'] + 3;
    await value('Messages received').getByText(String(received), { exact: true }).waitFor({ timeout: 30_000 });
    expect(Number(await value('Authentications failed').innerText())).toBe(before.metrics['authentication.failure']);
    expect(before.metrics['authentication.failure']).toBeGreaterThanOrEqual(1); // the wrong passcode of the Auth tab test
    await shotAll(page, 'gateways-metrics', () => page.getByRole('cell', { name: 'stomp:tcp:default', exact: true }).waitFor());
    stomp.socket.destroy();
  });

  it('the Settings tab saves the STOMP frame options; the listener edit keeps the port', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/gateway/detail/stomp?tab=settings`);
    const body = page.getByRole('spinbutton', { name: 'Max body length', exact: true });
    await body.fill('4096');
    await saveForm(page, page.getByRole('button', { name: 'Save', exact: true }));
    const config = (await e2e.apiGet('/gateways/stomp')) as { frame: { max_body_length: number } };
    expect(config.frame.max_body_length).toBe(4096);
    await page.getByRole('tab', { name: 'Listeners', exact: true }).click();
    await page.getByRole('button', { name: 'Edit stomp:tcp:default', exact: true }).click();
    await page.getByRole('spinbutton', { name: 'Max connection rate', exact: true }).fill('500');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Listener saved').last().waitFor();
    const listener = (await e2e.apiGet('/gateways/stomp/listeners/stomp%3Atcp%3Adefault')) as { bind: string; max_conn_rate: number };
    expect(listener).toMatchObject({ bind: `127.0.0.1:${stompPort}`, max_conn_rate: 500 });
  });

  it('Stop (after a confirmation) closes the listener; Start opens it again', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/gateway/detail/stomp?tab=settings`);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await page.getByText('Stopping the gateway closes all of its connections. Stop STOMP?', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByRole('button', { name: 'Start', exact: true }).waitFor();
    await expect(stompClient(stompPort, 'dev1', 'right-pass')).rejects.toThrow(/ECONNREFUSED/);
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await page.getByRole('button', { name: 'Stop', exact: true }).waitFor();
    const ok = await stompClient(stompPort, 'dev1', 'right-pass');
    ok.socket.destroy();
  });

  it('sets up LwM2M from the console on a free UDP port; a registered device shows in its Clients tab', async () => {
    const port = await freeUdpPort();
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/gateway`);
    const row = page.getByRole('row', { name: /^LwM2M / });
    await row.getByText('Unloaded', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Setup LwM2M', exact: true }).click();
    await page.getByText('Set up LwM2M', { exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'LwM2M XML directory', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Edit lwm2m:udp:default', exact: true }).click();
    await page.getByRole('textbox', { name: 'Bind', exact: true }).fill(`127.0.0.1:${port}`);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByRole('cell', { name: `127.0.0.1:${port}`, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Gateway set up and started').last().waitFor();
    await page.waitForURL((u) => u.hash.startsWith('#/gateway/detail/lwm2m'));
    const overview = (await e2e.apiGet('/gateways')) as { name: string; status: string }[];
    expect(overview.find((g) => g.name === 'lwm2m')?.status).toBe('running');

    expect(await lwm2mRegister(port, 'e2e-lwm2m-dev')).toBe('2.01');
    await openRoute(page, `${e2e.node.url}#/gateway/detail/lwm2m?tab=clients`);
    const device = page.getByRole('row', { name: /e2e-lwm2m-dev/ });
    await device.waitFor({ timeout: 30_000 });
    await device.getByText('Connected', { exact: true }).waitFor();
    await device.getByRole('cell', { name: '300', exact: true }).waitFor();
    await shotAll(page, 'gateways-lwm2m-clients', () => page.getByRole('row', { name: /e2e-lwm2m-dev/ }).waitFor());

    // the Settings tab saves an LwM2M field
    await page.getByRole('tab', { name: 'Settings', exact: true }).click();
    const autoObserve = page.getByRole('switch', { name: 'Auto observe', exact: true });
    await autoObserve.click();
    await saveForm(page, page.getByRole('button', { name: 'Save', exact: true }));
    const config = (await e2e.apiGet('/gateways/lwm2m')) as { auto_observe: boolean; xml_dir: string };
    expect(config).toMatchObject({ auto_observe: true, xml_dir: 'etc/lwm2m_xml/' });
  });
});
