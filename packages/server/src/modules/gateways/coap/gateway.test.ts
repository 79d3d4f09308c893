/**
 * The CoAP gateway against independent peers: libcoap's `coap-client-notls` (Debian libcoap3-bin) and the `coap`
 * package's client on the device side, MQTT.js on the MQTT side, and a raw UDP socket where exact codes and types
 * matter. Expectations are EMQX 5.8's (emqx_coap_SUITE, emqx_coap_pubsub_handler, emqx_coap_channel).
 *
 * Here the GatewayContext is the stand-in of bridge.testing.ts (a real broker whose clients each gateway channel
 * becomes), so exact codes, types and Observe numbers can be checked per listener. The same paths through a real node
 * (PUT /gateways/coap, gateway authentication, GET/DELETE /gateways/coap/clients) are in coap-api.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as coap from 'coap';
import mqtt, { type MqttClient } from 'mqtt';
import { brokerBridge, type BrokerBridge } from './bridge.testing';
import { coapProtocol } from './gateway';
import { decode, decodeUint, encode, OPT, type CoapMessage, type CoapOption } from './message';
import type { RunningGatewayListener } from '../protocol';

const CLI = 'coap-client-notls';
let bridge: BrokerBridge;
let listener: RunningGatewayListener;
let port: number;
let config: Record<string, unknown>;
let sub: MqttClient;
const children: ChildProcess[] = [];
const sockets: Socket[] = [];

async function waitFor<T>(fn: () => T | undefined | false, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function start(overrides: Record<string, unknown> = {}): Promise<void> {
  config = { ...coapProtocol.defaults(), ...overrides };
  expect(coapProtocol.validate?.(config)).toBeUndefined();
  bridge = await brokerBridge({ config, users: { admin: 'public' } });
  listener = await coapProtocol.startListener(bridge.ctx, {
    id: 'coap:udp:default',
    type: 'udp',
    name: 'default',
    host: '127.0.0.1',
    port: 0,
    max_connections: 1000,
    raw: {},
  });
  port = listener.port!;
  sub = await mqtt.connectAsync(bridge.url, { clientId: 'mqtt-sub', reconnectPeriod: 0 });
}

afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill();
  for (const s of sockets.splice(0)) s.close();
  await sub?.endAsync(true);
  await listener?.close();
  await bridge?.stop();
});

function nextMessage(client: MqttClient, topic: string): Promise<{ payload: string; qos: number }> {
  return new Promise((resolve) => {
    const on = (t: string, p: Buffer, packet: { qos: number }) => {
      if (t !== topic) return;
      client.off('message', on);
      resolve({ payload: p.toString(), qos: packet.qos });
    };
    client.on('message', on);
  });
}

function cli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(CLI, ['-B', '10', ...args]);
  children.push(child);
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return once(child, 'exit').then(([code]) => ({ code: code as number | null, out, err }));
}

function npmRequest(o: coap.CoapRequestParams & { payload?: string }): Promise<coap.IncomingMessage> {
  const req = coap.request({ hostname: '127.0.0.1', port, agent: new coap.Agent({ type: 'udp4' }), ...o });
  return new Promise((resolve, reject) => {
    req.on('response', resolve);
    req.on('error', reject);
    req.end(o.payload ?? '');
  });
}

async function rawSocket(): Promise<Socket> {
  const s = createSocket('udp4');
  sockets.push(s);
  s.bind(0, '127.0.0.1');
  await once(s, 'listening');
  return s;
}

let mid = 100;
function rawRequest(
  s: Socket,
  o: { type?: 'CON' | 'NON'; code: string; path: string[]; query?: string[]; token?: Buffer; observe?: number; payload?: string },
): Promise<CoapMessage> {
  const options: CoapOption[] = [
    ...(o.observe !== undefined ? [{ number: OPT.OBSERVE, value: o.observe === 0 ? Buffer.alloc(0) : Buffer.from([o.observe]) }] : []),
    ...o.path.map((p) => ({ number: OPT.URI_PATH, value: Buffer.from(p) })),
    ...(o.query ?? []).map((q) => ({ number: OPT.URI_QUERY, value: Buffer.from(q) })),
  ];
  const msg: CoapMessage = {
    type: o.type ?? 'CON',
    code: o.code,
    messageId: ++mid,
    token: o.token ?? Buffer.from([0x10, mid & 0xff]),
    options,
    payload: Buffer.from(o.payload ?? ''),
  };
  const answer = nextDatagram(s);
  s.send(encode(msg), port, '127.0.0.1');
  return answer;
}

function nextDatagram(s: Socket, ms = 5000): Promise<CoapMessage> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => {
      s.off('message', on);
      reject(new Error('no datagram'));
    }, ms);
    const on = (b: Buffer) => {
      clearTimeout(t);
      s.off('message', on);
      resolve(decode(b));
    };
    s.on('message', on);
  });
}

describe('CoAP gateway, publish/subscribe mode (connection_required = false)', () => {
  beforeEach(() => start());

  it('a libcoap POST to /ps/{topic} reaches an MQTT.js subscriber (2.04 Changed)', async () => {
    await sub.subscribeAsync('sensors/temp', { qos: 1 });
    const got = nextMessage(sub, 'sensors/temp');
    const r = await cli(['-m', 'post', '-e', '21.5', `coap://127.0.0.1:${port}/ps/sensors/temp`]);
    expect(r.code).toBe(0);
    // publish_qos = coap: a CON request publishes at QoS 1
    expect(await got).toEqual({ payload: '21.5', qos: 1 });
  });

  it('a coap-package POST with qos=0 and retain=true publishes as asked', async () => {
    const res = await npmRequest({ method: 'POST', pathname: '/ps/dev/state', query: 'qos=0&retain=true', payload: 'on' });
    expect(res.code).toBe('2.04');
    const late = await mqtt.connectAsync(bridge.url, { clientId: 'late', reconnectPeriod: 0 });
    const got = nextMessage(late, 'dev/state');
    await late.subscribeAsync('dev/state');
    expect((await got).payload).toBe('on');
    await late.endAsync(true);
  });

  it('a libcoap observer receives an MQTT publish as a notification', async () => {
    const child = spawn(CLI, ['-s', '20', '-w', '-o', '-', `coap://127.0.0.1:${port}/ps/cmd/light`]);
    children.push(child);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await waitFor(() => [...bridge.clients.values()].some((c) => c.filters.has('cmd/light')), 'the observe subscription');
    await sub.publishAsync('cmd/light', 'switch-on', { qos: 1 });
    await waitFor(() => out.includes('switch-on'), 'the notification on coap-client stdout');
  });

  it('a coap-package observer receives MQTT publishes on a wildcard filter, Observe numbers rising', async () => {
    const req = coap.request({ hostname: '127.0.0.1', port, pathname: '/ps/room/+', observe: true, agent: new coap.Agent({ type: 'udp4' }) });
    const res = await new Promise<coap.IncomingMessage>((resolve, reject) => {
      req.on('response', resolve);
      req.on('error', reject);
      req.end();
    });
    expect(res.code).toBe('2.05');
    const seen: Array<{ payload: string; observe: number }> = [];
    res.on('data', (d: Buffer) => {
      if (d.length > 0) seen.push({ payload: d.toString(), observe: Number(res.headers.Observe) });
    });
    await sub.publishAsync('room/1', 'a', { qos: 0 });
    await waitFor(() => seen.length >= 1, 'first notification');
    await sub.publishAsync('room/2', 'b', { qos: 1 });
    await waitFor(() => seen.length >= 2, 'second notification');
    expect(seen.map((s) => s.payload)).toEqual(['a', 'b']);
    expect(seen[1].observe).toBeGreaterThan(seen[0].observe);
    (res as unknown as { close(): void }).close();
  });

  it('notify_type = qos: QoS 0 notifies with NON, QoS 1 with CON; Observe 1 cancels with 2.07', async () => {
    const s = await rawSocket();
    const token = Buffer.from([0xab, 0xcd]);
    const ack = await rawRequest(s, { code: '0.01', path: ['ps', 'q'], observe: 0, token });
    expect(ack).toMatchObject({ type: 'ACK', code: '2.05' });
    expect(decodeUint(ack.options.find((o) => o.number === OPT.OBSERVE)!.value)).toBe(0);

    let n = nextDatagram(s);
    await sub.publishAsync('q', 'zero', { qos: 0 });
    const non = await n;
    expect(non).toMatchObject({ type: 'NON', code: '2.05', token });
    expect(non.payload.toString()).toBe('zero');

    n = nextDatagram(s);
    await sub.publishAsync('q', 'one', { qos: 1 });
    const con = await n;
    expect(con).toMatchObject({ type: 'CON', code: '2.05', token });
    expect(decodeUint(con.options.find((o) => o.number === OPT.OBSERVE)!.value)).toBe(2);
    s.send(Buffer.from([0x60, 0x00, con.messageId >> 8, con.messageId & 0xff]), port, '127.0.0.1');

    const cancel = await rawRequest(s, { code: '0.01', path: ['ps', 'q'], observe: 1, token });
    expect(cancel).toMatchObject({ type: 'ACK', code: '2.07' });
    await waitFor(() => [...bridge.clients.values()].every((c) => !c.filters.has('q')), 'the unsubscribe');
  });

  it("answers EMQX's errors: 4.00 for a bad path or observe value or a token-less observe, 4.05 for PUT", async () => {
    const s = await rawSocket();
    expect(await rawRequest(s, { code: '0.01', path: ['nothing'] })).toMatchObject({ code: '4.00' });
    const noTopic = await rawRequest(s, { code: '0.02', path: ['ps'] });
    expect([noTopic.code, noTopic.payload.toString()]).toEqual(['4.00', 'invalid topic']);
    const noObserve = await rawRequest(s, { code: '0.01', path: ['ps', 'x'] });
    expect([noObserve.code, noObserve.payload.toString()]).toEqual(['4.00', 'invalid observe value']);
    const noToken = await rawRequest(s, { code: '0.01', path: ['ps', 'x'], observe: 0, token: Buffer.alloc(0) });
    expect([noToken.code, noToken.payload.toString()]).toEqual(['4.00', 'observe without token']);
    expect(await rawRequest(s, { code: '0.03', path: ['ps', 'x'], payload: 'p' })).toMatchObject({ code: '4.05' });
    expect(await rawRequest(s, { code: '0.01', path: ['mqtt', 'connection'] })).toMatchObject({ code: '4.05' });
  });
});

describe('CoAP gateway, connection mode (connection_required = true)', () => {
  beforeEach(() => start({ connection_required: true }));

  it('refuses a wrong password with 4.00 "Login Failed: bad_username_or_password" (libcoap)', async () => {
    const r = await cli(['-m', 'post', `coap://127.0.0.1:${port}/mqtt/connection?clientid=c1&username=admin&password=wrong`]);
    expect(`${r.out}${r.err}`).toMatch(/4\.00/);
    expect(`${r.out}${r.err}`).toContain('Login Failed: bad_username_or_password');
    expect(bridge.clients.has('c1')).toBe(false);
  });

  it('requires clientid to connect', async () => {
    const res = await npmRequest({ method: 'POST', pathname: '/mqtt/connection', query: 'username=admin&password=public' });
    expect([res.code, res.payload.toString()]).toEqual(['4.00', 'Login Failed: clientid is required']);
  });

  it('connects, publishes and observes with the token, heartbeats, is kicked, then disconnects', async () => {
    const s = await rawSocket();
    const created = await rawRequest(s, {
      code: '0.02',
      path: ['mqtt', 'connection'],
      query: ['c=dev1', 'u=admin', 'p=public'],
    });
    expect(created).toMatchObject({ type: 'ACK', code: '2.01' });
    const token = created.payload.toString();
    expect(token).toMatch(/^\d+$/);
    expect(bridge.clients.get('dev1')?.info).toMatchObject({ protoName: 'CoAP', protoVer: '1', keepalive: 15 });

    // Without the token nothing answers (EMQX logs token_required_in_conn_mode and drops the request).
    await expect(rawRequest(s, { type: 'NON', code: '0.02', path: ['ps', 't1'], query: ['clientid=dev1'], payload: 'x' })).rejects.toThrow('no datagram');
    // A wrong token is a 4.00.
    const bad = await rawRequest(s, { code: '0.02', path: ['ps', 't1'], query: ['clientid=dev1', 'token=1'], payload: 'x' });
    expect([bad.code, bad.payload.toString()]).toEqual(['4.00', 'Missing token or clientid in connection mode']);

    await sub.subscribeAsync('t1');
    const got = nextMessage(sub, 't1');
    const pub = await rawRequest(s, { code: '0.02', path: ['ps', 't1'], query: ['clientid=dev1', `token=${token}`], payload: 'hello' });
    expect(pub.code).toBe('2.04');
    expect((await got).payload).toBe('hello');

    const again = await rawRequest(s, { code: '0.02', path: ['mqtt', 'connection'], query: ['clientid=dev1'] });
    expect([again.code, again.payload.toString()]).toEqual(['4.00', 'Bad Request: client has connected']);

    const hb = await rawRequest(s, { code: '0.03', path: ['mqtt', 'connection'], query: ['clientid=dev1', `token=${token}`] });
    expect(hb.code).toBe('2.04');

    // The operator kicks the client: its channel is gone and the old token no longer works.
    expect(bridge.kick('dev1')).toBe(true);
    expect(bridge.clients.has('dev1')).toBe(false);
    const after = await rawRequest(s, { code: '0.02', path: ['ps', 't1'], query: ['clientid=dev1', `token=${token}`], payload: 'y' });
    expect([after.code, after.payload.toString()]).toEqual(['4.00', 'Missing token or clientid in connection mode']);
  });

  it('a coap-package client connects; a DELETE with the token disconnects (2.02)', async () => {
    const created = await npmRequest({ method: 'POST', pathname: '/mqtt/connection', query: 'clientid=dev2&username=admin&password=public' });
    expect(created.code).toBe('2.01');
    expect(bridge.clients.has('dev2')).toBe(true);
    const s = await rawSocket();
    const c3 = await rawRequest(s, { code: '0.02', path: ['mqtt', 'connection'], query: ['clientid=dev3', 'username=admin', 'password=public'] });
    const token = c3.payload.toString();
    const del = await rawRequest(s, { code: '0.04', path: ['mqtt', 'connection'], query: ['clientid=dev3', `token=${token}`] });
    expect(del.code).toBe('2.02');
    await waitFor(() => !bridge.clients.has('dev3'), 'dev3 to leave');
    expect(bridge.clients.has('dev2')).toBe(true);
  });
});
