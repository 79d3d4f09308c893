// Listener options applied by the transports, with real clients: WebSocket origin checks, upgrade idle_timeout and
// deflate window bits; TLS handshake_timeout and depth; tcp send_timeout above high_watermark; listener rates
// changed while clients are connected.
import { afterEach, describe, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import mqttPacket from 'mqtt-packet';
import WebSocket from 'ws';
import type { Broker, Listener, ListenerConfig } from '../src/index';
import { newBroker, sleep } from './wire';
import { hasOpenssl } from './pki';
import { testListener } from './listener-config';

let broker: Broker;
const clients: MqttClient[] = [];
const sockets: (net.Socket | WebSocket)[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) {
    if (s instanceof WebSocket) s.terminate();
    else s.destroy();
  }
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  await broker?.close();
});

const listenerConfig = testListener;

async function start(config: ListenerConfig): Promise<Listener> {
  broker = newBroker();
  const l = broker.createListener(config);
  await l.start();
  return l;
}

/** the HTTP status of an upgrade attempt (101 = upgraded) */
function upgradeStatus(port: number, headers: Record<string, string>): Promise<number> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/mqtt`, 'mqtt', { headers });
  sockets.push(ws);
  return new Promise((resolve) => {
    ws.once('open', () => resolve(101));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(0));
  });
}

function closedWithin(socket: net.Socket): Promise<number> {
  const t0 = Date.now();
  return new Promise((resolve) => socket.once('close', () => resolve(Date.now() - t0)));
}

function rawSocket(port: number): net.Socket {
  const s = net.connect(port, '127.0.0.1');
  s.on('error', () => {});
  sockets.push(s);
  return s;
}

describe('WebSocket', () => {
  test('check_origin_enable: an Origin outside check_origins is refused with 403; absent per allow_origin_absence', async () => {
    const strict = await start(listenerConfig('ws', {}, { checkOrigin: { allowAbsence: false, origins: ['http://console.example', 'http://127.0.0.1:18083'] } }));
    expect(await upgradeStatus(strict.port, { Origin: 'http://console.example' })).toBe(101);
    expect(await upgradeStatus(strict.port, { Origin: 'http://127.0.0.1:18083' })).toBe(101);
    expect(await upgradeStatus(strict.port, { Origin: 'http://evil.example' })).toBe(403);
    expect(await upgradeStatus(strict.port, {})).toBe(403);
    await broker.close();
    const lenient = await start(listenerConfig('ws', {}, { checkOrigin: { allowAbsence: true, origins: ['http://console.example'] } }));
    expect(await upgradeStatus(lenient.port, {})).toBe(101);
    expect(await upgradeStatus(lenient.port, { Origin: 'http://evil.example' })).toBe(403);
    await broker.close();
    const off = await start(listenerConfig('ws', {}, { checkOrigin: null }));
    expect(await upgradeStatus(off.port, { Origin: 'http://evil.example' })).toBe(101);
  });

  test('idle_timeout: a connection without an upgrade request is closed; an upgraded one stays', async () => {
    const l = await start(listenerConfig('ws', {}, { idleTimeout: 300 }));
    const silent = rawSocket(l.port);
    const took = await closedWithin(silent);
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(2000);
    const client = await mqtt.connectAsync(`ws://127.0.0.1:${l.port}/mqtt`, { clientId: 'ws-idle', reconnectPeriod: 0 });
    clients.push(client);
    await sleep(500);
    expect(client.connected).toBe(true);
    expect(broker.client('ws-idle')?.connected).toBe(true);
  });

  test('compress with deflate_opts: the negotiated permessage-deflate carries the window bits', async () => {
    const deflate = { serverMaxWindowBits: 10, clientMaxWindowBits: 11, memLevel: 4, strategy: 'filtered', level: 'best_speed', serverContextTakeover: false } as const;
    const l = await start(listenerConfig('ws', {}, { compress: true, deflate }));
    const ws = new WebSocket(`ws://127.0.0.1:${l.port}/mqtt`, 'mqtt', { perMessageDeflate: { clientMaxWindowBits: 15 } });
    sockets.push(ws);
    const opened = new Promise((resolve) => ws.once('open', resolve));
    const upgrade = await new Promise<string>((resolve, reject) => {
      ws.once('upgrade', (res) => resolve(String(res.headers['sec-websocket-extensions'])));
      ws.once('error', reject);
    });
    expect(upgrade).toContain('server_max_window_bits=10');
    expect(upgrade).toContain('client_max_window_bits=11');
    expect(upgrade).toContain('server_no_context_takeover');
    // and MQTT still flows compressed
    await opened;
    ws.send(mqttPacket.generate({ cmd: 'connect', clientId: 'ws-deflate', protocolId: 'MQTT', protocolVersion: 4, keepalive: 0, clean: true }));
    await new Promise((resolve) => ws.once('message', resolve));
    expect(broker.client('ws-deflate')?.connected).toBe(true);
  });
});

