// MySQL (MariaDB) and PostgreSQL on this machine: a real client is accepted or refused by the SQL
// authenticator, and the SQL source allows/denies real subscribes and publishes. Tables are unique
// to the run and dropped afterwards.
import type { MqttClient } from 'mqtt';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { computeHash } from '../../src/modules/authentication/password-hash';
import { startTestNode, type TestNode } from '../test-node';
import { addAuthenticator, addSource, api, connackCode, connectClient, delivered, statusOf, subackCodes, unique } from './harness';

interface Db {
  exec(sql: string, values?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

const DIALECTS = {
  mysql: {
    server: '127.0.0.1:3306',
    // MariaDB's root has no password here: a wrong one would be refused, so none is sent
    extra: { username: 'root', database: 'test' },
    password: undefined,
    open: async (): Promise<Db> => {
      const c = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });
      return { exec: async (sql, values) => void (await c.query(sql, values)), close: () => c.end() };
    },
    marker: () => '?',
  },
  postgresql: {
    server: '127.0.0.1:5432',
    // trust authentication: the password is sent and ignored, which lets the masking be checked
    extra: { username: 'postgres', database: 'test' },
    password: 'unused-secret',
    open: async (): Promise<Db> => {
      const c = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });
      await c.connect();
      return { exec: async (sql, values) => void (await c.query(sql, values)), close: () => c.end() };
    },
    marker: (i: number) => `$${i}`,
  },
} as const;

const SALT = 'pepper';
const hash = (pw: string) => computeHash({ name: 'sha256', salt_position: 'prefix' }, pw, SALT);

