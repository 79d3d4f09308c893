// Load generators: MQTT.js publishers/subscribers at a fixed rate, and raw-socket connection storms.
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { connect as netConnect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Peer } from './peers';
import type { FinishCommand, SubscribeCommand, SubscriberReport } from './subscribers';

const PAYLOAD_BYTES = 64;

/** an MQTT 3.1.1 clean-session client, resolved on CONNACK; `extra` adds or overrides options (credentials…) */
export function open(peer: Peer, clientId: string, extra?: IClientOptions): Promise<MqttClient> {
  return new Promise((res, rej) => {
    const c = mqtt.connect({ host: peer.host, port: peer.port, clientId, protocolVersion: 4, clean: true, reconnectPeriod: 0, ...extra });
    c.once('connect', () => res(c));
    c.once('error', rej);
  });
}

/**
 * Calls `send(i)` for i = 0, 1, … at `ratePerSecond` on average (a 10 ms tick, the fraction carried over) for
 * `seconds`; resolves with the number of calls made.
 */
export function paced(ratePerSecond: number, seconds: number, send: (i: number) => void): Promise<number> {
  const tickMs = 10;
  const perTick = ratePerSecond / (1000 / tickMs);
  let sent = 0;
  let owed = 0;
  const started = performance.now();
  return new Promise((done) => {
    const timer = setInterval(() => {
      owed += perTick;
      while (owed >= 1) {
        owed -= 1;
        send(sent);
        sent += 1;
      }
      if (performance.now() - started >= seconds * 1000) {
        clearInterval(timer);
        done(sent);
      }
    }, tickMs);
  });
}

export interface FanoutResult {
  sent: number;
  delivered: number;
  expected: number;
  seconds: number;
  p50: number;
  p99: number;
}

/** the subscribers of one run, in a child process (bench/lib/subscribers.ts) */
export function subscriberProcess(cmd: SubscribeCommand) {
  const child = fork(fileURLToPath(new URL('./subscribers.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>(type: string) =>
    new Promise<T>((res, rej) => {
      const onMessage = (m: { type: string }) => {
        if (m.type !== type) return;
        child.off('exit', onExit);
        child.off('message', onMessage);
        res(m as T);
      };
      const onExit = (code: number) => rej(new Error(`subscriber process exited with ${code} before '${type}'`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = next<{ type: 'ready' }>('ready');
  child.send(cmd);
  return {
    ready,
    finish(c: FinishCommand): Promise<SubscriberReport> {
      const report = next<SubscriberReport>('report');
      child.send(c);
      return report;
    },
  };
}

/**
 * `publishers` clients (here) publish to one topic at `ratePerSecond` in total; `subscribers` clients (in a child
 * process) receive every message. The payload carries the send time for end-to-end latency.
 */
export async function fanout(peer: Peer, opts: { qos: 0 | 1; ratePerSecond: number; seconds: number; publishers?: number; subscribers?: number }): Promise<FanoutResult> {
  const nPub = opts.publishers ?? 10;
  const nSub = opts.subscribers ?? 10;
  const run = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const topic = `bench/${peer.name}/${run}`;
  const subs = subscriberProcess({ type: 'subscribe', host: peer.host, port: peer.port, topic, qos: opts.qos, count: nSub, idPrefix: `bench-sub-${run}` });
  const pubs = await Promise.all(Array.from({ length: nPub }, (_, i) => open(peer, `bench-pub-${i}-${run}`)));
  await subs.ready;

  const payload = Buffer.alloc(PAYLOAD_BYTES, 0x61);
  const started = performance.now();
  const sent = await paced(opts.ratePerSecond, opts.seconds, (i) => {
    const p = Buffer.from(payload);
    p.writeDoubleLE(performance.timeOrigin + performance.now(), 0);
    pubs[i % nPub].publish(topic, p, { qos: opts.qos });
  });
  const expected = sent * nSub;
  // let in-flight messages arrive (bounded wait)
  const report = await subs.finish({ type: 'finish', expected, drainMs: 5000 });
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(pubs.map((c) => c.endAsync(true)));
  return { sent, delivered: report.delivered, expected, seconds, p50: report.p50, p99: report.p99 };
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
          sock.once('error', () => ((result.failed += 1), res()));
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