/** root CA → intermediate CA → client, and a server certificate signed by the root */
function chainPki() {
  const dir = mkdtempSync(join(tmpdir(), 'mqdeck-chain-'));
  const openssl = (...args: string[]) => execFileSync('/usr/bin/openssl', args, { cwd: dir, stdio: 'ignore' });
  execFileSync('/bin/sh', ['-c', 'printf "basicConstraints=critical,CA:TRUE\\nkeyUsage=keyCertSign,cRLSign\\n" > ca.ext'], { cwd: dir });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=Root',
    '-keyout',
    'root.key',
    '-out',
    'root.pem',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
  );
  const sign = (name: string, subj: string, ca: string, ext?: string) => {
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', subj, '-keyout', `${name}.key`, '-out', `${name}.csr`);
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${ca}.pem`,
      '-CAkey',
      `${ca}.key`,
      '-CAcreateserial',
      '-days',
      '1',
      '-out',
      `${name}.pem`,
      ...(ext ? ['-extfile', ext] : []),
    );
  };
  sign('inter', '/CN=Intermediate', 'root', 'ca.ext');
  sign('server', '/CN=localhost', 'root');
  sign('direct', '/CN=direct', 'root');
  sign('leaf', '/CN=leaf', 'inter');
  const read = (f: string) => readFileSync(join(dir, f), 'utf8');
  return {
    root: read('root.pem'),
    serverCert: read('server.pem'),
    serverKey: read('server.key'),
    direct: [read('direct.pem'), read('direct.key')],
    leaf: [read('leaf.pem') + read('inter.pem'), read('leaf.key')],
  };
}

describe.skipIf(!hasOpenssl)('TLS', () => {
  test('handshake_timeout: a socket that never finishes the handshake is closed', async () => {
    const { serverCert, serverKey } = chainPki();
    const l = await start(listenerConfig('ssl', { tls: { cert: serverCert, key: serverKey, verify: false, failIfNoPeerCert: false, handshakeTimeout: 300 } }));
    const took = await closedWithin(rawSocket(l.port));
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(2000);
  });

  test('depth: a client certificate behind more intermediate CAs than depth is refused', async () => {
    const pki = chainPki();
    const connects = async (depth: number, [cert, key]: string[], clientId: string) => {
      const l = await start(listenerConfig('ssl', { tls: { cert: pki.serverCert, key: pki.serverKey, ca: pki.root, verify: true, failIfNoPeerCert: true, depth } }));
      const client = mqtt.connect(`mqtts://127.0.0.1:${l.port}`, { clientId, ca: pki.root, cert, key, rejectUnauthorized: false, reconnectPeriod: 0, connectTimeout: 3000 });
      clients.push(client);
      const ok = await new Promise<boolean>((resolve) => {
        client.once('connect', () => resolve(true));
        client.once('error', () => resolve(false));
        client.once('close', () => resolve(false));
      });
      await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
      await broker.close();
      return ok;
    };
    expect(await connects(0, pki.direct, 'd0')).toBe(true);
    expect(await connects(0, pki.leaf, 'l0')).toBe(false);
    expect(await connects(1, pki.leaf, 'l1')).toBe(true);
  });
});

