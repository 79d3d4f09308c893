// A private ClickHouse (Debian's clickhouse-server) for the clickhouse tests: a generated config.xml and users.xml
// with its HTTP, native and interserver ports on free loopback ports and every path in a temp dir; users `default`
// (no password) and `emqx` (password `public`); stopped by its pid and restartable on the same ports.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../mqtt/mosquitto.testing';

export const CLICKHOUSE_SERVER = '/usr/sbin/clickhouse-server';

export interface ClickhouseServer {
  /** "http://127.0.0.1:<port>" */
  url: string;
  /** runs a statement as `default`; the answer's text (TabSeparated) */
  query(sql: string): Promise<string>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startClickhouse(): Promise<ClickhouseServer> {
  const [http, tcp, interserver] = [await freePort(), await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), 'mqdeck-clickhouse-'));
  const user = (name: string, password: string) =>
    `<${name}><password>${password}</password><networks><ip>127.0.0.1</ip><ip>::1</ip></networks><profile>default</profile><quota>default</quota></${name}>`;
  writeFileSync(
    join(dir, 'users.xml'),
    `<?xml version="1.0"?>
<yandex>
  <profiles><default></default></profiles>
  <users>${user('default', '')}${user('emqx', 'public')}</users>
  <quotas><default></default></quotas>
</yandex>
`,
  );
  writeFileSync(
    join(dir, 'config.xml'),
    `<?xml version="1.0"?>
<yandex>
  <logger><level>warning</level><log>${dir}/server.log</log><errorlog>${dir}/error.log</errorlog><console>0</console></logger>
  <http_port>${http}</http_port>
  <tcp_port>${tcp}</tcp_port>
  <interserver_http_port>${interserver}</interserver_http_port>
  <listen_host>127.0.0.1</listen_host>
  <max_concurrent_queries>20</max_concurrent_queries>
  <mark_cache_size>5368709</mark_cache_size>
  <path>${dir}/data/</path>
  <tmp_path>${dir}/tmp/</tmp_path>
  <user_files_path>${dir}/user_files/</user_files_path>
  <format_schema_path>${dir}/format_schemas/</format_schema_path>
  <users_config>${dir}/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
</yandex>
`,
  );
  const url = `http://127.0.0.1:${http}`;
  let proc: ChildProcess | undefined;
  const answers = async () => {
    try {
      return (await fetch(`${url}/ping`)).status === 200;
    } catch {
      return false;
    }
  };
  const start = async () => {
    const p = spawn(CLICKHOUSE_SERVER, [`--config-file=${dir}/config.xml`], { stdio: 'ignore' });
    proc = p;
    const deadline = Date.now() + 30_000;
    while (!(await answers())) {
      if (p.exitCode !== null) throw new Error(`clickhouse-server exited with ${p.exitCode}`);
      if (Date.now() > deadline) throw new Error('clickhouse-server did not answer /ping within 30 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async () => {
    const p = proc;
    proc = undefined;
    if (!p || p.exitCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    process.kill(p.pid!, 'SIGTERM');
    // ClickHouse waits for its keep-alive HTTP connections before it exits, and a connector's health checks keep
    // them busy: after a grace time for the finished INSERTs to reach disk, it is killed
    const timer = setTimeout(() => p.exitCode === null && process.kill(p.pid!, 'SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  };
  await start();
  return {
    url,
    async query(sql) {
      const res = await fetch(url, { method: 'POST', body: sql });
      const text = await res.text();
      if (res.status !== 200) throw new Error(text);
      return text;
    },
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
