// Idle connections at scale, our node vs a Mosquitto of the bench's own (own config on a free port, max_connections -1,
// stopped by pid), one after the other in the same run, each freshly started:
//   npx tsx bench/idle-connections.ts [--counts 10000,100000] [--generators 2] [--concurrency 200] [--nofile N]
// N raw MQTT 3.1.1 CONNECTs (clean session, keepalive 300) from generator processes (forks of this file), spread over
// source addresses 127.0.0.2… (10,000 connections per address, so ephemeral ports never run out). Per broker: RSS
// before, with all N connected (fd count of the broker = N more), and after all left (fd count back) plus a full GC;
// our node's V8 heap too (a SIGUSR2 probe preloaded into it: bench/lib/heap-probe.mjs). Both brokers and every
// generator run with the open-files limit set to --nofile (default: the largest count + 2,000) by prlimit; where this
// machine refuses that (raising a hard limit needs CAP_SYS_RESOURCE), to this process's hard limit, and say so. A count
// above what the broker's limit allows is cut to that limit and said so; generators are added so that each holds
// fewer connections than its own limit.
import { execFileSync, fork } from 'node:child_process';
import { connect as netConnect, type Socket } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { rssBytes } from './lib/proc';
import { nofileLimit, nofileOf, startMqdeck, startMosquitto, type Peer } from './lib/peers';

const self = fileURLToPath(import.meta.url);
const { values } = parseArgs({
  options: {
    counts: { type: 'string', default: '10000,100000' },
    generators: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '200' },
    nofile: { type: 'string' },
    gen: { type: 'boolean', default: false }, // internal: a generator, its job comes over IPC
  },
});
const PER_ADDRESS = 10_000;

function connectPacket(clientId: string): Buffer {
  const id = Buffer.from(clientId);
  const variable = Buffer.from([0, 4, 0x4d, 0x51, 0x54, 0x54, 4, 0x02, 0x01, 0x2c]);
  return Buffer.concat([Buffer.from([0x10, variable.length + 2 + id.length]), variable, Buffer.from([id.length >> 8, id.length & 0xff]), id]);
}

async function generator(job: { port: number; from: number; to: number; addrBase: number; tag: string }): Promise<void> {
  const sockets: Socket[] = [];
  let acked = 0;
  let failed = 0;
  let next = job.from;
  const concurrency = Number(values.concurrency);
  await new Promise<void>((done) => {
    let inFlight = 0;
    const pump = (): void => {
      while (inFlight < concurrency && next < job.to) {
        const i = next++;
        inFlight++;
        const localAddress = `127.0.${Math.floor((job.addrBase + Math.floor(i / PER_ADDRESS)) / 256)}.${(job.addrBase + Math.floor(i / PER_ADDRESS)) % 256}`;
        const s = netConnect({ port: job.port, host: '127.0.0.1', localAddress }, () => s.write(connectPacket(`idle-${job.tag}-${i}`)));
        let settled = false;
        const settle = (ok: boolean): void => {
          if (settled) return;
          settled = true;
          if (ok) acked++;
          else failed++;
          inFlight--;
          if (next >= job.to && inFlight === 0) done();
          else pump();
        };
        s.once('data', (d) => settle(d[0] === 0x20 && d[3] === 0));
        s.on('error', () => settle(false));
        s.once('close', () => settle(false));
        sockets.push(s);
      }
    };
    if (job.from >= job.to) done();
    else pump();
  });
  process.send!({ acked, failed });
  process.on('message', () => {
    let open = sockets.length;
    if (open === 0) process.exit(0);
    for (const s of sockets) {
      s.once('close', () => --open === 0 && process.exit(0));
      s.destroy();
    }
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fds = (pid: number): number => readdirSync(`/proc/${pid}/fd`).length;
/** the kernel's slab memory (bytes), all of it and the unreclaimable part (socket structures): machine-wide */
function slab(): { all: number; unreclaimable: number } {
  const info = readFileSync('/proc/meminfo', 'utf8');
  const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(info)?.[1] ?? NaN) * 1024;
  return { all: kb('Slab'), unreclaimable: kb('SUnreclaim') };
}
/** connection-tracking entries in use / allowed (each loopback connection takes one), or null without conntrack */
function conntrack(): string | null {
  try {
    const n = (f: string) => readFileSync(`/proc/sys/net/netfilter/${f}`, 'utf8').trim();
    return `${n('nf_conntrack_count')} / ${n('nf_conntrack_max')}`;
  } catch {
    return null;
  }
}
async function until(cond: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (cond()) return true;
    await sleep(200);
  }
  return cond();
}
/** RSS once it stops moving (three 500 ms readings within 64 KB) */
async function steadyRss(pid: number): Promise<number> {
  let prev = rssBytes(pid);
  let stable = 0;
  for (let i = 0; i < 60 && stable < 3; i++) {
    await sleep(500);
    const now = rssBytes(pid);
    stable = Math.abs(now - prev) < 65536 ? stable + 1 : 0;
    prev = now;
  }
  return prev;
}

interface Mem {
  rss: number;
  heapUsed?: number;
  heapTotal?: number;
}
interface Result {
  name: string;
  asked: number;
  connected: number;
  failed: number;
  before: Mem;
  full: Mem;
  after: Mem;
  seconds: number;
  generators: number;
  conntrack: string | null;
  /** growth of the kernel's slab while the connections were open (both ends; machine-wide, so others' work shows too) */
  slabGrowth: { all: number; unreclaimable: number };
}

async function probe(peer: Peer, file: string | undefined): Promise<Mem> {
  if (!file) return { rss: await steadyRss(peer.pid) };
  const t0 = Date.now();
  process.kill(peer.pid, 'SIGUSR2');
  await until(() => existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).at >= t0, 30_000);
  const m = JSON.parse(readFileSync(file, 'utf8'));
  return { rss: await steadyRss(peer.pid), heapUsed: m.heapUsed, heapTotal: m.heapTotal };
}

