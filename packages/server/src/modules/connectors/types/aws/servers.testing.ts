// The AWS test servers: real protocol servers from npm, in memory, on free loopback ports — dynalite (DynamoDB),
// kinesalite (Kinesis), s3rver (S3, files in a temp dir). Each answers every access key (they check the request's
// signature format, not the secret), so bad credentials cannot be proven against them.
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../mqtt/mosquitto.testing';

const require = createRequire(import.meta.url);

export interface TestServer {
  port: number;
  endpoint: string;
  close(): Promise<void>;
}

async function listen(server: Server, port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });

/** dynalite with tables created and deleted at once (no leveldown: memdown, since no path is given) */
export async function startDynalite(): Promise<TestServer> {
  const dynalite = require('dynalite') as (opts: object) => Server;
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const port = await freePort();
  await listen(server, port);
  return { port, endpoint: `http://127.0.0.1:${port}`, close: () => closeServer(server) };
}

/** kinesalite with streams created and deleted at once (memdown) */
export async function startKinesalite(): Promise<TestServer> {
  const kinesalite = require('kinesalite') as (opts: object) => Server;
  const server = kinesalite({ createStreamMs: 0, deleteStreamMs: 0, updateStreamMs: 0, shardLimit: 50 });
  const port = await freePort();
  await listen(server, port);
  return { port, endpoint: `http://127.0.0.1:${port}`, close: () => closeServer(server) };
}

/** s3rver storing objects in its own temp dir, removed on close */
export async function startS3rver(): Promise<TestServer> {
  const S3rver = require('s3rver') as new (opts: object) => { run(): Promise<{ port: number }>; close(): Promise<void> };
  const directory = await mkdtemp(join(tmpdir(), 'mqdeck-s3rver-'));
  const port = await freePort();
  const s3 = new S3rver({ port, address: '127.0.0.1', directory, silent: true });
  await s3.run();
  return {
    port,
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      await s3.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
