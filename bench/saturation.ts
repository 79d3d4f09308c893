// Saturation: 10 publishers → 1 topic → 10 subscribers, 50,000 messages of 64 B sent as fast as the broker takes
// them (each publisher keeps at most 64 unacknowledged at QoS 1; at QoS 0 it writes while its socket takes more),
// MQDeck's node and a Mosquitto of our own (own config, free port), each freshly started, measured in the same run.
//   npx tsx bench/saturation.ts [--messages 50000] [--rounds 2] [--only qos0|qos1|slow] [--root DIR] [--env K=V,...]
//     [--baseline REV|DIR] (also a node of another revision or checkout in the same rounds, rows marked 'before'; lib/baseline.ts)
//     [--node-args="--single-threaded-gc ..."]   (flags for our node's node process, space-separated)
//     [--cores 1,2]      (each broker pinned to CPUs 0..n-1 by taskset, once per n, in the same rounds: what a second
//                         core buys; the load generators are not pinned)
// Printed per broker: deliveries / expected, loss, deliveries per second (first publish → last delivery), publish
// time, CPU per delivery and the share of it off the main thread (node: V8 GC helpers, compiler, libuv pool), peak
// RSS above the idle broker's, our node's delivery.dropped.queue_full; then the slow-subscriber case:
// one subscriber that stops reading among 9 fast ones (the fast ones must get everything, the slow one's copies
// are dropped by its own queue limit and counted). Ratios are ours / Mosquitto's; the load average is printed.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { connect as netConnect } from 'node:net';
import { startMqdeck, startMosquitto, type Peer, type ProcLimits } from './lib/peers';
import { open, subscriberProcess } from './lib/load';
import { cpuMicros, mainThreadMicros, rssBytes } from './lib/proc';
import { metrics } from './lib/api';
import { baselineRoot } from './lib/baseline';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '50000' },
    rounds: { type: 'string', default: '2' },
    only: { type: 'string' },
    root: { type: 'string' },
    baseline: { type: 'string' },
    env: { type: 'string' },
    cores: { type: 'string' },
    'node-args': { type: 'string' },
  },
});
const baseline = values.baseline ? baselineRoot(values.baseline) : undefined;
const total = Number(values.messages);
const rounds = Math.max(1, Number(values.rounds));
const extraEnv = Object.fromEntries(
  (values.env ?? '')
    .split(',')
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);
/** CPU sets the brokers are pinned to (--cores 1,2 → "0" and "0-1"); [undefined]: not pinned */
const coreCounts = values.cores ? values.cores.split(',').map(Number) : [undefined];
for (const n of coreCounts) if (n !== undefined && !(n >= 1 && n <= cpus().length)) throw new Error(`--cores: ${n} is not 1..${cpus().length}`);
const cpuSet = (n: number | undefined): ProcLimits => (n === undefined ? {} : { cpus: n === 1 ? '0' : `0-${n - 1}` });
const coresLabel = (n: number | undefined) => (n === undefined ? '' : ` (${n} core${n > 1 ? 's' : ''})`);
const nodeArgs = (values['node-args'] ?? '').split(' ').filter(Boolean);
const N_PUB = 10;
const N_SUB = 10;
const WINDOW = 64;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Run {
  delivered: number;
  expected: number;
  lossPct: number;
  perSecond: number;
  publishSeconds: number;
  peakRssMB: number;
  cpuPerDelivery: number;
  /** broker CPU time / wall time from the first publish to the last delivery: 1.0 = one core busy all along */
  coresBusy: number;
  /** share of the broker's CPU time spent off its main thread (GC helpers, compiler, thread pool), % */
  offMainPct: number;
  queueFull: number;
  /** slow case: what the fast subscribers got of their share, and what the slow one got */
  fastDelivered?: number;
  fastExpected?: number;
  slowDelivered?: number;
}

