// The measurement both gateway benches share: a fixed rate of QoS 0 messages from some publishers (gateway devices
// or plain MQTT clients) into the same MQTT subscribers of the node; deliveries per second, node CPU per delivery
// and messages lost, and the side-by-side report with ratios and the load average.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { MqttClient } from 'mqtt';
import { open, paced } from './load';
import type { Peer } from './peers';
import { cpuMicros, median } from './proc';

export interface GatewayLoad {
  rate: number;
  seconds: number;
  subscribers: number;
}

export interface Result {
  throughput: number;
  perDelivery: number;
  lost: number;
}

async function measure(peer: Peer, topic: string, publishers: Array<{ publish(): void }>, load: GatewayLoad): Promise<Result> {
  const subs: MqttClient[] = await Promise.all(Array.from({ length: load.subscribers }, (_, i) => open(peer, `sub-${i}-${Date.now()}`)));
  await Promise.all(subs.map((s) => s.subscribeAsync(topic, { qos: 0 })));
  let delivered = 0;
  for (const s of subs) s.on('message', () => (delivered += 1));
  const cpuBefore = cpuMicros(peer.pid);
  const started = performance.now();
  const sent = await paced(load.rate, load.seconds, (i) => publishers[i % publishers.length].publish());
  const until = performance.now() + 5000;
  while (delivered < sent * subs.length && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuMicros(peer.pid) - cpuBefore;
  await Promise.all(subs.map((c) => c.endAsync(true)));
  return { throughput: delivered / elapsed, perDelivery: cpu / Math.max(1, delivered), lost: sent * subs.length - delivered };
}

const line = (r: Result) => `${r.throughput.toFixed(0)} deliveries/s, ${r.perDelivery.toFixed(1)} µs CPU/delivery, lost ${r.lost}`;

function roundLine(round: number, gateway: string, g: Result, plain: Result): string {
  return `round ${round}: ${gateway} ${line(g)} | MQTT ${line(plain)}`;
}

/** the medians of the rounds side by side, with the gateway / MQTT ratios and the load average at start and end */
function report(gateway: string, publishers: number, load: GatewayLoad, g: Result[], plain: Result[], loadAtStart: number[]): void {
  const m = (rs: Result[], k: keyof Result) => median(rs.map((r) => r[k]));
  const row = (name: string, rs: Result[]) =>
    `${name.padEnd(18)}${m(rs, 'throughput').toFixed(0).padStart(12)}${m(rs, 'perDelivery').toFixed(1).padStart(16)}${String(m(rs, 'lost')).padStart(8)}`;
  console.log(`\n${publishers} publishers → ${load.subscribers} subscribers, ${load.rate} msgs/s in for ${load.seconds} s, 64-byte payload, QoS 0 (median of ${g.length})`);
  console.log(`load average: ${loadAtStart[0].toFixed(2)} at start, ${loadavg()[0].toFixed(2)} at end (2 cores)`);
  console.log(`${''.padEnd(18)}${'deliveries/s'.padStart(12)}${'µs CPU/delivery'.padStart(16)}${'lost'.padStart(8)}`);
  console.log(row(`${gateway} gateway`, g));
  console.log(row('plain MQTT', plain));
  console.log(
    `ratio ${gateway} / MQTT: throughput ${(m(g, 'throughput') / m(plain, 'throughput')).toFixed(2)}, CPU per delivery ${(m(g, 'perDelivery') / m(plain, 'perDelivery')).toFixed(2)}`,
  );
}

export interface Device {
  publish(): void;
  close(): Promise<void>;
}

/**
 * Rounds of: the gateway's devices publishing on a fresh topic, then as many plain MQTT publishers on another, each
 * measured into the same subscribers; prints each round and the report.
 */
export async function compareWithMqtt(opts: {
  peer: Peer;
  gateway: string;
  publishers: number;
  rounds: number;
  load: GatewayLoad;
  payload: Buffer;
  devices: (round: number, topic: string) => Promise<Device[]>;
}): Promise<void> {
  const { peer, gateway, publishers, rounds, load, payload } = opts;
  const loadAtStart = loadavg();
  const viaGateway: Result[] = [];
  const plain: Result[] = [];
  for (let round = 0; round < rounds; round++) {
    const topic = `bench/${gateway.toLowerCase()}/${Date.now()}`;
    const devices = await opts.devices(round, topic);
    viaGateway.push(await measure(peer, topic, devices, load));
    await Promise.all(devices.map((d) => d.close()));
    const mqttTopic = `bench/mqtt/${Date.now()}`;
    const pubs = await Promise.all(Array.from({ length: publishers }, (_, i) => open(peer, `pub-${round}-${i}`)));
    const mqttPublishers = pubs.map((p) => ({ publish: () => p.publish(mqttTopic, payload, { qos: 0 }) }));
    plain.push(await measure(peer, mqttTopic, mqttPublishers, load));
    await Promise.all(pubs.map((p) => p.endAsync(true)));
    console.log(roundLine(round + 1, gateway, viaGateway[round], plain[round]));
  }
  report(gateway, publishers, load, viaGateway, plain, loadAtStart);
}
