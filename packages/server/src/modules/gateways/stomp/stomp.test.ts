// The STOMP gateway's listeners and connections on a real node: SSL, heart-beats, listener limits (max_connections,
// access_rules), the listener mountpoint, clientinfo_override with a takeover, and the idle timeout.
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../../shared/testing';
import { StompParser, encodeFrame, header } from './frame';
import { RawStomp, stompjsConnect } from './stomp.testing';

const port = (node: TestNode, id: string) => node.app.gateways.lookup('stomp')!.running.get(id)!.port!;

describe('STOMP gateway listeners and connections', () => {
  let node: TestNode;
  const mqttClients: MqttClient[] = [];
  beforeAll(async () => {
    node = await startTestNode();
    const res = await api(node, 'PUT', '/gateways/stomp', {
      idle_timeout: '1s',
      clientinfo_override: { clientid: '${Packet.headers.client-id}' },
      listeners: [
        { type: 'tcp', name: 'default', bind: '127.0.0.1:0', mountpoint: 'dev/' },
        { type: 'ssl', name: 'tls', bind: '127.0.0.1:0' },
        { type: 'tcp', name: 'small', bind: '127.0.0.1:0', max_connections: 1 },
        { type: 'tcp', name: 'closed', bind: '127.0.0.1:0', access_rules: ['deny all'] },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
  });
  afterAll(async () => {
    await closeClients(mqttClients);
    await node?.close();
  });

  it('an SSL listener serves STOMP over TLS (the node certificate by default)', async () => {
    const socket = tls.connect({ host: '127.0.0.1', port: port(node, 'stomp:ssl:tls'), rejectUnauthorized: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('secureConnect', () => resolve());
      socket.once('error', reject);
    });
    const parser = new StompParser();
    const frame = new Promise<string>((resolve) => socket.on('data', (d: Buffer) => parser.push(d).forEach((f) => resolve(f.command))));
    socket.write(encodeFrame({ command: 'CONNECT', headers: [['accept-version', '1.2']] }));
    expect(await frame).toBe('CONNECTED');
    socket.destroy();
  });

  it('the listener mountpoint prefixes topics both ways; clientinfo_override takes the client id from a header', async () => {
    const mqtt = await connectClient(node.mqttPort);
    mqttClients.push(mqtt);
    const got: string[] = [];
    mqtt.on('message', (t) => got.push(t));
    await mqtt.subscribeAsync('dev/#');
    const s = await RawStomp.open(port(node, 'stomp:tcp:default'));
    s.send('CONNECT', { 'accept-version': '1.2', 'client-id': 'dev-42' });
    expect((await s.next()).command).toBe('CONNECTED');
    s.send('SUBSCRIBE', { id: '1', destination: 'in', receipt: 'r' });
    await s.next();
    s.send('SEND', { destination: 'out', receipt: 'p' }, 'x');
    await s.next();
    await waitFor(() => got.length === 1, 5000, 'mounted publish');
    expect(got).toEqual(['dev/out']);
    await mqtt.publishAsync('dev/in', 'down');
    const m = await s.next();
    expect([m.command, header(m, 'destination'), m.body.toString()]).toEqual(['MESSAGE', 'in', 'down']);
    // an MQTT 5 Content-Type becomes the MESSAGE's content-type (EMQX content_type_from_mqtt_message)
    await mqtt.publishAsync('dev/in', '{}', { properties: { contentType: 'application/json' } });
    expect(header(await s.next(), 'content-type')).toBe('application/json');
    const c = await api(node, 'GET', '/gateways/stomp/clients/dev-42');
    expect(c.body).toMatchObject({ clientid: 'dev-42', mountpoint: 'dev/' });
    expect((await api(node, 'GET', '/gateways/stomp/clients/dev-42/subscriptions')).body).toEqual([{ topic: 'dev/in', qos: 0, nl: 0, rap: 0, rh: 1 }]);

    // the same client id again: the first connection is discarded
    const again = await RawStomp.open(port(node, 'stomp:tcp:default'));
    again.send('CONNECT', { 'accept-version': '1.2', 'client-id': 'dev-42' });
    expect((await again.next()).command).toBe('CONNECTED');
    const discarded = await s.next();
    expect([discarded.command, discarded.body.toString()]).toEqual(['ERROR', 'Discarded']);
    await s.waitClosed();
    again.close();
  });

  it('heart-beats: stompjs stays connected with 1 s heart-beats; a silent peer that promised them is closed', async () => {
    const peer = await stompjsConnect(port(node, 'stomp:tcp:small'), { 'client-id': 'hb' }, 1000);
    const raw = await RawStomp.open(port(node, 'stomp:tcp:default'));
    raw.send('CONNECT', { 'accept-version': '1.2', 'heart-beat': '300,0', 'client-id': 'silent' });
    const connected = await raw.next();
    expect(header(connected, 'heart-beat')).toBe('0,300');
    // two intervals without a byte close it (EMQX emqx_stomp_heartbeat)
    await raw.waitClosed(5000);
    // stompjs' heart-beats arrive (counted as received packets) and keep it connected past several intervals
    const pkts = async () => ((await api(node, 'GET', '/gateways/stomp/clients/hb')).body as { recv_pkt: number }).recv_pkt;
    const before = await pkts();
    await waitFor(async () => (await pkts()) >= before + 3, 15000, 'three more heart-beats from stompjs');
    expect(peer.isClosed()).toBe(false);
    await peer.client.deactivate();
  });

  it('max_connections and access_rules refuse connections at accept; idle_timeout closes a connection without CONNECT', async () => {
    const first = await RawStomp.open(port(node, 'stomp:tcp:small'));
    first.send('CONNECT', { 'accept-version': '1.2', 'client-id': 'one' });
    expect((await first.next()).command).toBe('CONNECTED');
    const second = await RawStomp.open(port(node, 'stomp:tcp:small'));
    await second.waitClosed();
    first.close();

    const denied = await RawStomp.open(port(node, 'stomp:tcp:closed'));
    await denied.waitClosed();

    const idle = await RawStomp.open(port(node, 'stomp:tcp:default'));
    await idle.waitClosed(5000);
    expect(idle.frames).toEqual([]);
  });
});
