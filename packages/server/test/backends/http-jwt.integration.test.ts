// An HTTP authentication/authorization backend and a JWKS endpoint served by this test, plus HMAC
// JWTs: real clients accepted or refused, the acl claim and the HTTP source deciding real traffic,
// and a client disconnected when its token expires.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { waitFor } from '../../src/shared/testing';
import { startTestNode, type TestNode } from '../test-node';
import { addAuthenticator, addSource, api, connackCode, connectClient, delivered, pubackCode, subackCodes, unique, waitStatus } from './harness';

const readJson = async (req: IncomingMessage) => {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return JSON.parse(text || '{}') as Record<string, string>;
};

let server: Server;
let base: string;
let jwk: JWK;
let signRsa: (claims: Record<string, unknown>, expSeconds?: number) => Promise<string>;
const seen: Record<string, string>[] = [];

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  signRsa = (claims, exp = 600) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + exp)
      .sign(privateKey);
  server = createServer(async (req, res) => {
    const reply = (status: number, body?: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    if (req.url === '/jwks') return reply(200, { keys: [jwk] });
    if (req.url === '/auth' && req.method === 'POST') {
      const b = await readJson(req);
      seen.push(b);
      if (b.username === 'down') return reply(503, {});
      if (b.username === 'silent') return; // never answers: the request timeout must end the CONNECT
      if (b.password === 'http-pw') return reply(200, { result: 'allow', is_superuser: b.username === 'admin' });
      return reply(200, { result: 'deny' });
    }
    if (req.url?.startsWith('/acl') && req.method === 'POST') {
      const b = await readJson(req);
      if (b.topic.startsWith('blocked/')) return reply(200, { result: 'deny' });
      if (b.topic.startsWith('open/')) return reply(204);
      return reply(200, { result: 'ignore' });
    }
    reply(404, {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('http', () => {
  let node: TestNode;
  const clients: MqttClient[] = [];
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
    await node.close();
  });

  test('authentication: allow, deny (0x87 as EMQX), an error status or a silent server → ignored within the timeout', async () => {
    await addAuthenticator(node, {
      mechanism: 'password_based',
      backend: 'http',
      method: 'post',
      url: `${base}/auth`,
      body: { username: '${username}', password: '${password}', clientid: '${clientid}' },
      headers: { 'content-type': 'application/json', 'x-node': 'mqdeck' },
      request_timeout: '1s',
    });
    expect(await connackCode(node.mqttPort, { username: 'erin', password: 'http-pw', clientId: 'erin-1' })).toBe(0);
    expect(seen.at(-1)).toEqual({ username: 'erin', password: 'http-pw', clientid: 'erin-1' });
    expect(await connackCode(node.mqttPort, { username: 'erin', password: 'bad' })).toBe(0x87);
    expect(await connackCode(node.mqttPort, { username: 'down', password: 'http-pw' })).toBe(0x87);
    const started = Date.now();
    expect(await connackCode(node.mqttPort, { username: 'silent', password: 'x' })).toBe(0x87);
    expect(Date.now() - started).toBeLessThan(3000);
    await waitStatus(node, '/authentication/password_based%3Ahttp/status', 'connected');
  });

  test('authorization: deny / 204 allow / ignore → next source', async () => {
    await addSource(node, { type: 'http', method: 'post', url: `${base}/acl`, body: { username: '${username}', topic: '${topic}', action: '${action}' } });
    const c = await connectClient(node.mqttPort, { username: 'erin', password: 'http-pw', clientId: unique('erin') });
    const watcher = await connectClient(node.mqttPort, { username: 'admin', password: 'http-pw', clientId: unique('admin') });
    clients.push(c, watcher);
    expect(await subackCodes(c, ['blocked/a', 'open/a', 'other/a'])).toEqual([0x87, 1, 1]);
    await watcher.subscribeAsync('#', { qos: 0 });
    expect(await delivered(c, watcher, 'blocked/x')).toBe(false);
    expect(await delivered(c, watcher, 'open/x')).toBe(true);
  });
});

describe('jwt', () => {
  let node: TestNode;
  const clients: MqttClient[] = [];
  const secret = 'top-secret-hmac-key-for-tests-123';
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
    await node.close();
  });
  const hmac = (claims: Record<string, unknown>, key = secret, exp = 600) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) + exp)
      .sign(new TextEncoder().encode(key));

  test('HMAC (base64 secret), verify_claims with placeholders, wrong key or claim 0x86, secret masked', async () => {
    await addAuthenticator(node, {
      mechanism: 'jwt',
      algorithm: 'hmac-based',
      secret: Buffer.from(secret).toString('base64'),
      secret_base64_encoded: true,
      from: 'password',
      verify_claims: { sub: '${username}' },
    });
    expect((await api(node, 'GET', '/authentication/jwt')).body.secret).toBe('******');
    expect(await connackCode(node.mqttPort, { username: 'frank', password: await hmac({ sub: 'frank' }) })).toBe(0);
    expect(await connackCode(node.mqttPort, { username: 'frank', password: await hmac({ sub: 'mallory' }) })).toBe(0x86);
    expect(await connackCode(node.mqttPort, { username: 'frank', password: await hmac({ sub: 'frank' }, 'another-key-another-key-another!') })).toBe(0x86);
    expect(await connackCode(node.mqttPort, { username: 'frank', password: await hmac({ sub: 'frank' }, secret, -10) })).toBe(0x86);
    expect(await connackCode(node.mqttPort, { username: 'frank' })).toBe(0x87); // no token: ignored, chain exhausted
  });

  test('the acl claim decides before the sources; expiry disconnects the client', async () => {
    const token = await hmac(
      {
        sub: 'gina',
        acl: [
          { permission: 'deny', action: 'publish', topic: 'ctl/#' },
          { permission: 'deny', action: 'subscribe', topic: 'priv/#' },
        ],
      },
      secret,
      3,
    );
    const gina = await connectClient(node.mqttPort, { username: 'gina', password: token, clientId: unique('gina') });
    const watcher = await connectClient(node.mqttPort, { username: 'w', password: await hmac({ sub: 'w' }), clientId: unique('w') });
    clients.push(gina, watcher);
    expect(await subackCodes(gina, ['priv/x', 'pub/x'])).toEqual([0x87, 1]);
    await watcher.subscribeAsync('#', { qos: 0 });
    expect(await delivered(gina, watcher, 'ctl/reboot')).toBe(false);
    expect(await delivered(gina, watcher, 'pub/ok')).toBe(true);
    const id = gina.options.clientId!;
    await waitFor(() => !node.app.broker.client(id), 6000, 'the expired client to be disconnected');
  });

  test('acl claim as a rule list (v2) passes an unmatched topic on; the {pub, sub, all} map (v1) denies it', async () => {
    // no source decides here and no_match is allow: only the claim can deny
    const v2 = await connectClient(node.mqttPort, {
      username: 'v2',
      password: await hmac({
        sub: 'v2',
        acl: [
          { permission: 'allow', action: 'publish', topic: 'listed/#' },
          { permission: 'deny', action: 'all', topic: 'ctl/#' },
        ],
      }),
      clientId: unique('v2'),
    });
    const v1 = await connectClient(node.mqttPort, {
      username: 'v1',
      password: await hmac({ sub: 'v1', acl: { pub: ['listed/#', 'both/${clientid}'], sub: ['feed/+'], all: ['both/#'] } }),
      clientId: 'v1-client',
    });
    clients.push(v1, v2);
    expect(await pubackCode(v2, 'listed/a')).toBe(0);
    expect(await pubackCode(v2, 'unlisted/a')).toBe(0);
    expect(await pubackCode(v2, 'ctl/a')).toBe(0x87);
    expect(await subackCodes(v2, ['unlisted/a', 'ctl/a'])).toEqual([1, 0x87]);

    expect(await pubackCode(v1, 'listed/a')).toBe(0);
    expect(await pubackCode(v1, 'both/v1-client')).toBe(0);
    expect(await pubackCode(v1, 'both/x')).toBe(0);
    expect(await pubackCode(v1, 'unlisted/a')).toBe(0x87);
    expect(await pubackCode(v1, 'feed/a')).toBe(0x87); // sub-only topic
    expect(await subackCodes(v1, ['feed/a', 'both/x', 'listed/a', 'unlisted/a'])).toEqual([1, 1, 0x87, 0x87]);
    const explained = await api(node, 'POST', '/authorization/explain', { clientid: 'v1-client', action: 'publish', topic: 'unlisted/a' });
    expect(explained.body).toMatchObject({ result: 'deny', decided_by: 'source', source: 'client_info' });
  });

  test('JWKS endpoint served by the test: RS256 tokens accepted, others refused', async () => {
    expect((await api(node, 'DELETE', '/authentication/jwt')).status).toBe(204);
    await addAuthenticator(node, { mechanism: 'jwt', use_jwks: true, endpoint: `${base}/jwks`, refresh_interval: 60, from: 'username' });
    await waitStatus(node, '/authentication/jwt/status', 'connected');
    expect(await connackCode(node.mqttPort, { username: await signRsa({ sub: 'h' }) })).toBe(0);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ sub: 'h' }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).sign(privateKey);
    expect(await connackCode(node.mqttPort, { username: forged })).toBe(0x86);
  });
});
