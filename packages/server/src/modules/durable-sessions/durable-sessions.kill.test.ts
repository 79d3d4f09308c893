// A real node in a child process: QoS 1 messages acknowledged to the publisher for an offline persistent session
// survive `kill -9` and reach the subscriber when it comes back (session present).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import mqtt, { type IClientOptions } from 'mqtt';
import { connectClient, waitFor } from '../../shared/testing';

const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'mqdeck-kill-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const freePort = () =>
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

/** the node on free ports and the shared data dir, durable sessions on; resolves once MQTT accepts connections */
async function startNode(): Promise<{ child: ChildProcess; port: number }> {
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
  return { child, port: tcp };
}

const SUB: IClientOptions = { clientId: 'kill-sub', clean: false, protocolVersion: 5, properties: { sessionExpiryInterval: 3600 } };
const N = 300;

describe('durable sessions across kill -9', () => {
  test('every QoS 1 message acknowledged to the publisher is delivered after SIGKILL and restart', async () => {
    const first = await startNode();
    const sub = await connectClient(first.port, SUB);
    await sub.subscribeAsync('kill/#', { qos: 1 });
    await sub.endAsync();

    const pub = await connectClient(first.port, { clientId: 'kill-pub' });
    // publishAsync resolves on PUBACK: from then on the message must survive
    await Promise.all(Array.from({ length: N }, (_, i) => pub.publishAsync(`kill/${i % 7}`, `m${i}`, { qos: 1 })));
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    pub.end(true);

    const second = await startNode();
    const got = new Set<string>();
    let present: boolean | undefined;
    // listeners attached before CONNECT: the queued messages follow the CONNACK at once
    const back = mqtt.connect({ host: '127.0.0.1', port: second.port, reconnectPeriod: 0, ...SUB });
    back.on('connect', (ack) => (present ??= ack.sessionPresent));
    back.on('message', (_topic, payload) => got.add(payload.toString()));
    try {
      await waitFor(() => got.size >= N, 30_000, `${N} messages (got ${got.size})`).catch(() => undefined);
      expect(present).toBe(true);
      expect(got.size).toBe(N);
      expect([...got].sort()).toEqual(Array.from({ length: N }, (_, i) => `m${i}`).sort());
    } finally {
      await back.endAsync();
      second.child.kill('SIGTERM');
      await new Promise((r) => second.child.once('exit', r));
    }
  }, 120_000);
});
