import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { validateResponse } from '../../contract/validate-response';
import { MAX_API_KEYS } from './api-keys.service';

const basic = (key: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}` });

describe('API keys', () => {
  let node: TestNode;
  const create = (payload: object) => node.app.inject({ method: 'POST', url: '/api/v5/api_key', headers: node.auth, payload });
  beforeAll(async () => {
    node = await startTestNode({ listen: false });
  });
  afterAll(() => node.close());

  it('creates a key (secret once), lists and gets it without the secret', async () => {
    const res = await create({ name: 'ci-key', desc: 'for CI', enable: true });
    expect(res.statusCode).toBe(200);
    const app = res.json();
    expect(app).toMatchObject({ name: 'ci-key', desc: 'for CI', enable: true, expired_at: 'infinity', expired: false, role: 'administrator' });
    expect(app.api_key).toMatch(/^[0-9a-f]{16}$/);
    expect(app.api_secret).toMatch(/^[0-9A-Za-z]{20,}$/);
    expect(app.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(validateResponse('post', '/api_key', 200, app)).toEqual([]);
    const list = await node.app.inject({ method: 'GET', url: '/api/v5/api_key', headers: node.auth });
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0].api_secret).toBeUndefined();
    const one = await node.app.inject({ method: 'GET', url: '/api/v5/api_key/ci-key', headers: node.auth });
    expect(one.json().api_secret).toBeUndefined();
    expect(validateResponse('get', '/api_key/{name}', 200, one.json())).toEqual([]);
  });

  it('validates names and duplicates; 404 for unknown names', async () => {
    const bad = await create({ name: '1abc', desc: '', enable: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('BAD_REQUEST');
    const dup = await create({ name: 'ci-key', desc: '', enable: true });
    expect(dup.json()).toEqual({ code: 'BAD_REQUEST', message: 'name_already_existed' });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await node.app.inject({ method, url: '/api/v5/api_key/ghost', headers: node.auth, ...(method === 'PUT' ? { payload: { desc: 'x' } } : {}) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Name NOT FOUND' });
    }
  });

  it('authenticates with Basic key:secret end to end, and follows enable/expiry', async () => {
    const { api_key, api_secret } = (await create({ name: 'live', desc: '', enable: true })).json();
    const change = await node.app.inject({
      method: 'POST',
      url: '/api/v5/users/admin/change_pwd',
      headers: basic(api_key, api_secret),
      payload: { old_pwd: 'wrong', new_pwd: 'whatever1' },
    });
    // change_pwd is not on the API-key deny list: the key gets through auth to the handler.
    expect(change.json()).toEqual({ code: 'ERROR_PWD_NOT_MATCH', message: 'Old password not match' });
    const wrongSecret = await node.app.inject({ method: 'POST', url: '/api/v5/users/admin/change_pwd', headers: basic(api_key, 'nope'), payload: {} });
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json()).toEqual({ code: 'BAD_API_KEY_OR_SECRET', message: 'Check api_key/api_secret' });
    expect(wrongSecret.headers['www-authenticate']).toBe('Basic Realm="emqx-dashboard"');

    const disable = await node.app.inject({ method: 'PUT', url: '/api/v5/api_key/live', headers: node.auth, payload: { enable: false } });
    expect(disable.json().enable).toBe(false);
    const disabled = await node.app.inject({ method: 'POST', url: '/api/v5/users/admin/change_pwd', headers: basic(api_key, api_secret), payload: {} });
    expect(disabled.json().code).toBe('BAD_API_KEY_OR_SECRET');

    const past = new Date(Date.now() - 60_000).toISOString();
    const expire = await node.app.inject({ method: 'PUT', url: '/api/v5/api_key/live', headers: node.auth, payload: { enable: true, expired_at: past } });
    expect(expire.json().expired).toBe(true);
    const expired = await node.app.inject({ method: 'POST', url: '/api/v5/users/admin/change_pwd', headers: basic(api_key, api_secret), payload: {} });
    expect(expired.json().code).toBe('BAD_API_KEY_OR_SECRET');

    // Omitting expired_at resets it to infinity (EMQX quirk), which restores access.
    const restore = await node.app.inject({ method: 'PUT', url: '/api/v5/api_key/live', headers: node.auth, payload: { desc: 'back' } });
    expect(restore.json()).toMatchObject({ expired_at: 'infinity', expired: false, enable: true, desc: 'back' });
    const back = await node.app.inject({ method: 'POST', url: '/api/v5/users/admin/change_pwd', headers: basic(api_key, api_secret), payload: { old_pwd: 'x', new_pwd: 'y' } });
    expect(back.json().code).toBe('ERROR_PWD_NOT_MATCH');
  });

  it('API keys are refused on users, logout and api_key paths', async () => {
    const { api_key, api_secret } = (await create({ name: 'denied', desc: '', enable: true })).json();
    for (const [method, url, word] of [
      ['GET', '/api/v5/users', 'users'],
      ['PUT', '/api/v5/users/admin', 'users'],
      ['POST', '/api/v5/logout', 'logout'],
      ['GET', '/api/v5/api_key', 'api_key'],
      ['DELETE', '/api/v5/api_key/denied', 'api_key'],
    ] as const) {
      const res = await node.app.inject({ method, url, headers: basic(api_key, api_secret) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'API_KEY_NOT_ALLOW',
        message: `Please use bearer Token instead, using API key/secret in ${word} path is not permitted`,
      });
      expect(res.headers['www-authenticate']).toBe('Basic Realm="emqx-dashboard"');
    }
  });

  it('viewer keys get 403 with the API-key message on writes', async () => {
    const { api_key, api_secret } = (await create({ name: 'reader', desc: '', enable: true, role: 'viewer' })).json();
    const res = await node.app.inject({ method: 'POST', url: '/api/v5/users/admin/change_pwd', headers: basic(api_key, api_secret), payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'UNAUTHORIZED_ROLE', message: "This API Key don't have permission to access this resource" });
  });

  // emqx_mgmt_api_api_keys_SUITE:t_create_failed / t_update / t_authorize
  it('EMQX suite: bad names, re-create after delete, RFC 3339 and "infinity" expiry, Basic auth on /banned', async () => {
    expect((await create({ name: ' error format name', desc: '', enable: true })).statusCode).toBe(400);
    expect((await create({ name: 'A'.repeat(257), desc: '', enable: true })).statusCode).toBe(400);
    expect((await create({ name: 'A'.repeat(256), desc: '', enable: true })).statusCode).toBe(200);
    expect((await node.app.inject({ method: 'DELETE', url: `/api/v5/api_key/${'A'.repeat(256)}`, headers: node.auth })).statusCode).toBe(204);

    const first = (await create({ name: 'EMQX-API-UPDATE-KEY', desc: 'Note', enable: true })).json();
    const at = Math.floor(Date.now() / 1000) + 10_000;
    const rfc = new Date(at * 1000).toISOString().replace('.000Z', 'Z');
    const upd = await node.app.inject({
      method: 'PUT',
      url: '/api/v5/api_key/EMQX-API-UPDATE-KEY',
      headers: node.auth,
      payload: { expired_at: rfc, desc: 'NoteVersion1', enable: false },
    });
    expect(upd.json()).toMatchObject({ name: 'EMQX-API-UPDATE-KEY', enable: false, desc: 'NoteVersion1' });
    expect(Date.parse(upd.json().expired_at)).toBe(at * 1000);
    const inf = await node.app.inject({ method: 'PUT', url: '/api/v5/api_key/EMQX-API-UPDATE-KEY', headers: node.auth, payload: { expired_at: 'infinity', enable: true } });
    expect(inf.json().expired_at).toBe('infinity');

    const banned = (headers: Record<string, string>) => node.app.inject({ method: 'GET', url: '/api/v5/banned', headers });
    expect((await banned(basic(first.api_key, first.api_secret))).statusCode).toBe(200);
    expect((await banned(basic('not_found_key', first.api_secret))).statusCode).toBe(401);
    expect((await banned(basic(first.api_key, first.api_key))).statusCode).toBe(401);

    // deleted then created again under the same name: a new key
    expect((await node.app.inject({ method: 'DELETE', url: '/api/v5/api_key/EMQX-API-UPDATE-KEY', headers: node.auth })).statusCode).toBe(204);
    expect((await banned(basic(first.api_key, first.api_secret))).statusCode).toBe(401);
    expect((await create({ name: 'EMQX-API-UPDATE-KEY', desc: '', enable: true })).json().name).toBe('EMQX-API-UPDATE-KEY');
    expect((await node.app.inject({ method: 'DELETE', url: '/api/v5/api_key/EMQX-API-UPDATE-KEY', headers: node.auth })).statusCode).toBe(204);
  });
  // emqx_mgmt_api_api_keys_SUITE (enterprise): t_ee_create, t_ee_update, t_ee_authorize_viewer/_admin/_publisher
  it('EMQX suite: roles on create and update; viewer reads, admin deletes, publisher only publishes', async () => {
    const made = await create({ name: 'EMQX-EE-API-KEY-1', desc: '', enable: true, role: 'viewer' });
    expect(made.json()).toMatchObject({ name: 'EMQX-EE-API-KEY-1', role: 'viewer', enable: true });
    expect(made.json()).toHaveProperty('api_secret');
    const upd = await node.app.inject({
      method: 'PUT',
      url: '/api/v5/api_key/EMQX-EE-API-KEY-1',
      headers: node.auth,
      payload: { desc: 'NoteVersion1', enable: false, role: 'administrator' },
    });
    expect(upd.json().role).toBe('administrator');
    expect((await node.app.inject({ method: 'GET', url: '/api/v5/api_key/EMQX-EE-API-KEY-1', headers: node.auth })).json().role).toBe('administrator');

    const keyOf = async (name: string, role: string) => {
      const { api_key, api_secret } = (await create({ name, desc: '', enable: true, role })).json();
      return basic(api_key, api_secret);
    };
    const call = async (headers: Record<string, string>, method: 'GET' | 'DELETE' | 'POST', url: string, payload?: object) =>
      (await node.app.inject({ method, url: `/api/v5${url}`, headers, ...(payload ? { payload } : {}) })).statusCode;
    const viewer = await keyOf('EMQX-EE-VIEWER', 'viewer');
    expect(await call(viewer, 'GET', '/banned')).toBe(200);
    expect(await call(viewer, 'DELETE', '/banned')).toBe(403);
    const admin = await keyOf('EMQX-EE-ADMIN', 'administrator');
    expect(await call(admin, 'GET', '/banned')).toBe(200);
    expect(await call(admin, 'DELETE', '/banned')).toBe(204);
    const publisher = await keyOf('EMQX-EE-PUBLISHER', 'publisher');
    expect(await call(publisher, 'GET', '/banned')).toBe(403);
    expect(await call(publisher, 'DELETE', '/banned')).toBe(403);
    expect([200, 202]).toContain(await call(publisher, 'POST', '/publish', { topic: 't/t_ee_authorize_publisher', payload: 'hello' }));
    for (const name of ['EMQX-EE-API-KEY-1', 'EMQX-EE-VIEWER', 'EMQX-EE-ADMIN', 'EMQX-EE-PUBLISHER']) {
      await node.app.inject({ method: 'DELETE', url: `/api/v5/api_key/${name}`, headers: node.auth });
    }
  });

  it(`refuses more than ${MAX_API_KEYS} keys and deletes`, async () => {
    const existing = (await node.app.inject({ method: 'GET', url: '/api/v5/api_key', headers: node.auth })).json().length;
    for (let i = existing; i < MAX_API_KEYS; i++) expect((await create({ name: `k${i}`, desc: '', enable: true })).statusCode).toBe(200);
    const over = await create({ name: 'onemore', desc: '', enable: true });
    expect(over.json()).toEqual({ code: 'BAD_REQUEST', message: 'Maximum number of ApiKeys reached.' });
    expect((await node.app.inject({ method: 'DELETE', url: '/api/v5/api_key/k50', headers: node.auth })).statusCode).toBe(204);
    expect((await create({ name: 'onemore', desc: '', enable: true })).statusCode).toBe(200);
  });
});

describe('API keys from api_key.bootstrap_file', () => {
  let node: TestNode;
  const dir = mkdtempSync(join(tmpdir(), 'mqdeck-apikeys-'));
  const file = join(dir, 'bootstrap_api_keys.txt');
  const useFile = (path: string) => node.app.config.update('api_key', { bootstrap_file: path });
  const status = async (key: string, secret: string) => (await node.app.inject({ method: 'GET', url: '/api/v5/banned', headers: basic(key, secret) })).statusCode;
  beforeAll(async () => {
    node = await startTestNode({ listen: false });
  });
  afterAll(() => node.close());

  // emqx_mgmt_api_api_keys_SUITE:t_bootstrap_file
  it('loads key:secret lines, reloads on change, keeps keys on an empty or missing file, stops at a bad line', async () => {
    writeFileSync(file, 'test-1:secret-1\ntest-2:secret-2');
    await useFile(file);
    expect(await status('test-1', 'secret-1')).toBe(200);
    expect(await status('test-2', 'secret-2')).toBe(200);
    expect(await status('test-2', 'secret-1')).toBe(401);
    const listed = (await node.app.inject({ method: 'GET', url: '/api/v5/api_key', headers: node.auth })).json();
    // t_bootstrap_file_override: the name is derived from the key
    expect(listed).toContainEqual(
      expect.objectContaining({ name: 'from_bootstrap_file_18926f94712af04e', api_key: 'test-1', desc: 'Bootstrapped From File', expired_at: 'infinity', enable: true }),
    );

    writeFileSync(file, 'test-1:new-secret-1\ntest-2:new-secret-2');
    await useFile('');
    await useFile(file);
    expect(await status('test-1', 'secret-1')).toBe(401);
    expect(await status('test-2', 'secret-2')).toBe(401);
    expect(await status('test-1', 'new-secret-1')).toBe(200);
    expect(await status('test-2', 'new-secret-2')).toBe(200);

    await useFile('');
    await useFile(join(dir, 'bootstrap_apps_not_exist.txt'));
    expect(await status('test-1', 'new-secret-1')).toBe(200);
    expect(await status('test-2', 'new-secret-2')).toBe(200);

    writeFileSync(file, 'test-1:secret-11\ntest-2 secret-12');
    await useFile(file);
    expect(await status('test-1', 'secret-11')).toBe(200);
    expect(await status('test-2', 'secret-12')).toBe(401);

    writeFileSync(file, 'test-3:new-secret-1\n\n\n   \ntest-4:new-secret-2');
    await useFile('');
    await useFile(file);
    expect(await status('test-3', 'new-secret-1')).toBe(200);
    expect(await status('test-4', 'new-secret-2')).toBe(200);
  });

  // t_bootstrap_file_dup_override: a key created with the same api_key is replaced by the file's
  it('the file wins over another row holding the same api_key', async () => {
    const made = (await node.app.inject({ method: 'POST', url: '/api/v5/api_key', headers: node.auth, payload: { name: 'name-1', desc: '', enable: true } })).json();
    writeFileSync(file, `${made.api_key}:from-file`);
    await useFile('');
    await useFile(file);
    expect(await status(made.api_key, 'from-file')).toBe(200);
    expect(await status(made.api_key, made.api_secret)).toBe(401);
    expect((await node.app.inject({ method: 'GET', url: '/api/v5/api_key/name-1', headers: node.auth })).statusCode).toBe(404);
  });

  // t_bootstrap_file_with_role (enterprise): viewer and administrator, the default administrator, a bad role refused
  it('takes a third field as the role', async () => {
    writeFileSync(file, 'role-1:role-1:viewer\nrole-2:role-2:administrator\nrole-3:role-3');
    await useFile('');
    await useFile(file);
    const roles = Object.fromEntries(
      (await node.app.inject({ method: 'GET', url: '/api/v5/api_key', headers: node.auth })).json<{ api_key: string; role: string }[]>().map((k) => [k.api_key, k.role]),
    );
    expect(roles).toMatchObject({ 'role-1': 'viewer', 'role-2': 'administrator', 'role-3': 'administrator' });
    writeFileSync(file, 'role-4:secret-11:bad\n');
    await useFile('');
    await useFile(file);
    const keys = (await node.app.inject({ method: 'GET', url: '/api/v5/api_key', headers: node.auth })).json<{ api_key: string }[]>().map((k) => k.api_key);
    expect(keys).not.toContain('role-4');
  });

  it('is read at start (EMQX_API_KEY__BOOTSTRAP_FILE)', async () => {
    const boot = join(dir, 'at-start.txt');
    writeFileSync(boot, 'boot-key:boot-secret\n');
    const other = await startTestNode({ listen: false, env: { EMQX_API_KEY__BOOTSTRAP_FILE: boot } });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/v5/banned', headers: basic('boot-key', 'boot-secret') });
      expect(res.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