describe('tcp_options', () => {
  /** a raw MQTT subscriber to `topic` that never reads what it is sent */
  async function stuckSubscriber(port: number, clientId: string, topic: string): Promise<net.Socket> {
    const s = rawSocket(port);
    await new Promise((resolve) => s.once('connect', resolve));
    s.write(mqttPacket.generate({ cmd: 'connect', clientId, protocolId: 'MQTT', protocolVersion: 4, keepalive: 0, clean: true }));
    s.write(mqttPacket.generate({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic, qos: 0 }] }));
    await sleep(100);
    s.pause();
    return s;
  }

  async function flood(port: number, topic: string, n: number): Promise<void> {
    const pub = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: `pub-${topic}`, reconnectPeriod: 0 });
    clients.push(pub);
    const payload = Buffer.alloc(64 * 1024, 7);
    for (let i = 0; i < n; i++) pub.publish(topic, payload, { qos: 0 });
    await sleep(300);
  }

  test('send_timeout: a subscriber whose unsent bytes stay above high_watermark is closed (send_timeout_close)', async () => {
    const tcp = { backlog: 128, nodelay: true, highWatermark: 64 * 1024, sendTimeout: 400, sendTimeoutClose: true };
    const l = await start(listenerConfig('tcp', { tcp }));
    const reasons: string[] = [];
    broker.events.on('client.disconnected', (c, reason) => c.clientid === 'stuck' && reasons.push(reason));
    await stuckSubscriber(l.port, 'stuck', 't/flood');
    await flood(l.port, 't/flood', 300);
    await expect.poll(() => reasons, { timeout: 3000 }).toEqual(['send_timeout']);
    // a subscriber that keeps reading is not touched
    expect(broker.client('pub-t/flood')?.connected).toBe(true);
  });

  test('send_timeout_close=false: the busy subscriber stays; QoS 0 beyond high_watermark waits in its mqueue', async () => {
    const tcp = { backlog: 128, nodelay: true, highWatermark: 64 * 1024, sendTimeout: 200, sendTimeoutClose: false };
    const l = await start(listenerConfig('tcp', { tcp }));
    await stuckSubscriber(l.port, 'stuck2', 't/flood2');
    await flood(l.port, 't/flood2', 300);
    await sleep(600);
    const c = broker.client('stuck2');
    expect(c?.connected).toBe(true);
    expect(c?.mqueueLen).toBeGreaterThan(0);
  });
});

test('messages_rate changed on a running listener slows clients that are already connected', async () => {
  const l = await start(listenerConfig('tcp'));
  const sub = await mqtt.connectAsync(`mqtt://127.0.0.1:${l.port}`, { clientId: 'rate-sub', reconnectPeriod: 0 });
  const pub = await mqtt.connectAsync(`mqtt://127.0.0.1:${l.port}`, { clientId: 'rate-pub', reconnectPeriod: 0 });
  clients.push(sub, pub);
  await sub.subscribeAsync('rate/#');
  let got = 0;
  sub.on('message', () => got++);
  const burst = async (n: number) => {
    const t0 = Date.now();
    const before = got;
    for (let i = 0; i < n; i++) pub.publish('rate/x', 'm', { qos: 0 });
    await expect.poll(() => got - before, { timeout: 5000, interval: 20 }).toBe(n);
    return Date.now() - t0;
  };
  expect(await burst(40)).toBeLessThan(800);
  l.update({ messagesRate: { amount: 20, periodMs: 1000 } });
  // one second's burst (20), then 20/s: 40 messages need about a second more
  expect(await burst(40)).toBeGreaterThanOrEqual(800);
  l.update({ messagesRate: null });
  await sleep(100);
  expect(await burst(40)).toBeLessThan(800);
});
