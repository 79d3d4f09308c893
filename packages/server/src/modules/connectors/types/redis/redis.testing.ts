// Redis servers a test starts for itself (the machine's Redis on 6379 is shared and never reconfigured): each one a
// `redis-server` process on a free loopback port with its own temp dir, no persistence, stopped by its pid.
//   startRedis({password})   a single server (e.g. one that asks for a password)
//   startSentinel()          a master and one sentinel watching it under the name `mqdeck-master`
//   startCluster()           three masters with the 16384 slots spread over them (redis-cli --cluster create)
//   startRedisTls()          a server on a TLS port only, its certificate signed by a CA made for the run
//   CountingProxy            a TCP proxy in front of a server counting the client's writes (a pipeline is one write)
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { waitFor } from '../../../../shared/testing';
import { freePort } from '../mqtt/mosquitto.testing';

const run = promisify(execFile);

export interface RedisProcess {
  port: number;
  stop(): Promise<void>;
}

async function pings(port: number, password?: string): Promise<boolean> {
  const c = new Redis({ port, host: '127.0.0.1', lazyConnect: true, password, retryStrategy: () => null, enableOfflineQueue: false, connectTimeout: 500 });
  c.on('error', () => undefined);
  try {
    await c.connect();
    return (await c.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    c.disconnect();
  }
}

function spawnRedis(args: string[], dir: string): ChildProcess {
  const p = spawn('redis-server', args, { cwd: dir, stdio: 'ignore' });
  p.on('error', () => undefined);
  return p;
}

async function stopProcess(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null || p.signalCode !== null || p.pid === undefined) return;
  const exited = new Promise<void>((resolve) => p.once('exit', () => resolve()));
  process.kill(p.pid, 'SIGKILL');
  await exited;
}

export async function startRedis(opts: { password?: string; extra?: string[]; port?: number } = {}): Promise<RedisProcess & { dir: string }> {
  const port = opts.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'mqdeck-redis-'));
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    'no',
    ...(opts.password ? ['--requirepass', opts.password] : []),
    ...(opts.extra ?? []),
  ];
  const p = spawnRedis(args, dir);
  await waitFor(() => pings(port, opts.password), 10_000, `redis-server on ${port}`);
  return {
    port,
    dir,
    async stop() {
      await stopProcess(p);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const SENTINEL_MASTER = 'mqdeck-master';

/** a master and one sentinel; with `replica`, a replica of the master too, and a sentinel quick to fail over to it */
export async function startSentinel(opts: { replica?: boolean } = {}): Promise<{ master: RedisProcess; replica?: RedisProcess; sentinelPort: number; stop(): Promise<void> }> {
  const master = await startRedis();
  let replica: (RedisProcess & { dir: string }) | undefined;
  if (opts.replica) {
    replica = await startRedis({ extra: ['--replicaof', '127.0.0.1', String(master.port)] });
    const r = replica;
    await waitFor(async () => /master_link_status:up/.test((await run('redis-cli', ['-p', String(r.port), 'info', 'replication'])).stdout), 10_000, 'the replica in sync');
  }
  const sentinelPort = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'mqdeck-sentinel-'));
  const conf = join(dir, 'sentinel.conf');
  writeFileSync(
    conf,
    [
      `port ${sentinelPort}`,
      'bind 127.0.0.1',
      `dir ${dir}`,
      `sentinel monitor ${SENTINEL_MASTER} 127.0.0.1 ${master.port} 1`,
      `sentinel down-after-milliseconds ${SENTINEL_MASTER} 5000`,
      '',
    ].join('\n'),
  );
  const p = spawnRedis([conf, '--sentinel'], dir);
  await waitFor(
    async () => {
      const c = new Redis({ port: sentinelPort, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null, enableOfflineQueue: false, connectTimeout: 500 });
      c.on('error', () => undefined);
      try {
        await c.connect();
        const addr = (await c.call('SENTINEL', 'get-master-addr-by-name', SENTINEL_MASTER)) as string[] | null;
        return addr?.[1] === String(master.port);
      } catch {
        return false;
      } finally {
        c.disconnect();
      }
    },
    10_000,
    'the sentinel knows the master',
  );
  return {
    master,
    ...(replica ? { replica } : {}),
    sentinelPort,
    async stop() {
      await stopProcess(p);
      rmSync(dir, { recursive: true, force: true });
      await master.stop();
      await replica?.stop();
    },
  };
}

export async function startCluster(): Promise<{ nodes: RedisProcess[]; servers: string; stop(): Promise<void> }> {
  const nodes: RedisProcess[] = [];
  const stopAll = async () => {
    for (const n of nodes) await n.stop();
  };
  try {
    for (let i = 0; i < 3; i++) nodes.push(await startRedis({ extra: ['--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf', '--cluster-node-timeout', '5000'] }));
    const addrs = nodes.map((n) => `127.0.0.1:${n.port}`);
    await run('redis-cli', ['--cluster', 'create', ...addrs, '--cluster-replicas', '0', '--cluster-yes'], { timeout: 30_000 });
    await waitFor(
      async () => {
        for (const n of nodes) {
          const { stdout } = await run('redis-cli', ['-p', String(n.port), 'cluster', 'info']);
          if (!/cluster_state:ok/.test(stdout)) return false;
        }
        return true;
      },
      20_000,
      'the cluster is ok',
    );
    return { nodes, servers: addrs.join(','), stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/** a TCP proxy counting the chunks the client writes: a pipeline of commands arrives as one write, single commands
 *  sent one after the other as one write each */
export class CountingProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  writes = 0;
  port = 0;

  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.on('data', (chunk) => {
        this.writes++;
        upstream.write(chunk);
      });
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** a CA and a server certificate for 127.0.0.1/localhost, made with the openssl command in `dir` */
async function makeCerts(dir: string): Promise<{ ca: string; cert: string; key: string }> {
  const f = (n: string) => join(dir, n);
  const subj = (cn: string) => ['-subj', `/CN=${cn}`];
  await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('ca.key'), '-out', f('ca.crt'), '-days', '1', ...subj('mqdeck-test-ca')]);
  await run('openssl', ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('server.key'), '-out', f('server.csr'), ...subj('localhost')]);
  writeFileSync(f('san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    f('server.csr'),
    '-CA',
    f('ca.crt'),
    '-CAkey',
    f('ca.key'),
    '-CAcreateserial',
    '-out',
    f('server.crt'),
    '-days',
    '1',
    '-extfile',
    f('san.ext'),
  ]);
  return { ca: f('ca.crt'), cert: f('server.crt'), key: f('server.key') };
}

export async function startRedisTls(): Promise<RedisProcess & { ca: string }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'mqdeck-redis-tls-'));
  const certs = await makeCerts(dir);
  const args = ['--port', '0', '--tls-port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'];
  args.push('--tls-cert-file', certs.cert, '--tls-key-file', certs.key, '--tls-ca-cert-file', certs.ca, '--tls-auth-clients', 'no');
  const p = spawnRedis(args, dir);
  const ca = readFileSync(certs.ca, 'utf8');
  await waitFor(
    async () => {
      const c = new Redis({ port, host: '127.0.0.1', tls: { ca }, lazyConnect: true, retryStrategy: () => null, enableOfflineQueue: false, connectTimeout: 500 });
      c.on('error', () => undefined);
      try {
        await c.connect();
        return (await c.ping()) === 'PONG';
      } catch {
        return false;
      } finally {
        c.disconnect();
      }
    },
    10_000,
    `redis-server on TLS port ${port}`,
  );
  return {
    port,
    ca: certs.ca,
    async stop() {
      await stopProcess(p);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
