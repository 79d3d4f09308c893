// Load generators: MQTT.js publishers/subscribers at a fixed rate, and raw-socket connection storms.
import mqtt, { type MqttClient } from 'mqtt';
import { connect as netConnect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Peer } from './peers';
import { percentile } from './proc';

const PAYLOAD_BYTES = 64;

function open(peer: Peer, clientId: string): Promise<MqttClient> {
  return new Promise((res, rej) => {
    const c = mqtt.connect({ host: peer.host, port: peer.port, clientId, protocolVersion: 4, clean: true, reconnectPeriod: 0 });
    c.once('connect', () => res(c));
    c.once('error', rej);
  });
}

export interface FanoutResult {
  sent: number;
  delivered: number;
  expected: number;
  seconds: number;
  latenciesMs: number[];
}

/** `publishers` clients publish to one topic at `ratePerSecond` in total; `subscribers` clients receive every message. */
export async function fanout(peer: Peer, opts: { qos: 0 | 1; ratePerSecond: number; seconds: number; publishers?: number; subscribers?: number }): Promise<FanoutResult> {
  const nPub = opts.publishers ?? 10;
  const nSub = opts.subscribers ?? 10;
  const topic = `bench/${peer.name}/${Date.now()}`;
  const subs = await Promise.all(Array.from({ length: nSub }, (_, i) => open(peer, `bench-sub-${i}-${Date.now()}`)));
  const pubs = await Promise.all(Array.from({ length: nPub }, (_, i) => open(peer, `bench-pub-${i}-${Date.now()}`)));
  await Promise.all(subs.map((s) => s.subscribeAsync(topic, { qos: opts.qos })));

  let delivered = 0;
  const latenciesMs: number[] = [];
  for (const s of subs) {
    s.on('message', (_t, payload) => {
      delivered += 1;
      latenciesMs.push(performance.timeOrigin + performance.now() - payload.readDoubleLE(0));
    });
  }

  const payload = Buffer.alloc(PAYLOAD_BYTES, 0x61);
  const tickMs = 10;
  const perTick = opts.ratePerSecond / (1000 / tickMs);
  let sent = 0;
  let owed = 0;
  const started = performance.now();
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      owed += perTick;
      while (owed >= 1) {
        owed -= 1;
        const p = Buffer.from(payload);
        p.writeDoubleLE(performance.timeOrigin + performance.now(), 0);
        pubs[sent % nPub].publish(topic, p, { qos: opts.qos });
        sent += 1;
      }
      if (performance.now() - started >= opts.seconds * 1000) {
        clearInterval(timer);
        done();
      }
    }, tickMs);
  });
  const expected = sent * nSub;
  // let in-flight messages arrive (bounded wait)
  const drainUntil = performance.now() + 5000;
  while (delivered < expected && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
  const seconds = (performance.now() - started) / 1000;
  await Promise.all([...subs, ...pubs].map((c) => c.endAsync(true)));
  latenciesMs.sort((a, b) => a - b);
  return { sent, delivered, expected, seconds, latenciesMs };
}

export function latencySummary(r: FanoutResult) {
  return { p50: percentile(r.latenciesMs, 50), p99: percentile(r.latenciesMs, 99) };
}

// MQTT 3.1.1 CONNECT, clean session, keepalive 300 s, written by hand to keep the generator light
function connectPacket(clientId: string): Buffer {
  const id = Buffer.from(clientId);
  const variable = Buffer.from([0, 4, 0x4d, 0x51, 0x54, 0x54, 4, 0x02, 0x01, 0x2c]);
  const remaining = variable.length + 2 + id.length;
  return Buffer.concat([Buffer.from([0x10, remaining]), variable, Buffer.from([id.length >> 8, id.length & 0xff]), id]);
}

export interface StormResult {
  connected: number;
  failed: number;
  connectMs: number[];
  sockets: Socket[];
}

/** Open `count` connections at `perSecond`, each waiting for its CONNACK; sockets stay open. */
export async function connectionStorm(peer: Peer, count: number, perSecond: number): Promise<StormResult> {
  const result: StormResult = { connected: 0, failed: 0, connectMs: [], sockets: [] };
  const batch = Math.max(1, Math.round(perSecond / 100));
  const pending: Promise<void>[] = [];
  for (let i = 0; i < count; i += batch) {
    for (let j = i; j < Math.min(count, i + batch); j++) {
      pending.push(
        new Promise<void>((res) => {
          const t0 = performance.now();
          const sock = netConnect(peer.port, peer.host);
          sock.setNoDelay(true);
          sock.once('connect', () => sock.write(connectPacket(`storm-${peer.name}-${j}`)));
          sock.once('data', (d) => {
            if (d[0] === 0x20 && d[3] === 0) {
              result.connected += 1;
              result.connectMs.push(performance.now() - t0);
            } else result.failed += 1;
            res();
          });
          sock.once('error', () => (result.failed += 1, res()));
          result.sockets.push(sock);
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  await Promise.all(pending);
  result.connectMs.sort((a, b) => a - b);
  return result;
}
