// LDAP: a private slapd started by the test (slapd.ts) on an ephemeral loopback port. Both methods
// (hash: compare userPassword; bind: bind as the user) accept and refuse real clients.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../test-node';
import { addAuthenticator, api, connackCode, waitStatus } from './harness';
import { startSlapd, type Slapd } from './slapd';

let slapd: Slapd | undefined;
let node: TestNode;

const ssha = (pw: string) => {
  const salt = randomBytes(4);
  return `{SSHA}${Buffer.concat([createHash('sha1').update(pw).update(salt).digest(), salt]).toString('base64')}`;
};

beforeAll(async () => {
  slapd = await startSlapd();
  if (!slapd) return;
  const ou = `ou=devices,${slapd.suffix}`;
  await slapd.admin(async (c) => {
    await c.add(`uid=ivy,${ou}`, { objectClass: ['inetOrgPerson'], uid: 'ivy', cn: 'ivy', sn: 'ivy', userPassword: ssha('ivy-pw'), employeeType: 'true' });
    await c.add(`uid=jack,${ou}`, { objectClass: ['inetOrgPerson'], uid: 'jack', cn: 'jack', sn: 'jack', userPassword: 'jack-pw' });
  });
  node = await startTestNode();
}, 30_000);

afterAll(async () => {
  await node?.close();
  await slapd?.stop();
});

describe('ldap', () => {
  const base = () => ({
    mechanism: 'password_based',
    backend: 'ldap',
    server: `127.0.0.1:${slapd!.port}`,
    username: slapd!.rootDn,
    password: slapd!.rootPw,
    base_dn: `ou=devices,${slapd!.suffix}`,
    filter: '(& (objectClass=inetOrgPerson) (uid=${username}))',
    query_timeout: '2s',
    pool_size: 2,
  });

  test('slapd is available', () => {
    expect(slapd, 'Debian slapd must be installed (apt-get install slapd ldap-utils)').toBeDefined();
  });

  test('hash method: SSHA and plain userPassword, wrong 0x86, unknown 0x87, filter injection finds nobody', async () => {
    await addAuthenticator(node, { ...base(), method: { type: 'hash', password_attribute: 'userPassword', is_superuser_attribute: 'employeeType' } });
    await waitStatus(node, '/authentication/password_based%3Aldap/status', 'connected');
    expect((await api(node, 'GET', '/authentication/password_based%3Aldap')).body.password).toBe('******');
    expect(await connackCode(node.mqttPort, { username: 'ivy', password: 'ivy-pw', clientId: 'ivy-1' })).toBe(0);
    expect(node.app.broker.metrics()['authentication.success']).toBeGreaterThan(0);
    expect(await connackCode(node.mqttPort, { username: 'jack', password: 'jack-pw' })).toBe(0);
    expect(await connackCode(node.mqttPort, { username: 'ivy', password: 'nope' })).toBe(0x86);
    expect(await connackCode(node.mqttPort, { username: 'nobody', password: 'x' })).toBe(0x87);
    expect(await connackCode(node.mqttPort, { username: '*', password: 'jack-pw' })).toBe(0x87);
  });

  test('bind method: the user binds with its own password', async () => {
    const id = 'password_based%3Aldap';
    expect((await api(node, 'PUT', `/authentication/${id}`, { ...base(), password: '******', method: { type: 'bind', bind_password: '${password}' } })).status).toBe(204);
    expect(await connackCode(node.mqttPort, { username: 'jack', password: 'jack-pw' })).toBe(0);
    expect(await connackCode(node.mqttPort, { username: 'jack', password: 'wrong' })).toBe(0x86);
    expect(await connackCode(node.mqttPort, { username: 'jack', password: '' })).toBe(0x86);
  });

  test('Test (authentication_probe): binds as the service account; a wrong or masked-and-resolved password', async () => {
    const id = 'password_based%3Aldap';
    expect((await api(node, 'POST', '/authentication_probe', base())).status).toBe(204);
    const wrong = await api(node, 'POST', '/authentication_probe', { ...base(), password: 'wrong' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('TEST_FAILED');
    expect(wrong.body.message).toMatch(/invalid credentials/i);
    // the detail form sends ****** back: with ?id= the stored service password is used
    expect((await api(node, 'POST', `/authentication_probe?id=${id}`, { ...base(), password: '******' })).status).toBe(204);
    expect((await api(node, 'POST', '/authentication_probe', { ...base(), password: '******' })).body.code).toBe('TEST_FAILED');
  });
});
