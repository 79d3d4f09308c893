// One masking scheme (configs.secrets.ts) in every area that answers with secrets: authenticators and
// authorization sources show them as ******, keep a one-placeholder value (${password}) as it is, and a PUT
// that sends ****** back keeps the stored secret working. Listeners: listeners.tls-password.test.ts.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connackCode, connectClient } from '../../shared/testing';

let node: TestNode;
let web: Server;
let webUrl: string;
/** what the fake HTTP backend received, newest last */
const seen: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  node = await startTestNode();
  // allows (authn and authz) only with the real bearer token, so a lost secret shows as a refusal
  web = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      const ok = req.headers.authorization === 'Bearer real-token';
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result: ok ? 'allow' : 'deny' }));
    });
  });
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => web.close(r));
  await node.close();
});

const enc = encodeURIComponent;
const token = (secret: string) => new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(secret));

describe('authentication', () => {
  test('JWT secret: GET ******, PUT with ****** keeps the secret that verifies tokens', async () => {
    const created = await api(node, 'POST', '/authentication', { mechanism: 'jwt', use_jwks: false, algorithm: 'hmac-based', secret: 'jwt-secret-1', from: 'password' });
    expect(created.status).toBe(200);
    expect(created.body.secret).toBe('******');
    expect((await api(node, 'GET', '/authentication/jwt')).body.secret).toBe('******');
    expect((await api(node, 'GET', '/authentication')).body.find((a: { id: string }) => a.id === 'jwt').secret).toBe('******');

    const sent = { ...(await api(node, 'GET', '/authentication/jwt')).body, acl_claim_name: 'rules' };
    expect((await api(node, 'PUT', '/authentication/jwt', sent)).status).toBe(204);
    expect((await api(node, 'GET', '/authentication/jwt')).body).toMatchObject({ acl_claim_name: 'rules', secret: '******' });
    expect(await connackCode(node.mqttPort, { clientId: 'jwt-ok', username: 'u', password: await token('jwt-secret-1') })).toBe(0);
    expect(await connackCode(node.mqttPort, { clientId: 'jwt-bad', username: 'u', password: await token('******') })).toBe(0x86);
    expect((await api(node, 'DELETE', '/authentication/jwt')).status).toBe(204);
  });

  test('HTTP: Authorization header ******, ${password} shown as it is; PUT with ****** keeps the header', async () => {
    const id = 'password_based:http';
    const config = {
      mechanism: 'password_based',
      backend: 'http',
      method: 'post',
      url: `${webUrl}/authn`,
      headers: { 'content-type': 'application/json', Authorization: 'Bearer real-token' },
      body: { username: '${username}', password: '${password}' },
    };
    expect((await api(node, 'POST', '/authentication', config)).status).toBe(200);
    const shown = (await api(node, 'GET', `/authentication/${enc(id)}`)).body;
    expect(shown.headers.Authorization).toBe('******');
    expect(shown.body).toEqual({ username: '${username}', password: '${password}' });

    expect((await api(node, 'PUT', `/authentication/${enc(id)}`, { ...shown, request_timeout: '4s' })).status).toBe(204);
    expect((await api(node, 'GET', `/authentication/${enc(id)}`)).body.request_timeout).toBe('4s');
    expect(await connackCode(node.mqttPort, { clientId: 'http-ok', username: 'u', password: 'p' })).toBe(0);
    const last = seen.filter((s) => s.url === '/authn').pop()!;
    expect(last.headers.authorization).toBe('Bearer real-token');
    expect(JSON.parse(last.body)).toEqual({ username: 'u', password: 'p' });
    expect((await api(node, 'DELETE', `/authentication/${enc(id)}`)).status).toBe(204);
  });
});

describe('authorization', () => {
  test('HTTP source: Authorization header ******, PUT with ****** keeps the header the backend checks', async () => {
    expect((await api(node, 'PUT', '/authorization/settings', { no_match: 'deny', deny_action: 'ignore', cache: { enable: false } })).status).toBe(200);
    const source = {
      type: 'http',
      enable: true,
      method: 'post',
      url: `${webUrl}/authz`,
      headers: { 'content-type': 'application/json', Authorization: 'Bearer real-token' },
      body: { topic: '${topic}' },
    };
    expect((await api(node, 'POST', '/authorization/sources', source)).status).toBe(204);
    const shown = (await api(node, 'GET', '/authorization/sources/http')).body;
    expect(shown.headers.Authorization).toBe('******');
    expect((await api(node, 'GET', '/authorization/sources')).body.sources.find((s: { type: string }) => s.type === 'http').headers.Authorization).toBe('******');

    expect((await api(node, 'PUT', '/authorization/sources/http', { ...shown, request_timeout: '4s' })).status).toBe(204);
    expect((await api(node, 'GET', '/authorization/sources/http')).body.request_timeout).toBe('4s');
    const client = await connectClient(node.mqttPort, { clientId: 'authz-sub' });
    try {
      const granted = await client.subscribeAsync('after/put', { qos: 1 });
      expect(granted[0].qos).toBe(1); // allowed only when the backend got the real token
      const last = seen.filter((s) => s.url === '/authz').pop()!;
      expect(last.headers.authorization).toBe('Bearer real-token');
      expect(JSON.parse(last.body)).toEqual({ topic: 'after/put' });
    } finally {
      await closeClients([client]);
      await api(node, 'DELETE', '/authorization/sources/http');
    }
  });
});
