/**
 * CoAP through a real node: loaded by PUT /gateways/coap with a UDP listener on a free port. libcoap's
 * `coap-client-notls` and the `coap` package's client talk to it; MQTT.js talks to the node's MQTT listener.
 * Connection mode uses the gateway's own built-in-database authenticator (users added through the API), the
 * device is listed in GET /gateways/coap/clients and DELETE kicks it (its token stops working).
 * Expectations are EMQX 5.8's (emqx_coap_SUITE, emqx_coap_api_SUITE).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as coap from 'coap';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../../shared/testing';

const CLI = 'coap-client-notls';

describe('CoAP gateway on a node', () => {
  let node: TestNode;
  const mqttClients: MqttClient[] = [];
  const children: ChildProcess[] = [];
  const sockets: Socket[] = [];
  const coapPort = () => node.app.gateways.lookup('coap')!.running.get('coap:udp:default')!.port!;

  const cli = (args: string[]): Promise<{ code: number | null; out: string }> => {
    const child = spawn(CLI, ['-B', '10', ...args]);
    children.push(child);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    return once(child, 'exit').then(([code]) => ({ code: code as number | null, out }));
  };

  const request = (o: coap.CoapRequestParams & { payload?: string }, agent = new coap.Agent({ type: 'udp4' })): Promise<coap.IncomingMessage> => {
    const req = coap.request({ hostname: '127.0.0.1', port: coapPort(), agent, ...o });
    return new Promise((resolve, reject) => {
      req.on('response', resolve);
      req.on('error', reject);
      req.end(o.payload ?? '');
    });
  };

  const clients = async (): Promise<Array<Record<string, unknown>>> => {
    const res = await api(node, 'GET', '/gateways/coap/clients');
    expect(res.status).toBe(200);
    return res.body.data as Array<Record<string, unknown>>;
  };

  // starting a node took over the default 10 s hook timeout on a loaded machine
  beforeAll(async () => {
    node = await startTestNode();
  }, 60_000);
  afterEach(() => {
    for (const c of children.splice(0)) if (c.exitCode === null) c.kill();
  });
  afterAll(async () => {
    await closeClients(mqttClients);
    for (const s of sockets) s.close();
    await node?.close();
  });

  it('loads with EMQX defaults; a CoAP publish reaches MQTT and an MQTT publish reaches an observer', async () => {
    const load = await api(node, 'PUT', '/gateways/coap', {
      name: 'coap',
      listeners: [
        { type: 'udp', name: 'default', bind: '127.0.0.1:0' },
        { type: 'udp', name: 'closed', bind: '127.0.0.1:0', access_rules: ['deny all'] },
      ],
    });
    expect(load.status, JSON.stringify(load.body)).toBe(204);
    expect((await api(node, 'GET', '/gateways/coap')).body).toMatchObject({
      name: 'coap',
      status: 'running',
      heartbeat: '30s',
      connection_required: false,
      notify_type: 'qos',
      subscribe_qos: 'coap',
      publish_qos: 'coap',
    });

    const sub = await connectClient(node.mqttPort, { clientId: 'mqtt-side' });
    mqttClients.push(sub);
    await sub.subscribeAsync('sensors/#', { qos: 1 });
    const got: Array<{ topic: string; payload: string; qos: number }> = [];
    sub.on('message', (topic, p, packet) => got.push({ topic, payload: p.toString(), qos: packet.qos }));

    // libcoap: a CON POST publishes at QoS 1 (publish_qos = coap)
    const r = await cli(['-m', 'post', '-e', '21.5', `coap://127.0.0.1:${coapPort()}/ps/sensors/temp`]);
    expect(r.code, r.out).toBe(0);
    await waitFor(() => got.length === 1, 10_000, 'the libcoap publish at the MQTT subscriber');
    expect(got[0]).toEqual({ topic: 'sensors/temp', payload: '21.5', qos: 1 });

    // the coap package: qos=0 asked in the query
    const res = await request({ method: 'POST', pathname: '/ps/sensors/hum', query: 'qos=0', payload: '40' });
    expect(res.code).toBe('2.04');
    await waitFor(() => got.length === 2, 10_000, 'the coap-package publish at the MQTT subscriber');
    expect(got[1]).toEqual({ topic: 'sensors/hum', payload: '40', qos: 0 });

    // libcoap observer: an MQTT publish arrives as a notification
    const child = spawn(CLI, ['-s', '30', '-w', '-o', '-', `coap://127.0.0.1:${coapPort()}/ps/cmd/light`]);
    children.push(child);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    // the observer's subscription is in place once the node lists it for the gateway client
    await waitFor(
      async () => {
        const list = await clients();
        for (const c of list) {
          const subs = await api(node, 'GET', `/gateways/coap/clients/${encodeURIComponent(String(c.clientid))}/subscriptions`);
          if (Array.isArray(subs.body) && subs.body.some((s: { topic: string }) => s.topic === 'cmd/light')) return true;
        }
        return false;
      },
      10_000,
      'the observe subscription listed by the API',
    );
    await sub.publishAsync('cmd/light', 'switch-on', { qos: 1 });
    await waitFor(() => out.includes('switch-on'), 10_000, 'the notification on coap-client stdout');

    // the coap package's observer on a wildcard
    const req = coap.request({ hostname: '127.0.0.1', port: coapPort(), pathname: '/ps/room/+', observe: true, agent: new coap.Agent({ type: 'udp4' }) });
    const obs = await new Promise<coap.IncomingMessage>((resolve, reject) => {
      req.on('response', resolve);
      req.on('error', reject);
      req.end();
    });
    expect(obs.code).toBe('2.05');
    const seen: string[] = [];
    obs.on('data', (d: Buffer) => d.length > 0 && seen.push(d.toString()));
    await sub.publishAsync('room/1', 'a', { qos: 1 });
    await waitFor(() => seen.length >= 1, 10_000, 'the coap-package notification');
    expect(seen[0]).toBe('a');
    (obs as unknown as { close(): void }).close();

    // a listener whose access_rules deny every peer drops the datagrams: libcoap gets no answer and gives up
    const closedPort = node.app.gateways.lookup('coap')!.running.get('coap:udp:closed')!.port!;
    const denied = await cli(['-B', '2', '-m', 'post', '-e', 'x', `coap://127.0.0.1:${closedPort}/ps/sensors/denied`]);
    expect(denied.out).not.toMatch(/2\.04|4\.0/);
    const ok = await request({ method: 'POST', pathname: '/ps/sensors/after', payload: 'y' });
    expect(ok.code).toBe('2.04');
    await waitFor(() => got.some((g) => g.topic === 'sensors/after'), 10_000, 'the publish on the open listener');
    expect(got.map((g) => g.topic)).not.toContain('sensors/denied');
  });

  it('connection mode: the built-in database refuses a wrong password; the client is listed and kicked', async () => {
    const upd = await api(node, 'PUT', '/gateways/coap', { name: 'coap', connection_required: true });
    expect(upd.status, JSON.stringify(upd.body)).toBe(204);
    const created = await api(node, 'POST', '/gateways/coap/authentication', { mechanism: 'password_based', backend: 'built_in_database', user_id_type: 'username' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await api(node, 'POST', '/gateways/coap/authentication/users', { user_id: 'dev', password: 'right' })).status).toBe(201);

    const wrong = await cli(['-m', 'post', `coap://127.0.0.1:${coapPort()}/mqtt/connection?clientid=c1&username=dev&password=wrong`]);
    expect(wrong.out).toMatch(/4\.00/);
    expect(wrong.out).toContain('Login Failed: bad_username_or_password');
    expect(await clients()).toEqual([]);

    // the gateway keeps a device's connection per peer address: the agent gets a socket of its own, which it keeps
    // open between requests (an agent's own socket closes when idle and the next request comes from a new port)
    const sock = createSocket('udp4');
    sockets.push(sock);
    const device = new coap.Agent({ socket: sock });
    const ok = await request({ method: 'POST', pathname: '/mqtt/connection', query: 'clientid=c1&username=dev&password=right' }, device);
    expect(ok.code).toBe('2.01');
    const token = ok.payload.toString();
    expect(token).toMatch(/^\d+$/);

    const list = await api(node, 'GET', '/gateways/coap/clients');
    expect(list.body.data).toEqual([expect.objectContaining({ clientid: 'c1', username: 'dev', proto_name: 'CoAP', proto_ver: '1', connected: true })]);

    const sub = await connectClient(node.mqttPort, { clientId: 'mqtt-side-2' });
    mqttClients.push(sub);
    await sub.subscribeAsync('conn/t');
    const got: string[] = [];
    sub.on('message', (_t, p) => got.push(p.toString()));
    const pub = await request({ method: 'POST', pathname: '/ps/conn/t', query: `clientid=c1&token=${token}`, payload: 'hello' }, device);
    expect([pub.code, pub.payload.toString()]).toEqual(['2.04', '']);
    await waitFor(() => got.length === 1, 10_000, 'the connected publish at MQTT');
    expect(got).toEqual(['hello']);

    expect((await api(node, 'DELETE', '/gateways/coap/clients/c1')).status).toBe(204);
    await waitFor(async () => (await clients()).length === 0, 10_000, 'the kicked client to leave the list');
    const after = await request({ method: 'POST', pathname: '/ps/conn/t', query: `clientid=c1&token=${token}`, payload: 'late' }, device);
    expect([after.code, after.payload.toString()]).toEqual(['4.00', 'Missing token or clientid in connection mode']);
    expect((await api(node, 'DELETE', '/gateways/coap/clients/c1')).status).toBe(404);
  });
});
