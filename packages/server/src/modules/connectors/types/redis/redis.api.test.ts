// The redis connector and action end to end on a running node: rules run the rendered command (one argument per
// template element) for real MQTT messages against the machine's Redis (keys under a prefix of this run, deleted
// after); batches go out as pipelines; a sentinel (master + one sentinel) and a three-master cluster, started by
// this file as redis-server processes on free ports, work; a server asking for a password gives `disconnected` with
// its words; an outage keeps the messages in the buffer and delivers them once the server is back.
import { Redis, Cluster } from 'ioredis';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../../../shared/testing';
import { freePort } from '../mqtt/mosquitto.testing';
import { CountingProxy, startCluster, startRedis, startRedisTls, startSentinel, SENTINEL_MASTER } from './redis.testing';
import { readFileSync } from 'node:fs';

const prefix = `mqdeck:${process.pid}:${Date.now().toString(36)}`;
let node: TestNode;
let db: Redis;
const clients: MqttClient[] = [];

beforeAll(async () => {
  node = await startTestNode();
  db = new Redis({ host: '127.0.0.1', port: 6379 });
});
afterAll(async () => {
  // only this run's keys: never FLUSHALL on the shared server
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await db.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    keys.push(...found);
    cursor = next;
  } while (cursor !== '0');
  if (keys.length) await db.del(...keys);
  db.disconnect();
  await node.close();
});
afterEach(async () => {
  await closeClients(clients.splice(0));
  for (const r of (await api(node, 'GET', '/rules?limit=1000')).body.data ?? []) await api(node, 'DELETE', `/rules/${r.id}`);
  for (const a of (await api(node, 'GET', '/actions')).body ?? []) await api(node, 'DELETE', `/actions/${a.type}:${a.name}?also_delete_dep_actions=true`);
  for (const c of (await api(node, 'GET', '/connectors')).body ?? []) await api(node, 'DELETE', `/connectors/${c.type}:${c.name}`);
});

