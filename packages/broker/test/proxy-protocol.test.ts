// PROXY protocol (EMQX proxy_protocol / proxy_protocol_timeout): the header parser, then real MQTT.js clients
// behind a v1 or v2 header on tcp, ssl and ws listeners: the broker sees the address the header names.
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import net from 'node:net';
import tls from 'node:tls';
import { MqttClient } from 'mqtt';
import WebSocket from 'ws';
import mqttPacket from 'mqtt-packet';
import type { Broker, ListenerConfig } from '../src/index';
import { ProxyHeaderError, readProxyHeader } from '../src/transports/proxy-protocol';
import { newBroker, sleep } from './wire';
import { hasOpenssl, makePki, type Pki } from './pki';
import { testListener } from './listener-config';

const v1 = (line: string) => Buffer.from(`${line}\r\n`);

function v2(cmd: 0 | 1, family: number, body: Buffer): Buffer {
  const head = Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a, 0x20 | cmd, family, 0, 0]);
  head.writeUInt16BE(body.length, 14);
  return Buffer.concat([head, body]);
}

function v2Ipv4(src: string, dst: string, sport: number, dport: number): Buffer {
  const body = Buffer.alloc(12);
  src.split('.').forEach((b, i) => (body[i] = Number(b)));
  dst.split('.').forEach((b, i) => (body[4 + i] = Number(b)));
  body.writeUInt16BE(sport, 8);
  body.writeUInt16BE(dport, 10);
  return v2(1, 0x11, body);
}

describe('readProxyHeader', () => {
  test('v1 TCP4 and TCP6 name source and destination; UNKNOWN keeps the socket addresses', () => {
    expect(readProxyHeader(v1('PROXY TCP4 203.0.113.7 10.0.0.1 51000 1883'))).toEqual({
      version: 1,
      length: 44,
      source: { host: '203.0.113.7', port: 51000 },
      dest: { host: '10.0.0.1', port: 1883 },
    });
    expect(readProxyHeader(v1('PROXY TCP6 2001:db8::7 2001:db8::1 4000 8883'))?.source).toEqual({ host: '2001:db8::7', port: 4000 });
    expect(readProxyHeader(v1('PROXY UNKNOWN'))).toEqual({ version: 1, length: 15 });
  });

  test('a header in pieces is undefined until complete; what follows it is not counted', () => {
    const whole = Buffer.concat([v1('PROXY TCP4 1.2.3.4 5.6.7.8 1 2'), Buffer.from([0x10, 0x0c])]);
    expect(readProxyHeader(whole.subarray(0, 3))).toBeUndefined();
    expect(readProxyHeader(whole.subarray(0, 20))).toBeUndefined();
    expect(readProxyHeader(whole)?.length).toBe(whole.length - 2);
    const bin = v2Ipv4('198.51.100.9', '10.0.0.1', 40000, 1883);
    expect(readProxyHeader(bin.subarray(0, 5))).toBeUndefined();
    expect(readProxyHeader(bin.subarray(0, 20))).toBeUndefined();
    expect(readProxyHeader(bin)).toEqual({ version: 2, length: 28, source: { host: '198.51.100.9', port: 40000 }, dest: { host: '10.0.0.1', port: 1883 } });
  });

  test('v2 IPv6 (compacted, v4-mapped shown as IPv4), LOCAL, unspecified family, TLVs skipped', () => {
    const body = Buffer.alloc(36 + 7); // + one TLV the reader must skip
    body.write('20010db8000000000000000000000007', 0, 'hex');
    body.write('00000000000000000000ffff0a000001', 16, 'hex');
    body.writeUInt16BE(4000, 32);
    body.writeUInt16BE(8883, 34);
    expect(readProxyHeader(v2(1, 0x21, body))).toEqual({
      version: 2,
      length: 16 + 43,
      source: { host: '2001:db8::7', port: 4000 },
      dest: { host: '10.0.0.1', port: 8883 },
    });
    expect(readProxyHeader(v2(0, 0x11, Buffer.alloc(12)))).toEqual({ version: 2, length: 28 });
    expect(readProxyHeader(v2(1, 0x00, Buffer.alloc(0)))).toEqual({ version: 2, length: 16 });
  });

  test('garbage is refused as soon as it cannot be a header', () => {
    const bad = [
      Buffer.from([0x10, 0x0c, 0x00]), // an MQTT CONNECT without a header
      Buffer.from('GET /mqtt HTTP/1.1\r\n'),
      v1('PROXY TCP4 1.2.3 5.6.7.8 1 2'),
      v1('PROXY TCP4 1.2.3.4 5.6.7.8 1 70000'),
      v1('PROXY UDP4 1.2.3.4 5.6.7.8 1 2'),
      Buffer.from(`PROXY TCP4 ${'1'.repeat(110)}`),
      Buffer.concat([v2(1, 0x11, Buffer.alloc(12)).subarray(0, 12), Buffer.from([0x31, 0x11, 0, 12])]), // version 3
    ];
    for (const b of bad) expect(() => readProxyHeader(b), b.toString('latin1')).toThrow(ProxyHeaderError);
  });
});

