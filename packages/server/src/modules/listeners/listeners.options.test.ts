// Listener options set through the API and applied to real clients: proxy_protocol (the proxied address in
// GET /clients, banned by that peerhost, access_rules on the proxy's own address, proxy_protocol_timeout),
// WebSocket origin checks, and per-client rates changed while clients are connected.
import net from 'node:net';
import { MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';

let node: TestNode;
const clients: MqttClient[] = [];
const portOf = (id: string) => node.app.listeners.get(id)?.port ?? 0;

beforeAll(async () => {
  node = await startTestNode();
});

afterAll(async () => {
  await closeClients(clients);
  await node.close();
});

/** an MQTT.js client whose socket first sends `PROXY TCP4 <host> 10.0.0.1 <port> 1883`; resolves with the CONNACK code */
function behindProxy(port: number, clientId: string, host: string, sourcePort: number): Promise<number> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(`PROXY TCP4 ${host} 10.0.0.1 ${sourcePort} 1883\r\n`);
  const client = new MqttClient(() => socket, { clientId, protocolVersion: 5, reconnectPeriod: 0, connectTimeout: 3000 });
  clients.push(client);
  return new Promise((resolve) => {
    client.once('connect', () => resolve(0));
    client.once('error', (err) => resolve((err as Error & { code?: number }).code ?? -1));
    client.once('close', () => resolve(-1));
  });
}

describe('proxy_protocol', () => {
  const ID = 'tcp:behind-lb';

  test('the client address the PROXY header names is the one GET /clients shows', async () => {
    const res = await api(node, 'POST', '/listeners', { type: 'tcp', name: 'behind-lb', bind: '127.0.0.1:0', proxy_protocol: true, proxy_protocol_timeout: '500ms' });
    expect(res.status).toBe(200);
    expect(await behindProxy(portOf(ID), 'lb-a', '203.0.113.7', 51000)).toBe(0);
    const client = (await api(node, 'GET', '/clients/lb-a')).body;
    expect(client).toMatchObject({ ip_address: '203.0.113.7', port: 51000, listener: ID });
  });

  test('banned by peerhost applies to the proxied address', async () => {
    expect((await api(node, 'POST', '/banned', { as: 'peerhost', who: '203.0.113.66' })).status).toBe(200);
    try {
      expect(await behindProxy(portOf(ID), 'lb-banned', '203.0.113.66', 52000)).toBe(0x8a);
      expect(await behindProxy(portOf(ID), 'lb-other', '203.0.113.67', 52001)).toBe(0);
    } finally {
      await api(node, 'DELETE', '/banned/peerhost/203.0.113.66');
    }
  });

  test('access_rules see the proxy (the TCP peer), as EMQX does', async () => {
    expect((await api(node, 'PUT', `/listeners/${ID}`, { id: ID, type: 'tcp', access_rules: ['deny 127.0.0.1', 'allow all'] })).status).toBe(200);
    expect(await behindProxy(portOf(ID), 'lb-denied', '203.0.113.8', 53000)).toBe(-1);
    expect((await api(node, 'PUT', `/listeners/${ID}`, { id: ID, type: 'tcp', access_rules: ['deny 203.0.113.8', 'allow all'] })).status).toBe(200);
    expect(await behindProxy(portOf(ID), 'lb-allowed', '203.0.113.8', 53001)).toBe(0);
    expect((await api(node, 'PUT', `/listeners/${ID}`, { id: ID, type: 'tcp', access_rules: ['allow all'] })).status).toBe(200);
  });

  test('a socket that sends no header within proxy_protocol_timeout is closed', async () => {
    const socket = net.connect(portOf(ID), '127.0.0.1');
    socket.on('error', () => {});
    const t0 = Date.now();
    await new Promise((resolve) => socket.once('close', resolve));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(400);
    expect(Date.now() - t0).toBeLessThan(3000);
  });
});

test('websocket check_origin_enable: an upgrade from an origin outside check_origins is refused with 403', async () => {
  const res = await api(node, 'POST', '/listeners', {
    type: 'ws',
    name: 'origins',
    bind: '127.0.0.1:0',
    websocket: { check_origin_enable: true, allow_origin_absence: false, check_origins: 'http://console.example, http://127.0.0.1:18083' },
  });
  expect(res.status).toBe(200);
  const status = (origin?: string) => {
    const ws = new WebSocket(`ws://127.0.0.1:${portOf('ws:origins')}/mqtt`, 'mqtt', { headers: origin ? { Origin: origin } : {} });
    return new Promise<number>((resolve) => {
      ws.once('open', () => {
        ws.terminate();
        resolve(101);
      });
      ws.once('unexpected-response', (_req, r) => resolve(r.statusCode ?? 0));
      ws.once('error', () => resolve(0));
    });
  };
  expect(await status('http://console.example')).toBe(101);
  expect(await status('http://evil.example')).toBe(403);
  expect(await status()).toBe(403);
});

test('messages_rate changed through PUT slows a client connected before the change', async () => {
  const ID = 'tcp:live-rate';
  expect((await api(node, 'POST', '/listeners', { type: 'tcp', name: 'live-rate', bind: '127.0.0.1:0' })).status).toBe(200);
  const pub = await connectClient(portOf(ID), { clientId: 'live-pub' });
  const sub = await connectClient(node.mqttPort, { clientId: 'live-sub' });
  clients.push(pub, sub);
  await sub.subscribeAsync('live/#');
  const times: number[] = [];
  sub.on('message', () => times.push(Date.now()));
  expect((await api(node, 'PUT', `/listeners/${ID}`, { id: ID, type: 'tcp', messages_rate: '2/s' })).status).toBe(200);
  const start = Date.now();
  for (let i = 0; i < 6; i++) pub.publish('live/t', String(i), { qos: 0 });
  await waitFor(() => times.length === 6, 5000, 'throttled messages');
  // two at once, then two a second
  expect(times[5] - start).toBeGreaterThan(1500);
});
