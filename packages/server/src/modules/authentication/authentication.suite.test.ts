// /authentication as EMQX 5.8.1's emqx_authn_api_SUITE asserts it (apps/emqx_auth/test/emqx_authn/): each test names its case.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api } from '../../shared/testing';

const enc = encodeURIComponent;
const HTTP = 'password_based:http';
const BUILT_IN = 'password_based:built_in_database';

let node: TestNode;
let peer: Server;
let httpExample: Record<string, unknown>;
const jwtExample = { mechanism: 'jwt', use_jwks: false, algorithm: 'hmac-based', secret: 'mysecret', secret_base64_encoded: false, verify_claims: {} };
const builtInExample = {
  mechanism: 'password_based',
  backend: 'built_in_database',
  user_id_type: 'username',
  password_hash_algorithm: { name: 'sha256', salt_position: 'suffix' },
};

const ids = async () => ((await api(node, 'GET', '/authentication')).body as { id: string; enable: boolean }[]).map((a) => `${a.id}${a.enable ? '' : ' (off)'}`);
const clear = async () => {
  for (const id of (await api(node, 'GET', '/authentication')).body.map((a: { id: string }) => a.id)) await api(node, 'DELETE', `/authentication/${enc(id)}`);
};

beforeAll(async () => {
  // a real HTTP peer, so the http authenticator connects (its status is `connected`)
  peer = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":"allow"}'));
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  httpExample = {
    mechanism: 'password_based',
    backend: 'http',
    method: 'post',
    url: `http://127.0.0.1:${(peer.address() as AddressInfo).port}/auth`,
    headers: { 'content-type': 'application/json' },
    body: { username: '${username}', password: '${password}' },
    pool_size: 8,
    connect_timeout: '5s',
    request_timeout: '5s',
    enable_pipelining: 100,
    ssl: { enable: false },
  };
  node = await startTestNode();
});
afterAll(async () => {
  await node.close();
  await new Promise((resolve) => peer.close(resolve));
});

