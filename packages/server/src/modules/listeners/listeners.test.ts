import mqtt, { type MqttClient } from 'mqtt';
import { existsSync, readFileSync } from 'node:fs';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../shared/testing';

let node: TestNode;
const clients: MqttClient[] = [];

/** resolves when the connection is refused (closed or errored before CONNACK) */
function expectRefused(port: number, opts: mqtt.IClientOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const c = mqtt.connect({ host: '127.0.0.1', port, reconnectPeriod: 0, connectTimeout: 3000, ...opts });
    c.once('connect', () => {
      c.end(true);
      reject(new Error(`connection on port ${port} was accepted`));
    });
    const done = () => {
      c.end(true);
      resolve();
    };
    c.once('error', done);
    c.once('close', done);
  });
}

const portOf = (id: string) => node.app.listeners.get(id)?.port ?? 0;
/** PUT carries id and type, as the contract requires */
const putExtra = (body: Record<string, unknown>) => api(node, 'PUT', '/listeners/tcp:extra', { id: 'tcp:extra', type: 'tcp', ...body });

beforeAll(async () => {
  node = await startTestNode();
});

afterAll(async () => {
  await closeClients(clients);
  await node.close();
});

describe('listeners API', () => {
  test('list, status by type, one listener; contract shapes', async () => {
    const list = await api(node, 'GET', '/listeners');
    expect(list.status).toBe(200);
    expectContract('get', '/listeners', 200, list.body);
    const tcp = list.body.find((l: { id: string }) => l.id === 'tcp:default');
    expect(tcp).toMatchObject({ type: 'tcp', name: 'default', enable: true, bind: '127.0.0.1:0', status: { running: true, max_connections: 'infinity' } });
    expect(tcp.node_status[0].node).toBe(node.app.nodeName);
    expect(list.body.find((l: { id: string }) => l.id === 'ssl:default')).toMatchObject({ enable: false, status: { running: false } });
    expect((await api(node, 'GET', '/listeners?type=ws')).body.map((l: { id: string }) => l.id)).toEqual(['ws:default']);
    expect((await api(node, 'GET', '/listeners?type=quic')).body).toEqual([]);

    const status = await api(node, 'GET', '/listeners_status');
    expectContract('get', '/listeners_status', 200, status.body);
    expect(status.body.find((s: { type: string }) => s.type === 'tcp')).toMatchObject({ enable: true, ids: ['tcp:default'], status: { running: true } });

    const one = await api(node, 'GET', '/listeners/tcp:default');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: 'tcp:default', type: 'tcp', running: true, access_rules: ['allow all'], tcp_options: { high_watermark: '1MB' } });
    expect(await api(node, 'GET', '/listeners/tcp:nope')).toMatchObject({ status: 404, body: { code: 'BAD_LISTENER_ID', message: 'Listener id not found' } });
    expect((await api(node, 'GET', '/listeners/nocolon')).status).toBe(400);
  });

  test('create opens the port; current_connections counts clients', async () => {
    const res = await api(node, 'POST', '/listeners', { type: 'tcp', name: 'extra', bind: '127.0.0.1:0' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'tcp:extra', running: true, enable: true, max_connections: 'infinity', zone: 'default' });
    const c = await connectClient(portOf('tcp:extra'), { clientId: 'l-extra-1' });
    clients.push(c);
    const status = (await api(node, 'GET', '/listeners?type=tcp')).body.find((l: { id: string }) => l.id === 'tcp:extra').status;
    expect(status).toEqual({ running: true, max_connections: 'infinity', current_connections: 1 });
    expect(await api(node, 'POST', '/listeners', { type: 'tcp', name: 'extra', bind: '127.0.0.1:0' })).toMatchObject({ status: 400, body: { code: 'BAD_LISTENER_ID' } });
  });

  test('bind conflict is a clear 400 and nothing changes', async () => {
    const before = await api(node, 'GET', '/listeners');
    const res = await api(node, 'POST', '/listeners', { type: 'tcp', name: 'clash', bind: `127.0.0.1:${node.mqttPort}` });
    expect(res).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(res.body.message).toMatch(/address already in use/);
    expect((await api(node, 'GET', '/listeners/tcp:clash')).status).toBe(404);
    // moving an existing listener onto a taken port keeps it where it was, still running
    const moved = await putExtra({ bind: `127.0.0.1:${node.mqttPort}` });
    expect(moved.status).toBe(400);
    expect((await api(node, 'GET', '/listeners/tcp:extra')).body).toMatchObject({ bind: '127.0.0.1:0', running: true });
    expect((await api(node, 'GET', '/listeners')).body.length).toBe(before.body.length);
  });

  test('invalid values, quic and id mismatch are refused; nothing changes', async () => {
    expect(await putExtra({ max_connections: 0 })).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(await putExtra({ access_rules: ['maybe 1.2.3.4'] })).toMatchObject({ status: 400 });
    expect(await putExtra({ max_conn_rate: 'lots' })).toMatchObject({ status: 400 });
    expect(await api(node, 'PUT', '/listeners/tcp:extra', { id: 'tcp:other', type: 'tcp' })).toMatchObject({
      status: 400,
      body: { code: 'BAD_LISTENER_ID', message: "Path and body's listener id not match" },
    });
    const quic = await api(node, 'POST', '/listeners', { type: 'quic', name: 'q', bind: '127.0.0.1:0' });
    expect(quic).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(quic.body.message).toMatch(/does not serve MQTT over QUIC/);
    expect((await api(node, 'GET', '/listeners/tcp:extra')).body).toMatchObject({ max_connections: 'infinity', access_rules: ['allow all'] });
  });

  test('max_connections refuses the next client (applied live)', async () => {
    const res = await putExtra({ max_connections: 1 });
    expect(res).toMatchObject({ status: 200, body: { max_connections: 1, running: true } });
    expect(node.app.listeners.get('tcp:extra')?.currentConnections).toBe(1); // the live client was kept
    await expectRefused(portOf('tcp:extra'), { clientId: 'l-extra-2' });
    await putExtra({ max_connections: 'infinity' });
    clients.push(await connectClient(portOf('tcp:extra'), { clientId: 'l-extra-2' }));
  });

  test('mountpoint prefixes the topics of its clients', async () => {
    expect((await putExtra({ mountpoint: 'mp/${clientid}/' })).status).toBe(200);
    const watcher = await connectClient(node.mqttPort, { clientId: 'l-watch' });
    clients.push(watcher);
    await watcher.subscribeAsync('mp/#');
    const got = new Promise<string>((resolve) => watcher.on('message', (topic) => resolve(topic)));
    const mounted = await connectClient(portOf('tcp:extra'), { clientId: 'l-mounted' });
    clients.push(mounted);
    await mounted.publishAsync('hello', 'x', { qos: 1 });
    expect(await got).toBe('mp/l-mounted/hello');
  });

  test('access_rules refuse a denied address at accept', async () => {
    expect((await putExtra({ mountpoint: '', access_rules: ['deny 127.0.0.0/8', 'allow all'] })).status).toBe(200);
    await expectRefused(portOf('tcp:extra'));
    expect((await putExtra({ access_rules: ['allow 127.0.0.1', 'deny all'] })).status).toBe(200);
    clients.push(await connectClient(portOf('tcp:extra'), { clientId: 'l-allowed' }));
  });

  test('messages_rate (applied live, to new connections) throttles a real publisher; a bad rate is a 400', async () => {
    const bad = await putExtra({ messages_rate: 'fast' });
    expect(bad).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(bad.body.message).toContain('messages_rate');
    expect((await putExtra({ bytes_rate: '0/s' })).status).toBe(400);
    const ok = await putExtra({ access_rules: ['allow all'], messages_rate: '40/s' });
    expect(ok).toMatchObject({ status: 200, body: { messages_rate: '40/s', running: true } });
    const sub = await connectClient(node.mqttPort, { clientId: 'l-rate-sub' });
    clients.push(sub);
    await sub.subscribeAsync('rate/#');
    const times: number[] = [];
    sub.on('message', () => times.push(Date.now()));
    const pub = await connectClient(portOf('tcp:extra'), { clientId: 'l-rate-pub' });
    clients.push(pub);
    const start = Date.now();
    for (let i = 0; i < 100; i++) pub.publish('rate/t', 'x', { qos: 0 });
    await waitFor(() => times.length === 100, 5000, 'throttled messages');
    // 40 at once (a full bucket), the other 60 at 40/s: about 1.5 s; nothing dropped
    expect(times[99] - start).toBeGreaterThan(1200);
    expect(times[99] - start).toBeLessThan(3000);
    expect((await putExtra({ messages_rate: 'infinity' })).status).toBe(200);
  });

  test('the limiter root (hidden /configs/limiter) reaches the broker: node-wide messages_rate', async () => {
    const put = await api(node, 'PUT', '/configs/limiter', { max_conn_rate: 'infinity', messages_rate: '30/s', bytes_rate: 'infinity' });
    expect(put.status).toBe(200);
    expect((await api(node, 'PUT', '/configs/limiter', { max_conn_rate: 'infinity', messages_rate: 'soon', bytes_rate: 'infinity' })).status).toBe(400);
    const sub = await connectClient(node.mqttPort, { clientId: 'l-node-sub' });
    clients.push(sub);
    await sub.subscribeAsync('node/#');
    let n = 0;
    sub.on('message', () => n++);
    const pub = await connectClient(node.mqttPort, { clientId: 'l-node-pub' });
    clients.push(pub);
    const start = Date.now();
    for (let i = 0; i < 60; i++) pub.publish('node/t', 'x', { qos: 0 });
    await waitFor(() => n === 60, 5000, 'node-limited messages');
    expect(Date.now() - start).toBeGreaterThan(800); // 30 beyond the first 30 at 30/s
    expect((await api(node, 'PUT', '/configs/limiter', { max_conn_rate: 'infinity', messages_rate: 'infinity', bytes_rate: 'infinity' })).status).toBe(200);
  });

  test('stop closes its connections and port; start reopens; restart keeps it on', async () => {
    const c = await connectClient(portOf('tcp:extra'), { clientId: 'l-stopped' });
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    const stop = await api(node, 'POST', '/listeners/tcp:extra/stop');
    expect(stop.status).toBe(200);
    expect(stop.body).toBe('');
    await closed;
    c.end(true);
    expect((await api(node, 'GET', '/listeners/tcp:extra')).body).toMatchObject({ enable: false, running: false, current_connections: 0 });
    expect(node.app.listeners.has('tcp:extra')).toBe(false);

    expect((await api(node, 'POST', '/listeners/tcp:extra/start')).status).toBe(200);
    clients.push(await connectClient(portOf('tcp:extra'), { clientId: 'l-restarted' }));
    expect((await api(node, 'POST', '/listeners/tcp:extra/restart')).status).toBe(200);
    expect((await api(node, 'GET', '/listeners/tcp:extra')).body).toMatchObject({ enable: true, running: true });
    expect((await api(node, 'POST', '/listeners/tcp:none/stop')).status).toBe(404);
  });

  test('ws listener with its own path', async () => {
    const res = await api(node, 'POST', '/listeners', { type: 'ws', name: 'alt', bind: '127.0.0.1:0', websocket: { mqtt_path: '/alt' } });
    expect(res).toMatchObject({ status: 200, body: { websocket: { mqtt_path: '/alt', idle_timeout: '7200s', deflate_opts: { server_max_window_bits: 15 } } } });
    const c = mqtt.connect(`ws://127.0.0.1:${portOf('ws:alt')}/alt`, { reconnectPeriod: 0, clientId: 'l-ws' });
    await new Promise<void>((resolve, reject) => {
      c.once('connect', () => resolve());
      c.once('error', reject);
    });
    clients.push(c);
  });

  test('ssl listener from PEM text: stored as files, serves TLS', async () => {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048, days: 1 } as Parameters<typeof generate>[1]);
    const res = await api(node, 'POST', '/listeners', {
      type: 'ssl',
      name: 'pem',
      bind: '127.0.0.1:0',
      ssl_options: { certfile: pems.cert, keyfile: pems.private },
    });
    expect(res.status).toBe(200);
    const certfile = res.body.ssl_options.certfile as string;
    expect(certfile).not.toContain('BEGIN');
    expect(existsSync(certfile) && readFileSync(certfile, 'utf8')).toBe(pems.cert);
    clients.push(await connectClient(portOf('ssl:pem'), { protocol: 'mqtts', rejectUnauthorized: false, clientId: 'l-tls' }));
    const bad = await api(node, 'POST', '/listeners', { type: 'ssl', name: 'bad', bind: '127.0.0.1:0', ssl_options: { certfile: '/nope/cert.pem', keyfile: '/nope/key.pem' } });
    expect(bad).toMatchObject({ status: 400 });
    expect(bad.body.message).toMatch(/certfile: file not found/);
  });

  test('delete closes the port and survives a restart; created listeners come back', async () => {
    const port = portOf('tcp:extra');
    expect((await api(node, 'DELETE', '/listeners/tcp:extra')).status).toBe(204);
    expect((await api(node, 'DELETE', '/listeners/tcp:extra')).status).toBe(404);
    await expectRefused(port);
    expect((await api(node, 'DELETE', '/listeners/ws:default')).status).toBe(204);

    await closeClients(clients.splice(0));
    const dataDir = node.dataDir;
    await node.app.close();
    const again = await startTestNode({ dataDir });
    try {
      const ids = (await api(again, 'GET', '/listeners')).body.map((l: { id: string }) => l.id).sort();
      expect(ids).toEqual(['ssl:default', 'ssl:pem', 'tcp:default', 'wss:default', 'ws:alt'].sort());
      const alt = again.app.listeners.get('ws:alt');
      expect(alt?.running).toBe(true);
      await waitFor(() => !!alt?.port, 1000, 'ws:alt port');
    } finally {
      await again.app.close();
    }
    node = await startTestNode({ dataDir });
  });
});