let broker: Broker;
const clients: MqttClient[] = [];
let pki: Pki;

beforeAll(() => {
  if (hasOpenssl) pki = makePki();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  await broker?.close();
});

function listenerConfig(type: ListenerConfig['type'], extra: Partial<ListenerConfig> = {}): ListenerConfig {
  const tls = type === 'ssl' || type === 'wss' ? { tls: { cert: pki.serverCert, key: pki.serverKey, verify: false, failIfNoPeerCert: false } } : {};
  return testListener(type, { proxyProtocol: true, proxyProtocolTimeout: 300, ...tls, ...extra });
}

async function start(config: ListenerConfig): Promise<number> {
  broker = newBroker();
  const l = broker.createListener(config);
  await l.start();
  return l.port;
}

/** MQTT.js over a socket that sent `header` first (and TLS after it when `secure`) */
function connectBehindProxy(port: number, header: Buffer, clientId: string, secure = false, connectTimeout = 3000): Promise<MqttClient> {
  const raw = net.connect(port, '127.0.0.1');
  raw.write(header);
  const stream = secure ? tls.connect({ socket: raw, rejectUnauthorized: false }) : raw;
  const client = new MqttClient(() => stream, { clientId, reconnectPeriod: 0, connectTimeout, protocolVersion: 5 });
  clients.push(client);
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', reject);
    client.once('close', () => reject(new Error('closed')));
  });
}

/** resolves with how long the server took to close a socket that sent `bytes` (and then nothing) */
function closedAfter(port: number, bytes: Buffer = Buffer.alloc(0)): Promise<number> {
  const t0 = Date.now();
  const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
  socket.on('error', () => {});
  return new Promise((resolve) => socket.on('close', () => resolve(Date.now() - t0)));
}

test('tcp: v1 and v2 headers give the client address and port the proxy names', async () => {
  const port = await start(listenerConfig('tcp'));
  await connectBehindProxy(port, v1('PROXY TCP4 203.0.113.7 10.0.0.1 51000 1883'), 'pp-v1');
  await connectBehindProxy(port, v2Ipv4('198.51.100.9', '10.0.0.1', 40000, 1884), 'pp-v2');
  await connectBehindProxy(port, v1('PROXY UNKNOWN'), 'pp-unknown');
  const a = broker.client('pp-v1')!;
  expect([a.ipAddress, a.port, a.sockport]).toEqual(['203.0.113.7', 51000, 1883]);
  const b = broker.client('pp-v2')!;
  expect([b.ipAddress, b.port, b.sockport]).toEqual(['198.51.100.9', 40000, 1884]);
  expect(broker.client('pp-unknown')!.ipAddress).toBe('127.0.0.1');
});

test('tcp: no header within proxy_protocol_timeout closes; bytes that are not a header close at once', async () => {
  const port = await start(listenerConfig('tcp'));
  const silent = await closedAfter(port);
  expect(silent).toBeGreaterThanOrEqual(250);
  expect(silent).toBeLessThan(2000);
  const connect = mqttPacket.generate({ cmd: 'connect', clientId: 'no-header', protocolId: 'MQTT', protocolVersion: 4, keepalive: 0, clean: true });
  expect(await closedAfter(port, connect)).toBeLessThan(250);
  expect(broker.client('no-header')).toBeUndefined();
});

test('without proxy_protocol a header is not read: it is taken as MQTT and the client never connects', async () => {
  const port = await start(listenerConfig('tcp', { proxyProtocol: false }));
  await expect(connectBehindProxy(port, v1('PROXY TCP4 203.0.113.7 10.0.0.1 51000 1883'), 'plain', false, 800)).rejects.toThrow();
  expect(broker.client('plain')).toBeUndefined();
});

test.skipIf(!hasOpenssl)('ssl: the header comes before the TLS handshake', async () => {
  const port = await start(listenerConfig('ssl'));
  await connectBehindProxy(port, v2Ipv4('192.0.2.44', '10.0.0.1', 61000, 8883), 'pp-tls', true);
  const c = broker.client('pp-tls')!;
  expect([c.ipAddress, c.port, c.isSsl]).toEqual(['192.0.2.44', 61000, true]);
});

test('ws: the header comes before the HTTP upgrade', async () => {
  const port = await start(listenerConfig('ws'));
  const ws = new WebSocket(`ws://127.0.0.1:${port}/mqtt`, 'mqtt', {
    createConnection: () => {
      const s = net.connect(port, '127.0.0.1');
      s.write(v1('PROXY TCP6 2001:db8::7 2001:db8::1 4000 8083'));
      return s;
    },
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(mqttPacket.generate({ cmd: 'connect', clientId: 'pp-ws', protocolId: 'MQTT', protocolVersion: 4, keepalive: 0, clean: true }));
  await new Promise((resolve) => ws.once('message', resolve)); // CONNACK
  const c = broker.client('pp-ws')!;
  expect([c.ipAddress, c.port, c.sockport]).toEqual(['2001:db8::7', 4000, 8083]);
  ws.terminate();
  await sleep(20);
});
