// Broker benchmark, MQDeck's node vs a Mosquitto started for the run (own config on a free port, stopped by its pid;
// the machine's Mosquitto on 1883 is left alone), same run, printed as ratios.
//   npx tsx bench/broker-vs-mosquitto.ts [--only cpu|latency|connections] [--seconds 10] [--rate 5000] [--rounds 3] [--connections 5000]
//     [--baseline REV|DIR] (connections and cpu: also measure a node of another revision or checkout in the same rounds;
//                         lib/baseline.ts; its rows are marked "(baseline)", its figure beside Mosquitto's)
//     [--floor]          (connections: also storm bare servers answering CONNACK: node:net, bench/lib/bare-connack.mjs, and
//                         libuv handles without net.Socket, bench/lib/bare-connack-raw.mjs)
// The subscribers run in a child process (bench/lib/subscribers.ts) so the generator is not the bottleneck; CPU and
// latency rounds alternate between the two brokers and the median round is printed, since other processes on this
// 2-core machine come and go (the load average is printed beside the figures).
// 1. broker CPU per delivered message (from /proc of the broker process), 10 publishers → 1 topic → 10 subscribers,
//    64-byte payloads, QoS 0 and QoS 1, at a fixed inbound rate; delivered vs expected (no QoS 1 loss allowed);
// 2. latency p50/p99 at 2,000 msgs/s in (20,000 out), QoS 0 and QoS 1;
// 3. connections opened at 1,000/s: p50/p99 connect time, broker CPU per connect, RSS growth per idle connection, RSS 10 s after they leave
//    (each round against a fresh node, alternating with Mosquitto, medians); then three more storms of as many against
//    the same server, each once the one before left: CPU and connect times warmed up (their median). A fresh node
//    compiles its connect path during the first storm (V8's optimizing compiler, ≈ 40 µs per connect of 5,000 in
//    session 13's traces), which the later ones no longer pay; memory is read from the first.
import { parseArgs } from 'node:util';
import { cpus, loadavg } from 'node:os';
import { cpuMicros, rssBytes, percentile, syscalls, sysMicros } from './lib/proc';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startMqdeck, startMosquitto, mosquittoHeap, type Peer } from './lib/peers';
import { fanout, connectionStorm } from './lib/load';
import { baselineRoot } from './lib/baseline';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '5000' },
    connections: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '3' },
    only: { type: 'string' },
    baseline: { type: 'string' },
    floor: { type: 'boolean', default: false },
  },
});
const baseline = values.baseline ? baselineRoot(values.baseline) : undefined;
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const connections = Number(values.connections);
const rounds = Math.max(1, Number(values.rounds));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** storms after the first one, per server and round (connections scenario) */
const WARM_STORMS = 3;

type Row = [label: string, ours: number, peer: number, unit: string, lowerIsBetter: boolean];
const rows: Row[] = [];

async function measureCpu(peer: Peer, qos: 0 | 1, ratePerSecond: number) {
  const dropsBefore = await deliveryDrops(peer);
  const before = cpuMicros(peer.pid);
  const sysBefore = sysMicros(peer.pid);
  const ioBefore = syscalls(peer.pid);
  const r = await fanout(peer, { qos, ratePerSecond, seconds });
  const cpu = cpuMicros(peer.pid) - before;
  const writes = syscalls(peer.pid).writes - ioBefore.writes;
  const sys = sysMicros(peer.pid) - sysBefore;
  const dropped = (await deliveryDrops(peer)) - dropsBefore;
  const delivered = Math.max(1, r.delivered);
  return {
    perDelivery: cpu / delivered,
    sysPerDelivery: sys / delivered,
    writesPerDelivery: writes / delivered,
    outRate: r.delivered / r.seconds,
    lost: r.expected - r.delivered,
    dropped,
    r,
  };
}