async function measure(peer: Peer, asked: number, addrBase: number, nofile: number, probeFile?: string): Promise<Result> {
  await sleep(2000);
  const before = await probe(peer, probeFile);
  const fd0 = fds(peer.pid);
  const slab0 = slab();
  // each generator holds its connections' sockets: fewer than its open-files limit, with room for node's own
  const gens = Math.max(Number(values.generators), Math.ceil(asked / (nofile - 500)));
  const per = Math.ceil(asked / gens);
  const kids = Array.from({ length: gens }, () =>
    fork(self, ['--gen', '--concurrency', values.concurrency!], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  // the generators' limit is set before they get their job (prlimit on a running process)
  for (const k of kids) execFileSync('prlimit', ['--pid', String(k.pid), `--nofile=${nofile}:${nofile}`]);
  const t0 = Date.now();
  const reports = await Promise.all(
    kids.map((k, g) => {
      const report = new Promise<{ acked: number; failed: number }>((res) => k.once('message', (m) => res(m as { acked: number; failed: number })));
      k.send({ port: peer.port, from: g * per, to: Math.min(asked, (g + 1) * per), addrBase, tag: peer.name });
      return report;
    }),
  );
  const seconds = (Date.now() - t0) / 1000;
  const connected = reports.reduce((a, r) => a + r.acked, 0);
  const failed = reports.reduce((a, r) => a + r.failed, 0);
  await until(() => fds(peer.pid) >= fd0 + connected, 30_000);
  const tracked = conntrack();
  const slab1 = slab();
  const full = await probe(peer, probeFile);
  for (const k of kids) k.send('leave');
  await Promise.all(kids.map((k) => new Promise((r) => (k.exitCode !== null ? r(null) : k.once('exit', r)))));
  await until(() => fds(peer.pid) <= fd0, 60_000);
  const after = await probe(peer, probeFile);
  return {
    name: peer.name,
    asked,
    connected,
    failed,
    before,
    full,
    after,
    seconds,
    generators: gens,
    conntrack: tracked,
    slabGrowth: { all: slab1.all - slab0.all, unreclaimable: slab1.unreclaimable - slab0.unreclaimable },
  };
}

async function main(): Promise<void> {
  const counts = values.counts!.split(',').map(Number);
  const load0 = loadavg();
  const results: Result[] = [];
  let addrBase = 2 + Math.floor(Math.random() * 50) * 20; // fresh source addresses per run (TIME_WAIT of earlier runs)
  const own = nofileOf();
  const wanted = values.nofile ? Number(values.nofile) : Math.max(...counts) + 2000;
  const { limit: nofile, refused } = nofileLimit(wanted);
  console.log(`load average at start ${load0.map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`open-files limit of this process: ${own.soft} soft / ${own.hard} hard; wanted ${wanted} for the brokers and generators`);
  console.log(refused ? `  refused (${refused}): using ${nofile}` : `  using ${nofile} (prlimit --nofile=${nofile}:${nofile})`);
  console.log(
    `ephemeral ports ${readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().replace(/\s+/, '-')} per source address (${PER_ADDRESS} used per 127.0.0.x); conntrack ${conntrack() ?? 'not loaded'}`,
  );
  for (const count of counts) {
    const dir = mkdtempSync(join(tmpdir(), 'mqdeck-idle-'));
    const probeFile = join(dir, 'heap.json');
    const node = await startMqdeck({ MQDECK_HEAP_PROBE: probeFile }, ['--expose-gc', '--import', resolve(import.meta.dirname, 'lib/heap-probe.mjs')], undefined, { nofile });
    const limit = nofileOf(node.pid).soft;
    const asked = Math.min(count, limit - fds(node.pid) - 100);
    console.log(`${count}: node pid ${node.pid} open-files limit ${limit}, ${fds(node.pid)} fds in use${asked < count ? `: cut to ${asked}` : ''}`);
    try {
      results.push(await measure(node, asked, addrBase, nofile, probeFile));
    } finally {
      await node.stop();
      rmSync(dir, { recursive: true, force: true });
    }
    addrBase += Math.ceil(asked / PER_ADDRESS) + 1;
    const mosq = await startMosquitto(['max_connections -1'], { nofile });
    console.log(`${count}: mosquitto pid ${mosq.pid} open-files limit ${nofileOf(mosq.pid).soft}`);
    try {
      results.push(await measure(mosq, asked, addrBase, nofile));
    } finally {
      await mosq.stop();
    }
    addrBase += Math.ceil(asked / PER_ADDRESS) + 1;
  }
  const load1 = loadavg();
  const kb = (b: number) => (b / 1024).toFixed(2);
  const mb = (b: number) => (b / 1048576).toFixed(1);
  console.log(`\nload average ${load0.map((l) => l.toFixed(2)).join(' ')} → ${load1.map((l) => l.toFixed(2)).join(' ')}`);
  console.log(
    '| broker | generators | conntrack connected | connected / asked | connect s | RSS before MB | RSS connected MB | RSS per conn KB | RSS after leave+GC MB | returned % | heap before / connected / after MB | heap per conn KB | kernel slab per conn KB (unreclaimable) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const per = (r.full.rss - r.before.rss) / r.connected;
    const returned = (100 * (r.full.rss - r.after.rss)) / (r.full.rss - r.before.rss);
    const heap = r.before.heapUsed !== undefined ? `${mb(r.before.heapUsed)} / ${mb(r.full.heapUsed!)} / ${mb(r.after.heapUsed!)}` : 'n/a';
    const heapPer = r.before.heapUsed !== undefined ? kb((r.full.heapUsed! - r.before.heapUsed) / r.connected) : 'n/a';
    console.log(
      `| ${r.name} | ${r.generators} | ${r.conntrack ?? 'n/a'} | ${r.connected} / ${r.asked} (${r.failed} failed) | ${r.seconds.toFixed(1)} | ${mb(r.before.rss)} | ${mb(r.full.rss)} | ${kb(per)} | ${mb(r.after.rss)} | ${returned.toFixed(0)} | ${heap} | ${heapPer} | ${kb(r.slabGrowth.all / r.connected)} (${kb(r.slabGrowth.unreclaimable / r.connected)}) |`,
    );
  }
  for (let i = 0; i + 1 < results.length; i += 2) {
    const [n, m] = [results[i], results[i + 1]];
    const ratio = (n.full.rss - n.before.rss) / n.connected / ((m.full.rss - m.before.rss) / m.connected);
    console.log(`${n.asked} connections: node / Mosquitto: RSS per connection ${ratio.toFixed(2)}, time to connect ${(n.seconds / m.seconds).toFixed(2)}`);
  }
}

if (values.gen) process.once('message', (job) => void generator(job as Parameters<typeof generator>[0]));
else await main();
