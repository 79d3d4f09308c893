// A private InfluxDB 1.x (Debian's `influxd`) for the influxdb tests: a generated config with its HTTP API and
// its RPC bind address on free loopback ports, meta/data/wal in a temp dir, stopped by its pid. Restartable on the
// same ports (the same data) to play an outage.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../mqtt/mosquitto.testing';

export const INFLUXD = '/usr/bin/influxd';

export interface Influxd {
  port: number;
  /** "127.0.0.1:<port>" */
  server: string;
  /** an InfluxQL statement through GET/POST /query; the result's series */
  query(q: string, db?: string): Promise<{ columns: string[]; values: unknown[][] }[]>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

async function answers(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/ping`);
    return res.status === 204;
  } catch {
    return false;
  }
}

/** true once an authenticated SHOW USERS answers with results and no error */
async function answersWith(port: number, headers: Record<string, string>): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/query`, { method: 'POST', body: new URLSearchParams({ q: 'SHOW USERS' }), headers });
    const text = await res.text();
    return res.status === 200 && text.includes('"results"') && !text.includes('"error"');
  } catch {
    return false;
  }
}

/** with `admin`: authentication on, that user created as the first (all privileges) and used by `query` */
export async function startInfluxd(opts: { admin?: { username: string; password: string } } = {}): Promise<Influxd> {
  const port = await freePort();
  const rpc = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'mqdeck-influxd-'));
  const conf = join(dir, 'influxdb.conf');
  writeFileSync(
    conf,
    [
      'reporting-enabled = false',
      `bind-address = "127.0.0.1:${rpc}"`,
      '[meta]',
      `  dir = "${dir}/meta"`,
      '  logging-enabled = false',
      '[data]',
      `  dir = "${dir}/data"`,
      `  wal-dir = "${dir}/wal"`,
      '  query-log-enabled = false',
      // no fsync wait: a test server, thrown away after the run
      '  wal-fsync-delay = "0s"',
      '[monitor]',
      '  store-enabled = false',
      '[http]',
      '  enabled = true',
      `  bind-address = "127.0.0.1:${port}"`,
      `  auth-enabled = ${opts.admin ? 'true' : 'false'}`,
      '  log-enabled = false',
      '  pprof-enabled = false',
      '[continuous_queries]',
      '  enabled = false',
      '[logging]',
      '  level = "warn"',
      '',
    ].join('\n'),
  );
  let proc: ChildProcess | undefined;

  const start = async () => {
    const p = spawn(INFLUXD, ['run', '-config', conf], { stdio: 'ignore' });
    proc = p;
    const deadline = Date.now() + 30_000;
    while (!(await answers(port))) {
      if (p.exitCode !== null) throw new Error(`influxd exited with ${p.exitCode}`);
      if (Date.now() > deadline) throw new Error('influxd did not answer /ping within 30 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async () => {
    const p = proc;
    proc = undefined;
    if (!p || p.exitCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    process.kill(p.pid!, 'SIGTERM');
    await exited;
  };
  const auth: Record<string, string> = opts.admin ? { authorization: `Basic ${Buffer.from(`${opts.admin.username}:${opts.admin.password}`).toString('base64')}` } : {};
  await start();
  if (opts.admin) {
    // InfluxDB 1.x lets the first user be created without credentials
    const q = `CREATE USER "${opts.admin.username}" WITH PASSWORD '${opts.admin.password}' WITH ALL PRIVILEGES`;
    const res = await fetch(`http://127.0.0.1:${port}/query`, { method: 'POST', body: new URLSearchParams({ q }) });
    const text = await res.text();
    if (res.status !== 200 || text.includes('"error"')) throw new Error(`influxd: creating the admin user answered ${res.status} ${text}`);
    // the user is in the meta store once the answer is back, but wait until the credentials are taken rather than
    // trust it: a test's first query must not meet a server still without its admin
    const deadline = Date.now() + 10_000;
    while (!(await answersWith(port, auth))) {
      if (Date.now() > deadline) throw new Error('influxd: the admin user was not accepted within 10 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    port,
    server: `127.0.0.1:${port}`,
    async query(q, db) {
      const params = new URLSearchParams({ q, ...(db ? { db, epoch: 'ms' } : {}) });
      const res = await fetch(`http://127.0.0.1:${port}/query`, { method: 'POST', body: params, headers: auth });
      const text = await res.text();
      const body = JSON.parse(text) as { results?: { series?: { columns: string[]; values: unknown[][] }[]; error?: string }[] };
      const r = body.results?.[0];
      if (!r) throw new Error(`influxd answered ${res.status} to ${q}: ${text}`);
      if (r.error) throw new Error(r.error);
      return r.series ?? [];
    },
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
