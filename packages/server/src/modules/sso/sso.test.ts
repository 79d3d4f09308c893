// /sso as the official Enterprise console reads it: no backend configured, EMQX's 404 for each, configuring one refused
// with the reason and nothing kept; nothing runs at login.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, expectContract } from '../../shared/testing';
import { SSO_BACKENDS, SSO_REFUSED } from './sso.routes';

const ldap = {
  backend: 'ldap',
  enable: true,
  server: '127.0.0.1:389',
  base_dn: 'uid=${username},ou=testdevice,dc=emqx,dc=io',
  username: 'cn=root,dc=emqx,dc=io',
  password: 'public',
};

describe('sso', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ listen: false });
  });
  afterAll(() => node.close());

  it('has no backend configured and none running', async () => {
    const list = await api(node, 'GET', '/sso');
    expect(list).toMatchObject({ status: 200, body: [] });
    expectContract('get', '/sso', 200, list.body);
    expect((await node.app.inject({ method: 'GET', url: '/api/v5/sso/running' })).json()).toEqual([]);
    const missing = { code: 'BACKEND_NOT_FOUND', message: 'Backend not found' };
    for (const backend of SSO_BACKENDS) {
      expect(await api(node, 'GET', `/sso/${backend}`), backend).toMatchObject({ status: 404, body: missing });
      expect(await api(node, 'DELETE', `/sso/${backend}`), backend).toMatchObject({ status: 404, body: missing });
    }
    expectContract('get', '/sso/{backend}', 404, missing);
    // as EMQX: a backend it does not know fails the path check
    expect((await api(node, 'GET', '/sso/kerberos')).status).toBe(400);
  });

  it('refuses to configure a backend, enabled or not, and keeps nothing', async () => {
    for (const body of [ldap, { ...ldap, enable: false }]) {
      const put = await api(node, 'PUT', '/sso/ldap', body);
      expect(put).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: SSO_REFUSED } });
    }
    expect((await api(node, 'GET', '/sso')).body).toEqual([]);
    expect((await api(node, 'GET', '/sso/ldap')).status).toBe(404);
  });

  // emqx_dashboard_sso_api:login/2 with no backend running (lookup_state → undefined), behind the schema check of
  // emqx_dashboard_swagger (path enum, then the body's union of the three login structs, hocon's own error text)
  it('POST /sso/login/{backend}: public, hocon checks first, then 404 and no token', async () => {
    const login = async (backend: string, payload?: unknown) => {
      const res = await node.app.inject({ method: 'POST', url: `/api/v5/sso/login/${backend}`, ...(payload !== undefined ? { payload: payload as object } : {}) });
      return { status: res.statusCode, body: res.json() };
    };
    const missing = { code: 'BACKEND_NOT_FOUND', message: 'Backend not found' };
    for (const [backend, body] of [
      ['ldap', { backend: 'ldap', username: 'admin', password: 'public' }],
      ['ldap', { backend: 'ldap' }],
      ['saml', { backend: 'saml' }],
      ['oidc', { backend: 'oidc' }],
      ['oidc', { backend: 'ldap', username: 'u', password: 'p' }], // the body's member need not be the path's backend
      ['ldap', { backend: 'ldap', username: 42, password: 'p' }], // hocon makes a number text
      ['saml', { backend: 'saml', extra: null }], // hocon drops nulls
    ] as const) {
      const res = await login(backend, body);
      expect(res, `${backend} ${JSON.stringify(body)}`).toEqual({ status: 404, body: missing });
      expect(JSON.stringify(res.body)).not.toContain('token');
    }
    expectContract('post', '/sso/login/{backend}', 404, missing);
    // an admin's token changes nothing: still no backend
    const withToken = await api(node, 'POST', '/sso/login/ldap', { backend: 'ldap', username: 'admin', password: 'public' });
    expect(withToken).toMatchObject({ status: 404, body: missing });

    // path: hocon's enum check of `backend`, before the body is read
    expect(await login('kerberos', { backend: 'ldap' })).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: '{"value":"kerberos","reason":"unable_to_convert_to_enum_symbol","path":"backend","kind":"validation_error"}' },
    });
    // body: no member of the union matches; the two `sso:login` members share a name, the later (oidc) is kept
    const required = '{"reason":"required_field","path":"root.backend","kind":"validation_error"}';
    for (const body of [{}, undefined]) {
      expect(await login('ldap', body), JSON.stringify(body)).toEqual({
        status: 400,
        body: {
          code: 'BAD_REQUEST',
          message: `{"reason":"matched_no_union_member","path":"root","mismatches":{"sso:login":${required},"dashboard:login":${required}},"kind":"validation_error"}`,
        },
      });
    }
    const wrongBackend = (await login('saml', { backend: 'kerberos' })).body;
    expect(JSON.parse(wrongBackend.message)).toEqual({
      kind: 'validation_error',
      path: 'root',
      reason: 'matched_no_union_member',
      mismatches: {
        'sso:login': { kind: 'validation_error', path: 'root.backend', reason: 'unable_to_convert_to_enum_symbol', value: 'kerberos' },
        'dashboard:login': { kind: 'validation_error', path: 'root.backend', reason: 'unable_to_convert_to_enum_symbol', value: 'kerberos' },
      },
    });
    // saml's struct has no username: only ldap's takes one, and that member is hidden behind oidc's name
    const extra = JSON.parse((await login('saml', { backend: 'saml', username: 'u' })).body.message);
    expect(extra.mismatches).toEqual({
      'sso:login': { kind: 'validation_error', path: 'root', reason: 'unknown_fields', unknown: 'username', unmatched: 'none' },
      'dashboard:login': { kind: 'validation_error', path: 'root', reason: 'unknown_fields', unknown: 'username', unmatched: 'none' },
    });
    expect(JSON.parse((await login('ldap', { backend: 'ldap', password: true })).body.message).mismatches['sso:login']).toEqual({
      kind: 'validation_error',
      path: 'root',
      reason: 'unknown_fields',
      unknown: 'password',
      unmatched: 'none',
    });
  });

  it('needs a login', async () => {
    expect((await node.app.inject({ method: 'GET', url: '/api/v5/sso' })).statusCode).toBe(401);
  });
});
