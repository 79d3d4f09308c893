// Several brokers in one console: a second node stands in for the managed broker. Adding checks the credential
// (nothing kept when it fails) and learns version and edition; the secret is sealed at rest and shown masked; the
// pass-through acts on the managed broker with the stored credential, within the caller's role here; a token the
// broker revoked is replaced by a new login.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api } from '../../shared/testing';

describe('managed brokers', () => {
  let here: TestNode;
  let there: TestNode;
  let url: string;
  beforeAll(async () => {
    [here, there] = await Promise.all([startTestNode({ listen: false }), startTestNode({ listen: false })]);
    await there.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(there.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await here?.close();
    await there?.close();
  });

  const through = (id: string, method: string, path: string, payload?: unknown, headers = here.auth) =>
    here.app.inject({ method: method as 'GET', url: `/api/v5/mqdeck/brokers/${id}/api/v5${path}`, headers, payload: payload as object });

  it('refuses a broker it cannot log in to, and keeps nothing', async () => {
    const wrong = await api(here, 'POST', '/mqdeck/brokers', { name: 'far', url, username: 'admin', secret: 'wrong' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^The broker at http:\/\/127\.0\.0\.1:\d+ refused the login of "admin": .*\(BAD_USERNAME_OR_PWD\)\.$/),
    });
    const gone = await api(here, 'POST', '/mqdeck/brokers', { name: 'far', url: 'http://127.0.0.1:9', username: 'admin', secret: 'public' });
    expect(gone.body.message).toMatch(/could not be reached: the connection was refused/);
    expect(await api(here, 'POST', '/mqdeck/brokers', { name: 'far', url: 'ftp://x', username: 'a', secret: 'b' })).toMatchObject({
      status: 400,
      body: { message: 'url must start with http:// or https://' },
    });
    expect((await api(here, 'GET', '/mqdeck/brokers')).body).toEqual([]);
  });

  it('adds a broker: version and edition learned, secret masked and sealed at rest', async () => {
    const added = await api(here, 'POST', '/mqdeck/brokers', { name: 'far', url: `${url}/`, username: 'admin', secret: 'public' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'far', url, auth_type: 'password', username: 'admin', secret: '******', insecure: false, edition: expect.any(String) });
    expect(added.body.version).not.toBe('');
    const db = new Database(join(here.dataDir, 'mqdeck.db'), { readonly: true });
    const row = db.prepare('SELECT secret FROM brokers').get() as { secret: string };
    db.close();
    expect(row.secret).toMatch(/^enc:v1:/);
    expect(await api(here, 'POST', '/mqdeck/brokers', { name: 'far', url, username: 'admin', secret: 'public' })).toMatchObject({ status: 400, body: { code: 'ALREADY_EXISTS' } });
  });

  it('acts on the managed broker through the pass-through', async () => {
    const [b] = (await api(here, 'GET', '/mqdeck/brokers')).body;
    const nodes = await through(b.id, 'GET', '/nodes');
    expect(nodes.json().map((n: { node: string }) => n.node)).toEqual([there.app.nodeName]);
    const created = await through(b.id, 'POST', '/users', { username: 'remote_op', password: 'Remote#Pass1', role: 'viewer', description: '' });
    expect(created.statusCode).toBe(200);
    expect(there.app.users.authenticate('remote_op', 'Remote#Pass1')).toBeTruthy();
    expect(here.app.users.authenticate('remote_op', 'Remote#Pass1')).toBeFalsy();
    const missing = await through(b.id, 'GET', '/clients/nobody');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'CLIENTID_NOT_FOUND' });
    expect((await through('nope', 'GET', '/nodes')).statusCode).toBe(404);
  });

  it('logs in again when the managed broker revoked its token', async () => {
    const [b] = (await api(here, 'GET', '/mqdeck/brokers')).body;
    there.app.tokens.revokeUser('admin');
    expect((await through(b.id, 'GET', '/nodes')).statusCode).toBe(200);
    // the admin's password changes over there: its tokens are revoked; the stored credential is updated here
    const relogin = await there.app.inject({ method: 'POST', url: '/api/v5/login', payload: { username: 'admin', password: 'public' } });
    const changed = await there.app.inject({
      method: 'POST',
      url: '/api/v5/users/admin/change_pwd',
      headers: { authorization: `Bearer ${relogin.json().token}` },
      payload: { old_pwd: 'public', new_pwd: 'Changed#Pass1' },
    });
    expect(changed.statusCode).toBe(204);
    // the stored password no longer logs in: a plain 502, never a 401 that would end the operator's own session
    const refused = await through(b.id, 'GET', '/nodes');
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ code: 'UPSTREAM_LOGIN_FAILED', message: expect.stringContaining('refused the login of "admin"') });
    const updated = await api(here, 'PUT', `/mqdeck/brokers/${b.id}`, { secret: 'Changed#Pass1' });
    expect(updated.status).toBe(200);
    expect((await through(b.id, 'GET', '/nodes')).statusCode).toBe(200);
  });

  it("bounds the pass-through by the caller's role here, and needs a login", async () => {
    const [b] = (await api(here, 'GET', '/mqdeck/brokers')).body;
    await api(here, 'POST', '/users', { username: 'watcher', password: 'Watcher#Pass1', role: 'viewer', description: '' });
    const login = await here.app.inject({ method: 'POST', url: '/api/v5/login', payload: { username: 'watcher', password: 'Watcher#Pass1' } });
    const viewer = { authorization: `Bearer ${login.json().token}` };
    expect((await through(b.id, 'GET', '/nodes', undefined, viewer)).statusCode).toBe(200);
    expect((await through(b.id, 'DELETE', '/users/remote_op', undefined, viewer)).statusCode).toBe(403);
    expect((await through(b.id, 'GET', '/nodes', undefined, {} as typeof viewer)).statusCode).toBe(401);
    expect((await api(here, 'DELETE', `/mqdeck/brokers/${b.id}`)).status).toBe(204);
    expect((await api(here, 'GET', '/mqdeck/brokers')).body).toEqual([]);
  });
});
