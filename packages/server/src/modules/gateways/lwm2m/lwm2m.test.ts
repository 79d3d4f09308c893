/**
 * LwM2M through a real node (PUT /gateways/lwm2m, a UDP listener on a free port). The device (device.testing.ts) is
 * written from OMA-TS-LightweightM2M-V1_0_2 over RFC 7252 messages framed by `coap-packet`; libcoap's `coap-client-notls` registers as an independent peer; MQTT.js sends the commands and
 * reads the register/update/response/notify messages. Expected payloads are EMQX 5.8's (emqx_lwm2m_SUITE).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../../shared/testing';
import { Device, jsonInbox, opts, path, tlvRes, uint, uintOpt } from './device.testing';

describe('LwM2M gateway on a node', () => {
  let node: TestNode;
  const mqttClients: MqttClient[] = [];
  const devices: Device[] = [];
  const servers: Server[] = [];
  const port = () => node.app.gateways.lookup('lwm2m')!.running.get('lwm2m:udp:default')!.port!;
  const device = async () => {
    const d = await Device.open(port());
    devices.push(d);
    return d;
  };
  const clients = async (q = ''): Promise<Array<Record<string, unknown>>> => (await api(node, 'GET', `/gateways/lwm2m/clients${q}`)).body.data;
  const { got, push, message } = jsonInbox();
  let mqttc: MqttClient;

  beforeAll(async () => {
    node = await startTestNode();
    mqttc = await connectClient(node.mqttPort, { clientId: 'lwm2m-app' });
    mqttClients.push(mqttc);
    await mqttc.subscribeAsync('lwm2m/+/up/#');
    mqttc.on('message', push);
  }, 60_000);
  afterAll(async () => {
    for (const d of devices) d.close();
    for (const s of servers) s.close();
    await closeClients(mqttClients);
    await node?.close();
  });

  it('is listed with EMQX defaults and loads with a UDP listener', async () => {
    const list = await api(node, 'GET', '/gateways');
    expect(list.body.find((g: { name: string }) => g.name === 'lwm2m')).toEqual({ name: 'lwm2m', status: 'unloaded' });
    const load = await api(node, 'PUT', '/gateways/lwm2m', { name: 'lwm2m', listeners: [{ type: 'udp', name: 'default', bind: '127.0.0.1:0' }] });
    expect(load.status, JSON.stringify(load.body)).toBe(204);
    expect((await api(node, 'GET', '/gateways/lwm2m')).body).toMatchObject({
      name: 'lwm2m',
      status: 'running',
      lifetime_min: '15s',
      lifetime_max: '86400s',
      qmode_time_window: '22s',
      auto_observe: false,
      update_msg_publish_condition: 'always',
      mountpoint: 'lwm2m/${endpoint_name}/',
      translators: { command: { topic: 'dn/#', qos: 0 }, response: { topic: 'up/resp', qos: 0 }, notify: { topic: 'up/notify', qos: 0 } },
      listeners: [expect.objectContaining({ id: 'lwm2m:udp:default', type: 'udp', running: true })],
    });
    // a DTLS listener (../dtls/) starts beside the UDP one with the node's certificate; its own tests are in dtls/
    const dtls = await api(node, 'POST', '/gateways/lwm2m/listeners', { type: 'dtls', name: 'd', bind: '127.0.0.1:0' });
    expect(dtls).toMatchObject({ status: 201, body: { id: 'lwm2m:dtls:d', type: 'dtls', running: true } });
    expect((await api(node, 'DELETE', '/gateways/lwm2m/listeners/lwm2m:dtls:d')).status).toBe(204);
    const badVer = await (await device()).request('0.02', ['rd'], ['ep=old', 'lt=60', 'lwm2m=8.3']);
    expect([badVer.code, badVer.payload.toString()]).toEqual(['4.00', 'Login Failed: invalid lwm2m version']);
    const noEp = await (await device()).request('0.02', ['rd'], ['lt=60', 'lwm2m=1.0']);
    expect([noEp.code, noEp.payload.toString()]).toEqual(['4.00', 'Login Failed: invalid queries']);
    expect(await clients()).toEqual([]);
  });

  it('registers, answers read (TLV), write, observe with notifications, updates and deregisters', async () => {
    const d = await device();
    const reg = await d.request('0.02', ['rd'], ['ep=dev-1', 'lt=60', 'lwm2m=1.0', 'b=U'], '</1/0>,</3/0>,</5/0>', 40);
    expect(reg.code).toBe('2.01');
    expect(opts(reg, 'Location-Path').map(String)).toEqual(['rd', 'dev-1']);
    expect(await message('lwm2m/dev-1/up/register')).toEqual({
      msgType: 'register',
      data: { ep: 'dev-1', lt: 60, lwm2m: '1.0', b: 'U', alternatePath: '/', objectList: ['/1/0', '/3/0', '/5/0'] },
    });
    const [c] = await clients('?endpoint_name=dev-1');
    expect(c).toMatchObject({ clientid: 'dev-1', username: 'dev-1', proto_name: 'LwM2M', endpoint_name: 'dev-1', lifetime: 60, keepalive: 60, connected: true });
    expect(await clients('?like_endpoint_name=dev&gte_lifetime=61')).toEqual([]);
    const subs = await api(node, 'GET', '/gateways/lwm2m/clients/dev-1/subscriptions');
    expect(subs.body).toEqual([expect.objectContaining({ topic: 'lwm2m/dev-1/dn/#', qos: 0 })]);

    // read /3/0: the device answers TLV (Manufacturer, Model Number, Battery Level)
    await mqttc.publishAsync('lwm2m/dev-1/dn/dm', JSON.stringify({ requestID: 1, cacheID: 1, msgType: 'read', data: { path: '/3/0' } }));
    const read = await d.nextRequest('the read request');
    expect([read.code, path(read)]).toEqual(['0.01', '/3/0']);
    const tlv = Buffer.concat([tlvRes(0, Buffer.from('Open Mobile Alliance')), tlvRes(1, Buffer.from('LwM2M')), tlvRes(9, Buffer.from([87]))]);
    d.answer(read, '2.05', tlv, [{ name: 'Content-Format', value: uint(11542) }]);
    expect(await message('lwm2m/dev-1/up/resp', (b) => b.requestID === 1)).toEqual({
      requestID: 1,
      cacheID: 1,
      msgType: 'read',
      data: {
        reqPath: '/3/0',
        code: '2.05',
        codeMsg: 'content',
        content: [
          { path: '/3/0/0', value: 'Open Mobile Alliance' },
          { path: '/3/0/1', value: 'LwM2M' },
          { path: '/3/0/9', value: 87 },
        ],
      },
    });
    const lookup = await api(node, 'GET', '/gateways/lwm2m/clients/dev-1/lookup?path=/3/0&action=read');
    expect(lookup.body).toMatchObject({ clientid: 'dev-1', action: 'read', path: '/3/0', code: '2.05', codeMsg: 'content', content: expect.any(Array) });

    // discover /3/0: the link-format answer as a list; lookup describes the resources from the object definition
    await mqttc.publishAsync('lwm2m/dev-1/dn/dm', JSON.stringify({ requestID: 5, msgType: 'discover', data: { path: '/3/0' } }));
    const disc = await d.nextRequest('the discover request');
    expect([disc.code, path(disc), uintOpt(disc, 'Accept')]).toEqual(['0.01', '/3/0', 40]);
    d.answer(disc, '2.05', '</3/0>,</3/0/0>,</3/0/4>', [{ name: 'Content-Format', value: uint(40) }]);
    expect(await message('lwm2m/dev-1/up/resp', (b) => b.requestID === 5)).toEqual({
      requestID: 5,
      msgType: 'discover',
      data: { reqPath: '/3/0', code: '2.05', codeMsg: 'content', content: ['</3/0>', '</3/0/0>', '</3/0/4>'] },
    });
    expect((await api(node, 'GET', '/gateways/lwm2m/clients/dev-1/lookup?path=/3/0&action=discover')).body).toEqual({
      clientid: 'dev-1',
      action: 'discover',
      path: '/3/0',
      code: '2.05',
      codeMsg: 'content',
      content: [
        { dataType: 'String', operations: 'R', path: '/3/0/0', name: 'Manufacturer' },
        { operations: 'E', path: '/3/0/4', name: 'Reboot' },
      ],
    });
    expect((await api(node, 'GET', '/gateways/lwm2m/clients/dev-1/lookup?path=/3/0/1&action=read')).body).toMatchObject({ code: '6.01', codeMsg: 'reply_not_received' });

    // write /3/0/13 (Current Time): a TLV resource with the 32-bit integer
    await mqttc.publishAsync('lwm2m/dev-1/dn/dm', JSON.stringify({ requestID: 2, msgType: 'write', data: { path: '/3/0/13', type: 'Time', value: 1700000000 } }));
    const write = await d.nextRequest('the write request');
    expect([write.code, path(write), uintOpt(write, 'Content-Format')]).toEqual(['0.03', '/3/0/13', 11542]);
    expect(write.payload.toString('hex')).toBe('c40d6553f100');
    d.answer(write, '2.04', '');
    expect(await message('lwm2m/dev-1/up/resp', (b) => b.requestID === 2)).toEqual({
      requestID: 2,
      msgType: 'write',
      data: { reqPath: '/3/0/13', code: '2.04', codeMsg: 'changed' },
    });

    // observe /3/0/9, then a CON notification from the device
    await mqttc.publishAsync('lwm2m/dev-1/dn/dm', JSON.stringify({ requestID: 3, msgType: 'observe', data: { path: '/3/0/9' } }));
    const obs = await d.nextRequest('the observe request');
    expect([obs.code, path(obs), uintOpt(obs, 'Observe')]).toEqual(['0.01', '/3/0/9', 0]);
    d.answer(obs, '2.05', '87', [
      { name: 'Observe', value: Buffer.alloc(0) },
      { name: 'Content-Format', value: Buffer.alloc(0) },
    ]);
    expect(await message('lwm2m/dev-1/up/resp', (b) => b.requestID === 3)).toEqual({
      requestID: 3,
      msgType: 'observe',
      data: { reqPath: '/3/0/9', code: '2.05', codeMsg: 'content', content: [{ path: '/3/0/9', value: 87 }] },
    });
    d.send({ confirmable: true, code: '2.05', messageId: 4242, token: obs.token, options: [{ name: 'Observe', value: uint(3) }], payload: Buffer.from('86') });
    await d.next((p) => p.ack && p.messageId === 4242, 'the ACK of the notification');
    expect(await message('lwm2m/dev-1/up/notify')).toEqual({
      requestID: 3,
      msgType: 'notify',
      seqNum: 3,
      data: { reqPath: '/3/0/9', code: '2.05', codeMsg: 'content', content: [{ path: '/3/0/9', value: 86 }] },
    });

    // cancel through the API: a GET with Observe 1
    expect((await api(node, 'POST', '/gateways/lwm2m/clients/dev-1/observe?path=/3/0/9&enable=false')).status).toBe(204);
    const cancel = await d.nextRequest('the cancel-observe request');
    expect([cancel.code, path(cancel), uintOpt(cancel, 'Observe')]).toEqual(['0.01', '/3/0/9', 1]);
    d.answer(cancel, '2.05', '85');
    expect(await message('lwm2m/dev-1/up/resp', (b) => b.msgType === 'cancel-observe')).toMatchObject({ data: { code: '2.05', content: [{ path: '/3/0/9', value: 85 }] } });
    expect((await api(node, 'POST', '/gateways/lwm2m/clients/nobody/observe?path=/3/0/9&enable=true')).status).toBe(404);

    // update: lifetime 120, published on the update topic (up/resp by default)
    const upd = await d.request('0.02', ['rd', 'dev-1'], ['lt=120']);
    expect(upd.code).toBe('2.04');
    expect(await message('lwm2m/dev-1/up/resp', (b) => b.msgType === 'update')).toEqual({
      msgType: 'update',
      data: { ep: 'dev-1', lt: 120, lwm2m: '1.0', b: 'U', alternatePath: '/', objectList: ['/1/0', '/3/0', '/5/0'] },
    });
    expect((await clients())[0]).toMatchObject({ lifetime: 120 });
    expect((await d.request('0.02', ['rd', 'other'], [])).code).toBe('4.04');

    const del = await d.request('0.04', ['rd', 'dev-1'], []);
    expect(del.code).toBe('2.02');
    await waitFor(async () => (await clients()).length === 0, 10_000, 'the deregistered device to leave the list');
  });

  it('queue mode: commands wait while the device sleeps and leave at its update', async () => {
    expect((await api(node, 'PUT', '/gateways/lwm2m', { qmode_time_window: '1s' })).status).toBe(204);
    const d = await device();
    const reg = await d.request('0.02', ['rd'], ['ep=sleepy', 'lt=60', 'lwm2m=1.0', 'b=UQ'], '</3/0>', 40);
    expect(reg.code).toBe('2.01');
    await message('lwm2m/sleepy/up/register');
    // the device has been silent longer than qmode_time_window: it is asleep
    await new Promise((r) => setTimeout(r, 1300));
    await mqttc.publishAsync('lwm2m/sleepy/dn/dm', JSON.stringify({ requestID: 9, msgType: 'read', data: { path: '/3/0/0' } }));
    // the command is buffered (recorded as sent, not answered), not sent
    await waitFor(
      async () => (await api(node, 'GET', '/gateways/lwm2m/clients/sleepy/lookup?path=/3/0/0&action=read')).body.codeMsg === 'reply_not_received',
      5000,
      'the command recorded',
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(d.pending().filter((p) => p.code === '0.01')).toEqual([]);
    expect((await d.request('0.02', ['rd', 'sleepy'], [])).code).toBe('2.04');
    const read = await d.nextRequest('the buffered read after the update');
    expect(path(read)).toBe('/3/0/0');
    d.answer(read, '2.05', 'EMQ', [{ name: 'Content-Format', value: Buffer.alloc(0) }]);
    expect(await message('lwm2m/sleepy/up/resp', (b) => b.requestID === 9)).toMatchObject({ msgType: 'read', data: { content: [{ path: '/3/0/0', value: 'EMQ' }] } });
    expect((await api(node, 'PUT', '/gateways/lwm2m', { qmode_time_window: '22s' })).status).toBe(204);
  });

  it('auto_observe observes the registered objects; a device silent past its lifetime (within lifetime_min) is dropped', async () => {
    expect((await api(node, 'PUT', '/gateways/lwm2m', { auto_observe: true, lifetime_min: '1s' })).status).toBe(204);
    const d = await device();
    const reg = await d.request('0.02', ['rd'], ['ep=short', 'lt=1', 'lwm2m=1.0'], '</lwm2m>;rt="oma.lwm2m",</lwm2m/1/0>,</lwm2m/3/0>', 40);
    expect(reg.code).toBe('2.01');
    expect(await message('lwm2m/short/up/register')).toMatchObject({ data: { alternatePath: '/lwm2m', objectList: ['/1/0', '/3/0'], lt: 1 } });
    // object 1 (Server) is one EMQX never auto-observes; 3 (Device) is observed under the alternate path
    const obs = await d.nextRequest('the auto observe');
    expect([path(obs), uintOpt(obs, 'Observe')]).toEqual(['/lwm2m/3/0', 0]);
    d.answer(obs, '4.04', '');
    expect(await message('lwm2m/short/up/resp', (b) => b.is_auto_observe === true)).toMatchObject({ msgType: 'observe', data: { reqPath: '/3/0', code: '4.04' } });
    await waitFor(async () => (await clients('?endpoint_name=short')).length === 0, 10_000, 'the device to expire after its 1 s lifetime');
    expect(d.pending().filter((p) => p.code === '0.01')).toEqual([]);
    expect((await api(node, 'PUT', '/gateways/lwm2m', { auto_observe: false, lifetime_min: '15s' })).status).toBe(204);
  });

  it('disabling the gateway drops its devices; enabled again, a device must register anew', async () => {
    const d = await device();
    expect((await d.request('0.02', ['rd'], ['ep=switch', 'lt=60', 'lwm2m=1.0'])).code).toBe('2.01');
    expect((await clients()).map((c) => c.clientid)).toEqual(['switch']);
    expect((await api(node, 'PUT', '/gateways/lwm2m/enable/false')).status).toBe(204);
    expect((await api(node, 'GET', '/gateways')).body.find((g: { name: string }) => g.name === 'lwm2m')).toMatchObject({ status: 'stopped', current_connections: 0 });
    expect(await clients()).toEqual([]);
    expect((await api(node, 'PUT', '/gateways/lwm2m/enable/true')).status).toBe(204);
    // the listener restarted on a new free port (bind 127.0.0.1:0): the device's next update is not known there
    const again = await device();
    expect((await again.request('0.02', ['rd', 'switch'], [])).code).toBe('4.04');
    expect((await again.request('0.02', ['rd'], ['ep=switch', 'lt=60', 'lwm2m=1.0'])).code).toBe('2.01');
    expect((await api(node, 'DELETE', '/gateways/lwm2m/clients/switch')).status).toBe(204);
  });

  it("authorization applies to a device's command subscription and its publishes", async () => {
    const rules = ['{deny, {clientid, "no-cmd"}, subscribe, ["lwm2m/no-cmd/dn/#"]}.', '{deny, {clientid, "no-reg"}, publish, ["lwm2m/no-reg/up/register"]}.', '{allow, all}.'].join(
      '\n',
    );
    const put = await api(node, 'PUT', '/authorization/sources/file', { type: 'file', enable: true, rules });
    expect(put.status, JSON.stringify(put.body)).toBe(204);
    try {
      const a = await device();
      expect((await a.request('0.02', ['rd'], ['ep=no-cmd', 'lt=60', 'lwm2m=1.0'])).code).toBe('2.01');
      await message('lwm2m/no-cmd/up/register');
      expect((await api(node, 'GET', '/gateways/lwm2m/clients/no-cmd/subscriptions')).body).toEqual([]);

      const b = await device();
      expect((await b.request('0.02', ['rd'], ['ep=no-reg', 'lt=60', 'lwm2m=1.0'])).code).toBe('2.01');
      expect((await b.request('0.02', ['rd', 'no-reg'], ['lt=90'])).code).toBe('2.04');
      // the update (allowed) arrives; the register message published before it by the same device never does
      expect(await message('lwm2m/no-reg/up/resp', (m) => m.msgType === 'update')).toMatchObject({ data: { lt: 90 } });
      expect(got.filter((m) => m.topic === 'lwm2m/no-reg/up/register')).toEqual([]);
      expect((await api(node, 'GET', '/gateways/lwm2m/clients/no-reg/subscriptions')).body).toEqual([expect.objectContaining({ topic: 'lwm2m/no-reg/dn/#' })]);
      for (const ep of ['no-cmd', 'no-reg']) expect((await api(node, 'DELETE', `/gateways/lwm2m/clients/${ep}`)).status).toBe(204);
    } finally {
      await api(node, 'PUT', '/authorization/sources/file', { type: 'file', enable: true, rules: '{allow, all}.' });
    }
  });

  it('coap-client (libcoap) registers as an independent peer', async () => {
    const child = spawn('coap-client-notls', ['-B', '10', '-m', 'post', '-t', '40', '-e', '</3/0>,</4/0>', `coap://127.0.0.1:${port()}/rd?ep=libcoap-1&lt=300&lwm2m=1.0&b=U`]);
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code, out).toBe(0);
    expect(await message('lwm2m/libcoap-1/up/register')).toMatchObject({ data: { ep: 'libcoap-1', lt: 300, objectList: ['/3/0', '/4/0'] } });
    expect(await clients('?endpoint_name=libcoap-1')).toEqual([expect.objectContaining({ clientid: 'libcoap-1', lifetime: 300 })]);
    expect((await api(node, 'DELETE', '/gateways/lwm2m/clients/libcoap-1')).status).toBe(204);
  });

  it('refuses a wrong password (HTTP authenticator); a kick forgets the device', async () => {
    const web = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const b = JSON.parse(raw || '{}') as { clientid?: string; password?: string };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ result: b.password === 'right' ? 'allow' : 'deny' }));
      });
    });
    await new Promise<void>((r) => web.listen(0, '127.0.0.1', () => r()));
    servers.push(web);
    const created = await api(node, 'POST', '/gateways/lwm2m/authentication', {
      mechanism: 'password_based',
      backend: 'http',
      method: 'post',
      url: `http://127.0.0.1:${(web.address() as AddressInfo).port}/auth`,
      headers: { 'content-type': 'application/json' },
      body: { clientid: '${clientid}', password: '${password}' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const d = await device();
    const wrong = await d.request('0.02', ['rd'], ['ep=locked', 'lt=60', 'lwm2m=1.0', 'password=wrong']);
    expect(wrong.code).toBe('4.00');
    expect(wrong.payload.toString()).toMatch(/^Login Failed: (bad_username_or_password|not_authorized)$/);
    expect(await clients()).toEqual([]);
    const ok = await d.request('0.02', ['rd'], ['ep=locked', 'lt=60', 'lwm2m=1.0', 'password=right']);
    expect(ok.code).toBe('2.01');
    expect((await clients()).map((c) => c.clientid)).toEqual(['locked']);

    expect((await api(node, 'DELETE', '/gateways/lwm2m/clients/locked')).status).toBe(204);
    await waitFor(async () => (await clients()).length === 0, 10_000, 'the kicked device to leave the list');
    // the gateway forgot the registration: the device's update is not found (it registers again)
    expect((await d.request('0.02', ['rd', 'locked'], [])).code).toBe('4.04');
    expect((await api(node, 'DELETE', '/gateways/lwm2m/authentication')).status).toBe(204);
  });
});