describe('emqx_authn_api_SUITE', () => {
  test('t_invalid_listener: a listener that does not exist is 404', async () => {
    expect((await api(node, 'GET', '/listeners/invalid/authentication')).status).toBe(404);
    expect((await api(node, 'GET', `/listeners/${enc('in:valid')}/authentication`)).status).toBe(404);
  });

  test('t_authenticator_users_not_found: users of a missing built-in database are 404', async () => {
    expect((await api(node, 'GET', `/authentication/${enc(BUILT_IN)}/users`)).status).toBe(404);
    expect((await api(node, 'POST', `/authentication/${enc(BUILT_IN)}/users`, { user_id: 'global_user', password: 'p1' })).status).toBe(404);
  });

  test('t_authenticators: create 200, again 409, bad method 400, PUT 204', async () => {
    expect((await api(node, 'POST', '/authentication', httpExample)).status).toBe(200);
    expect((await api(node, 'POST', '/authentication', httpExample)).status).toBe(409);
    await api(node, 'DELETE', `/authentication/${enc(HTTP)}`);
    expect((await api(node, 'POST', '/authentication', { ...httpExample, method: 'delete' })).status).toBe(400);
    expect((await api(node, 'POST', '/authentication', httpExample)).status).toBe(200);
    expect((await api(node, 'PUT', `/authentication/${enc(HTTP)}`, { ...httpExample, method: 'get', headers: { 'content-type': 'application/json' } })).status).toBe(204);
    expect(await ids()).toEqual([HTTP]);
    await clear();
  });

  test('t_authenticator: get, status with zero metrics, 404s, bad PUT 400, deleting an unknown one is 204', async () => {
    expect((await api(node, 'POST', '/authentication', httpExample)).status).toBe(200);
    expect((await api(node, 'GET', `/authentication/${enc(HTTP)}`)).status).toBe(200);
    const status = await api(node, 'GET', `/authentication/${enc(HTTP)}/status`);
    expect(status.status).toBe(200);
    expect(status.body.status).toBe('connected');
    expect(status.body.metrics).toMatchObject({ failed: 0, total: 0, rate: 0, rate_last5m: 0, rate_max: 0, success: 0 });
    expect((await api(node, 'GET', '/authentication/unknown_auth_chain/status')).status).toBe(404);
    expect((await api(node, 'GET', `/authentication/${enc('password_based:redis')}`)).status).toBe(404);
    expect((await api(node, 'PUT', `/authentication/${enc(BUILT_IN)}`, builtInExample)).status).toBe(404);
    expect((await api(node, 'PUT', `/authentication/${enc(HTTP)}`, { ...httpExample, method: 'delete' })).status).toBe(400);
    expect((await api(node, 'PUT', `/authentication/${enc(HTTP)}`, { ...httpExample, method: 'get', headers: { 'content-type': 'application/json' } })).status).toBe(204);
    expect((await api(node, 'PUT', `/authentication/${enc(HTTP)}`, { ...httpExample, pool_size: 9 })).status).toBe(204);
    // "allow deletion of unknown (not created) authenticator": the chain exists, so this is idempotent
    expect((await api(node, 'DELETE', `/authentication/${enc('password_based:redis')}`)).status).toBe(204);
    expect((await api(node, 'DELETE', `/authentication/${enc(HTTP)}`)).status).toBe(204);
    expect(await ids()).toEqual([]);
    // the chain stays (empty) once it was made: deleting again is still 204
    expect((await api(node, 'DELETE', `/authentication/${enc(HTTP)}`)).status).toBe(204);
  });

  test('t_authenticator_position: invalid moves 400/404, then front, rear, before, after (id percent-encoded)', async () => {
    for (const conf of [httpExample, jwtExample, builtInExample]) expect((await api(node, 'POST', '/authentication', conf)).status).toBe(200);
    expect(await ids()).toEqual([HTTP, 'jwt', BUILT_IN]);
    expect((await api(node, 'PUT', '/authentication/jwt/position/up')).status).toBe(400);
    expect((await api(node, 'PUT', '/authentication/jwt/position')).status).toBe(404);
    expect((await api(node, 'PUT', '/authentication/jwt/position/before:invalid')).status).toBe(404);
    expect((await api(node, 'PUT', '/authentication/jwt/position/before:password_based:redis')).status).toBe(404);
    expect((await api(node, 'PUT', '/authentication/jwt/position/front')).status).toBe(204);
    expect(await ids()).toEqual(['jwt', HTTP, BUILT_IN]);
    expect((await api(node, 'PUT', '/authentication/jwt/position/rear')).status).toBe(204);
    expect(await ids()).toEqual([HTTP, BUILT_IN, 'jwt']);
    expect((await api(node, 'PUT', `/authentication/jwt/position/before:${BUILT_IN}`)).status).toBe(204);
    expect(await ids()).toEqual([HTTP, 'jwt', BUILT_IN]);
    expect((await api(node, 'PUT', `/authentication/password_based%3Abuilt_in_database/position/after:${HTTP}`)).status).toBe(204);
    expect(await ids()).toEqual([HTTP, BUILT_IN, 'jwt']);
    await clear();
  });

  test('t_authenticators_reorder: bad schema, partial, unknown, both, duplicates are 400; a disabled one keeps its place', async () => {
    for (const conf of [httpExample, { ...jwtExample, enable: false }, builtInExample]) expect((await api(node, 'POST', '/authentication', conf)).status).toBe(200);
    expect(await ids()).toEqual([HTTP, 'jwt (off)', BUILT_IN]);
    const order = (list: object[]) => api(node, 'PUT', '/authentication/order', list);
    expect((await order([{ 'not-id': HTTP }, { 'not-id': 'jwt' }])).status).toBe(400);
    expect((await order([{ id: HTTP }, { id: 'jwt' }])).status).toBe(400);
    expect((await order([{ id: HTTP }, { id: 'jwt' }, { id: BUILT_IN }, { id: 'password_based:mongodb' }])).status).toBe(400);
    expect((await order([{ id: HTTP }, { id: BUILT_IN }, { id: 'password_based:mongodb' }])).status).toBe(400);
    expect((await order([{ id: HTTP }, { id: BUILT_IN }, { id: 'jwt' }, { id: HTTP }])).status).toBe(400);
    expect(await ids()).toEqual([HTTP, 'jwt (off)', BUILT_IN]);
    expect((await order([{ id: BUILT_IN }, { id: 'jwt' }, { id: HTTP }])).status).toBe(204);
    expect(await ids()).toEqual([BUILT_IN, 'jwt (off)', HTTP]);
    await clear();
  });

  test('t_bcrypt_validation: salt_rounds 15 is 400, 10 is 200', async () => {
    const base = { mechanism: 'password_based', backend: 'built_in_database', user_id_type: 'username' };
    expect((await api(node, 'POST', '/authentication', { ...base, password_hash_algorithm: { name: 'bcrypt', salt_rounds: 15 } })).status).toBe(400);
    expect((await api(node, 'POST', '/authentication', { ...base, password_hash_algorithm: { name: 'bcrypt', salt_rounds: 10 } })).status).toBe(200);
    await clear();
  });
});

describe('no chain yet (emqx_authn_chains: the global chain is made by the first authenticator)', () => {
  test('DELETE on a fresh node is 404 "Authenticator not found in the \'global\' scope"', async () => {
    const fresh = await startTestNode({ listen: false });
    try {
      expect(await api(fresh, 'DELETE', `/authentication/${enc(BUILT_IN)}`)).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND', message: "Authenticator not found in the 'global' scope" },
      });
    } finally {
      await fresh.close();
    }
  });
});
