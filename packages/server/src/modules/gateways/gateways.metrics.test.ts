// The gateway counters (metrics.ts, extension GET /mqdeck/gateways/{name}/metrics) against a real node: a STOMP
// client (@stomp/stompjs) and a bare MQTT-SN device (literal UDP datagrams) publish and receive through their
// gateways, and the counters the core keeps for each gateway move with what they did; unknown or unloaded answer 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';
import { stompjsConnect } from './stomp/stomp.testing';
import { msg, snClient, str, u16 } from './mqttsn/sn-client.testing';

const metricsOf = async (node: TestNode, name: string) => (await api(node, 'GET', `/mqdeck/gateways/${name}/metrics`)).body.metrics as Record<string, number>;

describe('gateway metrics', () => {
  let node: TestNode;
  const mqtt: MqttClient[] = [];
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(async () => {
    await closeClients(mqtt);
    await node?.close();
  });

  it('answers 404 for an unknown or unloaded gateway and is listed as an extension', async () => {
    expect(await api(node, 'GET', '/mqdeck/gateways/nope/metrics')).toMatchObject({ status: 404, body: { code: 'RESOURCE_NOT_FOUND' } });
    expect(await api(node, 'GET', '/mqdeck/gateways/stomp/metrics')).toMatchObject({ status: 404, body: { message: 'Gateway not loaded' } });
    expect((await api(node, 'GET', '/mqdeck/extensions')).body.extensions).toContain('gateway_metrics');
  });

  it('counts a STOMP client: authentication, connection, publish, subscribe, delivery, bytes and frames', async () => {
    const load = await api(node, 'PUT', '/gateways/stomp', { listeners: [{ type: 'tcp', name: 'default', bind: '127.0.0.1:0' }] });
    expect(load.status, JSON.stringify(load.body)).toBe(204);
    const first = await api(node, 'GET', '/mqdeck/gateways/stomp/metrics');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ name: 'stomp', node: node.app.nodeName, status: 'running', current_connections: 0, max_connections: 1024 });
    expect(Object.values(first.body.metrics).every((v) => v === 0)).toBe(true);
    expect(Object.keys(first.body.metrics)).toContain('bytes.received');

    const port = node.app.gateways.lookup('stomp')!.running.get('stomp:tcp:default')!.port!;
    const stomp = await stompjsConnect(port, { 'accept-version': '1.2', host: 'x' });
    stomp.client.subscribe('to/stomp', (m) => stomp.messages.push(m), { id: 's1' });
    const peer = await connectClient(node.mqttPort, { clientId: 'metrics-peer' });
    mqtt.push(peer);
    const got: string[] = [];
    peer.on('message', (_t, p) => got.push(p.toString()));
    await peer.subscribeAsync('from/stomp');
    await waitFor(async () => (await metricsOf(node, 'stomp'))['session.subscribed'] === 1, 5000, 'SUBSCRIBE counted');

    for (const body of ['one', 'two', 'three']) stomp.client.publish({ destination: 'from/stomp', body });
    await waitFor(() => got.length === 3, 5000, 'three PUBLISH at the MQTT peer');
    await peer.publishAsync('to/stomp', 'back', { qos: 1 });
    await waitFor(() => stomp.messages.length === 1, 5000, 'MESSAGE at the STOMP client');

    const m = await metricsOf(node, 'stomp');
    expect(m).toMatchObject({
      'client.authenticate': 1,
      'authentication.success': 1,
      'authentication.failure': 0,
      'client.connected': 1,
      'client.disconnected': 0,
      'messages.received': 3,
      'messages.delivered': 1,
      'session.subscribed': 1,
    });
    // frames of the accepted connection: SUBSCRIBE and three SENDs in, the MESSAGE out (the CONNECT before it is not)
    expect(m['packets.received']).toBeGreaterThanOrEqual(4);
    expect(m['packets.sent']).toBeGreaterThanOrEqual(1);
    expect(m['bytes.received']).toBeGreaterThan('onetwothree'.length);
    expect(m['bytes.sent']).toBeGreaterThan('back'.length);
    expect((await api(node, 'GET', '/mqdeck/gateways/stomp/metrics')).body.current_connections).toBe(1);

    // a kicked client is one disconnection, even though the protocol closes its channel too
    const cid = (await api(node, 'GET', '/gateways/stomp/clients')).body.data[0].clientid;
    expect((await api(node, 'DELETE', `/gateways/stomp/clients/${cid}`)).status).toBe(204);
    await stomp.closed;
    await waitFor(async () => (await metricsOf(node, 'stomp'))['client.disconnected'] === 1, 5000, 'disconnection counted');
    await new Promise((r) => setTimeout(r, 100));
    expect((await metricsOf(node, 'stomp'))['client.disconnected']).toBe(1);

    // a stop and start keeps the counters (EMQX keeps the table while the gateway is loaded)
    expect((await api(node, 'PUT', '/gateways/stomp/enable/false')).status).toBe(204);
    expect((await api(node, 'GET', '/mqdeck/gateways/stomp/metrics')).body).toMatchObject({ status: 'stopped', metrics: { 'messages.received': 3 } });
    expect((await api(node, 'PUT', '/gateways/stomp/enable/true')).status).toBe(204);

    // a wrong passcode counts as a failed authentication, never as a connection
    const auth = await api(node, 'POST', '/gateways/stomp/authentication', {
      mechanism: 'password_based',
      backend: 'built_in_database',
      user_id_type: 'username',
      password_hash_algorithm: { name: 'sha256', salt_position: 'suffix' },
    });
    expect(auth.status, JSON.stringify(auth.body)).toBe(201);
    const port2 = node.app.gateways.lookup('stomp')!.running.get('stomp:tcp:default')!.port!;
    await expect(stompjsConnect(port2, { 'accept-version': '1.2', host: 'x', login: 'ghost', passcode: 'nope' })).rejects.toThrow();
    const after = await metricsOf(node, 'stomp');
    expect(after).toMatchObject({ 'client.authenticate': 2, 'authentication.failure': 1, 'client.connected': 1 });
  });

  it('counts an MQTT-SN device on its own gateway: CONNECT and a short-topic PUBLISH', async () => {
    const load = await api(node, 'PUT', '/gateways/mqttsn', { listeners: [{ type: 'udp', name: 'default', bind: '127.0.0.1:0' }] });
    expect(load.status, JSON.stringify(load.body)).toBe(204);
    const peer = await connectClient(node.mqttPort, { clientId: 'sn-peer' });
    mqtt.push(peer);
    const got: string[] = [];
    peer.on('message', (t, p) => got.push(`${t}=${p.toString()}`));
    await peer.subscribeAsync('ab');

    const port = node.app.gateways.lookup('mqttsn')!.running.get('mqttsn:udp:default')!.port!;
    const d = await snClient(port);
    try {
      const connect = msg(0x04, 0x04, 0x01, ...u16(60), ...str('sn-metrics'));
      d.send(connect);
      expect([...(await d.next())]).toEqual([3, 0x05, 0]); // CONNACK accepted
      const publish = msg(0x0c, 0x02, ...str('ab'), ...u16(0), ...str('hi')); // QoS 0, short topic "ab"
      d.send(publish);
      await waitFor(() => got.length === 1, 5000, 'PUBLISH at the MQTT peer');
      expect(got).toEqual(['ab=hi']);
      const m = await metricsOf(node, 'mqttsn');
      expect(m).toMatchObject({ 'client.connected': 1, 'messages.received': 1, 'messages.delivered': 0 });
      expect(m['bytes.received']).toBeGreaterThanOrEqual(publish.length);
      expect(m['packets.received']).toBeGreaterThanOrEqual(1);
      // the other gateway's counters did not move
      expect((await metricsOf(node, 'stomp'))['messages.received']).toBe(3);
    } finally {
      await d.close();
    }
  });
});
