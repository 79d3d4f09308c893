/**
 * The message layer against independent peers: the `coap` package's client for requests, and a raw UDP socket for
 * duplicates, acknowledgements and resets.
 */
import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as coap from 'coap';
import { CoapEndpoint } from './endpoint';
import { decode, encode, reply, uriPath, type CoapMessage } from './message';

let server: Socket;
let endpoint: CoapEndpoint;
let port: number;
let handled: CoapMessage[];
let raw: Socket;

async function udp(): Promise<Socket> {
  const s = createSocket('udp4');
  s.bind(0, '127.0.0.1');
  await once(s, 'listening');
  return s;
}

function nextDatagram(s: Socket): Promise<CoapMessage> {
  return new Promise((resolve) => s.once('message', (b: Buffer) => resolve(decode(b))));
}

beforeEach(async () => {
  handled = [];
  server = await udp();
  port = server.address().port;
  endpoint = new CoapEndpoint(server, {
    onRequest: (_peer, req) => {
      handled.push(req);
      return reply(req, '2.05', `path=${uriPath(req).join('/')}`);
    },
  });
  raw = await udp();
});

afterEach(() => {
  endpoint.close();
  server.close();
  raw.close();
});

describe('CoAP endpoint', () => {
  it('answers a request of the coap package client', async () => {
    const req = coap.request({ hostname: '127.0.0.1', port, pathname: '/a/b', method: 'GET', agent: new coap.Agent({ type: 'udp4' }) });
    const res = await new Promise<coap.IncomingMessage>((resolve, reject) => {
      req.on('response', resolve);
      req.on('error', reject);
      req.end();
    });
    expect(res.code).toBe('2.05');
    expect(res.payload.toString()).toBe('path=a/b');
  });

  it('answers a duplicate CON request from its cache without handling it twice', async () => {
    const req = encode({ type: 'CON', code: '0.01', messageId: 42, token: Buffer.from([1]), options: [{ number: 11, value: Buffer.from('x') }], payload: Buffer.alloc(0) });
    raw.send(req, port, '127.0.0.1');
    const first = await nextDatagram(raw);
    raw.send(req, port, '127.0.0.1');
    const second = await nextDatagram(raw);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ type: 'ACK', messageId: 42, code: '2.05' });
    expect(handled).toHaveLength(1);
  });

  it('answers a CoAP ping (empty CON) with RST', async () => {
    raw.send(Buffer.from([0x40, 0x00, 0x00, 0x05]), port, '127.0.0.1');
    expect(await nextDatagram(raw)).toMatchObject({ type: 'RST', messageId: 5 });
  });

  it('settles a confirmable message on the ACK, and on an RST as reset', async () => {
    const peer = { address: '127.0.0.1', port: raw.address().port };
    raw.once('message', (b: Buffer) => raw.send(Buffer.from([0x60, 0x00, b[2], b[3]]), port, '127.0.0.1'));
    const ok = await endpoint.sendConfirmable(peer, { code: '2.05', token: Buffer.from([9]), options: [], payload: Buffer.from('n') });
    expect(ok.result).toBe('ack');
    raw.once('message', (b: Buffer) => raw.send(Buffer.from([0x70, 0x00, b[2], b[3]]), port, '127.0.0.1'));
    const rst = await endpoint.sendConfirmable(peer, { code: '2.05', token: Buffer.from([9]), options: [], payload: Buffer.from('n') });
    expect(rst.result).toBe('reset');
  });

  it('retransmits an unacknowledged CON message with the same message id', async () => {
    const peer = { address: '127.0.0.1', port: raw.address().port };
    const seen: CoapMessage[] = [];
    const twice = new Promise<void>((resolve) =>
      raw.on('message', (b: Buffer) => {
        seen.push(decode(b));
        if (seen.length === 2) {
          raw.send(Buffer.from([0x60, 0x00, b[2], b[3]]), port, '127.0.0.1');
          resolve();
        }
      }),
    );
    const done = endpoint.sendConfirmable(peer, { code: '2.05', token: Buffer.from([7]), options: [], payload: Buffer.from('r') });
    await twice;
    expect((await done).result).toBe('ack');
    expect(seen[0].messageId).toBe(seen[1].messageId);
  }, 15_000);

  it('sends a request and takes a separate CON response by its token', async () => {
    const peer = { address: '127.0.0.1', port: raw.address().port };
    raw.once('message', (b: Buffer) => {
      const req = decode(b);
      raw.send(Buffer.from([0x60, 0x00, b[2], b[3]]), port, '127.0.0.1');
      raw.send(encode({ type: 'CON', code: '2.05', messageId: 900, token: req.token, options: [], payload: Buffer.from('later') }), port, '127.0.0.1');
    });
    const ack = nextDatagram(raw).then(() => nextDatagram(raw));
    const res = await endpoint.request(peer, { code: '0.01', options: [], payload: Buffer.alloc(0) }, 5000);
    expect(res.payload.toString()).toBe('later');
    expect(await ack).toMatchObject({ type: 'ACK', messageId: 900 });
  });
});
