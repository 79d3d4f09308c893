// Bytes allocated per connect in our node, by function: a warm-up storm, then V8's sampling heap profiler over a
// measured storm (bench/lib/alloc-sampler.mjs, collected objects included). What a connect allocates is what the
// GC threads pay for later (issue 18: V8's worker threads took 14–26 µs of a warmed connect).
// With --fanout: bytes per incoming message of a fan-out round instead (10 publishers → 1 topic → 10 subscribers,
// 64-byte payloads, at --rate messages per second, after a 3 s warm-up round).
//   npx tsx bench/alloc-profile.ts [--connections 5000] [--rate 1000] [--warm 5000] [--top 40]
//   npx tsx bench/alloc-profile.ts --fanout [--qos 0|1] [--rate 2000] [--seconds 5] [--top 40]
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startMqdeck } from './lib/peers';
import { connectionStorm, fanout } from './lib/load';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '5000' },
    rate: { type: 'string' },
    warm: { type: 'string', default: '5000' },
    top: { type: 'string', default: '40' },
    fanout: { type: 'boolean', default: false },
    qos: { type: 'string', default: '0' },
    seconds: { type: 'string', default: '5' },
  },
});
const qos = Number(values.qos);
if (qos !== 0 && qos !== 1) throw new Error('--qos must be 0 or 1');
const SUBSCRIBERS = 10;

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

const out = join(mkdtempSync(join(tmpdir(), 'mqdeck-alloc-')), 'alloc.heapprofile');
// the TypeScript under tsx, so that the sampled stacks name the source files
const node = await startMqdeck({ MQDECK_ALLOC_PROFILE: out }, ['--import', resolve(import.meta.dirname, 'lib/alloc-sampler.mjs')], undefined, {}, 'sources');
const rate = Number(values.rate ?? (values.fanout ? 2000 : 1000));
const toggleSampling = async () => {
  process.kill(node.pid, 'SIGUSR2');
  await new Promise((r) => setTimeout(r, 200));
};
/** what the figures are divided by, and the line that says so */
let units: number;
let summary: (total: number) => string;
let sockets: { destroy(): void }[] = [];
if (values.fanout) {
  await fanout(node, { qos, ratePerSecond: rate, seconds: 3 });
  await toggleSampling();
  const r = await fanout(node, { qos, ratePerSecond: rate, seconds: Number(values.seconds) });
  await toggleSampling();
  units = r.delivered / SUBSCRIBERS;
  summary = (total) =>
    `QoS ${qos} at ${rate}/s: ${r.delivered} of ${r.expected} delivered; ${(total / 1024 / 1024).toFixed(1)} MB allocated in the window, ${(total / units).toFixed(0)} B per incoming message`;
} else {
  const warm = await connectionStorm(node, Number(values.warm), rate);
  for (const s of warm.sockets) s.destroy();
  await new Promise((r) => setTimeout(r, 2000));
  await toggleSampling();
  const storm = await connectionStorm(node, Number(values.connections), rate);
  process.kill(node.pid, 'SIGUSR2');
  sockets = storm.sockets;
  units = storm.connected;
  summary = (total) => `${storm.connected} connected at ${rate}/s; ${(total / 1024 / 1024).toFixed(1)} MB allocated in the window, ${(total / units).toFixed(0)} B per connect`;
}
for (let i = 0; i < 100 && !existsSync(out); i++) await new Promise((r) => setTimeout(r, 100));
for (const s of sockets) s.destroy();
await node.stop();

const head = (JSON.parse(readFileSync(out, 'utf8')) as { head: HeapNode }).head;
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const root = resolve(import.meta.dirname, '..');
const keyOf = (n: HeapNode) => {
  const { functionName, url, lineNumber } = n.callFrame;
  return `${functionName || '(anonymous)'} ${url ? `${relative(root, url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : ''}`;
};
let total = 0;
// returns the node's inclusive bytes; a function counted once per stack (recursion) for the inclusive table
const walk = (n: HeapNode, onStack: Set<string>): number => {
  const k = keyOf(n);
  self.set(k, (self.get(k) ?? 0) + n.selfSize);
  total += n.selfSize;
  const fresh = !onStack.has(k);
  if (fresh) onStack.add(k);
  let sum = n.selfSize;
  for (const c of n.children) sum += walk(c, onStack);
  if (fresh) {
    onStack.delete(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + sum);
  }
  return sum;
};
walk(head, new Set());
const per = (b: number) => `${(b / units).toFixed(0).padStart(6)} B`;
console.log(`${summary(total)}\n`);
for (const [title, map] of [
  ['by function (self):', self],
  ['inclusive (self + callees):', inclusive],
] as const) {
  console.log(title);
  for (const [k, v] of [...map]
    .filter(([k]) => !k.startsWith('(root)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(values.top))) {
    console.log(`${((v / total) * 100).toFixed(1).padStart(5)}%  ${per(v)}  ${k}`);
  }
  console.log();
}