/** the slow subscriber: a raw socket that subscribes, then stops reading until told to finish */
async function stalledSubscriber(peer: Peer, topic: string, qos: 0 | 1) {
  const sock = netConnect(peer.port, peer.host);
  const id = Buffer.from(`bench-slow-${Date.now()}`);
  const variable = Buffer.from([0, 4, 0x4d, 0x51, 0x54, 0x54, 4, 0x02, 0x01, 0x2c]);
  sock.write(Buffer.concat([Buffer.from([0x10, variable.length + 2 + id.length]), variable, Buffer.from([0, id.length]), id]));
  const t = Buffer.from(topic);
  sock.write(Buffer.concat([Buffer.from([0x82, 2 + 2 + t.length + 1, 0, 1, t.length >> 8, t.length & 0xff]), t, Buffer.from([qos])]));
  let bytes = 0;
  let suback = false;
  await new Promise<void>((res) => {
    sock.on('data', (d) => {
      bytes += d.length;
      if (!suback && d.includes(0x90)) {
        suback = true;
        sock.pause();
        res();
      }
    });
  });
  return {
    /** reads what reached it (nothing acknowledged: at QoS 1 only the inflight window arrives) and counts PUBLISH packets */
    async finish(): Promise<number> {
      let buf = Buffer.alloc(0);
      let count = 0;
      sock.removeAllListeners('data');
      sock.on('data', (d) => {
        buf = Buffer.concat([buf, d]);
        for (;;) {
          if (buf.length < 2) break;
          let len = 0;
          let mul = 1;
          let i = 1;
          for (; i < 5 && i < buf.length; i++) {
            len += (buf[i] & 0x7f) * mul;
            mul *= 128;
            if ((buf[i] & 0x80) === 0) break;
          }
          if (i >= buf.length || buf.length < i + 1 + len) break;
          if (buf[0] >> 4 === 3) count++;
          buf = buf.subarray(i + 1 + len);
        }
      });
      sock.resume();
      let last = -1;
      while (last !== bytes) {
        last = bytes;
        await sleep(500);
      }
      sock.destroy();
      return count;
    },
  };
}

async function run(peer: Peer, qos: 0 | 1, slow: boolean): Promise<Run> {
  const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const topic = `sat/${peer.name}/${tag}`;
  const nFast = slow ? N_SUB - 1 : N_SUB;
  const subs = subscriberProcess({ type: 'subscribe', host: peer.host, port: peer.port, topic, qos, count: nFast, idPrefix: `sat-sub-${tag}`, raw: true });
  const stalled = slow ? await stalledSubscriber(peer, topic, qos) : null;
  const pubs = await Promise.all(Array.from({ length: N_PUB }, (_, i) => open(peer, `sat-pub-${i}-${tag}`)));
  await subs.ready;
  const queueFullBefore = peer.httpUrl ? (await metrics(peer))['delivery.dropped.queue_full'] : NaN;
  await sleep(500);
  const idleRss = rssBytes(peer.pid);
  let peakRss = idleRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssBytes(peer.pid))), 20);
  const cpu0 = cpuMicros(peer.pid);
  const main0 = mainThreadMicros(peer.pid);
  const payload = Buffer.alloc(64, 0x61);
  const perPub = Math.ceil(total / N_PUB);
  const started = performance.now();
  const startedAt = performance.timeOrigin + started;
  await Promise.all(
    pubs.map(
      (c) =>
        new Promise<void>((done) => {
          let sent = 0;
          let acked = 0;
          let outstanding = 0;
          const pump = () => {
            while (sent < perPub && outstanding < WINDOW) {
              const p = Buffer.from(payload);
              p.writeDoubleLE(performance.timeOrigin + performance.now(), 0);
              sent++;
              outstanding++;
              c.publish(topic, p, { qos }, () => {
                outstanding--;
                acked++;
                if (acked === perPub) done();
                else pump();
              });
            }
          };
          pump();
        }),
    ),
  );
  const publishSeconds = (performance.now() - started) / 1000;
  const expected = perPub * N_PUB * nFast;
  const report = await subs.finish({ type: 'finish', expected, drainMs: 15_000 });
  const slowDelivered = stalled ? await stalled.finish() : undefined;
  clearInterval(sampler);
  const cpu = cpuMicros(peer.pid) - cpu0;
  const mainCpu = mainThreadMicros(peer.pid) - main0;
  await Promise.all(pubs.map((c) => c.endAsync(true)));
  const queueFull = peer.httpUrl ? (await metrics(peer))['delivery.dropped.queue_full'] - queueFullBefore : NaN;
  const delivered = report.delivered + (slowDelivered ?? 0);
  return {
    delivered: report.delivered,
    expected,
    lossPct: (100 * (expected - report.delivered)) / expected,
    perSecond: report.delivered / ((report.lastAt - startedAt) / 1000),
    publishSeconds,
    peakRssMB: (peakRss - idleRss) / 1024 / 1024,
    cpuPerDelivery: cpu / Math.max(1, delivered),
    coresBusy: cpu / (report.lastAt - startedAt) / 1000,
    offMainPct: cpu > 0 ? (100 * (cpu - mainCpu)) / cpu : NaN,
    queueFull,
    ...(slow ? { fastDelivered: report.delivered, fastExpected: expected, slowDelivered } : {}),
  };
}

