// Plain TCP listeners serve connections on their libuv handles (transports/raw-tcp.ts), not on net.Sockets: what a
// Connection relies on of its stream, checked with real sockets: reads and the client's address, back-pressure and
// 'drain', paused reads, the peer's FIN and reset, our FIN after the queued bytes, max_connections, send_timeout,
// and a PROXY-protocol listener (switched on while running) falling back to net.Socket.
import { afterEach, describe, expect, test } from 'vitest';
import net from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import type { Broker, Listener, ListenerConfig } from '../src/index';
import type { BrokerCore } from '../src/core';
import type { Connection } from '../src/connection/connection';
import { RawTcpStream, rawTcpAvailable } from '../src/transports/raw-tcp';
import { newBroker, sleep } from './wire';
import { testListener } from './listener-config';

let broker: Broker;
const clients: MqttClient[] = [];
const sockets: net.Socket[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  await broker?.close();
});

const conns = () => [...(broker as Broker & BrokerCore).sessions.connections] as Connection[];

async function start(extra: Partial<ListenerConfig> = {}): Promise<Listener> {
  broker = newBroker();
  const l = broker.createListener(testListener('tcp', extra));
  await l.start();
  return l;
}

async function until(check: () => boolean, what: string, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

function rawSocket(port: number): Promise<net.Socket> {
  const s = net.connect(port, '127.0.0.1');
  s.on('error', () => {});
  sockets.push(s);
  return new Promise((resolve) => s.once('connect', () => resolve(s)));
}

/** MQTT 3.1.1 CONNECT, clean session, keepalive 0 */
function connectPacket(clientId: string): Buffer {
  const id = Buffer.from(clientId);
  const variable = Buffer.from([0, 4, 0x4d, 0x51, 0x54, 0x54, 4, 0x02, 0, 0]);
  return Buffer.concat([Buffer.from([0x10, variable.length + 2 + id.length]), variable, Buffer.from([0, id.length]), id]);
}

async function mqttClient(port: number, clientId: string): Promise<MqttClient> {
  const c = await mqtt.connectAsync({ host: '127.0.0.1', port, clientId, reconnectPeriod: 0 });
  clients.push(c);
  return c;
}

describe.runIf(rawTcpAvailable)('plain TCP on raw handles', () => {
  test('a connection is served without a net.Socket and knows its client', async () => {
    const l = await start();
    const s = await rawSocket(l.port);
    s.write(connectPacket('raw-1'));
    await until(() => broker.client('raw-1')?.connected === true, 'raw-1 connected');
    const [conn] = conns();
    expect(conn.stream).toBeInstanceOf(RawTcpStream);
    expect(conn.stream).not.toBeInstanceOf(net.Socket);
    const info = broker.client('raw-1')!;
    expect(info.ipAddress).toBe('127.0.0.1');
    expect(info.port).toBe(s.localPort);
    expect(l.currentConnections).toBe(1);
  });

  test('messages flow both ways, in order, across many reads and writes', async () => {
    const l = await start();
    const sub = await mqttClient(l.port, 'sub');
    const pub = await mqttClient(l.port, 'pub');
    await sub.subscribeAsync('raw/t', { qos: 1 });
    const got: number[] = [];
    const all = new Promise<void>((resolve) =>
      sub.on('message', (_t, p) => {
        got.push(Number(p.toString()));
        if (got.length === 500) resolve();
      }),
    );
    for (let i = 0; i < 500; i++) void pub.publishAsync('raw/t', String(i), { qos: 1 });
    await all;
    expect(got).toEqual(Array.from({ length: 500 }, (_, i) => i));
  });

  test("a reader that stops reading gets its bytes later: write() refuses past the high-water mark, then 'drain'", async () => {
    const l = await start();
    const s = await rawSocket(l.port);
    s.write(connectPacket('slow'));
    await until(() => conns().length === 1 && conns()[0].isConnected, 'slow connected');
    s.pause();
    const stream = conns()[0].stream as RawTcpStream;
    let drained = 0;
    stream.on('drain', () => drained++);
    const chunk = Buffer.alloc(256 * 1024, 7);
    let refused = false;
    for (let i = 0; i < 64 && !refused; i++) refused = !stream.write(chunk);
    expect(refused).toBe(true);
    expect(stream.writableLength).toBeGreaterThan(0);
    let received = 0;
    s.on('data', (d: Buffer) => (received += d.length));
    s.resume();
    await until(() => drained === 1, "'drain'", 10_000);
    expect(stream.writableLength).toBe(0);
    await until(() => received >= 4 + chunk.length, 'the bytes written'); // CONNACK + at least one chunk
  });

  test('a paused stream reads nothing until resumed', async () => {
    const l = await start();
    const s = await rawSocket(l.port);
    s.write(connectPacket('paused'));
    await until(() => conns().length === 1 && conns()[0].isConnected, 'paused connected');
    const conn = conns()[0];
    conn.stream.pause();
    expect(conn.stream.isPaused()).toBe(true);
    const pingreq = Buffer.from([0xc0, 0x00]);
    const pings = () => conn.stats.recv_pkt;
    const before = pings();
    let pingresps = 0;
    s.on('data', (d: Buffer) => (pingresps += d.filter((b, i) => b === 0xd0 && d[i + 1] === 0).length));
    s.write(pingreq);
    await sleep(100);
    expect(pings()).toBe(before);
    expect(pingresps).toBe(0);
    conn.stream.resume();
    await until(() => pingresps === 1, 'PINGRESP after resume');
    expect(pings()).toBe(before + 1);
  });

  test("the client's FIN closes the connection as tcp_closed and frees its place", async () => {
    const l = await start();
    const s = await rawSocket(l.port);
    s.write(connectPacket('fin'));
    await until(() => broker.client('fin')?.connected === true, 'fin connected');
    const reasons: string[] = [];
    broker.events.on('client.disconnected', (_c, reason) => reasons.push(reason));
    const serverClosed = new Promise<void>((resolve) => s.once('close', () => resolve()));
    s.resume(); // reads (the CONNACK, then our FIN)
    s.end();
    await serverClosed; // we answer the half-close with our own FIN: no half-open connections
    await until(() => l.currentConnections === 0, 'the listener to forget it');
    expect(reasons).toEqual(['tcp_closed']);
  });

  test('a reset from the client closes the connection as tcp_error', async () => {
    const l = await start();
    const s = await rawSocket(l.port);
    s.write(connectPacket('rst'));
    await until(() => broker.client('rst')?.connected === true, 'rst connected');
    const reasons: string[] = [];
    broker.events.on('client.disconnected', (_c, reason) => reasons.push(reason));
    s.resetAndDestroy();
    await until(() => l.currentConnections === 0, 'the listener to forget it');
    expect(reasons).toEqual(['tcp_error']);
  });

  test('a kick sends the queued packets, then FIN', async () => {
    const l = await start();
    const s = await rawSocket(l.port);
    const bytes: Buffer[] = [];
    s.on('data', (d: Buffer) => bytes.push(d));
    const ended = new Promise<void>((resolve) => s.once('end', () => resolve()));
    s.write(connectPacket('kicked'));
    await until(() => broker.client('kicked')?.connected === true, 'kicked connected');
    const conn = conns()[0];
    conn.send({ cmd: 'pingresp' });
    conn.close('kicked');
    await ended;
    expect(Buffer.concat(bytes)).toEqual(Buffer.from([0x20, 0x02, 0x00, 0x00, 0xd0, 0x00]));
    s.end();
    await until(() => l.currentConnections === 0, 'the listener to forget it');
  });

  test('max_connections refuses the connection past the limit', async () => {
    const l = await start({ maxConnections: 1 });
    const a = await rawSocket(l.port);
    a.write(connectPacket('first'));
    await until(() => l.currentConnections === 1, 'the first one');
    const b = await rawSocket(l.port);
    await new Promise<void>((resolve) => b.once('close', () => resolve()));
    expect(l.currentConnections).toBe(1);
  });

  test('send_timeout closes a connection whose unsent bytes stay above high_watermark', async () => {
    const l = await start({ tcp: { highWatermark: 1024, sendTimeout: 300, sendTimeoutClose: true } as ListenerConfig['tcp'] });
    const s = await rawSocket(l.port);
    s.write(connectPacket('stuck'));
    await until(() => conns().length === 1 && conns()[0].isConnected, 'stuck connected');
    s.pause();
    const reasons: string[] = [];
    broker.events.on('client.disconnected', (_c, reason) => reasons.push(reason));
    const stream = conns()[0].stream;
    for (let i = 0; i < 64; i++) stream.write(Buffer.alloc(256 * 1024));
    await until(() => reasons.length === 1, 'send_timeout', 5000);
    expect(reasons).toEqual(['send_timeout']);
  });

  test('a PROXY-protocol listener (switched on while running) reads through net.Socket', async () => {
    const l = await start();
    const s1 = await rawSocket(l.port);
    s1.write(connectPacket('before'));
    await until(() => conns().length === 1, 'before connected');
    await l.update(testListener('tcp', { proxyProtocol: true }));
    const s2 = await rawSocket(l.port);
    s2.write(Buffer.concat([Buffer.from('PROXY TCP4 10.1.2.3 127.0.0.1 4567 1883\r\n'), connectPacket('proxied')]));
    await until(() => broker.client('proxied')?.connected === true, 'proxied connected');
    const proxied = conns().find((c) => c.clientid === 'proxied')!;
    expect(proxied.stream).toBeInstanceOf(net.Socket);
    expect(broker.client('proxied')!.ipAddress).toBe('10.1.2.3');
    expect(conns().find((c) => c.clientid === 'before')!.stream).toBeInstanceOf(RawTcpStream);
  });
});
