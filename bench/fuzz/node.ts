// A fresh node for one fuzz run: its own process (a crash is an exit, not a thrown error in the fuzzer), a temp
// data dir, every listener on a free port, and its log lines read as they come so errors can be counted.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { nodeEnv, waitForPort } from '../lib/peers';

export interface FuzzNode {
  mqttPort: number;
  httpUrl: string;
  pid: number;
  /** set when the process ended before stop() */
  exited: { code: number | null; signal: string | null } | null;
  /** log lines at level error or above, and any line naming an internal error */
  errorLines: string[];
  stop(): Promise<void>;
}

/** a log line the Done-when criteria count: error level or worse, or an "internal error" of the broker or the API */
export function isErrorLine(line: string): boolean {
  if (/internal[_ ]error|INTERNAL_ERROR|uncaught|unhandled/i.test(line)) return true;
  return /"level":\s*"(error|critical|alert|emergency)"|"level":\s*(5\d|60)\b|\[(error|critical|alert|emergency)\]/i.test(line);
}

/** `root`: another checkout of the repository (to fuzz the code before a change) */
export async function startFuzzNode(env: Record<string, string> = {}, root = resolve(import.meta.dirname, '..', '..')): Promise<FuzzNode> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mqdeck-fuzz-'));
  const {
    tcp,
    http,
    env: nodeEnvironment,
  } = await nodeEnv(dataDir, {
    // warnings and errors on the console, where they are counted
    EMQX_LOG__CONSOLE__ENABLE: 'true',
    EMQX_LOG__CONSOLE__LEVEL: 'warning',
    EMQX_LOG__CONSOLE__FORMATTER: 'json',
    ...env,
  });
  // the node runs in its data dir: a file a fuzzed config names by a relative path lands there, not in the checkout
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), join(root, 'packages/server/src/main.ts')], {
    cwd: dataDir,
    env: nodeEnvironment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const node: FuzzNode = {
    mqttPort: tcp,
    httpUrl: `http://127.0.0.1:${http}`,
    pid: child.pid!,
    exited: null,
    errorLines: [],
    async stop() {
      if (node.exited === null) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  let stopping = false;
  for (const s of [child.stdout, child.stderr]) {
    createInterface({ input: s }).on('line', (line) => {
      if (!stopping && isErrorLine(line)) node.errorLines.push(line.slice(0, 2000));
    });
  }
  child.once('exit', (code, signal) => {
    if (!stopping) node.exited = { code, signal };
  });
  const stop = node.stop;
  node.stop = async () => {
    stopping = true;
    await stop();
  };
  await waitForPort(tcp);
  await waitForPort(http);
  return node;
}

/** a small seeded PRNG (mulberry32): a run is replayed from its seed */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)];
export const int = (r: () => number, n: number): number => Math.floor(r() * n);