type Row = [label: string, ours: number, peer: number, unit: string];
const rows: Row[] = [];
/** --cores: [label, figure per core count (in --cores order)] */
const coreRows: [label: string, perCores: number[], unit: string][] = [];
const median = (xs: number[]) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

async function scenario(name: string, qos: 0 | 1, slow: boolean) {
  const brokers = values.baseline ? (['before', 'mqdeck', 'mosquitto'] as const) : (['mqdeck', 'mosquitto'] as const);
  /** runs per broker and core count */
  const runs = new Map<string, Run[]>();
  const runsOf = (which: string, cores: number | undefined) => runs.get(`${which} ${cores}`) ?? [];
  for (let i = 0; i < rounds; i++) {
    for (const cores of coreCounts) {
      for (const which of brokers) {
        const limits = cpuSet(cores);
        const peer = which === 'mosquitto' ? await startMosquitto([], limits) : await startMqdeck(extraEnv, nodeArgs, which === 'before' ? baseline : values.root, limits);
        try {
          await sleep(which === 'mosquitto' ? 500 : 3000);
          const allowed = /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync(`/proc/${peer.pid}/status`, 'utf8'))?.[1];
          const r = await run(peer, qos, slow);
          runs.set(`${which} ${cores}`, [...runsOf(which, cores), r]);
          console.error(
            `  ${name}${coresLabel(cores)} round ${i + 1} ${which}: ${r.delivered}/${r.expected} (${r.lossPct.toFixed(2)} % lost) ${r.perSecond.toFixed(0)}/s, published in ${r.publishSeconds.toFixed(2)} s, peak RSS +${r.peakRssMB.toFixed(1)} MB, ${r.cpuPerDelivery.toFixed(2)} µs CPU/delivery, ${r.coresBusy.toFixed(2)} cores busy (${r.offMainPct.toFixed(1)} % off the main thread), queue_full ${r.queueFull}${slow ? `, slow one got ${r.slowDelivered}` : ''} (cpus ${allowed}, load ${loadavg()[0].toFixed(2)})`,
          );
        } finally {
          await peer.stop();
        }
      }
    }
  }
  for (const cores of coreCounts) tables(`${name}${coresLabel(cores)}`, slow, runsOf('mqdeck', cores), runsOf('mosquitto', cores), runsOf('before', cores));
  if (coreCounts.length < 2) return;
  for (const which of brokers) {
    const per = (f: (r: Run) => number) => coreCounts.map((c) => m(runsOf(which, c), f));
    coreRows.push([`${name} ${which}: deliveries per second`, per((r) => r.perSecond), 'msg/s']);
    coreRows.push([`${name} ${which}: CPU per delivery`, per((r) => r.cpuPerDelivery), 'µs']);
    coreRows.push([`${name} ${which}: cores busy`, per((r) => r.coresBusy), 'cores']);
    coreRows.push([`${name} ${which}: CPU off the main thread`, per((r) => r.offMainPct), '%']);
    coreRows.push([`${name} ${which}: lost`, per((r) => r.lossPct), '%']);
  }
}

const m = (rs: Run[], f: (r: Run) => number) => median(rs.map(f));
const sum = (rs: Run[], f: (r: Run) => number) => rs.reduce((n, r) => n + f(r), 0);

