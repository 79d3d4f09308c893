// Starts a private slapd (Debian's) on a loopback ephemeral port with a temp config and database, for
// the LDAP tests. Never touches a system instance. `undefined` when slapd is not installed.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'ldapts';

export interface Slapd {
  url: string;
  port: number;
  suffix: string;
  rootDn: string;
  rootPw: string;
  /** runs fn with a client bound as the root DN */
  admin<T>(fn: (c: Client) => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

const SLAPD = '/usr/sbin/slapd';
const SCHEMA = '/etc/ldap/schema';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export async function startSlapd(): Promise<Slapd | undefined> {
  if (!existsSync(SLAPD) || !existsSync(join(SCHEMA, 'core.schema'))) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'mqdeck-slapd-'));
  mkdirSync(join(dir, 'db'));
  const suffix = 'dc=mqdeck,dc=test';
  const rootDn = `cn=admin,${suffix}`;
  const rootPw = 'adminpw';
  const conf = join(dir, 'slapd.conf');
  writeFileSync(
    conf,
    [
      ...['core', 'cosine', 'inetorgperson', 'nis'].map((s) => `include ${SCHEMA}/${s}.schema`),
      `pidfile ${join(dir, 'slapd.pid')}`,
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      'database mdb',
      'maxsize 10485760',
      `suffix "${suffix}"`,
      `rootdn "${rootDn}"`,
      `rootpw ${rootPw}`,
      `directory ${join(dir, 'db')}`,
      'access to attrs=userPassword by self read by anonymous auth by * none',
      'access to * by * read',
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  // -d 0 keeps slapd in the foreground as our child, so stopping it is killing that one process
  const child: ChildProcess = spawn(SLAPD, ['-h', `${url}/`, '-f', conf, '-d', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += String(d)));
  const admin = async <T>(fn: (c: Client) => Promise<T>): Promise<T> => {
    const c = new Client({ url, timeout: 3000, connectTimeout: 1000 });
    try {
      await c.bind(rootDn, rootPw);
      return await fn(c);
    } finally {
      await c.unbind().catch(() => undefined);
    }
  };
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await admin(async () => undefined);
      break;
    } catch (err) {
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error(`slapd did not start: ${String(err)} ${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await admin((c) => c.add(suffix, { objectClass: ['top', 'dcObject', 'organization'], dc: 'mqdeck', o: 'mqdeck' }));
  await admin((c) => c.add(`ou=devices,${suffix}`, { objectClass: ['top', 'organizationalUnit'], ou: 'devices' }));
  return { url, port, suffix, rootDn, rootPw, admin, stop };
}
