// Where our node spends its CPU: starts the node with --cpu-prof, runs one fan-out round (10 publishers → 1 topic →
// 10 subscribers, 64-byte payloads) or, with --connect, a connection storm (raw CONNECTs at --rate per second, as
// bench/broker-vs-mosquitto.ts opens them), stops it and prints the functions with the most self time.
// The .cpuprofile is kept for Chrome DevTools / speedscope.
//   npx tsx bench/profile-node.ts [--qos 0|1] [--rate 2000] [--seconds 10] [--top 30]
//   npx tsx bench/profile-node.ts --connect [--connections 5000] [--rate 1000]
//   --node-arg=--no-turbo-inlining: passed to node (repeatable); without inlining, a callee's time is its own
//   --warm 5000: connects of the warm-up storm before the measured one (--connect)
//   --interval 1000: the sampling interval in µs (V8's default; 100 gives ten times the samples of a short storm)
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startMqdeck } from './lib/peers';
import { cpuMicros } from './lib/proc';
import { connectionStorm, fanout } from './lib/load';
import { percentile } from './lib/proc';

const { values } = parseArgs({
  options: {
    qos: { type: 'string', default: '1' },
    rate: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '10' },
    top: { type: 'string', default: '30' },
    connect: { type: 'boolean', default: false },
    connections: { type: 'string', default: '5000' },
    interval: { type: 'string', default: '1000' },
    warm: { type: 'string', default: '5000' },
    'node-arg': { type: 'string', multiple: true, default: [] },
  },
});
const qos = Number(values.qos);
if (qos !== 0 && qos !== 1) throw new Error('--qos must be 0 or 1');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const dir = mkdtempSync(join(tmpdir(), 'mqdeck-prof-'));
// the window is read on CLOCK_MONOTONIC, the clock of V8's profile timestamps (µs, startTime + timeDeltas): a window
// taken relative to the spawn was shifted by the node's start-up and took in the sockets' close after the storm
const monotonicMs = () => Number(process.hrtime.bigint() / 1000n) / 1000;
// the TypeScript under tsx, so that the profile's frames name the source files
const node = await startMqdeck({}, ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-interval=${Number(values.interval)}`, ...values['node-arg']], undefined, {}, 'sources');
let windowFrom: number;
let windowTo: number;
let summary: string;
if (values.connect) {
  // a storm first (JIT warm-up: 500 connects left ~100 functions to compile during the measured storm), its sockets
  // closed; then the measured one
  const rate = Number(values.rate === '2000' ? 1000 : values.rate);
  const warm = await connectionStorm(node, Number(values.warm), rate);
  for (const s of warm.sockets) s.destroy();
  await new Promise((r) => setTimeout(r, 2000));
  windowFrom = monotonicMs();
  const before = cpuMicros(node.pid);
  const s = await connectionStorm(node, Number(values.connections), rate);
  const cpu = cpuMicros(node.pid) - before;
  windowTo = monotonicMs();
  for (const sock of s.sockets) sock.destroy();
  summary = `${s.connected} connected (${s.failed} failed) at ${rate}/s, broker CPU ${(cpu / Math.max(1, s.connected)).toFixed(0)} µs per connect, connect time p50 ${percentile(s.connectMs, 50).toFixed(1)} ms p99 ${percentile(s.connectMs, 99).toFixed(1)} ms`;
} else {
  // one short warm-up round so the profile shows steady state, not the JIT's first compilation
  await fanout(node, { qos, ratePerSecond: Number(values.rate), seconds: 2 });
  // samples before this point (start-up, module loading, warm-up) are left out of the table
  windowFrom = monotonicMs();
  windowTo = windowFrom + Number(values.seconds) * 1000;
  const before = cpuMicros(node.pid);
  const r = await fanout(node, { qos, ratePerSecond: Number(values.rate), seconds: Number(values.seconds) });
  const cpu = cpuMicros(node.pid) - before;
  summary = `QoS ${qos}, ${r.delivered} of ${r.expected} delivered, broker CPU ${(cpu / Math.max(1, r.delivered)).toFixed(2)} µs per delivery, p99 ${r.p99.toFixed(2)} ms`;
}
await node.stop();

const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile written in ${dir}`);
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;

// self time per function (samples × their time delta), keyed by name and location
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
const areas = new Map<string, number>();
let total = 0;
let at = profile.startTime / 1000; // ms on CLOCK_MONOTONIC
profile.samples.forEach((id, i) => {
  const n = byId.get(id)!;
  const dt = profile.timeDeltas[i] ?? 0;
  at += dt / 1000;
  if (at < windowFrom || at > windowTo) return;
  const { functionName, url, lineNumber } = n.callFrame;
  const where = url ? `${relative(resolve(import.meta.dirname, '..'), url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
  const key = `${functionName || '(anonymous)'} ${where}`;
  self.set(key, (self.get(key) ?? 0) + dt);
  const area = url.includes('/packages/')
    ? url.replace(/.*\/packages\/([^/]+)\/src\/([^/]+).*/, '$1/$2')
    : url.includes('/node_modules/')
      ? url.replace(/.*\/node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')
      : url.startsWith('node:')
        ? url.replace(/^node:(internal\/)?([^/]+).*/, 'node:$2')
        : functionName || '(native)';
  areas.set(area, (areas.get(area) ?? 0) + dt);
  total += dt;
});
const idle = [...self].filter(([k]) => k.startsWith('(idle)')).reduce((s, [, v]) => s + v, 0);
console.log(summary);
console.log(
  `profile: ${join(dir, file)} (window ${(windowTo - windowFrom).toFixed(0)} ms); busy ${((total - idle) / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms sampled\n`,
);
console.log('by area:');
for (const [k, v] of [...areas]
  .filter(([k]) => k !== '(idle)')
  .sort((a, b) => b[1] - a[1])
  .slice(0, 15)) {
  console.log(`${((v / Math.max(1, total - idle)) * 100).toFixed(1).padStart(5)}%  ${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`);
}
console.log('\nby function:');
for (const [k, v] of [...self]
  .filter(([k]) => !k.startsWith('(idle)'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(values.top))) {
  console.log(`${((v / Math.max(1, total - idle)) * 100).toFixed(1).padStart(5)}%  ${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`);
}

// inclusive time (self + callees) per function: each sample counts once for every distinct function on its stack, so
// an event's listeners show up under the emit that ran them (where a connect's CPU goes, by caller)
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
const keyOf = (n: ProfileNode) => {
  const { functionName, url, lineNumber } = n.callFrame;
  return `${functionName || '(anonymous)'} ${url ? `${relative(resolve(import.meta.dirname, '..'), url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : ''}`;
};
const inclusive = new Map<string, number>();
at = profile.startTime / 1000;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  at += dt / 1000;
  if (at < windowFrom || at > windowTo || byId.get(id)!.callFrame.functionName === '(idle)') return;
  const seen = new Set<string>();
  for (let x: number | undefined = id; x !== undefined; x = parentOf.get(x)) {
    const k = keyOf(byId.get(x)!);
    if (seen.has(k)) continue;
    seen.add(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
  }
});
console.log('\ninclusive (self + callees):');
for (const [k, v] of [...inclusive]
  .filter(([k]) => !k.startsWith('(root)'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(values.top))) {
  console.log(`${((v / Math.max(1, total - idle)) * 100).toFixed(1).padStart(5)}%  ${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`);
}
