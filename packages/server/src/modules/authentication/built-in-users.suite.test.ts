// Built-in database users as EMQX 5.8.1's emqx_authn_api_mnesia_SUITE asserts them (apps/emqx_auth_mnesia/test).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, connackCode, waitFor } from '../../shared/testing';

const BUILT_IN = 'password_based:built_in_database';
const USERS = `/authentication/${encodeURIComponent(BUILT_IN)}/users`;
const example = { mechanism: 'password_based', backend: 'built_in_database', user_id_type: 'username', password_hash_algorithm: { name: 'sha256', salt_position: 'suffix' } };

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(() => node.close());

const clear = async () => {
  await api(node, 'DELETE', `/authentication/${encodeURIComponent(BUILT_IN)}`);
};

describe('emqx_authn_api_mnesia_SUITE', () => {
  test('t_authenticator_users: metrics after a refused and an accepted CONNECT; bad users 400; paging and is_superuser', async () => {
    expect((await api(node, 'POST', '/authentication', example)).status).toBe(200);
    expect(await connackCode(node.mqttPort, { clientId: 'c_event', username: 'u_event', protocolVersion: 5 })).not.toBe(0);
    const metrics = async () => (await api(node, 'GET', `/authentication/${encodeURIComponent(BUILT_IN)}/status`)).body.metrics;
    await waitFor(async () => (await metrics()).total === 1, 3000, 'the refused CONNECT counted');
    expect(await metrics()).toMatchObject({ total: 1, success: 0, failed: 1 });

    for (const user of [{ clientid: 'u1', password: 'p1' }, { user_id: 'u2' }, { user_id: 'u3', password: 'p3', foobar: 'foobar' }]) {
      expect((await api(node, 'POST', USERS, user)).status, JSON.stringify(user)).toBe(400);
    }
    for (const user of [
      { user_id: 'u1', password: 'p1' },
      { user_id: 'u2', password: 'p2', is_superuser: true },
      { user_id: 'u3', password: 'p3' },
    ]) {
      const res = await api(node, 'POST', USERS, user);
      expect(res.status).toBe(201);
      expect(res.body).toHaveProperty('user_id', user.user_id);
    }
    expect(await connackCode(node.mqttPort, { clientId: 'c_event', username: 'u1', password: 'p1', protocolVersion: 5 })).toBe(0);
    await waitFor(async () => (await metrics()).total === 2, 3000, 'the accepted CONNECT counted');
    expect(await metrics()).toMatchObject({ total: 2, success: 1, failed: 1 });

    const p1 = await api(node, 'GET', `${USERS}?page=1&limit=2`);
    const p2 = await api(node, 'GET', `${USERS}?page=2&limit=2`);
    expect(p1.body.meta).toMatchObject({ page: 1, limit: 2, count: 3 });
    expect(p2.body.meta).toMatchObject({ page: 2, limit: 2, count: 3 });
    expect(p1.body.data).toHaveLength(2);
    expect(p2.body.data).toHaveLength(1);
    expect([...p1.body.data, ...p2.body.data].map((u: { user_id: string }) => u.user_id).sort()).toEqual(['u1', 'u2', 'u3']);
    const sup = await api(node, 'GET', `${USERS}?page=1&limit=3&is_superuser=true`);
    expect(sup.body.meta).toMatchObject({ page: 1, limit: 3, count: 1 });
    expect(sup.body.data.map((u: { user_id: string }) => u.user_id)).toEqual(['u2']);
    const plain = await api(node, 'GET', `${USERS}?page=1&limit=3&is_superuser=false`);
    expect(plain.body.meta).toMatchObject({ page: 1, limit: 3, count: 2 });
    expect(plain.body.data.map((u: { user_id: string }) => u.user_id).sort()).toEqual(['u1', 'u3']);
    await clear();
  });

  test('t_authenticator_user: 201, unknown 404, again 409, no password shown, PUT 200, PUT with user_id 400, delete 404/204', async () => {
    expect((await api(node, 'POST', '/authentication', example)).status).toBe(200);
    expect((await api(node, 'POST', USERS, { user_id: 'u1', password: 'p1' })).status).toBe(201);
    expect((await api(node, 'GET', `${USERS}/u123`)).status).toBe(404);
    expect((await api(node, 'POST', USERS, { user_id: 'u1', password: 'p1' })).status).toBe(409);
    const got = await api(node, 'GET', `${USERS}/u1`);
    expect(got.body).toMatchObject({ user_id: 'u1' });
    expect(got.body).not.toHaveProperty('password');
    for (const update of [{ password: 'p1' }, { password: 'p1', is_superuser: true }]) {
      expect((await api(node, 'PUT', `${USERS}/u1`, update)).status, JSON.stringify(update)).toBe(200);
    }
    expect((await api(node, 'PUT', `${USERS}/u1`, { user_id: 'u1', password: 'p1' })).status).toBe(400);
    expect((await api(node, 'DELETE', `${USERS}/u123`)).status).toBe(404);
    expect((await api(node, 'DELETE', `${USERS}/u1`)).status).toBe(204);
    await clear();
  });

  // EMQX 5.8.1 answers 204 here; this node answers 200 with the counts (API.md §3.9), which the console shows
  test('t_authenticator_import_users: no file or a wrong field is 400; multipart JSON and CSV, application/json (hash, plain, charset)', async () => {
    expect((await api(node, 'POST', '/authentication', example)).status).toBe(200);
    const url = (type = '') => `/api/v5/authentication/${encodeURIComponent(BUILT_IN)}/import_users${type}`;
    const multipart = (field: string, filename: string, content: string) => {
      const b = 'B0UNDARY';
      return node.app.inject({
        method: 'POST',
        url: url(),
        headers: { ...node.auth, 'content-type': `multipart/form-data; boundary=${b}` },
        payload: `--${b}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n--${b}--\r\n`,
      });
    };
    const empty = await node.app.inject({
      method: 'POST',
      url: url(),
      headers: { ...node.auth, 'content-type': 'multipart/form-data; boundary=B0UNDARY' },
      payload: '--B0UNDARY--\r\n',
    });
    expect(empty.statusCode).toBe(400);
    expect((await multipart('filenam', 'user-credentials.json', '')).statusCode).toBe(400);

    const hashed = [
      { user_id: 'user1', password_hash: 'c5e46903df45e5dc096dc74657610dbee8deaacae656df88a1788f1847390242', salt: 'e378187547bf2d6f0545a3f441aa4d8a', is_superuser: true },
    ];
    expect((await multipart('filename', 'user-credentials.json', JSON.stringify(hashed))).statusCode).toBe(200);
    const csv = 'user_id,password_hash,salt,is_superuser\nuser2,c5e46903df45e5dc096dc74657610dbee8deaacae656df88a1788f1847390242,e378187547bf2d6f0545a3f441aa4d8a,false\n';
    expect((await multipart('filename', 'user-credentials.csv', csv)).statusCode).toBe(200);
    expect((await api(node, 'POST', `/authentication/${encodeURIComponent(BUILT_IN)}/import_users?type=hash`, hashed)).status).toBe(200);
    const plain = [{ user_id: 'user3', password: 'p3', is_superuser: false }];
    expect((await api(node, 'POST', `/authentication/${encodeURIComponent(BUILT_IN)}/import_users?type=plain`, plain)).status).toBe(200);
    const charset = await node.app.inject({
      method: 'POST',
      url: url('?type=plain'),
      headers: { ...node.auth, 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify(plain),
    });
    expect(charset.statusCode).toBe(200);
    expect(await connackCode(node.mqttPort, { clientId: 'imp', username: 'user3', password: 'p3' })).toBe(0);
    await clear();
  });
});
