// A ws client behind an HTTP reverse proxy: the client address comes from websocket.proxy_address_header and
// proxy_port_header on upgrade (the first entry of a comma list, the socket's own when absent or not an address),
// shows in GET /clients and is what a peerhost ban matches. mqtt_piggyback = single splits outgoing frames.
import mqtt, { type MqttClient } from 'mqtt';
import mqttPacket from 'mqtt-packet';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, waitFor } from '../../shared/testing';

const clients: MqttClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
});

/** connects over ws with the given upgrade headers; resolves with the CONNACK return code */
function wsConnect(port: number, clientId: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const client = mqtt.connect(`ws://127.0.0.1:${port}/mqtt`, { clientId, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 3000, wsOptions: { headers } });
    clients.push(client);
    client.once('connect', () => resolve(0));
    client.once('error', (err) => resolve((err as Error & { code?: number }).code ?? -1));
  });
}

/** how many whole MQTT packets one frame holds */
function packetsIn(frame: Buffer): number {
  const parser = mqttPacket.parser({ protocolVersion: 4 });
  let n = 0;
  parser.on('packet', () => n++);
  parser.parse(frame);
  return n;
}

async function clientAddress(node: TestNode, clientId: string): Promise<{ ip_address: string; port: number }> {
  const res = await api(node, 'GET', `/clients/${clientId}`);
  expect(res.status).toBe(200);
  return { ip_address: res.body.ip_address, port: res.body.port };
}

describe('default headers (x-forwarded-for, x-forwarded-port)', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(async () => {
    await node?.close();
  });

  test('the first forwarded entry is the client; GET /clients lists it', async () => {
    expect(await wsConnect(node.wsPort, 'fwd-1', { 'x-forwarded-for': '203.0.113.7, 10.0.0.1', 'x-forwarded-port': '40001, 443' })).toBe(0);
    expect(await clientAddress(node, 'fwd-1')).toEqual({ ip_address: '203.0.113.7', port: 40001 });
    const list = await api(node, 'GET', '/clients?ip_address=203.0.113.7');
    expect(list.body.data.map((c: { clientid: string }) => c.clientid)).toEqual(['fwd-1']);
  });

  test('absent headers, or a value that is no address, leave the socket peer', async () => {
    expect(await wsConnect(node.wsPort, 'fwd-none', {})).toBe(0);
    const none = await clientAddress(node, 'fwd-none');
    expect(none.ip_address).toBe('127.0.0.1');
    expect(await wsConnect(node.wsPort, 'fwd-bad', { 'x-forwarded-for': 'unknown', 'x-forwarded-port': 'https' })).toBe(0);
    const bad = await clientAddress(node, 'fwd-bad');
    expect(bad.ip_address).toBe('127.0.0.1');
    expect(bad.port).not.toBe(0);
    expect(bad.port).not.toBe(Number.NaN);
  });

  test('a peerhost ban applies to the forwarded address, not to the proxy', async () => {
    const ban = await api(node, 'POST', '/banned', { as: 'peerhost', who: '198.51.100.9' });
    expect(ban.status).toBe(200);
    expect(await wsConnect(node.wsPort, 'fwd-banned', { 'x-forwarded-for': '198.51.100.9' })).toBe(5);
    // another client through the same proxy (127.0.0.1) still connects
    expect(await wsConnect(node.wsPort, 'fwd-other', { 'x-forwarded-for': '198.51.100.10' })).toBe(0);
    await waitFor(async () => (await api(node, 'GET', '/clients/fwd-other')).status === 200);
  });
});

describe('configured header names and mqtt_piggyback = single', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({
      env: {
        EMQX_LISTENERS__WS__DEFAULT__WEBSOCKET__PROXY_ADDRESS_HEADER: 'X-Real-IP',
        EMQX_LISTENERS__WS__DEFAULT__WEBSOCKET__PROXY_PORT_HEADER: 'X-Real-Port',
        EMQX_LISTENERS__WS__DEFAULT__WEBSOCKET__MQTT_PIGGYBACK: 'single',
      },
    });
  });
  afterAll(async () => {
    await node?.close();
  });

  test('the configured headers are read (case-insensitively), the default ones no longer', async () => {
    expect(await wsConnect(node.wsPort, 'real-1', { 'x-real-ip': '2001:db8::5', 'x-real-port': '5555', 'x-forwarded-for': '203.0.113.1' })).toBe(0);
    expect(await clientAddress(node, 'real-1')).toEqual({ ip_address: '2001:db8::5', port: 5555 });
  });

  test('several packets sent in one turn leave in one frame each; several packets in one incoming frame are all read', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${node.wsPort}/mqtt`, 'mqtt');
    const frames: Buffer[] = [];
    ws.on('message', (data) => frames.push(data as Buffer));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    try {
      // CONNECT and three SUBSCRIBEs in one frame: one CONNACK and three SUBACKs, each its own frame
      const packets = [
        mqttPacket.generate({ cmd: 'connect', clientId: 'piggy', protocolId: 'MQTT', protocolVersion: 4, keepalive: 0, clean: true }),
        ...[1, 2, 3].map((id) => mqttPacket.generate({ cmd: 'subscribe', messageId: id, subscriptions: [{ topic: `p/${id}`, qos: 0 }] })),
      ];
      ws.send(Buffer.concat(packets));
      await waitFor(() => frames.length >= 4, 3000, 'CONNACK and three SUBACKs');
      expect(frames.map(packetsIn)).toEqual([1, 1, 1, 1]);
      expect(frames.map((f) => f[0] >> 4)).toEqual([2, 9, 9, 9]);
      // a publish burst to one subscriber: the broker writes it in one turn, single still frames each message alone
      frames.length = 0;
      const burst = Array.from({ length: 5 }, (_, i) => ({ topic: 'p/1', payload: `m${i}`, qos: 0 }));
      const res = await api(node, 'POST', '/publish/bulk', burst);
      expect(res.status).toBe(200);
      await waitFor(() => frames.length >= 5, 3000, 'five PUBLISH frames');
      expect(frames.map(packetsIn)).toEqual([1, 1, 1, 1, 1]);
      expect(frames.map((f) => f[0] >> 4)).toEqual([3, 3, 3, 3, 3]);
    } finally {
      ws.terminate();
    }
  });
});
