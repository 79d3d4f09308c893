import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../test/test-node';

describe('404, 405, 415 and 400 rules (API.md §2.1, §2.4)', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ listen: false });
  });
  afterAll(() => node.close());

  it('unknown path: JSON, text or HTML by Accept, without auth', async () => {
    const json = await node.app.inject({ method: 'GET', url: '/api/v5/nope', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.body).toBe('{"code": "NOT_FOUND", "message": "Request Path Not Found"}');
    const text = await node.app.inject({ method: 'GET', url: '/nope', headers: { accept: 'text/plain' } });
    expect(text.statusCode).toBe(404);
    expect(text.body).toBe('404 - NOT FOUND');
    const html = await node.app.inject({ method: 'GET', url: '/api/v5/nope' });
    expect(html.statusCode).toBe(404);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain('404 - NOT FOUND');
  });

  it('known path, wrong method: 405 with allow, before auth', async () => {
    const res = await node.app.inject({ method: 'GET', url: '/api/v5/users/admin' });
    expect(res.statusCode).toBe(405);
    expect(res.body).toBe('');
    expect(res.headers.allow).toBe('PUT, DELETE');
    const login = await node.app.inject({ method: 'GET', url: '/api/v5/login' });
    expect(login.statusCode).toBe(405);
    expect(login.headers.allow).toBe('POST');
  });

  it('auth comes before validation', async () => {
    const res = await node.app.inject({ method: 'POST', url: '/api/v5/users', payload: { username: 42 } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('AUTHORIZATION_HEADER_ERROR');
  });

  it('schema validation failure → 400 BAD_REQUEST naming the field', async () => {
    const res = await node.app.inject({ method: 'POST', url: '/api/v5/users', headers: node.auth, payload: { username: { a: 1 }, password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
    expect(res.json().message).toContain('username');
    const code = await node.app.inject({ method: 'GET', url: '/api/v5/error_codes/NOPE' });
    expect(code.statusCode).toBe(400);
    expect(code.json().code).toBe('BAD_REQUEST');
    expect(code.json().message).toContain('code');
  });

  it('malformed JSON → 400 "Invalid json message received"', async () => {
    const res = await node.app.inject({
      method: 'POST',
      url: '/api/v5/users',
      headers: { ...node.auth, 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: 'Invalid json message received' });
  });

  it('application/json with an empty body is no body: accepted where none is needed, 400 where one is', async () => {
    const json = { ...node.auth, 'content-type': 'application/json' };
    const created = await node.app.inject({
      method: 'POST',
      url: '/api/v5/authentication',
      headers: node.auth,
      payload: { mechanism: 'password_based', backend: 'built_in_database' },
    });
    expect(created.statusCode).toBe(200);
    const del = await node.app.inject({ method: 'DELETE', url: '/api/v5/authentication/password_based%3Abuilt_in_database', headers: json, payload: '' });
    expect(del.statusCode, del.body).toBe(204);
    expect((await node.app.inject({ method: 'DELETE', url: '/api/v5/authorization/cache', headers: json, payload: '' })).statusCode).toBe(204);
    const missing = await node.app.inject({ method: 'POST', url: '/api/v5/users', headers: json, payload: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('BAD_REQUEST');
    expect(missing.json().message).not.toBe('Invalid json message received');
    // whitespace is not empty: still malformed JSON, as before
    const blank = await node.app.inject({ method: 'POST', url: '/api/v5/users', headers: json, payload: ' ' });
    expect(blank.json()).toEqual({ code: 'BAD_REQUEST', message: 'Invalid json message received' });
    const bad = await node.app.inject({ method: 'DELETE', url: '/api/v5/authorization/cache', headers: json, payload: '{' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'BAD_REQUEST', message: 'Invalid json message received' });
    const poisoned = await node.app.inject({ method: 'DELETE', url: '/api/v5/authorization/cache', headers: json, payload: '{"__proto__": {"x": 1}}' });
    expect(poisoned.statusCode).toBe(400);
  });

  it('non-JSON content type on a JSON route → 415', async () => {
    for (const type of ['text/plain', 'application/xml']) {
      const res = await node.app.inject({
        method: 'POST',
        url: '/api/v5/users',
        headers: { ...node.auth, 'content-type': type },
        payload: 'username=a',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'content-type:application/json Required' });
    }
  });
});
