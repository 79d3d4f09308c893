/**
 * Block-wise transfers (RFC 7959) on the LwM2M gateway of a real node, with the device of device.testing.ts: a
 * registration whose object list comes in Block1 blocks, a read answered in Block2 blocks (the gateway GETs the rest),
 * an observe notification in Block2 blocks, a write of a value larger than max_block_size sent in Block1 blocks.
 * MQTT.js sends the commands and reads the register/response/notify messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedPacket } from 'coap-packet';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../../test/test-node';
import { api, closeClients, connectClient } from '../../../shared/testing';
import { decodeBlock, encodeBlock } from '../coap/blockwise';
import { Device, jsonInbox, opts, path, uint } from './device.testing';

const block = (p: ParsedPacket, name: 'Block1' | 'Block2') => {
  const v = opts(p, name)[0];
  return v === undefined ? undefined : decodeBlock(v);
};

describe('LwM2M block-wise transfers on a node', () => {
  let node: TestNode;
  let mqttc: MqttClient;
  const devices: Device[] = [];
  const port = () => node.app.gateways.lookup('lwm2m')!.running.get('lwm2m:udp:default')!.port!;
  const { push, message } = jsonInbox();

  beforeAll(async () => {
    node = await startTestNode();
    mqttc = await connectClient(node.mqttPort, { clientId: 'lwm2m-bw-app' });
    await mqttc.subscribeAsync('lwm2m/+/up/#');
    mqttc.on('message', push);
    const load = await api(node, 'PUT', '/gateways/lwm2m', {
      name: 'lwm2m',
      blockwise: { enable: true, max_block_size: 32, max_body_size: '4KB', exchange_lifetime: '60s' },
      listeners: [{ type: 'udp', name: 'default', bind: '127.0.0.1:0' }],
    });
    expect(load.status, JSON.stringify(load.body)).toBe(204);
  }, 60_000);
  afterAll(async () => {
    for (const d of devices) d.close();
    await closeClients([mqttc]);
    await node?.close();
  });

  it('registration in Block1 blocks, read and notification in Block2 blocks, a long write in Block1 blocks', async () => {
    const d = await Device.open(port());
    devices.push(d);
    // registration: a 48-byte object list in two 32-byte blocks (OMA-TS 1.0.2 §5.3.1 over RFC 7959 §2.5)
    const links = '</1/0>,</3/0>,</5/0>,</6/0>,</7/0>,</9/0>,</9/1>';
    const q = ['ep=bw-1', 'lt=60', 'lwm2m=1.0'];
    const send = (num: number, more: boolean, mid: number) =>
      d.send({
        confirmable: true,
        code: '0.02',
        messageId: mid,
        token: Buffer.from([mid]),
        options: [
          { name: 'Uri-Path', value: Buffer.from('rd') },
          { name: 'Content-Format', value: uint(40) },
          ...q.map((v) => ({ name: 'Uri-Query' as const, value: Buffer.from(v) })),
          { name: 'Block1', value: encodeBlock({ num, more, size: 32 }) },
        ],
        payload: Buffer.from(links.slice(num * 32, num * 32 + 32)),
      });
    send(0, true, 501);
    const cont = await d.next((p) => p.ack && p.messageId === 501, 'the 2.31 to block 0');
    expect([cont.code, block(cont, 'Block1')]).toEqual(['2.31', { num: 0, more: true, size: 32 }]);
    send(1, false, 502);
    const reg = await d.next((p) => p.ack && p.messageId === 502, 'the answer to the last block');
    expect([reg.code, opts(reg, 'Location-Path').map(String), block(reg, 'Block1')]).toEqual(['2.01', ['rd', 'bw-1'], { num: 1, more: false, size: 32 }]);
    expect((await message('lwm2m/bw-1/up/register')).data).toMatchObject({ ep: 'bw-1', objectList: ['/1/0', '/3/0', '/5/0', '/6/0', '/7/0', '/9/0', '/9/1'] });

    // read /3/0/0: the device answers a 70-byte text value in 16-byte Block2 blocks
    const manufacturer = 'Open Mobile Alliance — a manufacturer name longer than one CoAP block';
    const full = Buffer.from(manufacturer);
    const serve = (req: ParsedPacket, observe?: number) => {
      const num = block(req, 'Block2')?.num ?? 0;
      const more = (num + 1) * 16 < full.length;
      d.answer(req, '2.05', full.subarray(num * 16, num * 16 + 16), [
        ...(observe !== undefined ? [{ name: 'Observe' as const, value: uint(observe) }] : []),
        { name: 'Content-Format', value: uint(0) },
        { name: 'Block2', value: encodeBlock({ num, more, size: 16 }) },
      ]);
    };
    await mqttc.publishAsync('lwm2m/bw-1/dn/dm', JSON.stringify({ requestID: 1, cacheID: 1, msgType: 'read', data: { path: '/3/0/0' } }));
    const nums: Array<number | undefined> = [];
    for (let i = 0; i < 5; i++) {
      const req = await d.nextRequest(`read block ${i}`);
      expect([req.code, path(req)]).toEqual(['0.01', '/3/0/0']);
      nums.push(block(req, 'Block2')?.num);
      serve(req);
    }
    expect(nums).toEqual([undefined, 1, 2, 3, 4]);
    expect(await message('lwm2m/bw-1/up/resp', (b) => b.requestID === 1)).toEqual({
      requestID: 1,
      cacheID: 1,
      msgType: 'read',
      data: { reqPath: '/3/0/0', code: '2.05', codeMsg: 'content', content: [{ path: '/3/0/0', value: manufacturer }] },
    });

    // observe /3/0/0: the notification's first block comes as a CON with Observe; the gateway GETs the rest
    await mqttc.publishAsync('lwm2m/bw-1/dn/dm', JSON.stringify({ requestID: 2, cacheID: 2, msgType: 'observe', data: { path: '/3/0/0' } }));
    const obs = await d.nextRequest('the observe request');
    expect(opts(obs, 'Observe').length).toBe(1);
    d.answer(obs, '2.05', 'short', [
      { name: 'Observe', value: uint(1) },
      { name: 'Content-Format', value: uint(0) },
    ]);
    await message('lwm2m/bw-1/up/resp', (b) => b.requestID === 2);
    d.send({
      confirmable: true,
      code: '2.05',
      messageId: 777,
      token: obs.token,
      options: [
        { name: 'Observe', value: uint(2) },
        { name: 'Content-Format', value: uint(0) },
        { name: 'Block2', value: encodeBlock({ num: 0, more: true, size: 16 }) },
      ],
      payload: full.subarray(0, 16),
    });
    for (let i = 1; i < 5; i++) {
      const req = await d.nextRequest(`notification block ${i}`);
      expect([req.code, path(req), block(req, 'Block2')?.num, opts(req, 'Observe').length]).toEqual(['0.01', '/3/0/0', i, 0]);
      serve(req);
    }
    const notify = await message('lwm2m/bw-1/up/notify', (b) => b.requestID === 2);
    expect(notify.data).toMatchObject({ reqPath: '/3/0/0', code: '2.05', content: [{ path: '/3/0/0', value: manufacturer }] });

    // write /3/0/15 (timezone, a string) with a value longer than max_block_size: Block1 blocks of 32 bytes
    const tz = 'Europe/Stockholm;'.repeat(5);
    await mqttc.publishAsync('lwm2m/bw-1/dn/dm', JSON.stringify({ requestID: 3, cacheID: 3, msgType: 'write', data: { path: '/3/0/15', type: 'String', value: tz } }));
    const parts: Buffer[] = [];
    const b1: unknown[] = [];
    for (;;) {
      const req = await d.nextRequest('a write block');
      expect([req.code, path(req)]).toEqual(['0.03', '/3/0/15']);
      const b = block(req, 'Block1')!;
      b1.push(b);
      parts.push(Buffer.from(req.payload));
      if (!b.more) {
        d.answer(req, '2.04', '', [{ name: 'Block1', value: encodeBlock(b) }]);
        break;
      }
      d.answer(req, '2.31', '', [{ name: 'Block1', value: encodeBlock(b) }]);
    }
    expect(b1.length).toBeGreaterThan(2);
    expect(b1[0]).toEqual({ num: 0, more: true, size: 32 });
    expect(Buffer.concat(parts).includes(Buffer.from(tz))).toBe(true);
    expect((await message('lwm2m/bw-1/up/resp', (b) => b.requestID === 3)).data).toMatchObject({ reqPath: '/3/0/15', code: '2.04', codeMsg: 'changed' });
  });
});
