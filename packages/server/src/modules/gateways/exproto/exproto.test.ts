// The ExProto gateway on a real node, as emqx_exproto_SUITE checks it with its echo server: ExProto loaded by
// PUT /gateways/exproto (listeners and the ConnectionAdapter on free ports), a gRPC handler written here with
// @grpc/grpc-js (exproto.testing.ts) authenticating raw TCP devices through the gateway's authenticator, a device's
// publish reaching MQTT.js and an MQTT publish reaching the device, the client listed and kicked through the API,
// EMQX's CodeResponse codes for bad calls, and an unreachable handler reported as a warning.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../../shared/testing';
import { adapterPort } from './index';
import { deadPort, LineClient, startEchoHandler, UdpLineClient, type EchoHandler } from './exproto.testing';

const tcpPort = (node: TestNode) => node.app.gateways.lookup('exproto')!.running.get('exproto:tcp:default')!.port!;

describe('ExProto gateway', () => {
  let node: TestNode;
  let handler: EchoHandler;
  const mqttClients: MqttClient[] = [];
  const devices: LineClient[] = [];
  const logged: Array<{ level: string; obj: Record<string, unknown>; msg?: string }> = [];

  beforeAll(async () => {
    node = await startTestNode();
    // every gateway logger is a child of app.log: record what ExProto logs, warn and error apart
    const child = node.app.log.child.bind(node.app.log);
    vi.spyOn(node.app.log, 'child').mockImplementation((bindings: Record<string, unknown>, opts?: object) => {
      const c = child(bindings, opts);
      for (const level of ['warn', 'error'] as const) {
        const orig = c[level].bind(c);
        (c as unknown as Record<string, unknown>)[level] = (obj: Record<string, unknown>, msg?: string) => {
          logged.push({ level, obj, msg });
          orig(obj, msg);
        };
      }
      return c;
    });
    handler = await startEchoHandler();
    const res = await api(node, 'PUT', '/gateways/exproto', {
      name: 'exproto',
      server: { bind: '127.0.0.1:0' },
      handler: { address: `http://127.0.0.1:${handler.port}`, service_name: 'ConnectionUnaryHandler' },
      listeners: [{ type: 'tcp', name: 'default', bind: '127.0.0.1:0' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    handler.connectAdapter(adapterPort('127.0.0.1:0')!);
    const authn = await api(node, 'POST', '/gateways/exproto/authentication', { mechanism: 'password_based', backend: 'built_in_database', user_id_type: 'username' });
    expect(authn.status, JSON.stringify(authn.body)).toBe(201);
    expect((await api(node, 'POST', '/gateways/exproto/authentication/users', { user_id: 'dev1', password: 'secret' })).status).toBe(201);
  });
  afterAll(async () => {
    for (const d of devices) d.end();
    await closeClients(mqttClients);
    await node?.close();
    await handler?.close();
  });

  const device = async () => {
    const d = await LineClient.connect(tcpPort(node));
    devices.push(d);
    return d;
  };
  const expectLine = (d: LineClient, line: string, what = line) => waitFor(() => d.lines.includes(line), 10_000, `${what} (got ${JSON.stringify(d.lines)})`);

  it('refuses a config without a usable handler address and reports the gateway with its defaults', async () => {
    const got = await api(node, 'GET', '/gateways/exproto');
    expect(got.body).toMatchObject({ name: 'exproto', server: { bind: '127.0.0.1:0' }, handler: { service_name: 'ConnectionUnaryHandler' } });
    const noServer = await api(node, 'PUT', '/gateways/exproto', { handler: { address: `http://127.0.0.1:${handler.port}` } });
    expect(noServer).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(noServer.body.message).toMatch(/server.bind is required/);
    const bad = await api(node, 'PUT', '/gateways/exproto', { server: { bind: '127.0.0.1:0' }, handler: { address: 'nowhere', service_name: 'ConnectionUnaryHandler' } });
    expect(bad).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(bad.body.message).toMatch(/handler.address/);
    const badName = await api(node, 'PUT', '/gateways/exproto', { server: { bind: '127.0.0.1:0' }, handler: { address: 'http://127.0.0.1:1', service_name: 'Other' } });
    expect(badName.body.message).toMatch(/ConnectionUnaryHandler or ConnectionHandler/);
  });

  it('a raw TCP device authenticates through its handler; a wrong password is refused with PERMISSION_DENY', async () => {
    const d = await device();
    await waitFor(() => handler.events.some(([m]) => m === 'OnSocketCreated'), 10_000, 'OnSocketCreated');
    const created = handler.events.find(([m]) => m === 'OnSocketCreated')![1];
    expect(created.conninfo).toMatchObject({ socktype: 'TCP', peername: { host: '127.0.0.1' }, sockname: { port: tcpPort(node) } });
    // EMQX's conn: base64 of an Erlang pid term (131, NEW_PID_EXT)
    expect(Buffer.from(String(created.conn), 'base64').subarray(0, 2)).toEqual(Buffer.from([131, 88]));
    d.send('AUTH bad-1 dev1 wrong');
    await expectLine(d, 'AUTH PERMISSION_DENY bad_username_or_password', 'refusal');
    expect((await api(node, 'GET', '/gateways/exproto/clients')).body.data).toEqual([]);
  });

  it("a device's publish reaches an MQTT subscriber; an MQTT publish reaches the subscribed device", async () => {
    const sub = await connectClient(node.mqttPort, { clientId: 'mqtt-sub' });
    mqttClients.push(sub);
    const got: Array<[string, string]> = [];
    sub.on('message', (t, p) => got.push([t, p.toString()]));
    await sub.subscribeAsync('from/dev/#', { qos: 1 });

    const d = await device();
    d.send('AUTH dev-1 dev1 secret');
    await expectLine(d, 'AUTH OK');
    d.send('PUB from/dev/1 hello world');
    await expectLine(d, 'PUB SUCCESS');
    await waitFor(() => got.length === 1, 10_000, 'MQTT delivery');
    expect(got).toEqual([['from/dev/1', 'hello world']]);

    d.send('SUB to/dev/#');
    await expectLine(d, 'SUB SUCCESS');
    await sub.publishAsync('to/dev/1', 'ping', { qos: 1 });
    await expectLine(d, 'MSG to/dev/1 ping', 'delivery to the device');
    const msgs = handler.events.find(([m]) => m === 'OnReceivedMessages')![1].messages[0];
    expect(msgs).toMatchObject({ node: 'emqx@127.0.0.1', qos: 1, from: 'mqtt-sub', topic: 'to/dev/1' });
    expect(msgs.id).toMatch(/^[0-9A-F]{32}$/i);

    // listed with the handler's protocol name; its subscription shows
    const list = await api(node, 'GET', '/gateways/exproto/clients');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ clientid: 'dev-1', username: 'dev1', proto_name: 'echo', proto_ver: '0.1', ip_address: '127.0.0.1' });
    expect((await api(node, 'GET', '/gateways/exproto/clients/dev-1/subscriptions')).body).toEqual([expect.objectContaining({ topic: 'to/dev/#', qos: 1 })]);

    // authenticating twice is refused (EMQX: Duplicated authenticate command)
    d.send('AUTH dev-1 dev1 secret');
    await expectLine(d, 'AUTH PERMISSION_DENY <<"Duplicated authenticate command">>');

    // DELETE kicks: the socket closes and the handler hears OnSocketClosed
    expect((await api(node, 'DELETE', '/gateways/exproto/clients/dev-1')).status).toBe(204);
    await waitFor(() => d.closed, 10_000, 'socket closed by the kick');
    await waitFor(() => handler.events.some(([m, r]) => m === 'OnSocketClosed' && r.reason === 'kicked'), 10_000, 'OnSocketClosed kicked');
    expect((await api(node, 'GET', '/gateways/exproto/clients')).body.data).toEqual([]);
  });

  it("answers EMQX's codes: bad conn, a conn that is gone, calls before authentication, a bad QoS", async () => {
    expect(await handler.call('Send', { conn: 'not-a-pid', bytes: Buffer.from('x') })).toMatchObject({ code: 'PARAMS_TYPE_ERROR', message: '<<"The conn type error">>' });
    const closed = handler.events.find(([m]) => m === 'OnSocketClosed')![1];
    expect(await handler.call('Send', { conn: closed.conn, bytes: Buffer.from('x') })).toMatchObject({
      code: 'CONN_PROCESS_NOT_ALIVE',
      message: '<<"Connection process is not alive">>',
    });
    const before = handler.events.length;
    const d = await device();
    await waitFor(() => handler.events.slice(before).some(([m]) => m === 'OnSocketCreated'), 10_000, 'OnSocketCreated');
    const conn = handler.events.slice(before).find(([m]) => m === 'OnSocketCreated')![1].conn;
    expect(await handler.call('Publish', { conn, topic: 't', qos: 0, payload: Buffer.from('x') })).toMatchObject({ code: 'UNKNOWN' });
    expect(await handler.call('Publish', { conn, topic: 't', qos: 3, payload: Buffer.from('x') })).toMatchObject({ code: 'PARAMS_TYPE_ERROR' });
    expect(await handler.call('Authenticate', { conn, password: 'x' })).toMatchObject({ code: 'REQUIRED_PARAMS_MISSED' });
    expect(await handler.call('StartTimer', { conn, type: 'KEEPALIVE', interval: 0 })).toMatchObject({ code: 'PARAMS_TYPE_ERROR' });
    // the handler closes the socket through Close
    d.send('CLOSE');
    await waitFor(() => d.closed, 10_000, 'socket closed by Close');
  });

  it('a keepalive started by the handler closes a silent device and calls OnTimerTimeout', async () => {
    const d = await device();
    d.send('AUTH ka-1 dev1 secret');
    await expectLine(d, 'AUTH OK');
    d.send('KEEPALIVE 1');
    await expectLine(d, 'KEEPALIVE SUCCESS');
    expect((await api(node, 'GET', '/gateways/exproto/clients/ka-1')).body).toMatchObject({ keepalive: 1 });
    await waitFor(() => d.closed, 10_000, 'closed after the keepalive');
    await waitFor(() => handler.events.some(([m, r]) => m === 'OnTimerTimeout' && r.type === 'KEEPALIVE'), 10_000, 'OnTimerTimeout');
    await waitFor(() => handler.events.some(([m, r]) => m === 'OnSocketClosed' && r.reason === 'keepalive_timeout'), 10_000, 'OnSocketClosed keepalive_timeout');
  });

  it('a handler that cannot be reached closes the device and is logged as a warning, not an error', async () => {
    const port = await deadPort();
    const res = await api(node, 'PUT', '/gateways/exproto', { server: { bind: '127.0.0.1:0' }, handler: { address: `http://127.0.0.1:${port}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    const d = await device();
    await waitFor(() => d.closed, 20_000, 'socket closed when the handler is unreachable');
    await waitFor(() => logged.some((l) => l.level === 'warn' && l.obj.call === 'OnSocketCreated'), 10_000, 'warning logged');
    expect(logged.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('the streaming ConnectionHandler serves TCP and UDP devices alike', async () => {
    const res = await api(node, 'PUT', '/gateways/exproto', {
      server: { bind: '127.0.0.1:0' },
      handler: { address: `http://127.0.0.1:${handler.port}`, service_name: 'ConnectionHandler' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    const added = await api(node, 'POST', '/gateways/exproto/listeners', { type: 'udp', name: 'default', bind: '127.0.0.1:0' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    handler.connectAdapter(adapterPort('127.0.0.1:0')!);
    const sub = await connectClient(node.mqttPort, { clientId: 'mqtt-sub-2' });
    mqttClients.push(sub);
    const got: string[] = [];
    sub.on('message', (t, p) => got.push(`${t} ${p.toString()}`));
    await sub.subscribeAsync('from/#', { qos: 1 });

    const d = await device();
    d.send('AUTH tcp-2 dev1 secret');
    await expectLine(d, 'AUTH OK');
    d.send('PUB from/tcp hi');
    await expectLine(d, 'PUB SUCCESS');
    expect(handler.events.some(([m, r]) => m === 'OnReceivedBytes' && r.streamed === true)).toBe(true);

    const udpPort = node.app.gateways.lookup('exproto')!.running.get('exproto:udp:default')!.port!;
    const u = new UdpLineClient(udpPort);
    try {
      u.send('AUTH udp-1 dev1 secret');
      await waitFor(() => u.lines.includes('AUTH OK'), 10_000, `udp auth (got ${JSON.stringify(u.lines)})`);
      const created = handler.events.filter(([m, r]) => m === 'OnSocketCreated' && r.conninfo?.socktype === 'UDP');
      expect(created).toHaveLength(1);
      u.send('SUB to/udp');
      await waitFor(() => u.lines.includes('SUB SUCCESS'), 10_000, 'udp sub');
      u.send('PUB from/udp hello');
      await waitFor(() => got.includes('from/udp hello') && got.includes('from/tcp hi'), 10_000, `MQTT deliveries (got ${JSON.stringify(got)})`);
      await sub.publishAsync('to/udp', 'down', { qos: 0 });
      await waitFor(() => u.lines.includes('MSG to/udp down'), 10_000, 'delivery to the UDP device');
      const list = (await api(node, 'GET', '/gateways/exproto/clients')).body.data as Array<{ clientid: string }>;
      expect(list.map((c) => c.clientid).sort()).toEqual(['tcp-2', 'udp-1']);
    } finally {
      u.end();
    }
  });

  it('a server.bind in use is refused with a plain sentence and the running config is kept', async () => {
    const busy = net.createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()));
    try {
      const port = (busy.address() as net.AddressInfo).port;
      const res = await api(node, 'PUT', '/gateways/exproto', {
        server: { bind: `127.0.0.1:${port}` },
        handler: { address: `http://127.0.0.1:${handler.port}`, service_name: 'ConnectionUnaryHandler' },
      });
      expect(res).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
      expect(res.body.message).toMatch(new RegExp(`ConnectionAdapter gRPC server cannot listen on 127.0.0.1:${port}`));
      expect((await api(node, 'GET', '/gateways/exproto')).body).toMatchObject({ status: 'running', server: { bind: '127.0.0.1:0' } });
      expect(adapterPort('127.0.0.1:0')).toBeGreaterThan(0);
    } finally {
      busy.close();
    }
  });

  it('idle_timeout closes a TCP device that sends nothing', async () => {
    const res = await api(node, 'PUT', '/gateways/exproto', {
      idle_timeout: '1s',
      server: { bind: '127.0.0.1:0' },
      handler: { address: `http://127.0.0.1:${handler.port}`, service_name: 'ConnectionUnaryHandler' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    handler.connectAdapter(adapterPort('127.0.0.1:0')!);
    const before = handler.events.length;
    const d = await device();
    await waitFor(() => d.closed, 10_000, 'silent device closed');
    await waitFor(() => handler.events.slice(before).some(([m, r]) => m === 'OnSocketClosed' && r.reason === 'idle_timeout'), 10_000, 'OnSocketClosed idle_timeout');
  });
});
