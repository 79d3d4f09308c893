// The webhook end to end on a running node: POST /connectors + /actions + a rule, a real MQTT client publishes, an
// HTTP server started here receives the rendered request; a target that is down gives EMQX's status and reason; and
// the outage the issue asks for: the HTTP server stops mid-stream and comes back on the same port, and every QoS 1
// message arrives (lost and duplicated counted).
import type { MqttClient } from 'mqtt';
import { hasOpenssl, makePki } from '@mqdeck/broker/testing';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../../../shared/testing';
import { answer, freePort, startTarget, type Target } from './target.testing';

let node: TestNode;
const clients: MqttClient[] = [];
const targets: Target[] = [];
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => node.close());
afterEach(async () => {
  await closeClients(clients.splice(0));
  for (const r of (await api(node, 'GET', '/rules?limit=1000')).body.data ?? []) await api(node, 'DELETE', `/rules/${r.id}`);
  for (const a of (await api(node, 'GET', '/actions')).body ?? []) await api(node, 'DELETE', `/actions/${a.type}:${a.name}?also_delete_dep_actions=true`);
  for (const c of (await api(node, 'GET', '/connectors')).body ?? []) await api(node, 'DELETE', `/connectors/${c.type}:${c.name}`);
  for (const t of targets.splice(0)) await t.stop();
});

async function target(): Promise<Target> {
  const t = await startTarget();
  targets.push(t);
  return t;
}

async function client(clientId: string): Promise<MqttClient> {
  const c = await connectClient(node.mqttPort, { clientId });
  clients.push(c);
  return c;
}

/** connector + action + rule, the way the webhook page creates them */
async function webhook(name: string, url: string, parameters: Record<string, unknown>, sql: string, actionOpts: Record<string, unknown> = {}) {
  const c = await api(node, 'POST', '/connectors', { type: 'http', name, url, pool_size: 2, resource_opts: { health_check_interval: '200ms' } });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  const a = await api(node, 'POST', '/actions', {
    type: 'http',
    name,
    connector: name,
    parameters,
    resource_opts: { health_check_interval: '200ms', ...actionOpts },
  });
  expect(a.status, JSON.stringify(a.body)).toBe(201);
  const r = await api(node, 'POST', '/rules', { id: `rule_${name}`, sql, actions: [`http:${name}`] });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { connector: c.body, action: a.body };
}

const actionMetrics = async (name: string) => (await api(node, 'GET', `/actions/http:${name}/metrics`)).body.metrics as Record<string, number>;

