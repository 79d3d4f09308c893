// The two brokers a benchmark compares: our node, started as a child process on free ports,
// and the Mosquitto already running on this machine (127.0.0.1:1883).
import { spawn, execFileSync, spawnSync, type ChildProcess } from 'node:child_process';
import mqtt from 'mqtt';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Peer {
  name: string;
  host: string;
  port: number;
  pid: number;
  httpUrl?: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

export async function waitForPort(port: number, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((res) => {
      const sock = connect(port, '127.0.0.1');
      sock.once('connect', () => (sock.destroy(), res(true)));
      sock.once('error', () => res(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`port ${port} did not open within ${timeoutMs} ms`);
}

/** Limits a broker process is started under (both are inherited by its threads and children). */
export interface ProcLimits {
  /** CPU list for `taskset -c` ("0", "0,1", "0-1"): the process may run on these CPUs only */
  cpus?: string;
  /** open-files limit, soft and hard (`prlimit --nofile=N:N`); above this process's hard limit only with CAP_SYS_RESOURCE */
  nofile?: number;
}

/** `cmd args` run under `limits`: prlimit and taskset exec the command, so the child's pid is the broker's own */
export function limited(cmd: string, args: string[], limits: ProcLimits = {}): [string, string[]] {
  let out: [string, string[]] = [cmd, args];
  if (limits.cpus !== undefined) out = ['taskset', ['-c', limits.cpus, out[0], ...out[1]]];
  if (limits.nofile !== undefined) out = ['prlimit', [`--nofile=${limits.nofile}:${limits.nofile}`, '--', out[0], ...out[1]]];
  return out;
}

/** soft and hard open-files limit of a process (/proc/<pid>/limits) */
export function nofileOf(pid: number | 'self' = 'self'): { soft: number; hard: number } {
  const m = /Max open files\s+(\d+)\s+(\d+)/.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'));
  return { soft: m ? Number(m[1]) : NaN, hard: m ? Number(m[2]) : NaN };
}

/**
 * The open-files limit processes can be started with: `wanted` if `prlimit --nofile=wanted:wanted` works here (raising
 * a hard limit needs CAP_SYS_RESOURCE, which root in a container may lack), else this process's hard limit, with
 * prlimit's error as the reason.
 */
export function nofileLimit(wanted: number): { limit: number; refused?: string } {
  const r = spawnSync('prlimit', [`--nofile=${wanted}:${wanted}`, '--', 'true'], { encoding: 'utf8' });
  if (r.status === 0) return { limit: wanted };
  return { limit: nofileOf().hard, refused: (r.stderr || r.error?.message || `exit ${r.status}`).trim() };
}

/** the environment of a node of our own: `dataDir` as its data dir, every listener on a free port of 127.0.0.1 */
export async function nodeEnv(dataDir: string, extraEnv: Record<string, string> = {}): Promise<{ tcp: number; http: number; env: NodeJS.ProcessEnv }> {
  const [tcp, ssl, ws, wss, http] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const env = {
    ...process.env,
    EMQX_NODE__DATA_DIR: dataDir,
    EMQX_LISTENERS__TCP__DEFAULT__BIND: `127.0.0.1:${tcp}`,
    EMQX_LISTENERS__SSL__DEFAULT__BIND: `127.0.0.1:${ssl}`,
    EMQX_LISTENERS__WS__DEFAULT__BIND: `127.0.0.1:${ws}`,
    EMQX_LISTENERS__WSS__DEFAULT__BIND: `127.0.0.1:${wss}`,
    EMQX_DASHBOARD__LISTENERS__HTTP__BIND: String(http),
    ...extraEnv,
  };
  return { tcp, http, env };
}

/**
 * How the node runs: `bundle` is what `npm start` runs, the esbuild bundle packages/server/dist/main.js (built here
 * first when older than its sources); `sources` runs the TypeScript under tsx, for profiles whose frames should name
 * the source files. The JIT sees other code (one module scope, not one per file), and a fresh node's first connect
 * storm costs less bundled (docs/issue-notes/broker-load.md, session 20): benchmarks measure what operators run.
 */
export type NodeBuild = 'bundle' | 'sources';

/** node's arguments that start the node of checkout `root`; an older checkout without the bundler runs its sources */
function nodeEntry(root: string, run: NodeBuild): string[] {
  const builder = join(root, 'scripts/build-node.mjs');
  if (run === 'sources' || !existsSync(builder)) return ['--import', 'tsx', join(root, 'packages/server/src/main.ts')];
  execFileSync(process.execPath, [builder, '--if-stale'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  return [join(root, 'packages/server/dist/main.js')];
}

/**
 * Our node in its own process, every listener on a free port, run as `run` says (NodeBuild).
 * `nodeArgs` go to node itself (e.g. --cpu-prof); the node writes its profile when it exits on SIGTERM.
 * `root`: another checkout of the repository (an older commit, to compare before/after in one run).
 * `limits`: CPU set and open-files limit to start it under (see ProcLimits).
 */
export async function startMqdeck(
  extraEnv: Record<string, string> = {},
  nodeArgs: string[] = [],
  root = resolve(import.meta.dirname, '..', '..'),
  limits: ProcLimits = {},
  run: NodeBuild = 'bundle',
): Promise<Peer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mqdeck-bench-'));
  const { tcp, http, env } = await nodeEnv(dataDir, extraEnv);
  // the V8 flags `npm start` runs the node with, when that checkout has them (an older baseline may not)
  const flagsFile = join(root, 'packages/server/bin/node-flags.mjs');
  const nodeFlags: string[] = existsSync(flagsFile) ? (await import(pathToFileURL(flagsFile).href)).NODE_FLAGS : [];
  const [cmd, args] = limited(process.execPath, [...nodeFlags, ...nodeArgs, ...nodeEntry(root, run)], limits);
  const child: ChildProcess = spawn(cmd, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForPort(tcp);
  await waitForPort(http);
  return {
    name: 'mqdeck',
    host: '127.0.0.1',
    port: tcp,
    pid: child.pid!,
    httpUrl: `http://127.0.0.1:${http}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Mosquitto's own heap figure ($SYS/broker/heap/current, bytes allocated, published every sys_interval): its RSS
 * does not grow in a second storm (freed memory is reused), so RSS alone says little after the first one.
 */
export async function mosquittoHeap(peer: Peer): Promise<{ latest: () => number; next: (timeoutMs?: number) => Promise<number>; close: () => Promise<void> }> {
  const client = await mqtt.connectAsync({ host: peer.host, port: peer.port, reconnectPeriod: 0, clientId: `bench-heap-${process.pid}` });
  let value = NaN;
  let waiters: ((n: number) => void)[] = [];
  client.on('message', (_t, payload) => {
    value = Number(payload.toString());
    for (const w of waiters) w(value);
    waiters = [];
  });
  await client.subscribeAsync('$SYS/broker/heap/current');
  return {
    latest: () => value,
    next: (timeoutMs = 15_000) =>
      new Promise<number>((res) => {
        const t = setTimeout(() => res(NaN), timeoutMs);
        waiters.push((n) => (clearTimeout(t), res(n)));
      }),
    close: () => client.endAsync(),
  };
}

/** The Mosquitto daemon of this machine (started by .ci/run if down). */
export function mosquitto(port = 1883): Peer {
  const pid = Number(execFileSync('pgrep', ['-o', '-x', 'mosquitto']).toString().trim());
  if (!pid) throw new Error('mosquitto is not running on this machine');
  return { name: 'mosquitto', host: '127.0.0.1', port, pid, stop: async () => {} };
}

/**
 * A Mosquitto of our own (the Debian binary) on a free port of 127.0.0.1, with its own configuration (anonymous,
 * no persistence, Mosquitto's defaults otherwise: max_queued_messages 1000, max_inflight_messages 20), stopped by
 * its pid. Each call starts a fresh one, as startMqdeck does for our node; `limits` as startMqdeck's.
 */
export async function startMosquitto(extraConfig: string[] = [], limits: ProcLimits = {}): Promise<Peer> {
  const dir = mkdtempSync(join(tmpdir(), 'mqdeck-bench-mosquitto-'));
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(conf, [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'persistence false', 'log_dest none', ...extraConfig, ''].join('\n'));
  const child = spawn(...limited('mosquitto', ['-c', conf], limits), { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitForPort(port);
  return {
    name: 'mosquitto',
    host: '127.0.0.1',
    port,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
