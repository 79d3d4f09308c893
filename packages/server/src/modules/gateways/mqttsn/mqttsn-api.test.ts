/**
 * MQTT-SN through a real node: loaded by PUT /gateways/mqttsn with a UDP listener on a free port; a bare UDP device
 * (literal octets) and MQTT.js on the node's MQTT listener exchange messages; the device is listed in
 * GET /gateways/mqttsn/clients, kicked by DELETE (it gets DISCONNECT); the gateway's password-based authenticator
 * refuses a wrong password (clientinfo_override supplies MQTT-SN's missing credentials) with CONNACK 0x80.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../../shared/testing';
import { msg, snClient, str, u16, type SnTestClient } from './sn-client.testing';

const hex = (b: number[] | Buffer) => Buffer.from(b).toString('hex');
const CONNACK_OK = [0x03, 0x05, 0x00];
const DISCONNECT = [0x02, 0x18];

describe('MQTT-SN gateway on a node', () => {
  let node: TestNode;
  const mqttClients: MqttClient[] = [];
  const devices: SnTestClient[] = [];
  const servers: Server[] = [];
  const snPort = () => node.app.gateways.lookup('mqttsn')!.running.get('mqttsn:udp:default')!.port!;
  const device = async () => {
    const d = await snClient(snPort());
    devices.push(d);
    return d;
  };

  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(async () => {
    for (const d of devices) await d.close();
    await closeClients(mqttClients);
    await node?.close();
    for (const s of servers) await new Promise((r) => s.close(r));
  });

  it('loads with EMQX defaults and predefined topics; device and MQTT exchange messages; listed and kicked', async () => {
    const load = await api(node, 'PUT', '/gateways/mqttsn', {
      name: 'mqttsn',
      predefined: [{ id: 1, topic: 'pre/one' }],
      listeners: [{ type: 'udp', name: 'default', bind: '127.0.0.1:0' }],
    });
    expect(load.status, JSON.stringify(load.body)).toBe(204);
    expect((await api(node, 'GET', '/gateways/mqttsn')).body).toMatchObject({
      name: 'mqttsn',
      status: 'running',
      gateway_id: 1,
      broadcast: false,
      enable_qos3: true,
      predefined: [{ id: 1, topic: 'pre/one' }],
    });

    const sub = await connectClient(node.mqttPort, { clientId: 'mqtt-side' });
    mqttClients.push(sub);
    await sub.subscribeAsync(['sn/up', 'pre/one'], { qos: 1 });
    const got: Array<[string, string]> = [];
    sub.on('message', (t, p) => got.push([t, p.toString()]));

    const d = await device();
    d.send(msg(0x04, 0x04, 0x01, ...u16(60), ...str('sn-node-1')));
    expect(hex(await d.next())).toBe(hex(CONNACK_OK));
    d.send(msg(0x0a, ...u16(0), ...u16(1), ...str('sn/up')));
    expect(hex(await d.next())).toBe(hex([0x07, 0x0b, ...u16(1025), ...u16(1), 0x00]));
    d.send(msg(0x0c, 0x20, ...u16(1025), ...u16(2), ...str('hello')));
    expect(hex(await d.next())).toBe(hex([0x07, 0x0d, ...u16(1025), ...u16(2), 0x00]));
    d.send(msg(0x0c, 0x21, ...u16(1), ...u16(3), ...str('predef')));
    expect(hex(await d.next())).toBe(hex([0x07, 0x0d, ...u16(1), ...u16(3), 0x00]));
    await waitFor(() => got.length === 2, 5000, 'two messages at the MQTT subscriber');
    expect(got).toEqual([
      ['sn/up', 'hello'],
      ['pre/one', 'predef'],
    ]);

    // MQTT → device: a wildcard subscription, so the gateway registers the topic first
    d.send(msg(0x12, 0x20, ...u16(4), ...str('down/#')));
    expect(hex(await d.next())).toBe(hex([0x08, 0x13, 0x20, ...u16(0), ...u16(4), 0x00]));
    await sub.publishAsync('down/x', 'to-device', { qos: 1 });
    const reg = await d.next();
    expect(reg[1]).toBe(0x0a);
    expect(reg.subarray(6).toString()).toBe('down/x');
    d.send(msg(0x0b, ...reg.subarray(2, 6), 0x00));
    const pub = await d.next();
    expect(pub[1]).toBe(0x0c);
    expect(pub.readUInt16BE(3)).toBe(reg.readUInt16BE(2));
    expect(pub.subarray(7).toString()).toBe('to-device');
    d.send(msg(0x0d, ...pub.subarray(3, 7), 0x00));

    const list = await api(node, 'GET', '/gateways/mqttsn/clients');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([expect.objectContaining({ clientid: 'sn-node-1', proto_name: 'MQTT-SN', proto_ver: '1.2', keepalive: 60 })]);

    expect((await api(node, 'DELETE', '/gateways/mqttsn/clients/sn-node-1')).status).toBe(204);
    expect(hex(await d.next())).toBe(hex(DISCONNECT));
    await waitFor(async () => (await api(node, 'GET', '/gateways/mqttsn/clients')).body.data.length === 0, 5000, 'the client to leave the list');
  });

  it('a wrong password is refused with CONNACK 0x80; the right one connects (HTTP authenticator)', async () => {
    // MQTT-SN's authenticator is password-based over HTTP on this node: a small web service allows dev/right only
    const web = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const b = JSON.parse(raw || '{}') as { username?: string; password?: string };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ result: b.username === 'dev' && b.password === 'right' ? 'allow' : 'deny' }));
      });
    });
    await new Promise<void>((r) => web.listen(0, '127.0.0.1', () => r()));
    servers.push(web);
    const url = `http://127.0.0.1:${(web.address() as AddressInfo).port}/auth`;
    const created = await api(node, 'POST', '/gateways/mqttsn/authentication', {
      mechanism: 'password_based',
      backend: 'http',
      method: 'post',
      url,
      headers: { 'content-type': 'application/json' },
      body: { username: '${username}', password: '${password}' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await api(node, 'PUT', '/gateways/mqttsn', { clientinfo_override: { username: 'dev', password: 'wrong' } })).status).toBe(204);
    const d = await device();
    d.send(msg(0x04, 0x04, 0x01, ...u16(60), ...str('sn-node-bad')));
    expect(hex(await d.next())).toBe(hex([0x03, 0x05, 0x80]));

    expect((await api(node, 'PUT', '/gateways/mqttsn', { clientinfo_override: { username: 'dev', password: 'right' } })).status).toBe(204);
    const d2 = await device();
    d2.send(msg(0x04, 0x04, 0x01, ...u16(60), ...str('sn-node-good')));
    expect(hex(await d2.next())).toBe(hex(CONNACK_OK));
  });
});
