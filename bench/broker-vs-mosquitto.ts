// Broker benchmark, MQDeck's node vs the Mosquitto running on this machine, same run, printed as ratios.
//   npx tsx bench/broker-vs-mosquitto.ts [--seconds 10] [--rate 5000] [--connections 5000]
// 1. broker CPU per delivered message (from /proc of the broker process), 10 publishers → 1 topic → 10 subscribers,
//    64-byte payloads, QoS 0 and QoS 1, at a fixed inbound rate; delivered vs expected (no QoS 1 loss allowed);
// 2. latency p50/p99 at 2,000 msgs/s in (20,000 out), QoS 0 and QoS 1;
// 3. connections opened at 1,000/s: p99 connect time, RSS growth per idle connection, RSS after they leave.
import { parseArgs } from 'node:util';
import { cpuMicros, rssBytes, percentile } from './lib/proc';
import { startMqdeck, mosquitto, type Peer } from './lib/peers';
import { fanout, latencySummary, connectionStorm } from './lib/load';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '5000' },
    connections: { type: 'string', default: '5000' },
    only: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const connections = Number(values.connections);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Row = [label: string, ours: number, peer: number, unit: string, lowerIsBetter: boolean];
const rows: Row[] = [];

async function measureCpu(peer: Peer, qos: 0 | 1) {
  const before = cpuMicros(peer.pid);
  const r = await fanout(peer, { qos, ratePerSecond: rate, seconds });
  const cpu = cpuMicros(peer.pid) - before;
  return { perDelivery: cpu / Math.max(1, r.delivered), outRate: r.delivered / r.seconds, lost: r.expected - r.delivered, r };
}

async function scenarioCpu(ours: Peer, peer: Peer) {
  for (const qos of [0, 1] as const) {
    const a = await measureCpu(ours, qos);
    const b = await measureCpu(peer, qos);
    rows.push([`QoS ${qos} broker CPU per delivery`, a.perDelivery, b.perDelivery, 'µs', true]);
    rows.push([`QoS ${qos} deliveries per second`, a.outRate, b.outRate, 'msg/s', false]);
    rows.push([`QoS ${qos} not delivered (of ${a.r.expected} / ${b.r.expected})`, a.lost, b.lost, 'msgs', true]);
  }
}

async function scenarioLatency(ours: Peer, peer: Peer) {
  for (const qos of [0, 1] as const) {
    const a = latencySummary(await fanout(ours, { qos, ratePerSecond: 2000, seconds }));
    const b = latencySummary(await fanout(peer, { qos, ratePerSecond: 2000, seconds }));
    rows.push([`QoS ${qos} latency p50 @2k in/20k out`, a.p50, b.p50, 'ms', true]);
    rows.push([`QoS ${qos} latency p99 @2k in/20k out`, a.p99, b.p99, 'ms', true]);
  }
}

async function storm(peer: Peer) {
  const rssBefore = rssBytes(peer.pid);
  const s = await connectionStorm(peer, connections, 1000);
  await sleep(3000);
  const rssConnected = rssBytes(peer.pid);
  for (const sock of s.sockets) sock.destroy();
  await sleep(10_000);
  const rssAfter = rssBytes(peer.pid);
  return {
    p99: percentile(s.connectMs, 99),
    connected: s.connected,
    perConnKB: (rssConnected - rssBefore) / Math.max(1, s.connected) / 1024,
    retainedKB: (rssAfter - rssBefore) / 1024,
  };
}

async function scenarioConnections(ours: Peer, peer: Peer) {
  const a = await storm(ours);
  const b = await storm(peer);
  rows.push([`connections established (of ${connections})`, a.connected, b.connected, 'conns', false]);
  rows.push(['connect time p99 @1000/s', a.p99, b.p99, 'ms', true]);
  rows.push(['RSS growth per idle connection', a.perConnKB, b.perConnKB, 'KB', true]);
  rows.push(['RSS above baseline after clients left', a.retainedKB, b.retainedKB, 'KB', true]);
}

function print() {
  const fmt = (n: number) => (Number.isFinite(n) ? (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2)) : 'n/a');
  console.log(`\n${'metric'.padEnd(46)} ${'mqdeck'.padStart(10)} ${'mosquitto'.padStart(10)}  ratio (mqdeck/mosquitto)`);
  for (const [label, a, b, unit] of rows) {
    const ratio = b === 0 ? (a === 0 ? '1.00' : 'n/a') : (a / b).toFixed(2);
    console.log(`${`${label} [${unit}]`.padEnd(46)} ${fmt(a).padStart(10)} ${fmt(b).padStart(10)}  ${ratio}x`);
  }
}

const ours = await startMqdeck();
const peer = mosquitto();
try {
  if (!values.only || values.only === 'cpu') await scenarioCpu(ours, peer);
  if (!values.only || values.only === 'latency') await scenarioLatency(ours, peer);
  if (!values.only || values.only === 'connections') await scenarioConnections(ours, peer);
} finally {
  print();
  await ours.stop();
}