describe.each(Object.keys(DIALECTS) as (keyof typeof DIALECTS)[])('%s', (dialect) => {
  const d = DIALECTS[dialect];
  const users = unique('mqdeck_users');
  const acl = unique('mqdeck_acl');
  let db: Db;
  let node: TestNode;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    db = await d.open();
    await db.exec(`CREATE TABLE ${users} (username VARCHAR(100) PRIMARY KEY, password_hash VARCHAR(100), salt VARCHAR(40), is_superuser BOOLEAN)`);
    await db.exec(`CREATE TABLE ${acl} (username VARCHAR(100), permission VARCHAR(10), action VARCHAR(10), topic VARCHAR(200), qos VARCHAR(10), retain VARCHAR(10))`);
    const ins = `INSERT INTO ${users} VALUES (${[1, 2, 3, 4].map(d.marker).join(', ')})`;
    await db.exec(ins, ['alice', hash('alice-pw'), SALT, false]);
    await db.exec(ins, ['bob', hash('bob-pw'), SALT, false]);
    const rule = `INSERT INTO ${acl} VALUES (${[1, 2, 3, 4, 5, 6].map(d.marker).join(', ')})`;
    await db.exec(rule, ['alice', 'deny', 'subscribe', 'secret/#', null, null]);
    await db.exec(rule, ['alice', 'allow', 'subscribe', 'data/${username}/#', '0,1', null]);
    await db.exec(rule, ['alice', 'deny', 'publish', 'data/locked', null, null]);
    node = await startTestNode();
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
    await node?.close();
    await db?.exec(`DROP TABLE IF EXISTS ${users}`);
    await db?.exec(`DROP TABLE IF EXISTS ${acl}`);
    await db?.close();
  });

  test('authentication: right password accepted, wrong 0x86, unknown user and injection refused 0x87; password masked', async () => {
    const id = await addAuthenticator(node, {
      mechanism: 'password_based',
      backend: dialect,
      server: d.server,
      ...d.extra,
      ...(d.password ? { password: d.password } : {}),
      query: `SELECT password_hash, salt, is_superuser FROM ${users} WHERE username = \${username} LIMIT 1`,
      password_hash_algorithm: { name: 'sha256', salt_position: 'prefix' },
      query_timeout: '2s',
      pool_size: 2,
    });
    expect(id).toBe(`password_based:${dialect}`);
    if (d.password) expect((await api(node, 'GET', `/authentication/${encodeURIComponent(id)}`)).body.password).toBe('******');
    expect(await connackCode(node.mqttPort, { username: 'alice', password: 'alice-pw' })).toBe(0);
    expect(await connackCode(node.mqttPort, { username: 'alice', password: 'nope' })).toBe(0x86);
    expect(await connackCode(node.mqttPort, { username: 'nobody', password: 'x' })).toBe(0x87);
    expect(await connackCode(node.mqttPort, { username: "x' OR '1'='1", password: 'x' })).toBe(0x87);
    expect(await statusOf(node, `/authentication/${encodeURIComponent(id)}/status`)).toBe('connected');
  });

  test('authorization: SQL rules decide subscribes and publishes of real clients', async () => {
    await addSource(node, {
      type: dialect,
      server: d.server,
      ...d.extra,
      ...(d.password ? { password: d.password } : {}),
      query: `SELECT permission, action, topic, qos, retain FROM ${acl} WHERE username = \${username}`,
      pool_size: 2,
    });
    if (d.password) {
      const shown = (await api(node, 'GET', `/authorization/sources/${dialect}`)).body;
      expect(shown.password).toBe('******');
      expect((await api(node, 'PUT', `/authorization/sources/${dialect}`, shown)).status).toBe(204);
      expect(node.app.authz.has(dialect)?.password).toBe(d.password);
    }
    expect(await statusOf(node, `/authorization/sources/${dialect}/status`)).toBe('connected');
    const alice = await connectClient(node.mqttPort, { username: 'alice', password: 'alice-pw', clientId: unique('alice') });
    const bob = await connectClient(node.mqttPort, { username: 'bob', password: 'bob-pw', clientId: unique('bob') });
    clients.push(alice, bob);
    expect(await subackCodes(alice, ['secret/plans', 'data/alice/#'])).toEqual([0x87, 1]);
    // bob has no rows: nomatch, the file source's {allow, all} lets him watch everything
    expect(await subackCodes(bob, ['data/#'])).toEqual([1]);
    expect(await delivered(alice, bob, 'data/locked')).toBe(false);
    expect(await delivered(alice, bob, 'data/open')).toBe(true);
    const cache = await api(node, 'GET', `/clients/${encodeURIComponent(alice.options.clientId!)}/authorization/cache`);
    expect(cache.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ topic: 'data/locked', result: 'deny', access: { action_type: 'publish', qos: 0, retain: false } })]),
    );
  });

  test('bcrypt rows as other implementations store them ($2a$ and $2b$, salt column empty or the salt string) let real clients in', async () => {
    // a published OpenBSD bcrypt vector: password "a", cost 6
    const vector = '$2a$06$m0CrhHm10qJ3lXRY.5zDGO3rS2KdeeWLuGmsfGlMfOxih58VYVfxe';
    const ins = `INSERT INTO ${users} VALUES (${[1, 2, 3, 4].map(d.marker).join(', ')})`;
    await db.exec(ins, ['bc_a', vector, '', false]);
    await db.exec(ins, ['bc_b', vector.replace('$2a$', '$2b$'), vector.slice(0, 29), false]);
    const id = `password_based:${dialect}`;
    const current = (await api(node, 'GET', `/authentication/${encodeURIComponent(id)}`)).body;
    expect((await api(node, 'PUT', `/authentication/${encodeURIComponent(id)}`, { ...current, password_hash_algorithm: { name: 'bcrypt' } })).status).toBe(204);
    expect(await connackCode(node.mqttPort, { username: 'bc_a', password: 'a' })).toBe(0);
    expect(await connackCode(node.mqttPort, { username: 'bc_b', password: 'a' })).toBe(0);
    expect(await connackCode(node.mqttPort, { username: 'bc_b', password: 'b' })).toBe(0x86);
    // a sha256 row under bcrypt is a malformed bcrypt hash: refused, not a crash
    expect(await connackCode(node.mqttPort, { username: 'alice', password: 'alice-pw' })).toBe(0x86);
  });

  test('a backend that is down is skipped: the next authenticator decides, status disconnected, no hang', async () => {
    const id = `password_based:${dialect}`;
    const current = (await api(node, 'GET', `/authentication/${encodeURIComponent(id)}`)).body;
    const put = await api(node, 'PUT', `/authentication/${encodeURIComponent(id)}`, { ...current, server: '127.0.0.1:1' });
    expect(put.status).toBe(204);
    if (d.password) {
      expect((await api(node, 'GET', `/authentication/${encodeURIComponent(id)}`)).body.password).toBe('******');
      expect(node.app.authn.configOf(id).password).toBe(d.password); // ****** sent back kept the stored secret
    }
    await addAuthenticator(node, { mechanism: 'password_based', backend: 'built_in_database' });
    expect((await api(node, 'POST', '/authentication/password_based%3Abuilt_in_database/users', { user_id: 'carol', password: 'carol-pw' })).status).toBe(201);
    const started = Date.now();
    expect(await connackCode(node.mqttPort, { username: 'carol', password: 'carol-pw' })).toBe(0);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(await statusOf(node, `/authentication/${encodeURIComponent(id)}/status`)).toBe('disconnected');
    const metrics = (await api(node, 'GET', `/authentication/${encodeURIComponent(id)}/status`)).body.metrics;
    expect(metrics.nomatch).toBeGreaterThan(0);
  });
});
