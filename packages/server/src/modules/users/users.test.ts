import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { validateResponse } from '../../contract/validate-response';

describe('dashboard users', () => {
  let node: TestNode;
  const post = (url: string, payload: unknown, headers = node.auth) => node.app.inject({ method: 'POST', url, headers, payload: payload as object });
  beforeAll(async () => {
    node = await startTestNode({ listen: false });
  });
  afterAll(() => node.close());

  it('lists the default admin with EE fields', async () => {
    const res = await node.app.inject({ method: 'GET', url: '/api/v5/users', headers: node.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ username: 'admin', description: 'administrator', role: 'administrator', backend: 'local' }]);
    expect(validateResponse('get', '/users', 200, res.json())).toEqual([]);
  });

  it.each([
    [{ username: '', password: 'abc12345' }, 'Username or password undefined'],
    [{ username: 'bob' }, 'Username or password undefined'],
    [{ username: 'bad name', password: 'abc12345' }, 'Bad Username. Only upper and lower case letters, numbers and underscores are supported'],
    [{ username: 'bob', password: 'a1' }, 'The range of password length is 8~64'],
    [{ username: 'bob', password: 'abcdefgh' }, /^Bad password\. At least two different kind of characters/],
    [{ username: 'bob', password: 'pässwort1' }, 'Only ascii characters are allowed in the password'],
  ])('refuses %j', async (payload, message) => {
    const res = await post('/api/v5/users', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
    if (typeof message === 'string') expect(res.json().message).toBe(message);
    else expect(res.json().message).toMatch(message);
  });

  it('creates, refuses a duplicate, updates and deletes', async () => {
    const created = await post('/api/v5/users', { username: 'bob', password: 'secret123', description: 'ops' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ username: 'bob', description: 'ops', role: 'administrator', backend: 'local' });
    expect(validateResponse('post', '/users', 200, created.json())).toEqual([]);
    const dup = await post('/api/v5/users', { username: 'bob', password: 'secret123' });
    expect(dup.json()).toEqual({ code: 'BAD_REQUEST', message: 'username_already_exists' });
    const put = await node.app.inject({ method: 'PUT', url: '/api/v5/users/bob', headers: node.auth, payload: { description: 'dev' } });
    expect(put.statusCode).toBe(200);
    expect(put.json().description).toBe('dev');
    const missing = await node.app.inject({ method: 'PUT', url: '/api/v5/users/ghost', headers: node.auth, payload: { description: 'x' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'USER_NOT_FOUND', message: 'username_not_found' });
    const del = await node.app.inject({ method: 'DELETE', url: '/api/v5/users/bob', headers: node.auth });
    expect(del.statusCode).toBe(204);
    const again = await node.app.inject({ method: 'DELETE', url: '/api/v5/users/bob', headers: node.auth });
    expect(again.json()).toEqual({ code: 'USER_NOT_FOUND', message: 'username_not_found' });
  });

  it('refuses deleting the default admin and oneself', async () => {
    const admin = await node.app.inject({ method: 'DELETE', url: '/api/v5/users/admin', headers: node.auth });
    expect(admin.statusCode).toBe(400);
    expect(admin.json()).toEqual({ code: 'NOT_ALLOWED', message: 'Cannot delete user <<"admin">>' });
    await post('/api/v5/users', { username: 'carol', password: 'secret123' });
    const token = (await post('/api/v5/login', { username: 'carol', password: 'secret123' }, {} as never)).json().token;
    const self = await node.app.inject({ method: 'DELETE', url: '/api/v5/users/carol', headers: { authorization: `Bearer ${token}` } });
    expect(self.json()).toEqual({ code: 'NOT_ALLOWED', message: 'Cannot delete self' });
    // Deleting a user revokes its tokens.
    await node.app.inject({ method: 'DELETE', url: '/api/v5/users/carol', headers: node.auth });
    const after = await node.app.inject({ method: 'GET', url: '/api/v5/users', headers: { authorization: `Bearer ${token}` } });
    expect(after.json().code).toBe('BAD_TOKEN');
  });

  it('changes a password with EMQX errors, revoking tokens', async () => {
    await post('/api/v5/users', { username: 'dave', password: 'secret123' });
    const token = (await post('/api/v5/login', { username: 'dave', password: 'secret123' }, {} as never)).json().token;
    const url = '/api/v5/users/dave/change_pwd';
    expect((await post(url, { old_pwd: 'secret123' })).json()).toEqual({ code: 'BAD_REQUEST', message: 'Old password or new password undefined' });
    expect((await post(url, { old_pwd: 'nope', new_pwd: 'newsecret1' })).json()).toEqual({ code: 'ERROR_PWD_NOT_MATCH', message: 'Old password not match' });
    expect((await post(url, { old_pwd: 'secret123', new_pwd: 'short' })).json()).toEqual({ code: 'BAD_REQUEST', message: 'The range of password length is 8~64' });
    const ghost = await post('/api/v5/users/ghost/change_pwd', { old_pwd: 'a', new_pwd: 'b' });
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json()).toEqual({ code: 'USER_NOT_FOUND', message: 'User not found' });
    const ok = await post(url, { old_pwd: 'secret123', new_pwd: 'newsecret1' });
    expect(ok.statusCode).toBe(204);
    const stale = await node.app.inject({ method: 'GET', url: '/api/v5/users', headers: { authorization: `Bearer ${token}` } });
    expect(stale.json().code).toBe('BAD_TOKEN');
    expect((await post('/api/v5/login', { username: 'dave', password: 'newsecret1' }, {} as never)).statusCode).toBe(200);
  });

  it('viewer role: reads, may change only its own password, writes get 403', async () => {
    await post('/api/v5/users', { username: 'vic', password: 'secret123', role: 'viewer' });
    const login = await post('/api/v5/login', { username: 'vic', password: 'secret123' }, {} as never);
    expect(login.json().role).toBe('viewer');
    const headers = { authorization: `Bearer ${login.json().token}` };
    expect((await node.app.inject({ method: 'GET', url: '/api/v5/users', headers })).statusCode).toBe(200);
    const write = await post('/api/v5/users', { username: 'eve', password: 'secret123' }, headers);
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ code: 'UNAUTHORIZED_ROLE', message: "You don't have permission to access this resource" });
    const other = await post('/api/v5/users/admin/change_pwd', { old_pwd: 'public', new_pwd: 'hacked123' }, headers);
    expect(other.statusCode).toBe(403);
    const own = await post('/api/v5/users/vic/change_pwd', { old_pwd: 'secret123', new_pwd: 'secret456' }, headers);
    expect(own.statusCode).toBe(204);
  });
});
