// Redis on this machine: HMGET mqtt_user:${username} for authentication, HGETALL mqtt_acl:${username}
// for authorization, with real clients. Keys carry a run-unique prefix and are deleted afterwards.
import { Redis } from 'ioredis';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { computeHash } from '../../src/modules/authentication/password-hash';
import { startTestNode, type TestNode } from '../test-node';
import { addAuthenticator, addSource, api, connackCode, connectClient, delivered, statusOf, subackCodes, unique, waitStatus } from './harness';

const prefix = unique('mqdeck');
let redis: Redis;
let node: TestNode;
const clients: MqttClient[] = [];

beforeAll(async () => {
  redis = new Redis({ host: '127.0.0.1', port: 6379 });
  const alg = { name: 'sha256', salt_position: 'suffix' } as const;
  await redis.hset(`${prefix}_user:dave`, { password_hash: computeHash(alg, 'dave-pw', 's4lt'), salt: 's4lt', is_superuser: 'false' });
  await redis.hset(`${prefix}_user:root`, { password_hash: computeHash(alg, 'root-pw', 's4lt'), salt: 's4lt', is_superuser: 'true' });
  await redis.hset(`${prefix}_acl:dave`, { 'room/${username}/#': 'all', 'news/#': 'subscribe', 'ro/#': JSON.stringify({ action: 'publish', permission: 'deny' }) });
  node = await startTestNode();
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  await node?.close();
  const keys = await redis.keys(`${prefix}_*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

test('authentication with HMGET: right password, wrong 0x86, superuser flag', async () => {
  const id = await addAuthenticator(node, {
    mechanism: 'password_based',
    backend: 'redis',
    redis_type: 'single',
    server: '127.0.0.1:6379',
    cmd: `HMGET ${prefix}_user:\${username} password_hash salt is_superuser`,
    password_hash_algorithm: { name: 'sha256', salt_position: 'suffix' },
  });
  expect(await connackCode(node.mqttPort, { username: 'dave', password: 'dave-pw' })).toBe(0);
  expect(await connackCode(node.mqttPort, { username: 'dave', password: 'wrong' })).toBe(0x86);
  expect(await connackCode(node.mqttPort, { username: 'ghost', password: 'x' })).toBe(0x87);
  const root = await connectClient(node.mqttPort, { username: 'root', password: 'root-pw', clientId: unique('root') });
  clients.push(root);
  expect(node.app.broker.client(root.options.clientId!)?.isSuperuser).toBe(true);
  expect(await statusOf(node, `/authentication/${encodeURIComponent(id)}/status`)).toBe('connected');
  const bad = await api(node, 'POST', '/authentication', { mechanism: 'password_based', backend: 'redis', server: '127.0.0.1', cmd: 'DEL x' });
  expect(bad.status).toBe(409); // the id exists; the command check is covered below on a PUT
  const badPut = await api(node, 'PUT', `/authentication/${encodeURIComponent(id)}`, { mechanism: 'password_based', backend: 'redis', server: '127.0.0.1', cmd: 'DEL x' });
  expect(badPut.status).toBe(400);
  expect(badPut.body.message).toContain('unsupported Redis command');
});

test('authorization with HGETALL: topic → action, JSON values with permission', async () => {
  await addSource(node, { type: 'redis', redis_type: 'single', server: '127.0.0.1:6379', cmd: `HGETALL ${prefix}_acl:\${username}` });
  await waitStatus(node, '/authorization/sources/redis/status', 'connected');
  const dave = await connectClient(node.mqttPort, { username: 'dave', password: 'dave-pw', clientId: unique('dave') });
  clients.push(dave);
  const watcher = clients[0]; // the superuser sees everything
  await watcher.subscribeAsync('#', { qos: 0 });
  expect(await subackCodes(dave, ['news/today', 'room/dave/1'])).toEqual([1, 1]);
  expect(await delivered(dave, watcher, 'ro/x')).toBe(false);
  expect(await delivered(dave, watcher, 'room/dave/chat')).toBe(true);
});

test('a Redis that is down: status disconnected, the CONNECT is refused quickly rather than hanging', async () => {
  const id = 'password_based:redis';
  const current = (await api(node, 'GET', `/authentication/${encodeURIComponent(id)}`)).body;
  expect((await api(node, 'PUT', `/authentication/${encodeURIComponent(id)}`, { ...current, server: '127.0.0.1:1' })).status).toBe(204);
  const started = Date.now();
  expect(await connackCode(node.mqttPort, { username: 'dave', password: 'dave-pw' })).toBe(0x87); // ignored → chain exhausted
  expect(Date.now() - started).toBeLessThan(6000);
  expect(await statusOf(node, `/authentication/${encodeURIComponent(id)}/status`)).toBe('disconnected');
});
