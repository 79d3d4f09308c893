// Management › ExHooks on a real node, with a real gRPC hook server this test starts (@grpc/grpc-js serving
// emqx.exhook.v2.HookProvider with raw protobuf bytes written here, independent of the node's proto loader): the
// operator adds the server through the console, sees it connected with the hook it registered, and a real MQTT
// client is then refused by the server's client.authenticate answer; disabling it on the list lets the client in.
import { Server, ServerCredentials } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shotAll, tryConnect, useE2ESession } from '../harness';
import { openRoute } from '../open-route';

const e2e = useE2ESession();

// protobuf by hand: LoadedResponse { hooks: [HookSpec { name: "client.authenticate" }] }
const str = (field: number, s: string) => Buffer.concat([Buffer.from([(field << 3) | 2, Buffer.byteLength(s)]), Buffer.from(s)]);
const spec = str(1, 'client.authenticate');
const LOADED = Buffer.concat([Buffer.from([(1 << 3) | 2, spec.length]), spec]);
// ValuedResponse { type: STOP_AND_RETURN (2), bool_result: false }
const DENY = Buffer.from([0x08, 0x02, 0x18, 0x00]);

const calls: string[] = [];
let grpc: Server;
let url = '';

beforeAll(async () => {
  grpc = new Server();
  const raw = { serialize: (b: Buffer) => b, deserialize: (b: Buffer) => b };
  const method = (name: string) => ({
    path: `/emqx.exhook.v2.HookProvider/${name}`,
    requestStream: false,
    responseStream: false,
    requestSerialize: raw.serialize,
    requestDeserialize: raw.deserialize,
    responseSerialize: raw.serialize,
    responseDeserialize: raw.deserialize,
  });
  const answers: Record<string, Buffer> = { OnProviderLoaded: LOADED, OnProviderUnloaded: Buffer.alloc(0), OnClientAuthenticate: DENY };
  grpc.addService(
    Object.fromEntries(Object.keys(answers).map((n) => [n, method(n)])),
    Object.fromEntries(
      Object.entries(answers).map(([n, answer]) => [
        n,
        (_call: unknown, cb: (e: null, r: Buffer) => void) => {
          calls.push(n);
          cb(null, answer);
        },
      ]),
    ),
  );
  const port = await new Promise<number>((resolve, reject) => grpc.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))));
  url = `http://127.0.0.1:${port}`;
});
afterAll(() => grpc.forceShutdown());

describe('ExHooks (Management › ExHooks)', () => {
  it('adds a hook server in the console; it connects and lists the hook it registered', async () => {
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/exhook`);
    await page.getByRole('button', { name: 'Add ExHook' }).click();
    await page.getByLabel('Name').fill('auth-hook');
    await page.getByLabel('URL').fill(url);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Created successfully').last().waitFor();
    await page.waitForURL((u) => u.hash === '#/exhook');
    const row = page.getByRole('row', { name: /auth-hook/ });
    await row.getByText('Connected').waitFor();
    expect(calls).toContain('OnProviderLoaded');
    await row.getByRole('link', { name: 'auth-hook' }).click();
    await page.getByRole('cell', { name: 'client.authenticate' }).waitFor();
  });

  it('the server refuses a real MQTT client; disabled on the list, the client gets in', async () => {
    expect(await tryConnect(e2e.node.mqttPort, { clientId: 'hooked', protocolVersion: 5 })).toEqual({ ok: false, code: 0x87 });
    expect(calls).toContain('OnClientAuthenticate');
    const page = e2e.page;
    await openRoute(page, `${e2e.node.url}#/exhook`);
    await page.getByRole('switch', { name: 'Enable auth-hook' }).click();
    await page.getByText('Disabled successfully').last().waitFor();
    await page
      .getByRole('row', { name: /auth-hook/ })
      .getByText('Disabled')
      .waitFor();
    expect((await tryConnect(e2e.node.mqttPort, { clientId: 'free', protocolVersion: 5 })).ok).toBe(true);
    const detail = await e2e.apiGet('/exhooks/auth-hook');
    expect(detail.node_status[0].status).toBe('disabled');
  });

  it('in both themes and both languages', async () => {
    await openRoute(e2e.page, `${e2e.node.url}#/exhook`);
    await shotAll(e2e.page, 'exhook', () => e2e.page.getByRole('row', { name: /auth-hook/ }).waitFor());
  });
});
