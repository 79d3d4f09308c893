// The console's Test (POST /authentication_probe) against this machine's MariaDB, PostgreSQL and Redis:
// a reachable backend with working credentials is 204, wrong credentials are 400 TEST_FAILED with the
// server's own reason.
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../test-node';
import { api } from './harness';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => node.close());

const probe = (body: Record<string, unknown>) => api(node, 'POST', '/authentication_probe', body);

const sql = (backend: 'mysql' | 'postgresql', server: string, extra: Record<string, unknown>) => ({
  mechanism: 'password_based',
  backend,
  server,
  database: 'test',
  query: 'SELECT password_hash FROM mqtt_user WHERE username = ${username} LIMIT 1',
  ...extra,
});

const redis = (extra: Record<string, unknown> = {}) => ({
  mechanism: 'password_based',
  backend: 'redis',
  redis_type: 'single',
  server: '127.0.0.1:6379',
  cmd: 'HMGET mqtt_user:${username} password_hash salt',
  ...extra,
});

describe('authentication probe on real servers', () => {
  test('MariaDB: root without a password connects; a wrong password is refused by the server', async () => {
    expect((await probe(sql('mysql', '127.0.0.1:3306', { username: 'root' }))).status).toBe(204);
    const wrong = await probe(sql('mysql', '127.0.0.1:3306', { username: 'root', password: 'not-the-password' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('TEST_FAILED');
    expect(wrong.body.message).toMatch(/Access denied for user 'root'/);
  });

  test('PostgreSQL: the postgres role connects; an unknown role or database is refused', async () => {
    expect((await probe(sql('postgresql', '127.0.0.1:5432', { username: 'postgres' }))).status).toBe(204);
    const role = await probe(sql('postgresql', '127.0.0.1:5432', { username: 'no_such_role_mqdeck' }));
    expect(role.body.code).toBe('TEST_FAILED');
    expect(role.body.message).toMatch(/no_such_role_mqdeck/);
    const db = await probe(sql('postgresql', '127.0.0.1:5432', { username: 'postgres', database: 'no_such_db_mqdeck' }));
    expect(db.body.message).toMatch(/no_such_db_mqdeck/);
  });

  test('Redis: PING answers; an unknown ACL user with a password is refused', async () => {
    expect((await probe(redis())).status).toBe(204);
    const wrong = await probe(redis({ username: 'no_such_user_mqdeck', password: 'wrong' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('TEST_FAILED');
    expect(wrong.body.message).toMatch(/WRONGPASS|invalid username-password/);
    const s = createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const closed = (s.address() as AddressInfo).port;
    await new Promise((r) => s.close(r));
    const port = await probe(redis({ server: `127.0.0.1:${closed}` }));
    expect(port.body).toMatchObject({ code: 'TEST_FAILED', message: expect.stringContaining('ECONNREFUSED') });
  });

  test('nothing was stored', async () => {
    expect((await api(node, 'GET', '/authentication')).body).toEqual([]);
  });
});
