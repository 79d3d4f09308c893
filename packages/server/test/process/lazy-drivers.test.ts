// The compiled node loads no third-party driver at start (they were ~25 MB of idle heap that every full GC marks):
// each loads on first real use. The node runs with record-packages.mjs, which writes down every package it imports
// or requires. The connector and the authenticator below point at a closed port: the driver loads all the same.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ensureBuilt, MAIN } from '../../../../scripts/build-node.mjs';
import * as drivers from '../../src/shared/drivers';
import { waitFor } from '../../src/shared/testing';
import { freePort, ROOT } from './npm-start.testing';

// every driver of shared/drivers.ts; not ajv-formats, which fastify's own validator loads at start
const DRIVERS = Object.values(drivers)
  .map((d) => d.specifier)
  .filter((d) => d !== drivers.ajvFormats.specifier);

const dir = mkdtempSync(join(tmpdir(), 'mqdeck-lazy-drivers-'));
const record = join(dir, 'packages.txt');
let node: ChildProcess | undefined;
let http = 0;
let token = '';

/** the drivers named in the record so far (a subpath of a driver's package counts as that driver) */
function loadedDrivers(): string[] {
  const specifiers = new Set(readFileSync(record, 'utf8').split('\n').filter(Boolean));
  return DRIVERS.filter((d) => [...specifiers].some((s) => s === d || s.startsWith(`${d}/`)));
}

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${http}/api/v5${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

beforeAll(async () => {
  await ensureBuilt();
  writeFileSync(record, '');
  http = await freePort();
  node = spawn(process.execPath, ['--import', join(import.meta.dirname, 'record-packages.mjs'), MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      MQDECK_RECORD_PACKAGES: record,
      EMQX_NODE__DATA_DIR: join(dir, 'data'),
      EMQX_LISTENERS__TCP__DEFAULT__BIND: `127.0.0.1:${await freePort()}`,
      EMQX_LISTENERS__WS__DEFAULT__BIND: `127.0.0.1:${await freePort()}`,
      EMQX_LISTENERS__SSL__DEFAULT__ENABLE: 'false',
      EMQX_LISTENERS__WSS__DEFAULT__ENABLE: 'false',
      EMQX_DASHBOARD__LISTENERS__HTTP__BIND: `127.0.0.1:${http}`,
    },
    stdio: 'ignore',
  });
  await waitFor(async () => (await call('POST', '/login', { username: 'admin', password: 'public' }).catch(() => undefined))?.status === 200, 30_000, 'the node to answer');
  token = String((await call('POST', '/login', { username: 'admin', password: 'public' })).body.token);
}, 120_000);

afterAll(async () => {
  if (node && node.exitCode === null) {
    node.kill('SIGTERM');
    await new Promise((r) => node!.once('exit', r));
  }
  rmSync(dir, { recursive: true, force: true });
});

test('no driver is loaded at start; a connector or an authenticator loads its own on creation', async () => {
  // the record works: the node's web framework is in it
  expect(readFileSync(record, 'utf8').split('\n')).toContain('fastify');
  expect(loadedDrivers()).toEqual([]);

  const closed = `127.0.0.1:${await freePort()}`;
  const connector = await call('POST', '/connectors', { type: 'mysql', name: 'lazy', server: closed, database: 'test', username: 'root', password: '' });
  expect(connector.status, JSON.stringify(connector.body)).toBe(201);
  expect(loadedDrivers()).toEqual(['mysql2/promise']);

  const authn = await call('POST', '/authentication', {
    mechanism: 'password_based',
    backend: 'redis',
    redis_type: 'single',
    server: closed,
    cmd: 'HMGET mqtt_user:${username} password_hash salt',
  });
  expect(authn.status, JSON.stringify(authn.body)).toBe(200);
  expect(loadedDrivers()).toEqual(['mysql2/promise', 'ioredis']);
}, 60_000);
