// The gateway API and the STOMP gateway against a real node, as emqx_gateway_api_SUITE and emqx_stomp_SUITE check
// them: STOMP loaded by PUT /gateways/stomp on a free port, @stomp/stompjs (an independent STOMP client) and MQTT.js
// exchanging messages through it, authentication refusing a wrong passcode, clients listed and kicked per gateway,
// disable closing connections, listeners CRUD, bad input answered 400, and the config kept across a restart.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../shared/testing';
import { RawStomp, stompjsConnect } from './stomp/stomp.testing';
import { header } from './stomp/frame';

const stompPort = (node: TestNode, id = 'stomp:tcp:default') => node.app.gateways.lookup('stomp')!.running.get(id)!.port!;

describe('gateways API and the STOMP gateway', () => {
  let node: TestNode;
  const mqttClients: MqttClient[] = [];
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(async () => {
    await closeClients(mqttClients);
    await node?.close();
  });

  it('lists the gateways it can load, unloaded; bad status and names are 400, an unloaded gateway 404 on enable', async () => {
    const res = await api(node, 'GET', '/gateways');
    expect(res.status).toBe(200);
    expect((res.body as { name: string }[]).map((g) => g.name)).toEqual(['stomp', 'mqttsn', 'coap', 'lwm2m', 'exproto']);
    expect(res.body.every((g: { status: string }) => g.status === 'unloaded')).toBe(true);
    expect((await api(node, 'GET', '/gateways?status=running')).body).toEqual([]);
    expect(await api(node, 'GET', '/gateways?status=UNLOADED')).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(await api(node, 'GET', '/gateways/not_a_gateway')).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(await api(node, 'GET', '/gateways/stomp')).toMatchObject({ status: 200, body: { name: 'stomp', status: 'unloaded' } });
    expect(await api(node, 'PUT', '/gateways/exproto/enable/true')).toMatchObject({ status: 404 });
    expect(await api(node, 'GET', '/gateways/stomp/clients')).toMatchObject({ status: 404, body: { message: 'Gateway not loaded' } });
  });

  it('refuses bad gateway configs with plain sentences and loads nothing', async () => {
    const bad = async (body: unknown, re: RegExp) => {
      const res = await api(node, 'PUT', '/gateways/stomp', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.code).toBe('BAD_REQUEST');
      expect(res.body.message).toMatch(re);
    };
    await bad({ bad_key: 'foo' }, /Unknown field for the stomp gateway: bad_key/);
    await bad({ frame: { max_headers: -1 } }, /frame.max_headers must be a whole number/);
    await bad({ listeners: [{ type: 'udp', name: 'x', bind: '1' }] }, /no listener type "udp"/);
    await bad({ listeners: [{ type: 'tcp', name: 'x', bind: 'nope' }] }, /bind/);
    await bad({ listeners: [{ type: 'tcp', name: 'x', bind: '127.0.0.1:0', max_connections: 0 }] }, /max_connections/);
    await bad({ listeners: [{ type: 'tcp', name: 'x', bind: '127.0.0.1:0', access_rules: ['maybe all'] }] }, /access_rules/);
    await bad({ idle_timeout: 'soon' }, /idle_timeout/);
    await bad({ listeners: [{ type: 'tcp', name: 'x', bind: '127.0.0.1:0', proxy_protocol: true }] }, /proxy_protocol is not available/);
    expect((await api(node, 'GET', '/gateways/stomp')).body.status).toBe('unloaded');
  });

  it('loads STOMP; STOMP and MQTT clients exchange messages; clients listed, detailed and kicked', async () => {
    const load = await api(node, 'PUT', '/gateways/stomp', {
      name: 'stomp',
      frame: { max_headers: 10, max_headers_length: 1024, max_body_length: 1000 },
      listeners: [{ type: 'tcp', name: 'default', bind: '127.0.0.1:0' }],
    });
    expect(load.status, JSON.stringify(load.body)).toBe(204);
    const gw = (await api(node, 'GET', '/gateways/stomp')).body;
    expect(gw).toMatchObject({
      name: 'stomp',
      status: 'running',
      enable: true,
      enable_stats: true,
      idle_timeout: '30s',
      mountpoint: '',
      frame: { max_headers: 10, max_headers_length: 1024, max_body_length: 1000 },
      listeners: [{ id: 'stomp:tcp:default', type: 'tcp', name: 'default', bind: '127.0.0.1:0', max_connections: 1024, max_conn_rate: 1000, enable_authn: true, running: true }],
    });
    expect(typeof gw.created_at).toBe('string');
    expectContract('get', '/gateways/{name}', 200, gw);
    expect(typeof gw.started_at).toBe('string');
    // a second load is an update: an empty body has nothing to update
    expect((await api(node, 'PUT', '/gateways/stomp', {})).status).toBe(400);

    const port = stompPort(node);
    const stomp = await stompjsConnect(port, { 'accept-version': '1.2', host: 'x' });
    stomp.client.subscribe('from/mqtt/#', (m) => stomp.messages.push(m), { id: 'sub-1' });
    const mqtt = await connectClient(node.mqttPort, { clientId: 'mqtt-peer' });
    mqttClients.push(mqtt);
    const got: Array<[string, string]> = [];
    mqtt.on('message', (t, p) => got.push([t, p.toString()]));
    await mqtt.subscribeAsync('from/stomp', { qos: 0 });

    // the SUBSCRIBE is processed before the publish: wait until the gateway lists the subscription
    const list = await api(node, 'GET', '/gateways/stomp/clients');
    expect(list.status).toBe(200);
    expect(list.body.meta).toMatchObject({ page: 1, limit: 100, count: 1, hasnext: false });
    // (no contract check of client bodies: the document's oneOf of five client shapes without required fields
    // matches any client several times; the fields are EMQX's format_channel_info, *_max "infinity" as EMQX sends)
    const c = list.body.data[0];
    expect(c).toMatchObject({ proto_name: 'STOMP', proto_ver: '1.2', ip_address: '127.0.0.1', connected: true, node: node.app.nodeName });
    await waitFor(async () => (await api(node, 'GET', `/gateways/stomp/clients/${c.clientid}/subscriptions`)).body.length === 1, 5000, 'stomp subscription');
    expect((await api(node, 'GET', `/gateways/stomp/clients/${c.clientid}/subscriptions`)).body).toEqual([{ topic: 'from/mqtt/#', qos: 0, nl: 0, rap: 0, rh: 1 }]);
    // gateway clients are not MQTT clients
    expect((await api(node, 'GET', '/clients')).body.data.map((x: { clientid: string }) => x.clientid)).toEqual(['mqtt-peer']);

    await mqtt.publishAsync('from/mqtt/a', 'hello stomp', { qos: 1 });
    await waitFor(() => stomp.messages.length === 1, 5000, 'MESSAGE at the STOMP client');
    expect(stomp.messages[0].body).toBe('hello stomp');
    expect(stomp.messages[0].headers).toMatchObject({ destination: 'from/mqtt/a', subscription: 'sub-1', 'content-type': 'text/plain' });
    expect(stomp.messages[0].headers['message-id']).toBeDefined();

    stomp.client.publish({ destination: 'from/stomp', body: 'hello mqtt' });
    await waitFor(() => got.length === 1, 5000, 'PUBLISH at the MQTT client');
    expect(got[0]).toEqual(['from/stomp', 'hello mqtt']);

    const detail = await api(node, 'GET', `/gateways/stomp/clients/${c.clientid}`);
    expect(detail.status).toBe(200);
    expectContract('get', '/gateways/{name}/clients/{clientid}/subscriptions', 200, (await api(node, 'GET', `/gateways/stomp/clients/${c.clientid}/subscriptions`)).body);
    expect(detail.body).toMatchObject({ clientid: c.clientid, subscriptions_cnt: 1, recv_msg: 1, send_msg: 1 });
    expect(detail.body.recv_oct).toBeGreaterThan(0);
    expect((await api(node, 'GET', '/gateways/stomp/clients?like_clientid=nomatch')).body.data).toEqual([]);
    expect((await api(node, 'GET', `/gateways/stomp/clients?like_clientid=${c.clientid.slice(0, 4)}`)).body.data).toHaveLength(1);
    const overview = (await api(node, 'GET', '/gateways')).body.find((g: { name: string }) => g.name === 'stomp');
    expectContract('get', '/gateways', 200, (await api(node, 'GET', '/gateways')).body);
    expect(overview).toMatchObject({
      status: 'running',
      current_connections: 1,
      max_connections: 1024,
      listeners: [{ id: 'stomp:tcp:default', type: 'tcp', name: 'default', running: true }],
    });

    // subscriptions through the API
    expect(await api(node, 'POST', `/gateways/stomp/clients/${c.clientid}/subscriptions`, { topic: 'api/t', qos: 1 })).toMatchObject({
      status: 201,
      body: { topic: 'api/t', qos: 1 },
    });
    await mqtt.publishAsync('api/t', 'via api sub');
    await waitFor(() => stomp.messages.length === 2, 5000, 'MESSAGE for the API subscription');
    expect(stomp.messages[1].headers.destination).toBe('api/t');
    expect((await api(node, 'DELETE', `/gateways/stomp/clients/${c.clientid}/subscriptions/api%2Ft`)).status).toBe(204);
    expect((await api(node, 'DELETE', `/gateways/stomp/clients/${c.clientid}/subscriptions/api%2Ft`)).status).toBe(404);
    expect(await api(node, 'POST', `/gateways/stomp/clients/${c.clientid}/subscriptions`, { qos: 1 })).toMatchObject({ status: 400, body: { message: 'Miss topic property' } });

    // kick: the socket closes, the client is gone
    expect((await api(node, 'DELETE', `/gateways/stomp/clients/${c.clientid}`)).status).toBe(204);
    await stomp.closed;
    expect((await api(node, 'GET', '/gateways/stomp/clients')).body.data).toEqual([]);
    expect((await api(node, 'DELETE', `/gateways/stomp/clients/${c.clientid}`)).status).toBe(404);
    expect((await api(node, 'GET', `/gateways/stomp/clients/${c.clientid}`)).status).toBe(404);
  });

  it('STOMP frames: receipts, transactions, ack modes, frame limits and errors', async () => {
    const port = stompPort(node);
    const mqtt = await connectClient(node.mqttPort, { clientId: 'mqtt-tx' });
    mqttClients.push(mqtt);
    const got: string[] = [];
    mqtt.on('message', (_t, p) => got.push(p.toString()));
    await mqtt.subscribeAsync('tx/#');

    const s = await RawStomp.open(port);
    s.send('STOMP', { 'accept-version': '1.1,1.2', 'heart-beat': '0,0' });
    const connected = await s.next();
    expect(connected.command).toBe('CONNECTED');
    expect(connected.headers).toEqual([
      ['server', 'emqx-stomp/1.2'],
      ['version', '1.2'],
      ['heart-beat', '0,0'],
    ]);
    s.send('SUBSCRIBE', { id: '7', destination: 'down/#', ack: 'client-individual', receipt: 'r1' });
    expect([(await s.next()).command]).toEqual(['RECEIPT']);
    s.send('SUBSCRIBE', { id: '7', destination: 'other', receipt: 'r1b' });
    const inUse = await s.next();
    expect([inUse.command, inUse.body.toString()]).toEqual(['ERROR', 'Subscription id 7 is in used']);
    await s.waitClosed();

    const t = await RawStomp.open(port);
    t.send('CONNECT', { 'accept-version': '1.2' });
    expect((await t.next()).command).toBe('CONNECTED');
    t.send('SUBSCRIBE', { id: '1', destination: 'down/#', ack: 'client' });
    t.send('BEGIN', { transaction: 'tx1', receipt: 'b' });
    expect(header(await t.next(), 'receipt-id')).toBe('b');
    t.send('SEND', { destination: 'tx/1', transaction: 'tx1' }, 'one');
    t.send('SEND', { destination: 'tx/2', transaction: 'tx1', receipt: 's2' }, 'two');
    expect(header(await t.next(), 'receipt-id')).toBe('s2');
    expect(got).toEqual([]);
    t.send('COMMIT', { transaction: 'tx1', receipt: 'c' });
    expect(header(await t.next(), 'receipt-id')).toBe('c');
    await waitFor(() => got.length === 2, 5000, 'committed SENDs');
    expect(got).toEqual(['one', 'two']);
    t.send('BEGIN', { transaction: 'tx2' });
    t.send('SEND', { destination: 'tx/3', transaction: 'tx2' }, 'dropped');
    t.send('ABORT', { transaction: 'tx2', receipt: 'a' });
    expect(header(await t.next(), 'receipt-id')).toBe('a');
    t.send('COMMIT', { transaction: 'tx2', receipt: 'c2' });
    const notFound = await t.next();
    expect([notFound.command, header(notFound, 'receipt-id'), notFound.body.toString()]).toEqual(['ERROR', 'c2', 'Transaction tx2 not found']);

    // ack mode client: MESSAGE carries an ack header; ACK with a receipt is answered
    await mqtt.publishAsync('down/x', 'for t');
    const msg = await t.next();
    expect(msg.command).toBe('MESSAGE');
    expect(header(msg, 'subscription')).toBe('1');
    expect(header(msg, 'destination')).toBe('down/x');
    expect(header(msg, 'ack')).toBeDefined();
    expect(msg.body.toString()).toBe('for t');
    t.send('ACK', { id: header(msg, 'ack')!, receipt: 'k' });
    expect(header(await t.next(), 'receipt-id')).toBe('k');
    expect(got).toEqual(['one', 'two']);

    // a body above frame.max_body_length (1000): ERROR and close
    t.send('SEND', { destination: 'tx/big' }, 'x'.repeat(1001));
    const tooLong = await t.next();
    expect(tooLong.command).toBe('ERROR');
    expect(tooLong.body.toString()).toMatch(/body is 1001 bytes long \(at most 1000\)/);
    await t.waitClosed();

    // a frame before CONNECT
    const u = await RawStomp.open(port);
    u.send('SEND', { destination: 'tx/1' }, 'x');
    expect((await u.next()).body.toString()).toBe('Not connected');
    await u.waitClosed();
    // an unsupported version
    const v = await RawStomp.open(port);
    v.send('CONNECT', { 'accept-version': '2.0' });
    const verr = await v.next();
    expect([verr.command, header(verr, 'version'), verr.body.toString()]).toEqual(['ERROR', '1.0,1.1,1.2', 'Supported protocol versions < 1.2']);
    await v.waitClosed();
  });

  it('authentication: users CRUD, a wrong passcode is refused with an ERROR frame, the right one connects', async () => {
    expect((await api(node, 'GET', '/gateways/stomp/authentication')).status).toBe(204);
    expect(await api(node, 'POST', '/gateways/stomp/authentication', { mechanism: 'scram', backend: 'built_in_database' })).toMatchObject({ status: 400 });
    const created = await api(node, 'POST', '/gateways/stomp/authentication', { mechanism: 'password_based', backend: 'built_in_database', user_id_type: 'username' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ mechanism: 'password_based', backend: 'built_in_database', user_id_type: 'username', id: 'password_based:built_in_database' });
    expectContract('post', '/gateways/{name}/authentication', 201, created.body);
    expectContract('get', '/gateways/{name}/authentication', 200, (await api(node, 'GET', '/gateways/stomp/authentication')).body);
    expect((await api(node, 'POST', '/gateways/stomp/authentication', { mechanism: 'password_based', backend: 'built_in_database' })).status).toBe(400);
    expect(await api(node, 'POST', '/gateways/stomp/authentication/users', { user_id: 'u1', password: 'p1' })).toMatchObject({
      status: 201,
      body: { user_id: 'u1', is_superuser: false },
    });
    expect((await api(node, 'POST', '/gateways/stomp/authentication/users', { user_id: 'u1', password: 'p1' })).status).toBe(409);
    expect((await api(node, 'GET', '/gateways/stomp/authentication/users')).body).toMatchObject({ data: [{ user_id: 'u1', is_superuser: false }], meta: { count: 1 } });
    expect((await api(node, 'PUT', '/gateways/stomp/authentication/users/u1', { is_superuser: true })).body).toEqual({ user_id: 'u1', is_superuser: true });
    expect((await api(node, 'GET', '/gateways/stomp/authentication/users/u1')).body).toEqual({ user_id: 'u1', is_superuser: true });
    expect((await api(node, 'POST', '/gateways/stomp/authentication/import_users', [{ user_id: 'imp', password: 'pw2' }])).status).toBe(204);
    expect((await api(node, 'GET', '/gateways/stomp/authentication/users?like_user_id=imp')).body.data).toEqual([{ user_id: 'imp', is_superuser: false }]);
    expect((await api(node, 'POST', '/gateways/stomp/authentication/import_users', { not: 'a list' })).status).toBe(400);
    // the MQTT authenticators do not see gateway users
    expect((await api(node, 'GET', '/authentication')).body).toEqual([]);

    const port = stompPort(node);
    await expect(stompjsConnect(port, { login: 'u1', passcode: 'wrong' })).rejects.toThrow('Login Failed: bad_username_or_password');
    const raw = await RawStomp.open(port);
    raw.send('CONNECT', { 'accept-version': '1.2', login: 'nobody', passcode: 'x' });
    const refused = await raw.next();
    expect([refused.command, refused.body.toString()]).toEqual(['ERROR', 'Login Failed: not_authorized']);
    await raw.waitClosed();
    const ok = await stompjsConnect(port, { login: 'u1', passcode: 'p1' });
    await waitFor(async () => (await api(node, 'GET', '/gateways/stomp/clients?like_username=u1')).body.data.length === 1, 5000, 'authenticated client listed');

    // JWT is offered to STOMP; the secret is masked in answers
    const jwtPut = await api(node, 'PUT', '/gateways/stomp/authentication', { mechanism: 'jwt', use_jwks: false, algorithm: 'hmac-based', secret: 's3cr3t', from: 'password' });
    expect(jwtPut.status, JSON.stringify(jwtPut.body)).toBe(200);
    expect(jwtPut.body).toMatchObject({ mechanism: 'jwt', secret: '******', id: 'jwt' });
    const b64 = (v: object | Buffer) => (Buffer.isBuffer(v) ? v : Buffer.from(JSON.stringify(v))).toString('base64url');
    const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ username: 'jwt-user', exp: Math.floor(Date.now() / 1000) + 600 })}`;
    const token = `${unsigned}.${b64(createHmac('sha256', 's3cr3t').update(unsigned).digest())}`;
    const jwtPeer = await stompjsConnect(port, { login: 'jwt-user', passcode: token });
    await jwtPeer.client.deactivate();
    await expect(stompjsConnect(port, { login: 'jwt-user', passcode: `${unsigned}.${b64(Buffer.from('forged'))}` })).rejects.toThrow(/Login Failed/);

    // a listener's own authenticator is used instead of the gateway's for that listener
    const L = '/gateways/stomp/listeners/stomp:tcp:default/authentication';
    expect((await api(node, 'GET', L)).status).toBe(204);
    const la = await api(node, 'POST', L, { mechanism: 'password_based', backend: 'built_in_database' });
    expect(la.status, JSON.stringify(la.body)).toBe(201);
    expectContract('post', '/gateways/{name}/listeners/{id}/authentication', 201, la.body);
    expect((await api(node, 'POST', `${L}/users`, { user_id: 'lu', password: 'lp' })).status).toBe(201);
    expect((await api(node, 'GET', `${L}/users`)).body.data).toEqual([{ user_id: 'lu', is_superuser: false }]);
    await expect(stompjsConnect(port, { login: 'u1', passcode: 'p1' })).rejects.toThrow('Login Failed: not_authorized');
    const lpeer = await stompjsConnect(port, { login: 'lu', passcode: 'lp' });
    await lpeer.client.deactivate();
    expect((await api(node, 'DELETE', L)).status).toBe(204);
    expect((await api(node, 'GET', '/gateways/stomp/listeners/stomp:tcp:nope/authentication')).status).toBe(404);

    expect((await api(node, 'DELETE', '/gateways/stomp/authentication')).status).toBe(204);
    expect((await api(node, 'GET', '/gateways/stomp/authentication')).status).toBe(204);
    expect((await api(node, 'DELETE', '/gateways/stomp/authentication')).status).toBe(404);
    await ok.client.deactivate();
  });

  it('listeners CRUD; disabling the gateway closes its connections, enabling starts it again', async () => {
    await waitFor(async () => (await api(node, 'GET', '/gateways/stomp/clients')).body.data.length === 0, 5000, 'earlier clients gone');
    const add = await api(node, 'POST', '/gateways/stomp/listeners', { type: 'tcp', name: 'second', bind: '127.0.0.1:0', max_connections: 10 });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    expect(add.body).toMatchObject({ id: 'stomp:tcp:second', type: 'tcp', name: 'second', max_connections: 10, running: true });
    expect((await api(node, 'POST', '/gateways/stomp/listeners', { type: 'tcp', name: 'second', bind: '127.0.0.1:0' })).status).toBe(400);
    expect((await api(node, 'POST', '/gateways/stomp/listeners', { type: 'udp', name: 'u', bind: '127.0.0.1:0' })).status).toBe(400);
    const busy = await api(node, 'POST', '/gateways/stomp/listeners', { type: 'tcp', name: 'busy', bind: `127.0.0.1:${node.mqttPort}` });
    expect(busy).toMatchObject({ status: 400, body: { message: `Listener stomp:tcp:busy cannot start: port ${node.mqttPort} is already in use` } });
    expect((await api(node, 'GET', '/gateways/stomp/listeners/stomp:tcp:busy')).status).toBe(404);
    const list = await api(node, 'GET', '/gateways/stomp/listeners');
    expect(list.body.map((l: { id: string }) => l.id).sort()).toEqual(['stomp:tcp:default', 'stomp:tcp:second']);
    expect(list.body[0].status).toMatchObject({ running: true, current_connections: 0 });
    expectContract('get', '/gateways/{name}/listeners', 200, list.body);
    expectContract('post', '/gateways/{name}/listeners', 201, add.body);
    const upd = await api(node, 'PUT', '/gateways/stomp/listeners/stomp:tcp:second', { max_connections: 20 });
    expect(upd).toMatchObject({ status: 200, body: { max_connections: 20, bind: '127.0.0.1:0' } });
    expect((await api(node, 'GET', '/gateways/stomp/listeners/stomp:tcp:nope')).status).toBe(404);
    expect((await api(node, 'DELETE', '/gateways/stomp/listeners/stomp:tcp:second')).status).toBe(204);
    expect((await api(node, 'DELETE', '/gateways/stomp/listeners/stomp:tcp:second')).status).toBe(404);

    const peer = await stompjsConnect(stompPort(node));
    expect((await api(node, 'PUT', '/gateways/stomp/enable/false')).status).toBe(204);
    await peer.closed;
    expect((await api(node, 'GET', '/gateways/stomp')).body).toMatchObject({ enable: false, status: 'stopped' });
    expect((await api(node, 'GET', '/gateways?status=stopped')).body.map((g: { name: string }) => g.name)).toEqual(['stomp']);
    expect((await api(node, 'PUT', '/gateways/stomp/enable/true')).status).toBe(204);
    expect((await api(node, 'GET', '/gateways/stomp')).body).toMatchObject({ enable: true, status: 'running' });
    const again = await stompjsConnect(stompPort(node));
    await again.client.deactivate();
  });
});

describe('gateway configs survive a restart', () => {
  it('a loaded STOMP gateway is loaded and running again after the node restarts', async () => {
    const first = await startTestNode();
    const dataDir = first.dataDir;
    try {
      expect((await api(first, 'PUT', '/gateways/stomp', { listeners: [{ type: 'tcp', name: 'default', bind: '127.0.0.1:0' }], mountpoint: 'st/' })).status).toBe(204);
      expect((await api(first, 'POST', '/gateways/stomp/authentication', { mechanism: 'password_based', backend: 'built_in_database' })).status).toBe(201);
      expect((await api(first, 'POST', '/gateways/stomp/authentication/users', { user_id: 'keep', password: 'pw' })).status).toBe(201);
      await first.app.close();
      const second = await startTestNode({ dataDir });
      try {
        expect((await api(second, 'GET', '/gateways/stomp')).body).toMatchObject({ status: 'running', mountpoint: 'st/', authentication: { backend: 'built_in_database' } });
        const mqtt = await connectClient(second.mqttPort);
        const got: string[] = [];
        mqtt.on('message', (t) => got.push(t));
        await mqtt.subscribeAsync('st/#');
        const peer = await stompjsConnect(stompPort(second), { login: 'keep', passcode: 'pw' });
        peer.client.publish({ destination: 'x' });
        await waitFor(() => got.length === 1, 5000, 'mounted publish');
        expect(got).toEqual(['st/x']);
        await peer.client.deactivate();
        await mqtt.endAsync(true);
      } finally {
        await second.close();
      }
    } finally {
      const { rmSync } = await import('node:fs');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
