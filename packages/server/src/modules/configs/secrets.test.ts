// GET /configs (JSON and HOCON text) never shows a secret, wherever in the tree it is stored; PUT /configs with the
// HOCON text sending the masks back keeps the stored secrets.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, putConfigText } from '../../shared/testing';
import { MASK, isSecretKey, maskSecrets, restoreSecrets } from './secrets';

const TLS_PASS = 'tls-pass-4f1c';
const DB_PASS = 'db-pass-9e2a';
const LDAP_PASS = 'ldap-bind-77c0';
const JWT_SECRET = 'jwt-secret-51d3';
const HTTP_AUTH = 'Bearer http-token-0b8e';
const AUTHZ_PASS = 'authz-pass-3a6f';
const SECRETS = [TLS_PASS, DB_PASS, LDAP_PASS, JWT_SECRET, HTTP_AUTH, AUTHZ_PASS, 'public'];

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node.close();
});

const get = (query: string, accept: string) => node.app.inject({ method: 'GET', url: `/api/v5/configs${query}`, headers: { ...node.auth, accept } });
const created = async (path: string, body: unknown) => {
  const res = await api(node, 'POST', path, body);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
};

describe('secrets in GET|PUT /configs', () => {
  test('the key-name rule: EMQX names, any letter case of authorization, scalars only', () => {
    for (const k of ['password', 'bind_password', 'secret', 'token', 'Authorization', 'default_password', 'cookie']) expect(isSecretKey(k), k).toBe(true);
    for (const k of ['password_hash_algorithm', 'token_expired_time', 'keyfile', 'username']) expect(isSecretKey(k), k).toBe(false);
    const tree = { authorization: { sources: [{ password: 'x', headers: { Authorization: 'y' } }] }, ssl: { password: '' } };
    expect(maskSecrets(tree)).toEqual({ authorization: { sources: [{ password: MASK, headers: { Authorization: MASK } }] }, ssl: { password: '' } });
    // as EMQX's redact_v: one placeholder or a file:// reference says where the secret comes from, and is shown
    expect(maskSecrets({ body: { password: '${password}', token: 'pre-${password}' }, secret: 'file:///etc/s.txt' })).toEqual({
      body: { password: '${password}', token: MASK },
      secret: 'file:///etc/s.txt',
    });
    // the mask takes the stored value back by place; a mask with nothing behind it is dropped
    expect(restoreSecrets({ a: [{ password: MASK }, { password: MASK }], b: { secret: 'new' } }, { a: [{ password: 'p' }], b: { secret: 'old' } })).toEqual({
      a: [{ password: 'p' }, {}],
      b: { secret: 'new' },
    });
  });

  test('listener TLS passphrase, authn/authz backend passwords, JWT secret, HTTP header: masked in every form; a HOCON round trip keeps them', async () => {
    await created('/listeners', { type: 'ssl', name: 'sec', bind: '127.0.0.1:0', ssl_options: { password: TLS_PASS } });
    await created('/authentication', {
      mechanism: 'password_based',
      backend: 'mysql',
      server: '127.0.0.1:1',
      database: 'test',
      username: 'root',
      password: DB_PASS,
      query: 'SELECT password_hash FROM users WHERE username = ${username} LIMIT 1',
    });
    await created('/authentication', { mechanism: 'jwt', algorithm: 'hmac-based', secret: JWT_SECRET });
    await created('/authentication', {
      mechanism: 'password_based',
      backend: 'ldap',
      server: '127.0.0.1:1',
      base_dn: 'ou=mqtt',
      username: 'cn=admin',
      password: LDAP_PASS,
      method: { type: 'bind', bind_password: '${password}' },
    });
    await created('/authentication', {
      mechanism: 'password_based',
      backend: 'http',
      method: 'post',
      url: 'http://127.0.0.1:1/auth',
      headers: { 'content-type': 'application/json', Authorization: HTTP_AUTH },
      body: { username: '${username}', password: '${password}' },
    });
    await created('/authorization/sources', {
      type: 'postgresql',
      server: '127.0.0.1:1',
      database: 'test',
      username: 'postgres',
      password: AUTHZ_PASS,
      query: 'SELECT permission, action, topic FROM acl WHERE username = ${username}',
    });
    const stored = JSON.stringify(node.app.config.all());
    for (const s of [TLS_PASS, DB_PASS, LDAP_PASS, JWT_SECRET, HTTP_AUTH, AUTHZ_PASS]) expect(stored, s).toContain(s);

    const text = await get('', 'text/plain');
    expect(text.statusCode).toBe(200);
    const perRoot = await Promise.all(
      ['listeners', 'authentication', 'authorization', 'dashboard', 'node'].flatMap((key) => [get(`?key=${key}`, 'application/json'), get(`?key=${key}`, 'text/plain')]),
    );
    for (const r of perRoot) expect(r.statusCode, r.body).toBe(200);
    const answers = [text.body, (await get('', 'application/json')).body, ...perRoot.map((r) => r.body)];
    for (const body of answers) for (const s of SECRETS) expect(body, s).not.toContain(s);
    expect((await get('?key=listeners', 'application/json')).json().listeners.ssl.sec.ssl_options.password).toBe(MASK);
    expect(text.body).toContain('"******"');

    // the HOCON text sent back as it came: the masks stand for the stored secrets, nothing changes
    const before = node.app.config.all();
    const put = await putConfigText(node, text.body, '?ignore_readonly=true');
    expect(put.statusCode, put.body).toBe(200);
    expect(node.app.config.all()).toEqual(before);

    // a per-root change sent with the mask keeps the stored secret
    const dash = 'dashboard { default_password = "******", token_expired_time = 45m }';
    const res = await putConfigText(node, dash);
    expect(res.statusCode, res.body).toBe(200);
    expect(node.app.config.get('dashboard')).toMatchObject({ default_password: 'public', token_expired_time: '45m' });
    expect(node.app.config.get('listeners.ssl.sec.ssl_options.password')).toBe(TLS_PASS);
  });
});
