// Test helper for the process tests: `npm start` as the README says, on free ports (Mosquitto holds 1883), with a
// data dir and an empty console dir (so no console build), and the process tree it makes, read from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { waitFor } from '../../src/shared/testing';

export const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

export function portOpen(port: number): Promise<boolean> {
  return new Promise((res) => {
    const sock = connect(port, '127.0.0.1');
    sock.once('connect', () => (sock.destroy(), res(true)));
    sock.once('error', () => res(false));
  });
}

/** a live (not zombie) process */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

export interface Proc {
  pid: number;
  cmd: string;
}

/** every live descendant of pid */
export function descendants(pid: number): Proc[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: Proc[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      if (!alive(c)) continue;
      let cmd = '';
      try {
        cmd = readFileSync(`/proc/${c}/cmdline`, 'utf8').split('\0').join(' ');
      } catch {
        continue;
      }
      out.push({ pid: c, cmd });
      walk(c);
    }
  };
  walk(pid);
  return out;
}

export interface Ports {
  tcp: number;
  ws: number;
  http: number;
}

export interface Started {
  npm: ChildProcess;
  /** node scripts/start.mjs */
  launcher: number;
  /** node packages/server/bin/mqdeck.mjs: the compiled node */
  node: number;
  /** every process npm start made, npm included */
  all: number[];
  /** npm's exit code (or 128 + signal), once it exits */
  exited: Promise<number>;
  output: () => string;
}

/** One data dir and one set of ports for a test file; `start()` runs `npm start` on them. */
export function npmStarts(prefix: string) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const consoleDir = mkdtempSync(join(tmpdir(), `${prefix}console-`));
  const seen: number[] = [];
  let ports: Ports | undefined;
  const start = async (): Promise<Started & { ports: Ports }> => {
    ports ??= { tcp: await freePort(), ws: await freePort(), http: await freePort() };
    const p = ports;
    const npm = spawn('npm', ['start'], {
      cwd: ROOT,
      env: {
        ...process.env,
        EMQX_NODE__DATA_DIR: dataDir,
        MQDECK_DASHBOARD_DIR: consoleDir,
        EMQX_LISTENERS__TCP__DEFAULT__BIND: `127.0.0.1:${p.tcp}`,
        EMQX_LISTENERS__WS__DEFAULT__BIND: `127.0.0.1:${p.ws}`,
        EMQX_LISTENERS__SSL__DEFAULT__ENABLE: 'false',
        EMQX_LISTENERS__WSS__DEFAULT__ENABLE: 'false',
        EMQX_DASHBOARD__LISTENERS__HTTP__BIND: `127.0.0.1:${p.http}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (d: Buffer) => (output += d.toString()));
    npm.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number>((r) => npm.once('exit', (code, signal) => r(code ?? 128 + (signal === 'SIGKILL' ? 9 : 15))));
    seen.push(npm.pid!);
    const status = async () => {
      if (npm.exitCode !== null) throw new Error(`npm start exited ${npm.exitCode}:\n${output}`);
      try {
        return (await fetch(`http://127.0.0.1:${p.http}/status`)).status === 200;
      } catch {
        return false;
      }
    };
    await waitFor(status, 120_000, '/status 200 after npm start');
    const tree = descendants(npm.pid!);
    seen.push(...tree.map((t) => t.pid));
    const find = (what: string) => {
      const hit = tree.find((t) => /(^|\/)node$/.test(t.cmd.split(' ')[0]) && t.cmd.includes(what));
      if (!hit) throw new Error(`no process running ${what} under npm start: ${JSON.stringify(tree)}`);
      return hit.pid;
    };
    return { npm, launcher: find('scripts/start.mjs'), node: find('bin/mqdeck.mjs'), all: [npm.pid!, ...tree.map((t) => t.pid)], exited, output: () => output, ports: p };
  };
  const cleanup = () => {
    for (const pid of seen) if (alive(pid)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(consoleDir, { recursive: true, force: true });
  };
  return { start, cleanup, dataDir, exists: () => existsSync(dataDir) };
}

/** waits until none of the pids is alive */
export const allGone = (pids: number[], what: string) => waitFor(() => pids.every((p) => !alive(p)), 30_000, what);