/** the rows of one scenario (and core count): ours (`a`), Mosquitto (`b`), the baseline node (`base`, may be empty) */
function tables(name: string, slow: boolean, a: Run[], b: Run[], base: Run[]) {
  if (base.length > 0) {
    rows.push([`${name} (before): delivered (of ${sum(base, (r) => r.expected)})`, sum(base, (r) => r.delivered), sum(b, (r) => r.delivered), 'msgs']);
    rows.push([`${name} (before): lost`, m(base, (r) => r.lossPct), m(b, (r) => r.lossPct), '%']);
    rows.push([`${name} (before): deliveries per second`, m(base, (r) => r.perSecond), m(b, (r) => r.perSecond), 'msg/s']);
    rows.push([`${name} (before): peak RSS above idle`, m(base, (r) => r.peakRssMB), m(b, (r) => r.peakRssMB), 'MB']);
  }
  rows.push([`${name}: delivered${slow ? ' to the fast ones' : ''} (of ${sum(a, (r) => r.expected)})`, sum(a, (r) => r.delivered), sum(b, (r) => r.delivered), 'msgs']);
  rows.push([`${name}: lost`, m(a, (r) => r.lossPct), m(b, (r) => r.lossPct), '%']);
  rows.push([`${name}: deliveries per second`, m(a, (r) => r.perSecond), m(b, (r) => r.perSecond), 'msg/s']);
  rows.push([`${name}: publish time`, m(a, (r) => r.publishSeconds), m(b, (r) => r.publishSeconds), 's']);
  rows.push([`${name}: CPU per delivery`, m(a, (r) => r.cpuPerDelivery), m(b, (r) => r.cpuPerDelivery), 'µs']);
  rows.push([`${name}: broker CPU / wall time (cores busy)`, m(a, (r) => r.coresBusy), m(b, (r) => r.coresBusy), 'cores']);
  rows.push([`${name}: CPU off the main thread`, m(a, (r) => r.offMainPct), m(b, (r) => r.offMainPct), '%']);
  rows.push([`${name}: peak RSS above idle`, m(a, (r) => r.peakRssMB), m(b, (r) => r.peakRssMB), 'MB']);
  rows.push([`${name}: delivery.dropped.queue_full`, m(a, (r) => r.queueFull), NaN, 'msgs']);
  if (slow) rows.push([`${name}: the stalled subscriber got`, m(a, (r) => r.slowDelivered ?? NaN), m(b, (r) => r.slowDelivered ?? NaN), 'msgs']);
}

const loadAtStart = loadavg();
try {
  if (!values.only || values.only === 'qos0') await scenario('QoS 0', 0, false);
  if (!values.only || values.only === 'qos1') await scenario('QoS 1', 1, false);
  if (!values.only || values.only === 'slow') await scenario('QoS 1, 1 stalled sub', 1, true);
} finally {
  const [l1, l5] = loadavg();
  console.log(
    `\nsaturation: ${N_PUB} pubs → 1 topic → ${N_SUB} subs, ${total} × 64 B, ≤ ${WINDOW} unacked per publisher; fresh brokers, ${rounds} alternating rounds (medians; delivered summed)`,
  );
  console.log(`load average at start ${loadAtStart[0].toFixed(2)} / ${loadAtStart[1].toFixed(2)} (1/5 min), at end ${l1.toFixed(2)} / ${l5.toFixed(2)}; ${cpus().length} cores`);
  const fmt = (n: number) => (Number.isFinite(n) ? (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2)) : 'n/a');
  console.log(`\n${'metric'.padEnd(52)} ${'mqdeck'.padStart(10)} ${'mosquitto'.padStart(10)}  ratio`);
  for (const [label, x, y, unit] of rows) {
    const ratio = !Number.isFinite(x) || !Number.isFinite(y) || y === 0 ? 'n/a' : (x / y).toFixed(2);
    console.log(`${`${label} [${unit}]`.padEnd(52)} ${fmt(x).padStart(10)} ${fmt(y).padStart(10)}  ${ratio}x`);
  }
  if (coreRows.length > 0) {
    const heads = coreCounts.map((n) => `${n} core${n! > 1 ? 's' : ''}`);
    console.log(`\nwhat more cores buy (broker pinned by taskset -c; ratio ${heads.at(-1)} / ${heads[0]})`);
    console.log(`${'metric'.padEnd(52)} ${heads.map((h) => h.padStart(10)).join(' ')}  ratio`);
    for (const [label, xs, unit] of coreRows) {
      const [first, last] = [xs[0], xs.at(-1)!];
      const ratio = !Number.isFinite(first) || !Number.isFinite(last) || first === 0 ? 'n/a' : (last / first).toFixed(2);
      console.log(`${`${label} [${unit}]`.padEnd(52)} ${xs.map((x) => fmt(x).padStart(10)).join(' ')}  ${ratio}x`);
    }
  }
}
