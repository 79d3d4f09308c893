/**
 * POST /gateways/coap/clients/{clientid}/request and block-wise transfers (RFC 7959) through a real node. The device
 * is a UDP socket speaking RFC 7252 through coap-packet (connected in EMQX's connection mode as emqx_coap_api_SUITE's
 * coap_client does: POST /mqtt/connection?clientid=client1, then it answers the gateway's requests); libcoap's
 * coap-client-notls sends and observes payloads larger than one block; MQTT.js is on the other side.
 * Cases of emqx_coap_api_SUITE: echo, octet-stream, timeout 504, unknown client 404, missing content_type 400, a
 * Block2 answer joined, a Block2 answer past max_body_size ({error,request_entity_too_large}), blockwise disabled.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generate, parse, type ParsedPacket } from 'coap-packet';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../../test/test-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../../shared/testing';
import { decodeBlock, encodeBlock } from './blockwise';

const CLI = 'coap-client-notls';
const opt = (p: ParsedPacket, name: string): Buffer | undefined => {
  const o = p.options.find((x) => String(x.name) === name);
  return o ? Buffer.from(o.value) : undefined;
};

/** The device side: answers each request of the gateway with `answer` (undefined = stays silent). */
class Device {
  readonly requests: ParsedPacket[] = [];
  answer: (req: ParsedPacket) => Partial<ParsedPacket> | undefined = (req) => ({ code: '2.05', payload: req.payload });
  private acks = new Map<number, (p: ParsedPacket) => void>();
  private constructor(
    readonly sock: Socket,
    private readonly port: number,
  ) {
    sock.on('message', (b: Buffer) => {
      const p = parse(b);
      if (p.ack) return this.acks.get(p.messageId)?.(p);
      if (!p.confirmable || !p.code.startsWith('0.')) return;
      this.requests.push(p);
      const a = this.answer(p);
      if (a) this.send({ ack: true, messageId: p.messageId, token: p.token, code: '2.05', ...a });
    });
  }

  static async connect(port: number, clientid: string): Promise<Device> {
    const sock = createSocket('udp4');
    sock.bind(0, '127.0.0.1');
    await once(sock, 'listening');
    const d = new Device(sock, port);
    const ack = new Promise<ParsedPacket>((resolve) => d.acks.set(1, resolve));
    d.send({
      confirmable: true,
      code: '0.02',
      messageId: 1,
      token: Buffer.from([1]),
      options: [
        { name: 'Uri-Path', value: Buffer.from('mqtt') },
        { name: 'Uri-Path', value: Buffer.from('connection') },
        { name: 'Uri-Query', value: Buffer.from(`clientid=${clientid}`) },
      ],
    });
    const created = await ack;
    expect(created.code).toBe('2.01');
    return d;
  }

  send(p: Partial<ParsedPacket>): void {
    this.sock.send(generate(p), this.port, '127.0.0.1');
  }
}

/** An answer served in Block2 blocks of `size` from `full`, as emqx_coap_api_SUITE's coap_block2_client does. */
const block2 =
  (full: Buffer, size: number) =>
  (req: ParsedPacket): Partial<ParsedPacket> => {
    const b = opt(req, 'Block2');
    const num = b ? decodeBlock(b)!.num : 0;
    const part = full.subarray(num * size, (num + 1) * size);
    const more = (num + 1) * size < full.length;
    return { code: '2.05', payload: part, options: [{ name: 'Block2', value: encodeBlock({ num, more, size }) }] };
  };

