// POST /authentication_probe (the console's Test): config checked as create does, the backend reached
// once, nothing stored. Servers here are local fakes (closed ports, a silent socket, a tiny HTTP server);
// the real MariaDB/PostgreSQL/Redis are in test/backends/probe.integration.test.ts.
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api } from '../../shared/testing';

let node: TestNode;
let closedPort: number;
let web: HttpServer;
let webPort: number;

/** a port nothing listens on: bound, then released */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

/** a TCP server that records what it receives and answers with `reply` (or nothing) */
async function fakeServer(reply?: string): Promise<{ server: Server; port: number; received: () => string }> {
  let data = '';
  const server = createServer((socket) => {
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      if (reply) socket.write(reply);
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port, received: () => data };
}

beforeAll(async () => {
  node = await startTestNode();
  closedPort = await freePort();
  web = createHttpServer((req, res) => {
    if (req.url === '/jwks') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [] }));
    if (req.url === '/broken-jwks') return void res.writeHead(500).end();
    if (req.url === '/not-keys') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":1}');
    res.writeHead(404).end(); // any answer means the HTTP server is reachable
  });
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
  webPort = (web.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => web.close(r));
  await node.close();
});

const mysql = (server: string, extra: Record<string, unknown> = {}) => ({
  mechanism: 'password_based',
  backend: 'mysql',
  server,
  database: 'test',
  username: 'root',
  query: 'SELECT password_hash FROM users WHERE username = ${username} LIMIT 1',
  ...extra,
});
const redis = (server: string, extra: Record<string, unknown> = {}) => ({
  mechanism: 'password_based',
  backend: 'redis',
  redis_type: 'single',
  server,
  cmd: 'HMGET mqtt_user:${username} password_hash salt',
  ...extra,
});

describe('POST /authentication_probe', () => {
  test('a built-in database and a JWT secret pass on their config alone; nothing is stored', async () => {
    const builtIn = await api(node, 'POST', '/authentication_probe', { mechanism: 'password_based', backend: 'built_in_database' });
    expect(builtIn.status).toBe(204);
    const jwt = await api(node, 'POST', '/authentication_probe', { mechanism: 'jwt', algorithm: 'hmac-based', secret: 'k' });
    expect(jwt.status).toBe(204);
    expect((await api(node, 'GET', '/authentication')).body).toEqual([]);
  });

  test('an invalid config is 400 BAD_REQUEST naming the field, before any connection', async () => {
    const noServer = await api(node, 'POST', '/authentication_probe', { ...mysql('x'), server: undefined });
    expect(noServer.status).toBe(400);
    expect(noServer.body).toEqual({ code: 'BAD_REQUEST', message: 'server: required field missing' });
    const badType = await api(node, 'POST', '/authentication_probe', { mechanism: 'password_based', backend: 'nosuch' });
    expect(badType.body).toEqual({ code: 'BAD_REQUEST', message: 'Unsupported authenticator type: password_based:nosuch' });
    expect((await api(node, 'POST', '/authentication_probe', [1])).status).toBe(400);
    const jwt = await api(node, 'POST', '/authentication_probe', { mechanism: 'jwt', algorithm: 'public-key', public_key: 'nope' });
    expect(jwt.body).toEqual({ code: 'BAD_REQUEST', message: 'public_key: not a PEM public key' });
  });

  test('a closed port fails with 400 TEST_FAILED and the real reason (MySQL, Redis, HTTP)', async () => {
    const at = `127.0.0.1:${closedPort}`;
    for (const body of [mysql(at), redis(at), { mechanism: 'password_based', backend: 'http', url: `http://${at}/auth` }]) {
      const res = await api(node, 'POST', '/authentication_probe', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.code).toBe('TEST_FAILED');
      expect(res.body.message).toContain(`ECONNREFUSED 127.0.0.1:${closedPort}`);
    }
  });

  test('HTTP: any answer means reachable; JWKS: the key set must load', async () => {
    const http = await api(node, 'POST', '/authentication_probe', {
      mechanism: 'password_based',
      backend: 'http',
      method: 'post',
      url: `http://127.0.0.1:${webPort}/auth/\${username}`,
    });
    expect(http.status).toBe(204);
    const jwks = (path: string) => ({ mechanism: 'jwt', use_jwks: true, endpoint: `http://127.0.0.1:${webPort}${path}` });
    expect((await api(node, 'POST', '/authentication_probe', jwks('/jwks'))).status).toBe(204);
    const broken = await api(node, 'POST', '/authentication_probe', jwks('/broken-jwks'));
    expect(broken.body).toEqual({ code: 'TEST_FAILED', message: 'JWKS endpoint answered 500' });
    const notKeys = await api(node, 'POST', '/authentication_probe', jwks('/not-keys'));
    expect(notKeys.body.code).toBe('TEST_FAILED');
    expect(notKeys.body.message).toMatch(/JSON Web Key Set malformed/);
  });

  test('a server that never answers is bounded by the config timeout', async () => {
    const silent = await fakeServer();
    try {
      const started = Date.now();
      const res = await api(node, 'POST', '/authentication_probe', mysql(`127.0.0.1:${silent.port}`, { query_timeout: '1s' }));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('TEST_FAILED');
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      silent.server.close();
    }
  });

  test('?id= puts the stored secret in place of ******; unknown id 404, other type 400', async () => {
    const created = await api(node, 'POST', '/authentication', redis(`127.0.0.1:${closedPort}`, { password: 'stored-secret' }));
    expect(created.status).toBe(200);
    const id = 'password_based:redis';
    const fake = await fakeServer('-WRONGPASS invalid username-password pair\r\n');
    try {
      const res = await api(node, 'POST', `/authentication_probe?id=${encodeURIComponent(id)}`, redis(`127.0.0.1:${fake.port}`, { password: '******' }));
      expect(res.body).toEqual({ code: 'TEST_FAILED', message: 'WRONGPASS invalid username-password pair' });
      expect(fake.received()).toContain('stored-secret');
      expect(fake.received()).not.toContain('******');
    } finally {
      fake.server.close();
    }
    expect((await api(node, 'POST', '/authentication_probe?id=jwt', { mechanism: 'jwt', algorithm: 'hmac-based', secret: 'k' })).status).toBe(404);
    const other = await api(node, 'POST', `/authentication_probe?id=${encodeURIComponent(id)}`, mysql('127.0.0.1:1'));
    expect(other.body).toEqual({ code: 'BAD_REQUEST', message: 'Change of authentication type is not allowed' });
    // the probe changed nothing: the stored authenticator keeps its server and secret
    const stored = node.app.authn.configOf(id);
    expect(stored).toMatchObject({ server: `127.0.0.1:${closedPort}`, password: 'stored-secret' });
    expect((await api(node, 'DELETE', `/authentication/${encodeURIComponent(id)}`)).status).toBe(204);
  });
});
