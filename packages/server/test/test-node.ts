// startTestNode: a complete node for tests: temp data dir, every MQTT listener on an ephemeral port
// (tcp and ws on; ssl/wss off unless the env turns them on), logged in as admin/public.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';

export interface TestNode {
  app: FastifyInstance;
  mqttPort: number;
  wsPort: number;
  /** admin bearer token */
  token: string;
  dataDir: string;
  /** headers for inject() */
  auth: { authorization: string };
  close(): Promise<void>;
}

export const TEST_LISTENER_ENV: Record<string, string> = {
  EMQX_LISTENERS__TCP__DEFAULT__BIND: '127.0.0.1:0',
  EMQX_LISTENERS__WS__DEFAULT__BIND: '127.0.0.1:0',
  EMQX_LISTENERS__SSL__DEFAULT__BIND: '127.0.0.1:0',
  EMQX_LISTENERS__WSS__DEFAULT__BIND: '127.0.0.1:0',
  EMQX_LISTENERS__SSL__DEFAULT__ENABLE: 'false',
  EMQX_LISTENERS__WSS__DEFAULT__ENABLE: 'false',
};

export async function startTestNode(opts: { env?: Record<string, string>; listen?: boolean; dataDir?: string } = {}): Promise<TestNode> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'mqdeck-test-'));
  const app = await buildApp({ dataDir, env: { ...TEST_LISTENER_ENV, ...opts.env }, listen: opts.listen ?? true });
  const res = await app.inject({ method: 'POST', url: '/api/v5/login', payload: { username: 'admin', password: 'public' } });
  if (res.statusCode !== 200) {
    await app.close();
    throw new Error(`test node login failed: ${res.statusCode} ${res.body}`);
  }
  const token = res.json<{ token: string }>().token;
  return {
    app,
    mqttPort: app.listeners.get('tcp:default')?.port ?? 0,
    wsPort: app.listeners.get('ws:default')?.port ?? 0,
    token,
    dataDir,
    auth: { authorization: `Bearer ${token}` },
    async close() {
      await app.close();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
