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

  it('needs a login', async () => {
    expect((await node.app.inject({ method: 'GET', url: '/api/v5/sso' })).statusCode).toBe(401);
  });
});
