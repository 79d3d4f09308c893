// A private mosquitto for the MQTT bridge tests: its own config on a free loopback port (never the machine's
// 1883), stopped by its pid, and restartable on the same port to play a remote broker's outage.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MOSQUITTO = '/usr/sbin/mosquitto';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

export interface Mosquitto {
  port: number;
  /** "127.0.0.1:<port>" */
  server: string;
  /** stops it (SIGTERM, waits for the exit); with `persistence` its sessions and queued messages are saved */
  stop(): Promise<void>;
  /** starts it again on the same port */
  start(): Promise<void>;
  /** freezes it (SIGSTOP): connections stay open, nothing is answered */
  pause(): void;
  /** lets a paused mosquitto run again (SIGCONT) */
  resume(): void;
  /** kills it (SIGKILL, even when paused): its connections drop without a word */
  kill(): Promise<void>;
  /** stops it and removes its directory */
  close(): Promise<void>;
}

export async function startMosquitto(opts: { persistence?: boolean; extra?: string[] } = {}): Promise<Mosquitto> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'mqdeck-mosquitto-'));
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      // run as root, mosquitto would switch to its own user, who cannot write this test's directory
      'user root',
      ...(opts.persistence ? ['persistence true', `persistence_location ${dir}/`, 'autosave_interval 0'] : ['persistence false']),
      'log_dest none',
      ...(opts.extra ?? []),
      '',
    ].join('\n'),
  );
  let proc: ChildProcess | undefined;

  const start = async () => {
    const p = spawn(MOSQUITTO, ['-c', conf], { stdio: 'ignore' });
    proc = p;
    const deadline = Date.now() + 5000;
    while (!(await accepts(port))) {
      if (p.exitCode !== null) throw new Error(`mosquitto exited with ${p.exitCode}`);
      if (Date.now() > deadline) throw new Error('mosquitto did not start');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const p = proc;
    proc = undefined;
    if (!p || p.exitCode !== null || p.pid === undefined) return;
    const exited = new Promise<void>((r) => p.once('exit', () => r()));
    process.kill(p.pid, signal);
    await exited;
  };

  await start();
  return {
    port,
    server: `127.0.0.1:${port}`,
    stop: () => stop(),
    start,
    kill: () => stop('SIGKILL'),
    pause: () => proc?.pid !== undefined && process.kill(proc.pid, 'SIGSTOP'),
    resume: () => proc?.pid !== undefined && process.kill(proc.pid, 'SIGCONT'),
    async close() {
      if (proc?.pid !== undefined) process.kill(proc.pid, 'SIGCONT');
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