describe('CoAP request API and block-wise transfers on a node', () => {
  let node: TestNode;
  const devices: Device[] = [];
  const mqttClients: MqttClient[] = [];
  const children: ChildProcess[] = [];
  const coapPort = () => node.app.gateways.lookup('coap')!.running.get('coap:udp:default')!.port!;
  const requestApi = (clientid: string, body: Record<string, unknown>) => api(node, 'POST', `/gateways/coap/clients/${clientid}/request`, body);
  const device = async (clientid = 'client1') => {
    const d = await Device.connect(coapPort(), clientid);
    devices.push(d);
    return d;
  };
  const cli = (args: string[]): Promise<{ code: number | null; out: string }> => {
    const child = spawn(CLI, ['-B', '20', ...args]);
    children.push(child);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    return once(child, 'exit').then(([code]) => ({ code: code as number | null, out }));
  };

  beforeAll(async () => {
    node = await startTestNode();
    const load = await api(node, 'PUT', '/gateways/coap', {
      name: 'coap',
      connection_required: true,
      blockwise: { enable: true, max_block_size: 1024, max_body_size: '1KB' },
      listeners: [{ type: 'udp', name: 'default', bind: '127.0.0.1:0' }],
    });
    expect(load.status, JSON.stringify(load.body)).toBe(204);
  }, 60_000);
  afterEach(() => {
    for (const d of devices.splice(0)) d.sock.close();
    for (const c of children.splice(0)) if (c.exitCode === null) c.kill();
  });
  afterAll(async () => {
    await closeClients(mqttClients);
    await node?.close();
  });

  it('stores and shows the blockwise settings, and refuses a block size RFC 7959 has not', async () => {
    const gw = await api(node, 'GET', '/gateways/coap');
    expect(gw.body.blockwise).toEqual({ enable: true, max_block_size: 1024, max_body_size: '1KB', exchange_lifetime: '247s' });
    const bad = await api(node, 'PUT', '/gateways/coap', { name: 'coap', blockwise: { max_block_size: 100 } });
    expect([bad.status, bad.body.code, bad.body.message]).toEqual([400, 'BAD_REQUEST', expect.stringContaining('blockwise.max_block_size must be one of 16')]);
  });

  it('sends the request to the device and answers with its response (echo, as t_send_request_api)', async () => {
    const d = await device();
    const res = await requestApi('client1', { token: 'atoken', payload: 'simple echo this', timeout: '10s', content_type: 'text/plain', method: 'get' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number), token: 'atoken', method: '{ok,content}', payload: 'simple echo this' });
    expectContract('post', '/gateways/coap/clients/{clientid}/request', 200, res.body);
    const req = d.requests[0];
    expect([req.code, req.confirmable, Buffer.from(req.token).toString(), opt(req, 'Content-Format')?.length ?? 0]).toEqual(['0.01', true, 'atoken', 0]);

    // a device's error code comes back in EMQX's form
    d.answer = () => ({ code: '4.04', payload: Buffer.alloc(0) });
    const nf = await requestApi('client1', { token: 't2', method: 'delete', timeout: '5s', content_type: 'application/json', payload: '{}' });
    expect([nf.status, nf.body.method, nf.body.payload]).toEqual([200, '{error,not_found}', '']);
    expect([d.requests[1].code, opt(d.requests[1], 'Content-Format')]).toEqual(['0.04', Buffer.from([50])]);
  });

  it('application/octet-stream payloads are base64 both ways', async () => {
    const d = await device();
    const encoded = Buffer.from([0, 1, 2, 3, 4]).toString('base64');
    const res = await requestApi('client1', { token: 'atoken', payload: encoded, timeout: '10s', content_type: 'application/octet-stream', method: 'put' });
    expect([res.status, res.body.payload]).toEqual([200, encoded]);
    expect(Buffer.from(d.requests[0].payload)).toEqual(Buffer.from([0, 1, 2, 3, 4]));
  });

  it('answers 504 CLIENT_NOT_RESPONSE when the device stays silent, 404 for an unknown client, 400 without content_type', async () => {
    const d = await device();
    d.answer = () => undefined;
    const silent = await requestApi('client1', { token: 'atoken', payload: 'hello', timeout: '50ms', content_type: 'text/plain', method: 'get' });
    expect([silent.status, silent.body.code]).toEqual([504, 'CLIENT_NOT_RESPONSE']);
    expectContract('post', '/gateways/coap/clients/{clientid}/request', 504, silent.body);
    const unknown = await requestApi('not_found', { token: 'atoken', payload: 'hello', timeout: '50ms', content_type: 'text/plain', method: 'get' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'CLIENT_NOT_FOUND']);
    expectContract('post', '/gateways/coap/clients/{clientid}/request', 404, unknown.body);
    const noCt = await requestApi('client1', { token: 'mctok', payload: '', timeout: '50ms', method: 'get' });
    expect([noCt.status, noCt.body]).toEqual([400, { code: 'BAD_REQUEST', message: 'missing content_type' }]);
    const badMethod = await requestApi('client1', { token: 'x', timeout: '1s', content_type: 'text/plain', method: 'patch' });
    expect([badMethod.status, badMethod.body.code]).toEqual([400, 'BAD_REQUEST']);
  });

  it('joins an answer the device sends in Block2 blocks; past max_body_size it is {error,request_entity_too_large}', async () => {
    const d = await device();
    const small = Buffer.from('This is a block2 payload from the device.');
    d.answer = block2(small, 16);
    const res = await requestApi('client1', { token: 'btoken', payload: 'hello', timeout: '10s', content_type: 'text/plain', method: 'get' });
    expect([res.status, res.body.payload, res.body.method]).toEqual([200, small.toString(), '{ok,content}']);
    // block 0 is the request itself, blocks 1 and 2 are GETs with Block2 and no payload
    expect(d.requests.map((r) => [opt(r, 'Block2') ? decodeBlock(opt(r, 'Block2')!)!.num : null, r.payload.length])).toEqual([
      [null, 5],
      [1, 0],
      [2, 0],
    ]);

    d.requests.length = 0;
    d.answer = block2(Buffer.alloc(2048, 'L'), 16);
    const large = await requestApi('client1', { token: 'btlrg', payload: 'hello', timeout: '10s', content_type: 'text/plain', method: 'get' });
    expect([large.status, large.body.method]).toEqual([200, '{error,request_entity_too_large}']);
    // max_body_size 1KB: 64 blocks of 16 bytes were fetched, not 128
    expect(d.requests.length).toBe(64);

    // a block out of sequence is a bad response
    d.answer = (req) => ({ ...block2(small, 16)(req), options: [{ name: 'Block2', value: encodeBlock({ num: opt(req, 'Block2') ? 5 : 0, more: true, size: 16 }) }] });
    const broken = await requestApi('client1', { token: 'seq', timeout: '10s', content_type: 'text/plain', method: 'get' });
    expect([broken.status, broken.body.code]).toEqual([502, 'CLIENT_BAD_RESPONSE']);

    // block 0 comes, the follow-up GET is never answered (t_send_request_api_block2_timeout_followup_fake_channel)
    d.answer = (req) => (opt(req, 'Block2') ? undefined : block2(small, 16)(req));
    const followup = await requestApi('client1', { token: 'ftok', timeout: '200ms', content_type: 'text/plain', method: 'get' });
    expect([followup.status, followup.body.code]).toEqual([504, 'CLIENT_NOT_RESPONSE']);
  });

  it('with blockwise disabled the first block is the answer (t_send_request_api_block2_respects_disable_config)', async () => {
    expect((await api(node, 'PUT', '/gateways/coap', { name: 'coap', blockwise: { enable: false } })).status).toBe(204);
    try {
      const d = await device();
      d.answer = block2(Buffer.from('part-one-sixteen and more'), 16);
      const res = await requestApi('client1', { token: 'fbdtok', timeout: '5s', content_type: 'text/plain', method: 'get' });
      expect([res.status, res.body.payload]).toEqual([200, 'part-one-sixteen']);
    } finally {
      await api(node, 'PUT', '/gateways/coap', { name: 'coap', blockwise: { enable: true, max_block_size: 1024, max_body_size: '1KB' } });
    }
  });

  it('a request payload larger than max_block_size goes to the device in Block1 blocks, smaller when the device asks', async () => {
    expect((await api(node, 'PUT', '/gateways/coap', { name: 'coap', blockwise: { max_block_size: 64, max_body_size: '4MB' } })).status).toBe(204);
    try {
      const d = await device();
      const got: Buffer[] = [];
      d.answer = (req) => {
        const b = decodeBlock(opt(req, 'Block1')!)!;
        got.push(Buffer.from(req.payload));
        // the device asks for 32-byte blocks after the first one (RFC 7959 §2.3)
        if (b.more) return { code: '2.31', payload: Buffer.alloc(0), options: [{ name: 'Block1', value: encodeBlock({ num: b.num, more: true, size: 32 }) }] };
        return { code: '2.04', payload: Buffer.from(String(Buffer.concat(got).length)) };
      };
      const body = 'x'.repeat(150);
      const res = await requestApi('client1', { token: 'b1', payload: body, timeout: '10s', content_type: 'text/plain', method: 'put' });
      expect([res.status, res.body.method, res.body.payload]).toEqual([200, '{ok,changed}', '150']);
      expect(d.requests.map((r) => decodeBlock(opt(r, 'Block1')!))).toEqual([
        { num: 0, more: true, size: 64 },
        { num: 2, more: true, size: 32 },
        { num: 3, more: true, size: 32 },
        { num: 4, more: false, size: 32 },
      ]);
      expect(Buffer.concat(got).toString()).toBe(body);
    } finally {
      await api(node, 'PUT', '/gateways/coap', { name: 'coap', blockwise: { enable: true, max_block_size: 1024, max_body_size: '1KB' } });
    }
  });

  it('libcoap POSTs a file in 64-byte Block1 blocks; the MQTT subscriber gets it whole; past max_body_size 4.13', async () => {
    expect((await api(node, 'PUT', '/gateways/coap', { name: 'coap', connection_required: false, blockwise: { max_block_size: 1024, max_body_size: '8KB' } })).status).toBe(204);
    try {
      const sub = await connectClient(node.mqttPort, { clientId: 'bw-sub' });
      mqttClients.push(sub);
      await sub.subscribeAsync('files/#', { qos: 1 });
      const got: Array<{ topic: string; payload: Buffer }> = [];
      sub.on('message', (topic, payload) => got.push({ topic, payload }));
      const dir = mkdtempSync(join(tmpdir(), 'coap-bw-'));
      const content = Buffer.from(Array.from({ length: 3000 }, (_, i) => String.fromCharCode(65 + (i % 26))).join(''));
      writeFileSync(join(dir, 'big.txt'), content);
      const r = await cli(['-m', 'post', '-b', '64', '-f', join(dir, 'big.txt'), `coap://127.0.0.1:${coapPort()}/ps/files/big`]);
      expect(r.code, r.out).toBe(0);
      await waitFor(() => got.length === 1, 10_000, 'the reassembled publish at the MQTT subscriber');
      expect(got[0].topic).toBe('files/big');
      expect(got[0].payload.equals(content)).toBe(true);

      writeFileSync(join(dir, 'huge.txt'), Buffer.alloc(10_000, 'z'));
      const tooBig = await cli(['-m', 'post', '-b', '1024', '-f', join(dir, 'huge.txt'), `coap://127.0.0.1:${coapPort()}/ps/files/huge`]);
      expect(tooBig.out).toMatch(/4\.13/);
      await new Promise((res) => setTimeout(res, 300));
      expect(got.map((g) => g.topic)).toEqual(['files/big']);
    } finally {
      await api(node, 'PUT', '/gateways/coap', { name: 'coap', connection_required: true, blockwise: { enable: true, max_block_size: 1024, max_body_size: '1KB' } });
    }
  });

  it('an MQTT message larger than one block reaches a libcoap observer whole (Block2 notification + GETs)', async () => {
    expect((await api(node, 'PUT', '/gateways/coap', { name: 'coap', connection_required: false, blockwise: { max_block_size: 64, max_body_size: '8KB' } })).status).toBe(204);
    try {
      const pub = await connectClient(node.mqttPort, { clientId: 'bw-pub' });
      mqttClients.push(pub);
      const child = spawn(CLI, ['-v', '7', '-s', '20', '-B', '20', '-b', '64', '-o', '-', `coap://127.0.0.1:${coapPort()}/ps/big/notify`]);
      children.push(child);
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      await waitFor(
        async () => {
          const list = (await api(node, 'GET', '/gateways/coap/clients')).body.data as Array<{ clientid: string }>;
          for (const c of list) {
            const subs = await api(node, 'GET', `/gateways/coap/clients/${encodeURIComponent(c.clientid)}/subscriptions`);
            if (Array.isArray(subs.body) && subs.body.some((s: { topic: string }) => s.topic === 'big/notify')) return true;
          }
          return false;
        },
        10_000,
        'the observe subscription',
      );
      const payload = Array.from({ length: 40 }, (_, i) => `line-${String(i).padStart(2, '0')};`).join('') + 'END';
      await pub.publishAsync('big/notify', payload, { qos: 0 });
      await waitFor(() => /c:2\.05 [^\n]*Block2:5\/_\/64/.test(out), 10_000, "the last block on coap-client's log");
      // libcoap's log (-v 7) shows each 2.05 it received: the notification's block 0 (Observe, Size2), then blocks 1–5
      // answering its GETs; their payloads joined are the MQTT message
      // (libcoap logs the last PDU twice: once received, once handed to the application)
      const byNum = new Map([...out.matchAll(/c:2\.05 [^\n]*\[([^\]]*Block2:(\d+)\/([M_])\/64[^\]]*)\] :: '([^']*)'/g)].map((m) => [m[2], m]));
      const blocks = [...byNum.values()];
      expect(blocks.map((m) => [Number(m[2]), m[3]])).toEqual([
        [0, 'M'],
        [1, 'M'],
        [2, 'M'],
        [3, 'M'],
        [4, 'M'],
        [5, '_'],
      ]);
      expect(blocks[0][1]).toMatch(/Observe:1, Block2:0\/M\/64, Size2:323/);
      expect(blocks.map((m) => m[4]).join('')).toBe(payload);
    } finally {
      await api(node, 'PUT', '/gateways/coap', { name: 'coap', connection_required: true, blockwise: { enable: true, max_block_size: 1024, max_body_size: '1KB' } });
    }
  });
});
