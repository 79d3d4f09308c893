// ExHook as emqx_exhook_api_SUITE and emqx_exhook_SUITE check it, against real gRPC hook servers this test starts
// (exhook.testing.ts, @grpc/grpc-js with EMQX's exhook.proto): the /exhooks API (add, read, update, delete, move,
// registered hooks, errors), OnProviderLoaded deciding which hooks are called, a server that refuses authentication
// refusing a real MQTT client, one that rewrites or stops message.publish changing what subscribers get,
// notifications carrying EMQX's fields, a dead or slow server following failed_action, and the metrics.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connackCode, connectClient, expectContract, waitFor } from '../../shared/testing';
import { selfSigned, startHookServer, type TestHookServer } from './exhook.testing';

describe('exhook', () => {
  let node: TestNode;
  const hookServers: TestHookServer[] = [];
  const server = async (hooks: Parameters<typeof startHookServer>[0]) => {
    const s = await startHookServer(hooks);
    hookServers.push(s);
    return s;
  };
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(async () => {
    await node.close();
    for (const s of hookServers) await s.close();
  });
  afterEach(async () => {
    for (const s of (await api(node, 'GET', '/exhooks')).body as { name: string }[]) await api(node, 'DELETE', `/exhooks/${s.name}`);
  });
  const add = (body: Record<string, unknown>) => api(node, 'POST', '/exhooks', body);

  it('add, read, update, delete and move servers, with EMQX errors', async () => {
    const hs = await server([{ name: 'client.connected' }, { name: 'message.publish', topics: ['t/#'] }]);
    expect((await api(node, 'GET', '/exhooks')).body).toEqual([]);
    const res = await add({ name: 'default', url: hs.url, request_timeout: '2s', failed_action: 'ignore', pool_size: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'default',
      enable: true,
      url: hs.url,
      request_timeout: '2s',
      failed_action: 'ignore',
      auto_reconnect: '60s',
      pool_size: 2,
      socket_options: { keepalive: true, nodelay: true },
      node_status: [{ node: node.app.nodeName, status: 'connected' }],
      metrics: { succeed: 0, failed: 0, rate: 0, max_rate: 0 },
    });
    expect(res.body.hooks).toEqual(
      expect.arrayContaining([
        { name: 'client.connected', params: {} },
        { name: 'message.publish', params: { topics: ['t/#'] } },
      ]),
    );
    expectContract('post', '/exhooks', 200, res.body);
    expect(hs.calls.get('OnProviderLoaded')![0]).toMatchObject({ broker: { version: expect.any(String) }, meta: { node: node.app.nodeName } });

    expect(await add({ name: 'default', url: hs.url })).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: 'Already exists' } });
    for (const [body, message] of [
      [{ name: 'bad name', url: hs.url }, /Bad ExHook Name/],
      [{ name: 'x', url: 'ftp://127.0.0.1:1' }, /url: the URL must start with http/],
      [{ name: 'x', url: hs.url, failed_action: 'drop' }, /failed_action: must be one of deny, ignore/],
      [{ name: 'x', url: hs.url, pool_size: 0 }, /pool_size/],
      [{ name: 'x', url: hs.url, auto_reconnect: 'soon' }, /auto_reconnect/],
      [{ name: 'x', url: hs.url, nope: 1 }, /nope: unknown field/],
      [{ name: 'x' }, /url: required field/],
    ] as const) {
      const r = await add(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toMatch(/^Bad Arguments: /);
      expect(r.body.message).toMatch(message);
    }
    expect((await api(node, 'GET', '/exhooks')).body).toHaveLength(1);
    expect((await api(node, 'GET', '/exhooks/nope')).status).toBe(404);
    expect((await api(node, 'PUT', '/exhooks/nope', { name: 'nope', url: hs.url })).status).toBe(404);
    expect((await api(node, 'GET', '/exhooks/nope/hooks')).body).toEqual({ code: 'BAD_REQUEST', message: 'Server not found' });

    // disabled: unloaded (OnProviderUnloaded), status disabled, no hooks
    const off = await api(node, 'PUT', '/exhooks/default', { name: 'default', url: hs.url, enable: false });
    expect(off.body).toMatchObject({ enable: false, node_status: [{ status: 'disabled' }], hooks: [] });
    expect(hs.count('OnProviderUnloaded')).toBe(1);
    const on = await api(node, 'PUT', '/exhooks/default', { name: 'default', url: hs.url, enable: true });
    expect(on.body.node_status[0].status).toBe('connected');

    // order: front, rear, before:, after:
    await add({ name: 'second', url: hs.url });
    await add({ name: 'third', url: hs.url });
    const names = async () => ((await api(node, 'GET', '/exhooks')).body as { name: string }[]).map((s) => s.name);
    expect(await names()).toEqual(['default', 'second', 'third']);
    expect((await api(node, 'POST', '/exhooks/third/move', { position: 'front' })).status).toBe(204);
    expect(await names()).toEqual(['third', 'default', 'second']);
    await api(node, 'POST', '/exhooks/third/move', { position: 'rear' });
    expect(await names()).toEqual(['default', 'second', 'third']);
    await api(node, 'POST', '/exhooks/third/move', { position: 'before:default' });
    expect(await names()).toEqual(['third', 'default', 'second']);
    await api(node, 'POST', '/exhooks/third/move', { position: 'after:second' });
    expect(await names()).toEqual(['default', 'second', 'third']);
    expect(await api(node, 'POST', '/exhooks/third/move', { position: 'sideways' })).toMatchObject({ status: 400, body: { message: 'Invalid Position' } });
    expect(await api(node, 'POST', '/exhooks/third/move', { position: 'before:' })).toMatchObject({ status: 400, body: { message: 'Invalid Position' } });
    // stored in the node's configuration, in order
    expect(node.app.config.get<{ name: string }[]>('exhook.servers').map((s) => s.name)).toEqual(['default', 'second', 'third']);

    expect((await api(node, 'DELETE', '/exhooks/second')).status).toBe(204);
    expect((await api(node, 'DELETE', '/exhooks/second')).status).toBe(404);
  });

  it('a server that cannot be reached: connecting while it waits to reconnect, disconnected without auto_reconnect', async () => {
    const gone = await startHookServer([]);
    const url = gone.url;
    await gone.close();
    const retrying = await add({ name: 'retrying', url, request_timeout: '500ms', auto_reconnect: '30s' });
    expect(retrying.status).toBe(200);
    expect(retrying.body.node_status[0].status).toBe('connecting');
    const once = await add({ name: 'once', url, request_timeout: '500ms', auto_reconnect: false });
    expect(once.body).toMatchObject({ auto_reconnect: false, node_status: [{ status: 'disconnected' }] });
  });

  it('client.authenticate: a server that answers false refuses a real MQTT client; true lets it in', async () => {
    const hs = await server([{ name: 'client.authenticate' }]);
    hs.answers.authenticate = (req) => ({ type: 'STOP_AND_RETURN', bool_result: req.clientinfo.username === 'good' });
    await add({ name: 'authn', url: hs.url });
    expect(await connackCode(node.mqttPort, { clientId: 'c-bad', username: 'bad' })).toBe(0x87);
    expect(await connackCode(node.mqttPort, { clientId: 'c-bad3', username: 'bad', protocolVersion: 4 })).toBe(5);
    expect(await connackCode(node.mqttPort, { clientId: 'c-good', username: 'good', password: 'pw' })).toBe(0);
    const req = hs.calls.get('OnClientAuthenticate')!.at(-1)!;
    expect(req).toMatchObject({ result: true, clientinfo: { clientid: 'c-good', username: 'good', password: 'pw', peerhost: '127.0.0.1', node: node.app.nodeName } });
    const hooks = (await api(node, 'GET', '/exhooks/authn/hooks')).body;
    expect(hooks).toEqual([{ name: 'client.authenticate', params: {}, metrics: expect.objectContaining({ succeed: 3, failed: 0 }), node_metrics: [expect.any(Object)] }]);
    expectContract('get', '/exhooks/{name}/hooks', 200, hooks);
  });

  it('client.authorize: the server decides what no source matched', async () => {
    const hs = await server([{ name: 'client.authorize' }]);
    hs.answers.authorize = (req) => ({ type: 'CONTINUE', bool_result: !String(req.topic).startsWith('secret/') });
    await add({ name: 'authz', url: hs.url });
    // without the default ACL file (its last rule allows all) no source matches: the ExHook decides
    expect((await api(node, 'DELETE', '/authorization/sources/file')).status).toBe(204);
    const c = await connectClient(node.mqttPort, { clientId: 'authz-1' });
    await expect(c.subscribeAsync('secret/x')).rejects.toThrow(/Not authorized/);
    expect((await c.subscribeAsync('open/x')).map((g) => g.qos)).toEqual([0]);
    await closeClients([c]);
    const req = hs.calls.get('OnClientAuthorize')!.find((r) => r.topic === 'secret/x')!;
    expect(req).toMatchObject({ type: 'SUBSCRIBE', clientinfo: { clientid: 'authz-1' } });
  });

  it('message.publish: rewritten for matching topics, stopped with allow_publish=false, untouched elsewhere', async () => {
    const hs = await server([{ name: 'message.publish', topics: ['rw/#'] }]);
    hs.answers.publish = (req) => {
      const m = req.message;
      if (m.topic === 'rw/stop') return { type: 'STOP_AND_RETURN', message: { ...m, headers: { ...m.headers, allow_publish: 'false' } } };
      return { type: 'CONTINUE', message: { ...m, payload: Buffer.from(`hooked:${m.payload.toString()}`), topic: `${m.topic}/out` } };
    };
    await add({ name: 'pub', url: hs.url });
    const sub = await connectClient(node.mqttPort, { clientId: 'rw-sub' });
    const got: string[] = [];
    sub.on('message', (t, p) => got.push(`${t} ${p.toString()}`));
    await sub.subscribeAsync(['rw/#', 'plain/#']);
    const pub = await connectClient(node.mqttPort, { clientId: 'rw-pub', username: 'alice' });
    await pub.publishAsync('rw/stop', 'never', { qos: 1 });
    await pub.publishAsync('rw/a', 'x', { qos: 1 });
    await pub.publishAsync('plain/b', 'y', { qos: 1 });
    await waitFor(() => got.length >= 2, 3000, 'two messages');
    await closeClients([sub, pub]);
    // the stopped message never arrives: the two later ones came in order without it
    expect(got).toEqual(['rw/a/out hooked:x', 'plain/b y']);
    // only the filter's topics reach the server; the request carries EMQX's message fields
    expect(hs.calls.get('OnMessagePublish')!.map((r) => r.message.topic)).toEqual(['rw/stop', 'rw/a']);
    expect(hs.calls.get('OnMessagePublish')![1].message).toMatchObject({ qos: 1, from: 'rw-pub', headers: { username: 'alice', protocol: 'mqtt' } });
  });

  it('notifications carry EMQX fields; hooks a server did not register are not called', async () => {
    const hs = await server([
      { name: 'client.connect' },
      { name: 'client.connected' },
      { name: 'session.subscribed' },
      { name: 'message.delivered' },
      { name: 'client.disconnected' },
    ]);
    await add({ name: 'notify', url: hs.url });
    const c = await connectClient(node.mqttPort, { clientId: 'n-1', username: 'bob' });
    await c.subscribeAsync('n/t', { qos: 1 });
    await c.publishAsync('n/t', 'hi', { qos: 1 });
    await waitFor(() => hs.count('OnMessageDelivered') === 1, 3000, 'message.delivered');
    await closeClients([c]);
    await waitFor(() => hs.count('OnClientDisconnected') === 1, 3000, 'client.disconnected');
    expect(hs.calls.get('OnClientConnect')![0].conninfo).toMatchObject({ clientid: 'n-1', username: 'bob', peerhost: '127.0.0.1', proto_name: 'MQTT', proto_ver: '5' });
    expect(hs.calls.get('OnClientConnected')![0].clientinfo).toMatchObject({ clientid: 'n-1', username: 'bob', peerhost: '127.0.0.1', protocol: 'mqtt' });
    expect(hs.calls.get('OnSessionSubscribed')![0]).toMatchObject({ topic: 'n/t', subopts: { qos: 1 } });
    expect(hs.calls.get('OnMessageDelivered')![0].message).toMatchObject({ topic: 'n/t', payload: Buffer.from('hi') });
    expect(hs.count('OnMessagePublish') + hs.count('OnClientAuthenticate') + hs.count('OnSessionCreated')).toBe(0);
  });

  it('https: TLS with the CA given as PEM (stored as a file); verify_peer without it does not connect', async () => {
    const pair = await selfSigned();
    const hs = await startHookServer([{ name: 'client.connected' }], pair);
    hookServers.push(hs);
    const ok = await add({ name: 'tls', url: hs.url, ssl: { enable: true, verify: 'verify_peer', cacertfile: pair.cert } });
    expect(ok.body.node_status[0].status).toBe('connected');
    expect(ok.body.ssl.cacertfile.startsWith(node.dataDir)).toBe(true);
    const strict = await add({ name: 'tls-no-ca', url: hs.url, request_timeout: '1s', auto_reconnect: false, ssl: { enable: true, verify: 'verify_peer' } });
    expect(strict.body.node_status[0].status).toBe('disconnected');
    const lax = await add({ name: 'tls-lax', url: hs.url, ssl: { enable: true, verify: 'verify_none' } });
    expect(lax.body.node_status[0].status).toBe('connected');
  });

  it('servers are kept in the configuration and loaded again when the node starts', async () => {
    const hs = await server([{ name: 'client.connected' }]);
    const dataDir = mkdtempSync(join(tmpdir(), 'mqdeck-exhook-'));
    let other = await startTestNode({ dataDir });
    try {
      await api(other, 'POST', '/exhooks', { name: 'kept', url: hs.url });
      await other.close();
      other = await startTestNode({ dataDir });
      await waitFor(async () => (await api(other, 'GET', '/exhooks/kept')).body.node_status?.[0].status === 'connected', 3000, 'the server loaded');
      expect(hs.count('OnProviderLoaded')).toBe(2);
    } finally {
      await other.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('the broker listens to a notification only while a connected server registered it', async () => {
    const events = node.app.broker.events;
    const before = events.listenerCount('client.connected');
    expect(events.listenerCount('client.connect')).toBe(0); // no server: nothing built per connect for ExHook
    const hs = await server([{ name: 'client.connect' }, { name: 'client.connected' }]);
    await add({ name: 'listening', url: hs.url });
    expect(events.listenerCount('client.connect')).toBe(1);
    expect(events.listenerCount('client.connected')).toBe(before + 1);
    expect(events.listenerCount('client.connack')).toBe(0);
    const c = await connectClient(node.mqttPort, { clientId: 'heard-1' });
    await waitFor(() => hs.count('OnClientConnected') === 1, 5000, 'OnClientConnected');
    expect(hs.calls.get('OnClientConnect')?.[0]).toMatchObject({ conninfo: { clientid: 'heard-1' } });
    await c.endAsync();
    await api(node, 'PUT', '/exhooks/listening', { name: 'listening', url: hs.url, enable: false });
    expect(events.listenerCount('client.connect')).toBe(0);
    expect(events.listenerCount('client.connected')).toBe(before);
    const d = await connectClient(node.mqttPort, { clientId: 'heard-2' });
    await d.endAsync();
    expect(hs.count('OnClientConnect')).toBe(1);
  });

  it('a dead or slow server follows failed_action, costing at most its request_timeout', async () => {
    const hs = await server([{ name: 'client.authenticate' }]);
    await add({ name: 'strict', url: hs.url, request_timeout: '300ms', failed_action: 'deny' });
    hs.delayMs = 2000;
    const started = Date.now();
    expect(await connackCode(node.mqttPort, { clientId: 'slow-1' })).toBe(0x87);
    expect(Date.now() - started).toBeLessThan(1500);
    hs.delayMs = 0; // loaded again by the update: OnProviderLoaded answers in time, the hook calls do not
    await api(node, 'PUT', '/exhooks/strict', { name: 'strict', url: hs.url, request_timeout: '300ms', failed_action: 'ignore' });
    hs.delayMs = 2000;
    expect(await connackCode(node.mqttPort, { clientId: 'slow-2' })).toBe(0);
    const metrics = (await api(node, 'GET', '/exhooks/strict')).body.metrics;
    expect(metrics.failed).toBeGreaterThanOrEqual(2);
  });
});