describe('webhook through the API', () => {
  test('a published message reaches the HTTP server as the action renders it; metrics count it', async () => {
    const t = await target();
    const { connector, action } = await webhook(
      'hook1',
      `${t.url}/api`,
      { method: 'post', path: '/devices/${clientid}', headers: { 'content-type': 'application/json', 'x-topic': '${topic}' }, body: '{"t":${payload.temp},"who":"${clientid}"}' },
      'SELECT * FROM "sensors/#"',
    );
    expect(connector).toMatchObject({ type: 'http', name: 'hook1', status: 'connected' });
    expect(action).toMatchObject({ type: 'http', name: 'hook1', connector: 'hook1' });
    const sensor = await client('sensor-1');
    await sensor.publishAsync('sensors/room1', JSON.stringify({ temp: 21.5 }), { qos: 1 });
    const [r] = await t.waitFor(1);
    expect(r).toMatchObject({ method: 'POST', path: '/api/devices/sensor-1', body: '{"t":21.5,"who":"sensor-1"}' });
    expect(r.headers).toMatchObject({ 'content-type': 'application/json', 'x-topic': 'sensors/room1' });
    await waitFor(async () => (await actionMetrics('hook1')).success === 1, 5000, 'success counted');
    expect(await actionMetrics('hook1')).toMatchObject({ matched: 1, success: 1, failed: 0 });
  });

  test('updating the connector restarts it: the next message goes to the new url', async () => {
    const first = await target();
    const second = await target();
    await webhook('moved', first.url, { method: 'post', body: '${payload}' }, 'SELECT * FROM "t/moved"');
    const c = await client('pub-moved');
    await c.publishAsync('t/moved', 'one', { qos: 1 });
    await first.waitFor(1);
    await waitFor(async () => (await actionMetrics('moved')).success === 1, 5000, 'first message answered');
    const put = await api(node, 'PUT', '/connectors/http:moved', { url: `${second.url}/v2`, pool_size: 2, resource_opts: { health_check_interval: '200ms' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await waitFor(async () => (await api(node, 'GET', '/actions/http:moved')).body.status === 'connected', 5000, 'action connected again');
    await c.publishAsync('t/moved', 'two', { qos: 1 });
    const [r] = await second.waitFor(1);
    expect(r).toMatchObject({ path: '/v2', body: 'two' });
    expect(first.received.map((x) => x.body)).toEqual(['one']);
  });

  test('messages wait while the url is wrong, and go to the fixed url', async () => {
    const t = await target();
    await webhook('fixme', `http://127.0.0.1:${await freePort()}/old`, { method: 'post', path: 'in', body: '${payload}' }, 'SELECT * FROM "t/fixme"', { request_ttl: '60s' });
    const c = await client('pub-fixme');
    for (const p of ['a', 'b', 'c']) await c.publishAsync('t/fixme', p, { qos: 1 });
    await waitFor(
      async () => {
        const m = await actionMetrics('fixme');
        return m.queuing + m.inflight === 3 && m.success === 0;
      },
      5000,
      'three waiting',
    );
    const put = await api(node, 'PUT', '/connectors/http:fixme', { url: `${t.url}/new`, pool_size: 2, resource_opts: { health_check_interval: '200ms' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const got = await t.waitFor(3);
    expect(got.map((r) => [r.path, r.body])).toEqual([
      ['/new/in', 'a'],
      ['/new/in', 'b'],
      ['/new/in', 'c'],
    ]);
    await waitFor(async () => (await actionMetrics('fixme')).success === 3, 5000, 'three sent');
  });

  test('a 404 answer counts failed, not retried', async () => {
    const t = await target();
    t.respond = answer(404, 'no such hook');
    await webhook('hook404', t.url, { method: 'post', path: '/x' }, 'SELECT * FROM "t/404"');
    const c = await client('pub-404');
    await c.publishAsync('t/404', 'hello', { qos: 1 });
    await waitFor(async () => (await actionMetrics('hook404')).failed === 1, 5000, 'failed counted');
    expect(t.received).toHaveLength(1);
    expect(await actionMetrics('hook404')).toMatchObject({ matched: 1, success: 0, failed: 1 });
  });

  test('a connector whose server is down: created, disconnected, "Connection refused"', async () => {
    const port = await freePort();
    const res = await api(node, 'POST', '/connectors', { type: 'http', name: 'down', url: `http://127.0.0.1:${port}` });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'disconnected', status_reason: 'Connection refused' });
  });
});

describe('the Test button and bad input', () => {
  test('connectors_probe: 204 when the server listens, 400 TEST_FAILED "Connection refused" when not; nothing stored', async () => {
    const t = await target();
    expect((await api(node, 'POST', '/connectors_probe', { type: 'http', name: 'p', url: t.url })).status).toBe(204);
    const down = await api(node, 'POST', '/connectors_probe', { type: 'http', name: 'p', url: `http://127.0.0.1:${await freePort()}` });
    expect(down).toMatchObject({ status: 400, body: { code: 'TEST_FAILED', message: 'Connection refused' } });
    expect((await api(node, 'GET', '/connectors')).body).toEqual([]);
  });

  test('a url EMQX refuses is a 400 with its sentence, and nothing is stored', async () => {
    const res = await api(node, 'POST', '/connectors', { type: 'http', name: 'bad', url: 'localhost:1234/foo' });
    expect(res).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(res.body.message).toContain('Missing host in URL: localhost:1234/foo');
    expect((await api(node, 'GET', '/connectors')).body).toEqual([]);
  });

  test('the authorization header is stored, shown masked, and sent in clear', async () => {
    const t = await target();
    await webhook('secret', t.url, { method: 'post', headers: { authorization: 'Bearer top-secret' } }, 'SELECT * FROM "t/secret"');
    const shown = await api(node, 'GET', '/actions/http:secret');
    expect(shown.body.parameters.headers.authorization).toBe('******');
    const c = await client('pub-secret');
    await c.publishAsync('t/secret', 'x', { qos: 1 });
    const [r] = await t.waitFor(1);
    expect(r.headers.authorization).toBe('Bearer top-secret');
  });
});

describe.skipIf(!hasOpenssl)('https webhook', () => {
  let pki: ReturnType<typeof makePki>;
  beforeAll(() => {
    pki = makePki();
  });

  test('PEM text in ssl: verified against the CA, the message arrives over TLS', async () => {
    const t = await startTarget({ tls: { key: pki.serverKey, cert: pki.serverCert } });
    targets.push(t);
    const c = await api(node, 'POST', '/connectors', {
      type: 'http',
      name: 'tls',
      url: `${t.url}/secure`,
      ssl: { enable: true, verify: 'verify_peer', cacertfile: pki.ca, server_name_indication: 'localhost' },
    });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    expect(c.body.status).toBe('connected');
    await api(node, 'POST', '/actions', { type: 'http', name: 'tls', connector: 'tls', parameters: { method: 'post', body: '${payload}' } });
    await api(node, 'POST', '/rules', { id: 'rule_tls', sql: 'SELECT * FROM "t/tls"', actions: ['http:tls'] });
    const pub = await client('pub-tls');
    await pub.publishAsync('t/tls', 'over tls', { qos: 1 });
    const [r] = await t.waitFor(1);
    expect(r).toMatchObject({ method: 'POST', path: '/secure', body: 'over tls' });
  });

  test('a certificate the CA did not sign: disconnected, the reason names TLS', async () => {
    const t = await startTarget({ tls: { key: pki.foreignKey, cert: pki.foreignCert } });
    targets.push(t);
    const c = await api(node, 'POST', '/connectors', {
      type: 'http',
      name: 'tlsbad',
      url: t.url,
      ssl: { enable: true, verify: 'verify_peer', cacertfile: pki.ca, server_name_indication: 'localhost' },
    });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ status: 'disconnected', status_reason: expect.stringMatching(/^TLS handshake failed: /) });
  });
});

describe('outage: the HTTP server stops mid-stream and comes back on the same port', () => {
  test('every QoS 1 message arrives; none lost, duplicates only of requests in flight at the stop', async () => {
    const t = await target();
    await webhook('outage', t.url, { method: 'post', path: '/in', body: '${payload}' }, 'SELECT payload FROM "stream/#"', { request_ttl: '60s' });
    const pub = await client('streamer');
    const N = 300;
    let stopped = false;
    let restarted = false;
    let queuedAtOutage = 0;
    for (let i = 0; i < N; i++) {
      await pub.publishAsync('stream/1', String(i), { qos: 1 });
      // stop once a third has arrived; start again once two thirds were published
      if (!stopped && t.received.length >= N / 3) {
        stopped = true;
        await t.stop();
      }
      if (stopped && !restarted && i >= (2 * N) / 3) {
        // the node saw the outage: the connector is down and the messages since wait in the action's buffer
        await waitFor(async () => (await api(node, 'GET', '/connectors/http:outage')).body.status === 'disconnected', 5000, 'connector disconnected');
        const during = await actionMetrics('outage');
        expect(during.queuing + during.inflight).toBeGreaterThan(0);
        queuedAtOutage = during.queuing + during.inflight;
        restarted = true;
        await t.start();
      }
    }
    expect(stopped && restarted).toBe(true);
    await waitFor(() => new Set(t.received.map((r) => r.body)).size >= N, 30_000, 'every message at the server');
    const seen = new Map<string, number>();
    for (const r of t.received) seen.set(r.body, (seen.get(r.body) ?? 0) + 1);
    const lost = Array.from({ length: N }, (_, i) => String(i)).filter((id) => !seen.has(id)).length;
    const duplicated = t.received.length - seen.size;
    await waitFor(async () => (await actionMetrics('outage')).success === N, 10_000, 'every answer counted');
    const m = await actionMetrics('outage');
    console.log(
      `outage: ${N} published, ${queuedAtOutage} waiting while the server was down, ${seen.size} distinct at the server, lost ${lost}, duplicated ${duplicated}; metrics ${JSON.stringify(m)}`,
    );
    expect(lost).toBe(0);
    expect(duplicated).toBeLessThanOrEqual(100); // at most the inflight window
    expect(m.matched).toBe(N);
    expect(m.success).toBe(N);
    expect(m.dropped).toBe(0);
  });
});
