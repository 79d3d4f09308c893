// The receiving side of a fan-out run, in its own process so that decoding 20,000+ msgs/s with MQTT.js does not
// compete with the publishers' timer on one event loop (that made the generator, not the broker, the bottleneck).
// Protocol over the IPC channel (see runSubscribers in load.ts):
//   parent → child  SubscribeCommand, later FinishCommand
//   child → parent  { type: 'ready' } once every subscriber holds its subscription, then a SubscriberReport
import mqtt, { type MqttClient } from 'mqtt';
import { performance } from 'node:perf_hooks';
import { connect as netConnect, type Socket } from 'node:net';

export interface SubscribeCommand {
  type: 'subscribe';
  host: string;
  port: number;
  topic: string;
  qos: 0 | 1;
  count: number;
  idPrefix: string;
  /**
   * raw: minimal MQTT 3.1.1 clients on plain sockets (frame, count, PUBACK in one write per chunk) instead of MQTT.js,
   * whose per-message cost at QoS 1 made the subscribers, not the broker, the bottleneck of a saturation run
   */
  raw?: boolean;
}

export interface FinishCommand {
  type: 'finish';
  expected: number;
  /** how long to keep waiting for messages still in flight */
  drainMs: number;
}

export interface SubscriberReport {
  type: 'report';
  delivered: number;
  /** end-to-end latency percentiles in ms (publisher timestamp in the payload → arrival here) */
  p50: number;
  p99: number;
  max: number;
  /** when the last message arrived (epoch ms, performance.timeOrigin + now) */
  lastAt: number;
}

const send = (m: unknown) => process.send!(m);
let clients: MqttClient[] = [];
let delivered = 0;
let lastAt = NaN;
// latencies kept in a growable typed array: no per-message allocation on the receiving side
let lat = new Float64Array(1 << 20);

function record(ms: number): void {
  if (delivered >= lat.length) {
    const next = new Float64Array(lat.length * 2);
    next.set(lat);
    lat = next;
  }
  lat[delivered++] = ms;
}

function open(c: SubscribeCommand, i: number): Promise<MqttClient> {
  return new Promise((res, rej) => {
    const client = mqtt.connect({ host: c.host, port: c.port, clientId: `${c.idPrefix}-${i}`, protocolVersion: 4, clean: true, reconnectPeriod: 0 });
    client.once('connect', () => res(client));
    client.once('error', rej);
  });
}

let rawSockets: Socket[] = [];

/** one raw subscriber: CONNECT, SUBSCRIBE, then every PUBLISH counted (latency from its payload) and QoS 1 acknowledged */
function openRaw(c: SubscribeCommand, i: number): Promise<Socket> {
  return new Promise((res, rej) => {
    const sock = netConnect(c.port, c.host);
    sock.setNoDelay(true);
    const id = Buffer.from(`${c.idPrefix}-${i}`);
    const head = Buffer.from([0, 4, 0x4d, 0x51, 0x54, 0x54, 4, 0x02, 0x01, 0x2c]);
    const t = Buffer.from(c.topic);
    sock.write(Buffer.concat([Buffer.from([0x10, head.length + 2 + id.length]), head, Buffer.from([0, id.length]), id]));
    sock.write(Buffer.concat([Buffer.from([0x82, 2 + 2 + t.length + 1, 0, 1, t.length >> 8, t.length & 0xff]), t, Buffer.from([c.qos])]));
    let pending: Buffer | null = null;
    sock.on('data', (chunk: Buffer) => {
      const buf = pending === null ? chunk : Buffer.concat([pending, chunk]);
      const acks: number[] = [];
      let at = 0;
      for (;;) {
        if (buf.length - at < 2) break;
        let len = 0;
        let mul = 1;
        let i = at + 1;
        for (; i < buf.length; i++) {
          len += (buf[i] & 0x7f) * mul;
          mul *= 128;
          if ((buf[i] & 0x80) === 0) break;
        }
        if (i >= buf.length || buf.length < i + 1 + len) break;
        const type = buf[at] >> 4;
        const body = i + 1;
        if (type === 3) {
          const qos = (buf[at] >> 1) & 3;
          const tl = buf.readUInt16BE(body);
          let p = body + 2 + tl;
          if (qos > 0) {
            acks.push(buf.readUInt16BE(p));
            p += 2;
          }
          lastAt = performance.timeOrigin + performance.now();
          record(lastAt - buf.readDoubleLE(p));
        } else if (type === 9) res(sock);
        at = body + len;
      }
      pending = at < buf.length ? Buffer.from(buf.subarray(at)) : null;
      if (acks.length > 0) {
        const out = Buffer.allocUnsafe(acks.length * 4);
        for (let k = 0; k < acks.length; k++) {
          out[k * 4] = 0x40;
          out[k * 4 + 1] = 2;
          out.writeUInt16BE(acks[k], k * 4 + 2);
        }
        sock.write(out);
      }
    });
    sock.once('error', rej);
  });
}

async function subscribe(c: SubscribeCommand): Promise<void> {
  if (c.raw) {
    rawSockets = await Promise.all(Array.from({ length: c.count }, (_, i) => openRaw(c, i)));
    send({ type: 'ready' });
    return;
  }
  clients = await Promise.all(Array.from({ length: c.count }, (_, i) => open(c, i)));
  for (const client of clients) {
    client.on('message', (_t, payload) => {
      lastAt = performance.timeOrigin + performance.now();
      record(lastAt - payload.readDoubleLE(0));
    });
  }
  await Promise.all(clients.map((client) => client.subscribeAsync(c.topic, { qos: c.qos })));
  send({ type: 'ready' });
}

function pct(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function finish(c: FinishCommand): Promise<void> {
  const until = performance.now() + c.drainMs;
  while (delivered < c.expected && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
  const sorted = lat.slice(0, delivered).sort();
  const report: SubscriberReport = { type: 'report', delivered, p50: pct(sorted, 50), p99: pct(sorted, 99), max: pct(sorted, 100), lastAt };
  await Promise.all(clients.map((client) => client.endAsync(true)));
  for (const sock of rawSockets) sock.destroy();
  send(report);
  process.disconnect();
}

process.on('message', (m: SubscribeCommand | FinishCommand) => {
  const run = m.type === 'subscribe' ? subscribe(m) : finish(m);
  run.catch((err: Error) => {
    console.error(`subscribers: ${err.message}`);
    process.exit(1);
  });
});
