// Test helper (imported by the kill tests only): the real node in a child process on free ports, durable sessions
// on, sharing one data dir across restarts, so a test can SIGKILL it and start it again.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { waitFor } from '../../shared/testing';

const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..', '..');

export const freePort = () =>
  new Promise<number>((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });

const portOpen = (port: number) =>
  new Promise<boolean>((res) => {
    const sock = connect(port, '127.0.0.1');
    sock.once('connect', () => (sock.destroy(), res(true)));
    sock.once('error', () => res(false));
  });

export interface ChildNode {
  child: ChildProcess;
  port: number;
  /** SIGKILL, resolved once the process is gone */
  kill(): Promise<void>;
  /** SIGTERM (graceful), resolved once the process is gone */
  stop(): Promise<void>;
}

/** one data dir for a test file; `start` runs the node on it, `cleanup` (afterAll) kills what is left and removes it */
export function childNodes(prefix: string): { start: () => Promise<ChildNode>; cleanup: () => void } {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const children: ChildProcess[] = [];
  const gone = (c: ChildProcess, signal: NodeJS.Signals) =>
    new Promise<void>((r) => {
      if (c.exitCode !== null || c.signalCode !== null) return r();
      c.once('exit', () => r());
      c.kill(signal);
    });
  const start = async (): Promise<ChildNode> => {
    const [tcp, ws, http] = await Promise.all([freePort(), freePort(), freePort()]);
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'packages/server/src/main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        EMQX_NODE__DATA_DIR: dataDir,
        EMQX_LISTENERS__TCP__DEFAULT__BIND: `127.0.0.1:${tcp}`,
        EMQX_LISTENERS__WS__DEFAULT__BIND: `127.0.0.1:${ws}`,
        EMQX_LISTENERS__SSL__DEFAULT__ENABLE: 'false',
        EMQX_LISTENERS__WSS__DEFAULT__ENABLE: 'false',
        EMQX_DASHBOARD__LISTENERS__HTTP__BIND: `127.0.0.1:${http}`,
        EMQX_DURABLE_SESSIONS__ENABLE: 'true',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    await waitFor(() => portOpen(tcp), 60_000, 'the node to listen');
    return { child, port: tcp, kill: () => gone(child, 'SIGKILL'), stop: () => gone(child, 'SIGTERM') };
  };
  const cleanup = () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { start, cleanup };
}
