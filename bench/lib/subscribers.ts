// The receiving side of a fan-out run, in its own process so that decoding 20,000+ msgs/s with MQTT.js does not
// compete with the publishers' timer on one event loop (that made the generator, not the broker, the bottleneck).
// Protocol over the IPC channel (see runSubscribers in load.ts):
//   parent → child  SubscribeCommand, later FinishCommand
//   child → parent  { type: 'ready' } once every subscriber holds its subscription, then a SubscriberReport
import mqtt, { type MqttClient } from 'mqtt';
import { performance } from 'node:perf_hooks';

export interface SubscribeCommand {
  type: 'subscribe';
  host: string;
  port: number;
  topic: string;
  qos: 0 | 1;
  count: number;
  idPrefix: string;
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
}

const send = (m: unknown) => process.send!(m);
let clients: MqttClient[] = [];
let delivered = 0;
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

async function subscribe(c: SubscribeCommand): Promise<void> {
  clients = await Promise.all(Array.from({ length: c.count }, (_, i) => open(c, i)));
  for (const client of clients) {
    client.on('message', (_t, payload) => record(performance.timeOrigin + performance.now() - payload.readDoubleLE(0)));
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
  const report: SubscriberReport = { type: 'report', delivered, p50: pct(sorted, 50), p99: pct(sorted, 99), max: pct(sorted, 100) };
  await Promise.all(clients.map((client) => client.endAsync(true)));
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
