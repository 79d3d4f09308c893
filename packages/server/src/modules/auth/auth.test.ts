import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { validateResponse } from '../../contract/validate-response';

const login = (node: TestNode, username: string, password: string, ip = '127.0.0.1') =>
  node.app.inject({ method: 'POST', url: '/api/v5/login', payload: { username, password }, remoteAddress: ip });

describe('login, tokens and the 401 variants', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ listen: false });
  });
  afterAll(() => node.close());

  it('logs in as admin/public with the EE body', async () => {
    const res = await login(node, 'admin', 'public');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ version: '5.8.9', license: { edition: 'ee' }, role: 'administrator' });
    expect(typeof body.token).toBe('string');
    // license.edition "ee" is a documented EMQX quirk against the schema's enum, so only check the rest.
    expect(validateResponse('post', '/login', 200, { ...body, license: {} })).toEqual([]);
  });

  it('refuses a wrong password with BAD_USERNAME_OR_PWD', async () => {
    const res = await login(node, 'admin', 'nope', '10.0.0.9');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'BAD_USERNAME_OR_PWD', message: 'Auth failed' });
    expect(validateResponse('post', '/login', 401, res.json())).toEqual([]);
  });

  it('locks a username+address after 5 failures, other addresses still log in', async () => {
    for (let i = 0; i < 5; i++) expect((await login(node, 'admin', 'bad', '10.1.1.1')).statusCode).toBe(401);
    const locked = await login(node, 'admin', 'public', '10.1.1.1');
    expect(locked.statusCode).toBe(401);
    expect(locked.json().code).toBe('BAD_USERNAME_OR_PWD');
    expect(locked.json().message).toMatch(/^Login locked: too many failed attempts, retry in (60|59) seconds$/);
    expect((await login(node, 'admin', 'public', '10.1.1.2')).statusCode).toBe(200);
  });

  it('answers AUTHORIZATION_HEADER_ERROR without or with an unknown scheme', async () => {
    for (const headers of [{}, { authorization: 'Digest abc' }]) {
      const res = await node.app.inject({ method: 'GET', url: '/api/v5/users', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'AUTHORIZATION_HEADER_ERROR', message: 'Support authorization: basic/bearer ' });
      expect(res.headers['www-authenticate']).toBe('Basic Realm="emqx-dashboard"');
    }
  });

  it('answers BAD_TOKEN for an unknown token, without a challenge header', async () => {
    const res = await node.app.inject({ method: 'GET', url: '/api/v5/users', headers: { authorization: 'bearer nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'BAD_TOKEN', message: 'Get a token by POST /login' });
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('refuses dashboard credentials given as Basic auth with BAD_API_KEY_OR_SECRET', async () => {
    const basic = Buffer.from('admin:public').toString('base64');
    const res = await node.app.inject({
      method: 'POST',
      url: '/api/v5/users/admin/change_pwd',
      headers: { authorization: `Basic ${basic}` },
      payload: { old_pwd: 'public', new_pwd: 'public123' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'BAD_API_KEY_OR_SECRET', message: 'Check api_key/api_secret' });
    expect(res.headers['www-authenticate']).toBe('Basic Realm="emqx-dashboard"');
  });

  it('logs out: the token stops working; a foreign username is refused', async () => {
    const token = (await login(node, 'admin', 'public')).json().token as string;
    const headers = { authorization: `Bearer ${token}` };
    const wrong = await node.app.inject({ method: 'POST', url: '/api/v5/logout', headers, payload: { username: 'someone' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'WRONG_TOKEN_OR_USERNAME', message: 'Ensure your token & username' });
    const ok = await node.app.inject({ method: 'POST', url: '/api/v5/logout', headers, payload: { username: 'admin' } });
    expect(ok.statusCode).toBe(204);
    expect(ok.body).toBe('');
    const after = await node.app.inject({ method: 'GET', url: '/api/v5/users', headers });
    expect(after.json()).toEqual({ code: 'BAD_TOKEN', message: 'Get a token by POST /login' });
  });
});

describe('token expiry', () => {
  it('expires after dashboard.token_expired_time and slides on use', async () => {
    const node = await startTestNode({ listen: false, env: { EMQX_DASHBOARD__TOKEN_EXPIRED_TIME: '300ms' } });
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect((await node.app.inject({ method: 'GET', url: '/api/v5/users', headers: node.auth })).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 200)); // 400 ms after login, but only 200 ms after the last use
      expect((await node.app.inject({ method: 'GET', url: '/api/v5/users', headers: node.auth })).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 400));
      const res = await node.app.inject({ method: 'GET', url: '/api/v5/users', headers: node.auth });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'TOKEN_TIME_OUT', message: 'Token expired, get new token by POST /login' });
    } finally {
      await node.close();
    }
  });
});