/** each node's login token (ours and a baseline node sign their own) */
const tokens = new Map<string, string>();
/** our node's delivery.dropped counter (queue_full, expired ...: drops the configured limits account for); NaN for a peer without the API */
async function deliveryDrops(peer: Peer): Promise<number> {
  if (!peer.httpUrl) return NaN;
  let token = tokens.get(peer.httpUrl);
  if (!token) {
    const login = await fetch(`${peer.httpUrl}/api/v5/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'public' }),
    });
    token = ((await login.json()) as { token: string }).token;
    tokens.set(peer.httpUrl, token);
  }
  const m = (await (await fetch(`${peer.httpUrl}/api/v5/metrics`, { headers: { authorization: `Bearer ${token}` } })).json()) as Record<string, number>[] | Record<string, number>;
  return (Array.isArray(m) ? m[0] : m)['delivery.dropped'];
}

type Round = Awaited<ReturnType<typeof measureCpu>>;
/** the median of the rounds that gave a figure (a round without one, e.g. a $SYS report that did not come, is left out) */
const median = (xs: number[]) => {
  const ok = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return ok.length === 0 ? NaN : ok[Math.floor((ok.length - 1) / 2)];
};

/** `rounds` alternating runs on both brokers (ours first, then the peer, then ours again ...), a baseline node between */
async function alternate(ours: Peer, peer: Peer, qos: 0 | 1, ratePerSecond: number, base?: Peer): Promise<[Round[], Round[], Round[]]> {
  const a: Round[] = [];
  const b: Round[] = [];
  const c: Round[] = [];
  for (let i = 0; i < rounds; i++) {
    a.push(await measureCpu(ours, qos, ratePerSecond));
    if (base) c.push(await measureCpu(base, qos, ratePerSecond));
    b.push(await measureCpu(peer, qos, ratePerSecond));
    const baseText = base ? `baseline ${c[i].perDelivery.toFixed(2)} µs lost ${c[i].lost}, ` : '';
    console.error(
      `  qos ${qos} @${ratePerSecond}/s round ${i + 1}: mqdeck ${a[i].perDelivery.toFixed(2)} µs lost ${a[i].lost} (dropped ${a[i].dropped}) p99 ${a[i].r.p99.toFixed(2)} ms, ${baseText}mosquitto ${b[i].perDelivery.toFixed(2)} µs p99 ${b[i].r.p99.toFixed(2)} ms (load ${loadavg()[0].toFixed(2)})`,
    );
  }
  return [a, b, c];
}

async function scenarioCpu(ours: Peer, peer: Peer, base?: Peer) {
  for (const qos of [0, 1] as const) {
    const [a, b, c] = await alternate(ours, peer, qos, rate, base);
    const m = (rs: Round[], f: (r: Round) => number) => median(rs.map(f));
    const both = (label: string, f: (r: Round) => number, unit: string, lower: boolean) => {
      rows.push([label, m(a, f), m(b, f), unit, lower]);
      if (base) rows.push([`${label} (baseline)`, m(c, f), m(b, f), unit, lower]);
    };
    both(`QoS ${qos} broker CPU per delivery`, (r) => r.perDelivery, 'µs', true);
    both(`QoS ${qos}   of which kernel (sys)`, (r) => r.sysPerDelivery, 'µs', true);
    both(`QoS ${qos} write syscalls per delivery`, (r) => r.writesPerDelivery, 'calls', true);
    both(`QoS ${qos} deliveries per second`, (r) => r.outRate, 'msg/s', false);
    // losses are summed over the rounds: a single lost QoS 1 message must show
    const sum = (rs: Round[], f: (r: Round) => number) => rs.reduce((n, r) => n + f(r), 0);
    rows.push([`QoS ${qos} not delivered (of ${sum(a, (r) => r.r.expected)} / ${sum(b, (r) => r.r.expected)})`, sum(a, (r) => r.lost), sum(b, (r) => r.lost), 'msgs', true]);
    if (base) rows.push([`QoS ${qos} not delivered (baseline, of ${sum(c, (r) => r.r.expected)})`, sum(c, (r) => r.lost), sum(b, (r) => r.lost), 'msgs', true]);
    rows.push([`QoS ${qos} of those counted in delivery.dropped`, sum(a, (r) => r.dropped), NaN, 'msgs', true]);
  }
}

async function scenarioLatency(ours: Peer, peer: Peer) {
  for (const qos of [0, 1] as const) {
    const [a, b] = await alternate(ours, peer, qos, 2000);
    const m = (rs: Round[], f: (r: Round) => number) => median(rs.map(f));
    rows.push([`QoS ${qos} latency p50 @2k in/20k out`, m(a, (r) => r.r.p50), m(b, (r) => r.r.p50), 'ms', true]);
    rows.push([`QoS ${qos} latency p99 @2k in/20k out`, m(a, (r) => r.r.p99), m(b, (r) => r.r.p99), 'ms', true]);
    rows.push([`QoS ${qos} broker CPU per delivery @2k in`, m(a, (r) => r.perDelivery), m(b, (r) => r.perDelivery), 'µs', true]);
  }
}

async function storm(peer: Peer) {
  const heap = peer.name === 'mosquitto' ? await mosquittoHeap(peer) : undefined;
  await sleep(200);
  // the retained report normally arrives at once; otherwise wait for the next one
  const heapBefore = heap ? (Number.isNaN(heap.latest()) ? await heap.next() : heap.latest()) : NaN;
  const rssBefore = rssBytes(peer.pid);
  const cpuBefore = cpuMicros(peer.pid);
  const s = await connectionStorm(peer, connections, 1000);
  const cpu = cpuMicros(peer.pid) - cpuBefore;
  await sleep(3000);
  const rssConnected = rssBytes(peer.pid);
  // Mosquitto's next heap report (every sys_interval) with the clients connected
  const heapConnected = heap ? await heap.next() : NaN;
  await heap?.close();
  for (const sock of s.sockets) sock.destroy();
  await sleep(10_000);
  const rssAfter = rssBytes(peer.pid);
  // the same storm again, the first one gone: the connect path compiled, the heap grown once. Three times, each
  // round's figure their median: the first of them still pays for what the first teardown did once (V8 re-optimizes
  // connect-path functions whose object fields were generalized when the first clients left: 19 functions in storm 2,
  // 2 in storm 3, none in storm 4 of a --trace-opt run), and a major GC falls inside some storms and not others
  const warm: { cpu: number; p50: number; p99: number; connected: number }[] = [];
  for (let k = 0; k < WARM_STORMS; k++) {
    const warmCpuBefore = cpuMicros(peer.pid);
    const w = await connectionStorm(peer, connections, 1000);
    const warmCpu = cpuMicros(peer.pid) - warmCpuBefore;
    for (const sock of w.sockets) sock.destroy();
    await sleep(k === WARM_STORMS - 1 ? 1000 : 3000);
    warm.push({ cpu: warmCpu / Math.max(1, w.connected), p50: percentile(w.connectMs, 50), p99: percentile(w.connectMs, 99), connected: w.connected });
  }
  return {
    warmP50: median(warm.map((w) => w.p50)),
    warmP99: median(warm.map((w) => w.p99)),
    warmConnected: Math.min(...warm.map((w) => w.connected)),
    warmCpuPerConnect: median(warm.map((w) => w.cpu)),
    warmCpuEach: warm.map((w) => w.cpu),
    p50: percentile(s.connectMs, 50),
    p99: percentile(s.connectMs, 99),
    connected: s.connected,
    cpuPerConnect: cpu / Math.max(1, s.connected),
    heapPerConnKB: (heapConnected - heapBefore) / Math.max(1, s.connected) / 1024,
    perConnKB: (rssConnected - rssBefore) / Math.max(1, s.connected) / 1024,
    retainedKB: (rssAfter - rssBefore) / 1024,
  };
}
type Storm = Awaited<ReturnType<typeof storm>>;

/** one storm against a fresh node of ours: after other rounds a node's heap shrinks while the storm runs (negative RSS growth) */
async function stormFresh(root?: string): Promise<Storm> {
  const fresh = await startMqdeck({}, [], root);
  try {
    await sleep(5000); // settled: start-up garbage collected, timers armed
    return await storm(fresh);
  } finally {
    await fresh.stop();
  }
}

/**
 * one storm against a fresh bare server answering CONNACK: bench/lib/bare-connack.mjs (node:net, the floor of any
 * broker on net.Socket) or bare-connack-raw.mjs (libuv handles, the floor of our plain-TCP listeners)
 */
async function stormFloor(script: 'bare-connack.mjs' | 'bare-connack-raw.mjs'): Promise<Storm> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'lib', script)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((res) => child.stdout!.once('data', (d) => res(Number(String(d).trim()))));
  const bare: Peer = { name: 'bare', host: '127.0.0.1', port, pid: child.pid!, stop: async () => {} };
  try {
    await sleep(1000);
    return await storm(bare);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function scenarioConnections(peer: Peer) {
  // alternating rounds (ours, Mosquitto, ours ...), medians: the machine's other load falls on both alike
  const a: Storm[] = [];
  const b: Storm[] = [];
  const base: Storm[] = [];
  const floor: Storm[] = [];
  const rawFloor: Storm[] = [];
  const f = (r: Storm) =>
    `p50 ${r.p50.toFixed(1)} p99 ${r.p99.toFixed(1)} ms, ${r.cpuPerConnect.toFixed(0)} µs CPU/connect, ${r.perConnKB.toFixed(2)} KB/conn (heap ${r.heapPerConnKB.toFixed(2)}), ${(r.retainedKB / 1024).toFixed(1)} MB after; warmed: p50 ${r.warmP50.toFixed(1)} p99 ${r.warmP99.toFixed(1)} ms, ${r.warmCpuPerConnect.toFixed(0)} µs CPU/connect (storms ${r.warmCpuEach.map((c) => c.toFixed(0)).join(', ')})`;
  for (let i = 0; i < rounds; i++) {
    if (baseline) {
      base.push(await stormFresh(baseline));
      console.error(`  connections round ${i + 1}: baseline ${f(base[i])}`);
    }
    if (values.floor) {
      floor.push(await stormFloor('bare-connack.mjs'));
      console.error(`  connections round ${i + 1}: bare node:net ${f(floor[i])}`);
      rawFloor.push(await stormFloor('bare-connack-raw.mjs'));
      console.error(`  connections round ${i + 1}: bare libuv handles ${f(rawFloor[i])}`);
    }
    a.push(await stormFresh());
    b.push(await storm(peer));
    console.error(`  connections round ${i + 1}: mqdeck ${f(a[i])}; mosquitto ${f(b[i])} (load ${loadavg()[0].toFixed(2)})`);
  }
  const m = (rs: Storm[], f: (r: Storm) => number) => median(rs.map(f));
  const table: [string, (r: Storm) => number, string, boolean][] = [
    [`connections established (of ${connections})`, (r) => r.connected, 'conns', false],
    ['connect time p50 @1000/s', (r) => r.p50, 'ms', true],
    ['connect time p99 @1000/s', (r) => r.p99, 'ms', true],
    ['broker CPU per connect (user+sys)', (r) => r.cpuPerConnect, 'µs', true],
    [`warmed: connections established (of ${connections})`, (r) => r.warmConnected, 'conns', false],
    ['warmed: connect time p50 @1000/s', (r) => r.warmP50, 'ms', true],
    ['warmed: connect time p99 @1000/s', (r) => r.warmP99, 'ms', true],
    ['warmed: broker CPU per connect (user+sys)', (r) => r.warmCpuPerConnect, 'µs', true],
    ['RSS growth per idle connection', (r) => r.perConnKB, 'KB', true],
    ['heap per idle connection (Mosquitto: $SYS heap)', (r) => r.heapPerConnKB, 'KB', true],
    ['RSS above baseline after clients left', (r) => r.retainedKB, 'KB', true],
  ];
  for (const [label, get, unit, lower] of table) {
    if (values.baseline) rows.push([`${label} (baseline)`, m(base, get), m(b, get), unit, lower]);
    if (values.floor) rows.push([`${label} (bare node:net)`, m(floor, get), m(b, get), unit, lower]);
    if (values.floor) rows.push([`${label} (bare libuv handles)`, m(rawFloor, get), m(b, get), unit, lower]);
    rows.push([label, m(a, get), m(b, get), unit, lower]);
  }
}

function print() {
  const [l1, l5] = loadavg();
  console.log(
    `\nload average at start ${loadAtStart[0].toFixed(2)} / ${loadAtStart[1].toFixed(2)} (1/5 min), at end ${l1.toFixed(2)} / ${l5.toFixed(2)}; ${cpus().length} cores; medians of ${rounds} alternating rounds of ${seconds} s`,
  );
  const fmt = (n: number) => (Number.isFinite(n) ? (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2)) : 'n/a');
  console.log(`\n${'metric'.padEnd(46)} ${'mqdeck'.padStart(10)} ${'mosquitto'.padStart(10)}  ratio (mqdeck/mosquitto)`);
  for (const [label, a, b, unit] of rows) {
    const ratio = !Number.isFinite(a) || !Number.isFinite(b) ? 'n/a' : b === 0 ? (a === 0 ? '1.00' : 'n/a') : (a / b).toFixed(2);
    console.log(`${`${label} [${unit}]`.padEnd(46)} ${fmt(a).padStart(10)} ${fmt(b).padStart(10)}  ${ratio}x`);
  }
}

const loadAtStart = loadavg();
// the connection storm starts nodes of its own: no idle node beside it when it runs alone
const ours = values.only === 'connections' ? null : await startMqdeck();
const baseNode = baseline && values.only === 'cpu' ? await startMqdeck({}, [], baseline) : undefined;
// sys_interval 2: the heap figure of the connection storm arrives within seconds
const peer = await startMosquitto(['sys_interval 2']);
try {
  if (ours && (!values.only || values.only === 'cpu')) await scenarioCpu(ours, peer, baseNode);
  if (ours && (!values.only || values.only === 'latency')) await scenarioLatency(ours, peer);
  if (!values.only || values.only === 'connections') await scenarioConnections(peer);
} finally {
  print();
  await ours?.stop();
  await baseNode?.stop();
  await peer.stop();
}