async function connector(name: string, parameters: Record<string, unknown>) {
  const res = await api(node, 'POST', '/connectors', { type: 'redis', name, parameters: { pool_size: 2, ...parameters }, resource_opts: { health_check_interval: '200ms' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function action(name: string, command: string[], resourceOpts: Record<string, unknown> = {}) {
  const res = await api(node, 'POST', '/actions', {
    type: 'redis',
    name,
    connector: name,
    parameters: { command_template: command },
    resource_opts: { health_check_interval: '200ms', ...resourceOpts },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function rule(id: string, sql: string, actions: string[]) {
  const res = await api(node, 'POST', '/rules', { id, sql, actions });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function publisher(clientId: string): Promise<MqttClient> {
  const c = await connectClient(node.mqttPort, { clientId });
  clients.push(c);
  return c;
}

const metrics = async (id: string) => (await api(node, 'GET', `/actions/${id}/metrics`)).body.metrics as Record<string, number>;
const status = async (kind: 'connectors' | 'actions', id: string) => (await api(node, 'GET', `/${kind}/${id}`)).body as { status: string; status_reason?: string };

describe('redis (single) through the API', () => {
  test('a rule runs HSET ${clientid} temp ${payload.temp} for each MQTT message', async () => {
    const c = await connector('single', { redis_type: 'single', server: '127.0.0.1:6379', database: 0 });
    expect(c).toMatchObject({ type: 'redis', name: 'single', status: 'connected', parameters: { redis_type: 'single', server: '127.0.0.1:6379', pool_size: 2 } });
    await action('single', ['HSET', `${prefix}:\${clientid}`, 'temp', '${payload.temp}', 'topic', 'at ${topic}']);
    expect((await status('actions', 'redis:single')).status).toBe('connected');
    await rule('rule_redis_single', 'SELECT * FROM "redis/#"', ['redis:single']);
    const pub = await publisher('dev 1');
    await pub.publishAsync('redis/a', JSON.stringify({ temp: 21.5 }), { qos: 1 });
    await waitFor(async () => (await metrics('redis:single')).success === 1, 5000, 'one command');
    // the client id with its space is one argument: the key
    expect(await db.hgetall(`${prefix}:dev 1`)).toEqual({ temp: '21.5', topic: 'at redis/a' });
    await pub.publishAsync('redis/b', JSON.stringify({ temp: 22 }), { qos: 1 });
    await waitFor(async () => (await db.hget(`${prefix}:dev 1`, 'temp')) === '22', 5000, 'updated');
    // the row is there before the node has read Redis's reply and counted it: wait for the count too
    await waitFor(async () => (await metrics('redis:single')).success === 2, 5000, 'two successes');
    expect(await metrics('redis:single')).toMatchObject({ matched: 2, success: 2, failed: 0 });
  });

  test('map_to_redis_hset_args spreads a map into HSET fields', async () => {
    await connector('hset', { server: '127.0.0.1:6379' });
    await action('hset', ['HSET', `${prefix}:hset:\${clientid}`, '${fields}']);
    await rule('rule_redis_hset', 'SELECT map_to_redis_hset_args(payload) as fields, clientid FROM "hset/#"', ['redis:hset']);
    const pub = await publisher('h1');
    await pub.publishAsync('hset/x', JSON.stringify({ a: 1, b: 'two', c: true, d: { nested: 1 } }), { qos: 1 });
    await waitFor(async () => (await metrics('redis:hset')).success === 1, 5000, 'one command');
    expect(await db.hgetall(`${prefix}:hset:h1`)).toEqual({ a: '1', b: 'two', c: 'true' });
  });

  test('batch_size > 1: one pipeline per batch (a proxy counts the writes); a failed reply fails its batch', async () => {
    const proxy = new CountingProxy('127.0.0.1', 6379);
    await proxy.up();
    try {
      await connector('batch', { server: proxy.address, pool_size: 1 });
      await action('batch', ['RPUSH', `${prefix}:list`, '${payload}'], { batch_size: 10, batch_time: '300ms', query_mode: 'sync', worker_pool_size: 1 });
      await rule('rule_redis_batch', 'SELECT * FROM "batch/#"', ['redis:batch']);
      const pub = await publisher('batcher');
      const writesBefore = proxy.writes;
      const N = 30;
      await Promise.all(Array.from({ length: N }, (_, i) => pub.publishAsync('batch/x', `m${i}`, { qos: 1 })));
      await waitFor(async () => (await db.llen(`${prefix}:list`)) === N, 10_000, `${N} items`);
      await waitFor(async () => (await metrics('redis:batch')).success === N, 5000, 'success counted');
      const writes = proxy.writes - writesBefore;
      console.log(`redis batch: ${N} commands in ${writes} writes to the server`);
      expect(new Set(await db.lrange(`${prefix}:list`, 0, -1))).toEqual(new Set(Array.from({ length: N }, (_, i) => `m${i}`)));
      // one batch in flight at a time (sync, one worker): each batch is one write, the next one after its replies
      expect(writes).toBeGreaterThanOrEqual(N / 10);
      expect(writes).toBeLessThanOrEqual(N / 2);
      // a batch with one command the server refuses (the key holds a list, not a hash) is failed as a whole
      await db.set(`${prefix}:str`, 'x');
      const put = await api(node, 'PUT', '/actions/redis:batch', {
        connector: 'batch',
        parameters: { command_template: ['${payload.cmd}', `${prefix}:\${payload.key}`, '${payload.v}'] },
        resource_opts: { batch_size: 10, batch_time: '300ms', query_mode: 'sync', health_check_interval: '200ms' },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      await api(node, 'PUT', '/actions/redis:batch/metrics/reset');
      await Promise.all([
        pub.publishAsync('batch/y', JSON.stringify({ cmd: 'RPUSH', key: 'list2', v: 'a' }), { qos: 1 }),
        pub.publishAsync('batch/y', JSON.stringify({ cmd: 'RPUSH', key: 'str', v: 'b' }), { qos: 1 }),
      ]);
      await waitFor(async () => (await metrics('redis:batch')).failed === 2, 5000, 'the batch failed');
      expect(await metrics('redis:batch')).toMatchObject({ success: 0, failed: 2 });
    } finally {
      await proxy.down();
    }
  });

  test('an unknown command is failed, not retried', async () => {
    await connector('unknown', { server: '127.0.0.1:6379' });
    await action('unknown', ['NOSUCHCMD', `${prefix}:k`]);
    await rule('rule_redis_unknown', 'SELECT * FROM "unknown/#"', ['redis:unknown']);
    const pub = await publisher('u1');
    await pub.publishAsync('unknown/1', 'x', { qos: 1 });
    await waitFor(async () => (await metrics('redis:unknown')).failed === 1, 5000, 'failed');
    expect(await metrics('redis:unknown')).toMatchObject({ matched: 1, success: 0, failed: 1, retried: 0 });
  });

  test('a bad server address is refused with a sentence naming the field and nothing is stored', async () => {
    const res = await api(node, 'POST', '/connectors', { type: 'redis', name: 'badsrv', parameters: { redis_type: 'single', server: '127.0.0.1:99999' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('parameters.server: "127.0.0.1:99999" is not a valid host:port');
    const cl = await api(node, 'POST', '/connectors', { type: 'redis', name: 'badsrv', parameters: { redis_type: 'cluster', servers: 'a:1,:2' } });
    expect(cl.status).toBe(400);
    expect(cl.body.message).toMatch(/^parameters\.servers: /);
    expect((await api(node, 'GET', '/connectors/redis:badsrv')).status).toBe(404);
  });

  test('a command template that is not a nonempty list of strings is refused and nothing is stored', async () => {
    await connector('bad', { server: '127.0.0.1:6379' });
    for (const command_template of [[], 'HSET k v']) {
      const res = await api(node, 'POST', '/actions', { type: 'redis', name: 'bad', connector: 'bad', parameters: { command_template } });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/command_template/);
    }
    expect((await api(node, 'GET', '/actions/redis:bad')).status).toBe(404);
  });
});

describe('redis servers this file starts', () => {
  test('a server asking for a password: a wrong or missing password is disconnected with its words; the right one connects', async () => {
    const r = await startRedis({ password: 'sekret' });
    try {
      const server = `127.0.0.1:${r.port}`;
      const wrong = await api(node, 'POST', '/connectors', { type: 'redis', name: 'wrongpw', parameters: { server, password: 'nope' } });
      expect(wrong.body).toMatchObject({ status: 'disconnected', status_reason: 'WRONGPASS invalid username-password pair or user is disabled.' });
      expect(wrong.body.parameters.password).toBe('******');
      const none = await api(node, 'POST', '/connectors', { type: 'redis', name: 'nopw', parameters: { server } });
      expect(none.body).toMatchObject({ status: 'disconnected', status_reason: 'NOAUTH Authentication required.' });
      const right = await api(node, 'POST', '/connectors', { type: 'redis', name: 'rightpw', parameters: { server, password: 'sekret' } });
      expect(right.body.status).toBe('connected');
      const refused = await api(node, 'POST', '/connectors', { type: 'redis', name: 'refused', parameters: { server: `127.0.0.1:${await freePort()}` } });
      expect(refused.body).toMatchObject({ status: 'disconnected', status_reason: 'Connection refused' });
    } finally {
      await r.stop();
    }
  });

  test('outage: messages wait while the server is down and are written once it is back on the same port', async () => {
    let r = await startRedis();
    const port = r.port;
    try {
      await connector('outage', { server: `127.0.0.1:${port}` });
      await action('outage', ['RPUSH', 'out', '${payload}'], { request_ttl: '60s' });
      await rule('rule_redis_outage', 'SELECT * FROM "out/#"', ['redis:outage']);
      const pub = await publisher('outage-dev');
      for (let i = 0; i < 5; i++) await pub.publishAsync('out/1', String(i), { qos: 1 });
      await waitFor(async () => (await metrics('redis:outage')).success === 5, 15_000, 'the first five');
      await r.stop();
      await waitFor(async () => (await status('connectors', 'redis:outage')).status === 'disconnected', 10_000, 'connector disconnected');
      for (let i = 5; i < 15; i++) await pub.publishAsync('out/1', String(i), { qos: 1 });
      await waitFor(async () => (await metrics('redis:outage')).matched === 15, 15_000, 'all matched');
      r = await startRedis({ port });
      const back = new Redis({ port, host: '127.0.0.1' });
      try {
        await waitFor(async () => (await back.llen('out')) === 10, 20_000, 'the buffered ten');
        await waitFor(async () => (await metrics('redis:outage')).success === 15, 15_000, 'all counted');
        // each once; not in order: the pool's connections come back one by one and each sends what it holds
        const written = (await back.lrange('out', 0, -1)).map(Number).sort((a, b) => a - b);
        expect(written).toEqual(Array.from({ length: 10 }, (_, i) => i + 5));
      } finally {
        back.disconnect();
      }
    } finally {
      await r.stop();
    }
  }, 60_000);

  test('TLS: verify_peer with the CA connects and writes; without the CA the certificate is refused', async () => {
    const r = await startRedisTls();
    try {
      const server = `127.0.0.1:${r.port}`;
      const res = await api(node, 'POST', '/connectors', {
        type: 'redis',
        name: 'tls',
        parameters: { server, pool_size: 1 },
        ssl: { enable: true, verify: 'verify_peer', cacertfile: r.ca },
        resource_opts: { health_check_interval: '200ms' },
      });
      expect(res.body.status, JSON.stringify(res.body)).toBe('connected');
      await action('tls', ['SET', 'tls:${clientid}', '${payload}']);
      await rule('rule_redis_tls', 'SELECT * FROM "tls/#"', ['redis:tls']);
      const pub = await publisher('t1');
      await pub.publishAsync('tls/1', 'secret-hello', { qos: 1 });
      await waitFor(async () => (await metrics('redis:tls')).success === 1, 5000, 'written over TLS');
      const reader = new Redis({ port: r.port, host: '127.0.0.1', tls: { ca: readFileSync(r.ca, 'utf8') } });
      try {
        expect(await reader.get('tls:t1')).toBe('secret-hello');
      } finally {
        reader.disconnect();
      }
      const noCa = await api(node, 'POST', '/connectors', { type: 'redis', name: 'tlsnoca', parameters: { server, pool_size: 1 }, ssl: { enable: true, verify: 'verify_peer' } });
      expect(noCa.body.status).toBe('disconnected');
      expect(noCa.body.status_reason).toMatch(/certificate/);
    } finally {
      await r.stop();
    }
  }, 60_000);

  test('sentinel: the connector finds the master through the sentinel; an unknown master name says so', async () => {
    const s = await startSentinel();
    try {
      const c = await connector('sentinel', { redis_type: 'sentinel', servers: `127.0.0.1:${s.sentinelPort}`, sentinel: SENTINEL_MASTER, database: 1 });
      expect(c.status).toBe('connected');
      await action('sentinel', ['SET', 'k:${clientid}', '${payload}']);
      await rule('rule_redis_sentinel', 'SELECT * FROM "sen/#"', ['redis:sentinel']);
      const pub = await publisher('s1');
      await pub.publishAsync('sen/1', 'via-sentinel', { qos: 1 });
      const master = new Redis({ port: s.master.port, host: '127.0.0.1', db: 1 });
      try {
        await waitFor(async () => (await master.get('k:s1')) === 'via-sentinel', 5000, 'written on the master, database 1');
      } finally {
        master.disconnect();
      }
      const unknown = await api(node, 'POST', '/connectors', {
        type: 'redis',
        name: 'nomaster',
        parameters: { redis_type: 'sentinel', servers: `127.0.0.1:${s.sentinelPort}`, sentinel: 'nope' },
      });
      expect(unknown.body.status).not.toBe('connected');
      await waitFor(async () => (await status('connectors', 'redis:nomaster')).status_reason === 'The sentinels do not know a master named "nope"', 15_000, 'the reason');
    } finally {
      await s.stop();
    }
  }, 60_000);

  test('sentinel failover: the master dies, the sentinel promotes the replica, buffered messages land on the new master', async () => {
    const s = await startSentinel({ replica: true });
    const replicaPort = s.replica!.port;
    try {
      await connector('failover', { redis_type: 'sentinel', servers: `127.0.0.1:${s.sentinelPort}`, sentinel: SENTINEL_MASTER, pool_size: 1 });
      await action('failover', ['RPUSH', 'fo', '${payload}'], { request_ttl: '60s' });
      await rule('rule_redis_failover', 'SELECT * FROM "fo/#"', ['redis:failover']);
      const pub = await publisher('fo-dev');
      await pub.publishAsync('fo/1', 'before', { qos: 1 });
      await waitFor(async () => (await metrics('redis:failover')).success === 1, 5000, 'the first write');
      const promoted = new Redis({ port: replicaPort, host: '127.0.0.1' });
      try {
        // Redis replicates after answering the write: a master stopped before its replica has it loses it (CI, loaded)
        await waitFor(async () => (await promoted.lrange('fo', 0, -1)).length === 1, 10_000, 'the first write replicated');
        await s.master.stop();
        await waitFor(async () => (await status('connectors', 'redis:failover')).status === 'disconnected', 10_000, 'connector disconnected');
        await pub.publishAsync('fo/1', 'during', { qos: 1 });
        await waitFor(async () => /role:master/.test(await promoted.info('replication')), 30_000, 'the replica promoted');
        await waitFor(async () => (await metrics('redis:failover')).success === 2, 20_000, 'the buffered write');
        expect(await promoted.lrange('fo', 0, -1)).toEqual(['before', 'during']);
        await waitFor(async () => (await status('connectors', 'redis:failover')).status === 'connected', 10_000, 'connected again');
      } finally {
        promoted.disconnect();
      }
    } finally {
      await s.stop();
    }
  }, 90_000);

  test('cluster: keys of every slot range are written through one connector; batches run command by command', async () => {
    const cl = await startCluster();
    const reader = new Cluster(cl.servers.split(',').map((a) => ({ host: '127.0.0.1', port: Number(a.split(':')[1]) })));
    try {
      const c = await connector('cluster', { redis_type: 'cluster', servers: cl.servers });
      expect(c).toMatchObject({ status: 'connected', parameters: { redis_type: 'cluster' } });
      await action('cluster', ['SET', 'c:${payload.n}', '${payload.n}'], { batch_size: 5, batch_time: '100ms' });
      await rule('rule_redis_cluster', 'SELECT * FROM "clu/#"', ['redis:cluster']);
      const pub = await publisher('c1');
      const N = 30;
      await Promise.all(Array.from({ length: N }, (_, n) => pub.publishAsync('clu/1', JSON.stringify({ n }), { qos: 1 })));
      await waitFor(async () => (await metrics('redis:cluster')).success === N, 10_000, 'all written');
      for (let n = 0; n < N; n++) expect(await reader.get(`c:${n}`)).toBe(String(n));
      // the keys landed on every master
      const perNode = await Promise.all(
        cl.nodes.map(async (n) => {
          const one = new Redis({ port: n.port, host: '127.0.0.1' });
          try {
            return await one.dbsize();
          } finally {
            one.disconnect();
          }
        }),
      );
      console.log(`redis cluster: ${N} keys spread ${perNode.join('/')} over three masters`);
      expect(perNode.every((k) => k > 0)).toBe(true);
    } finally {
      reader.disconnect();
      await cl.stop();
    }
  }, 60_000);
});
