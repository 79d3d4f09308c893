/**
 * DTLS listeners of the UDP gateways on a real node, with independent peers: libcoap's `coap-client-openssl`
 * publishes through the CoAP gateway (client certificate under verify_peer) and registers an LwM2M device;
 * `openssl s_client -dtls1_2` carries MQTT-SN packets. MQTT.js subscribes on the node's MQTT listener.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../../shared/testing';
import { certFolder } from './certs.testing';

const { f, ca, issue } = certFolder('dtls-gw-');

describe('DTLS listeners of the UDP gateways', () => {
  let node: TestNode;
  const mqttClients: MqttClient[] = [];
  const children: ChildProcess[] = [];
  const portOf = (gw: string, id: string) => node.app.gateways.lookup(gw)!.running.get(id)!.port!;

  const run = (cmd: string, args: string[]): Promise<{ code: number | null; out: string }> => {
    const child = spawn(cmd, args);
    children.push(child);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    return once(child, 'exit').then(([code]) => ({ code: code as number | null, out }));
  };

  beforeAll(async () => {
    ca('ca', 'Device CA');
    ca('rogue-ca', 'Rogue CA');
    execFileSync('sh', ['-c', `printf 'subjectAltName=IP:127.0.0.1,DNS:localhost' > ${f('san.ext')}`]);
    issue('server', '/CN=localhost', 'ca', ['-extfile', f('san.ext')]);
    issue('device', '/CN=device-1', 'ca');
    issue('rogue', '/CN=device-1', 'rogue-ca');
    node = await startTestNode();
  }, 60_000);
  afterEach(() => {
    for (const c of children.splice(0)) if (c.exitCode === null) c.kill();
  });
  afterAll(async () => {
    await closeClients(mqttClients);
    await node?.close();
  });

  const dtlsOptions = { certfile: f('server.crt'), keyfile: f('server.key'), cacertfile: f('ca.crt'), verify: 'verify_peer', fail_if_no_peer_cert: true };

  it('CoAP: a coaps publish with the device certificate reaches MQTT; a certificate of another CA is refused', async () => {
    const load = await api(node, 'PUT', '/gateways/coap', { name: 'coap', listeners: [{ type: 'dtls', name: 'default', bind: '127.0.0.1:0', dtls_options: dtlsOptions }] });
    expect(load.status, JSON.stringify(load.body)).toBe(204);
    const listeners = await api(node, 'GET', '/gateways/coap/listeners');
    expect(listeners.body).toEqual([expect.objectContaining({ id: 'coap:dtls:default', type: 'dtls', running: true })]);
    const port = portOf('coap', 'coap:dtls:default');

    const sub = await connectClient(node.mqttPort, { clientId: 'dtls-sub' });
    mqttClients.push(sub);
    await sub.subscribeAsync('sensors/#', { qos: 1 });
    const got: string[] = [];
    sub.on('message', (topic, p) => got.push(`${topic}=${p.toString()}`));

    const ok = await run('coap-client-openssl', [
      '-B',
      '10',
      '-m',
      'post',
      '-e',
      '21.5',
      '-c',
      f('device.crt'),
      '-j',
      f('device.key'),
      '-R',
      f('ca.crt'),
      `coaps://127.0.0.1:${port}/ps/sensors/temp`,
    ]);
    expect(ok.code, ok.out).toBe(0);
    await waitFor(() => got.length === 1, 10_000, 'the coaps publish at the MQTT subscriber');
    expect(got).toEqual(['sensors/temp=21.5']);

    const rogue = await run('coap-client-openssl', [
      '-B',
      '4',
      '-m',
      'post',
      '-e',
      'evil',
      '-c',
      f('rogue.crt'),
      '-j',
      f('rogue.key'),
      '-R',
      f('ca.crt'),
      `coaps://127.0.0.1:${port}/ps/sensors/temp`,
    ]);
    expect(rogue.out).toMatch(/alert read:fatal:unknown CA/);
    await new Promise((r) => setTimeout(r, 500));
    expect(got).toEqual(['sensors/temp=21.5']);
  });

  it('LwM2M: libcoap registers over DTLS', async () => {
    const load = await api(node, 'PUT', '/gateways/lwm2m', { name: 'lwm2m', listeners: [{ type: 'dtls', name: 'default', bind: '127.0.0.1:0', dtls_options: dtlsOptions }] });
    expect(load.status, JSON.stringify(load.body)).toBe(204);
    const port = portOf('lwm2m', 'lwm2m:dtls:default');
    const r = await run('coap-client-openssl', [
      '-B',
      '10',
      '-m',
      'post',
      '-t',
      '40',
      '-e',
      '</3/0>',
      '-c',
      f('device.crt'),
      '-j',
      f('device.key'),
      '-R',
      f('ca.crt'),
      `coaps://127.0.0.1:${port}/rd?ep=dtls-dev&lt=300&lwm2m=1.0&b=U`,
    ]);
    expect(r.code, r.out).toBe(0);
    const clients = await api(node, 'GET', '/gateways/lwm2m/clients?endpoint_name=dtls-dev');
    expect(clients.body.data).toEqual([expect.objectContaining({ clientid: 'dtls-dev', lifetime: 300 })]);
  });

  it('MQTT-SN: CONNECT and PUBLISH over openssl s_client reach MQTT', async () => {
    const load = await api(node, 'PUT', '/gateways/mqttsn', {
      name: 'mqttsn',
      predefined: [{ id: 1, topic: 'pre/one' }],
      listeners: [{ type: 'dtls', name: 'default', bind: '127.0.0.1:0', dtls_options: { verify: 'verify_none' } }],
    });
    expect(load.status, JSON.stringify(load.body)).toBe(204);
    const port = portOf('mqttsn', 'mqttsn:dtls:default');
    const sub = await connectClient(node.mqttPort, { clientId: 'dtls-sn-sub' });
    mqttClients.push(sub);
    await sub.subscribeAsync('pre/one');
    const got: string[] = [];
    sub.on('message', (topic, p) => got.push(`${topic}=${p.toString()}`));

    const child = spawn('openssl', ['s_client', '-dtls1_2', '-connect', `127.0.0.1:${port}`, '-quiet', '-ign_eof'], { stdio: 'pipe' });
    children.push(child);
    let out = Buffer.alloc(0);
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out = Buffer.concat([out, d])));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    await waitFor(() => /verify return/.test(err), 10_000, 'the DTLS handshake');
    const id = Buffer.from('sn-over-dtls');
    // CONNECT: clean session, protocol id 1, duration 60 s
    child.stdin.write(Buffer.concat([Buffer.from([6 + id.length, 0x04, 0x04, 0x01, 0x00, 60]), id]));
    await waitFor(() => out.includes(Buffer.from([0x03, 0x05, 0x00])), 10_000, 'CONNACK over DTLS');
    // PUBLISH QoS 0 to predefined topic id 1
    const data = Buffer.from('over dtls');
    child.stdin.write(Buffer.concat([Buffer.from([7 + data.length, 0x0c, 0x01, 0x00, 0x01, 0x00, 0x00]), data]));
    await waitFor(() => got.length === 1, 10_000, 'the MQTT-SN publish at the MQTT subscriber');
    expect(got).toEqual(['pre/one=over dtls']);
    const clients = await api(node, 'GET', '/gateways/mqttsn/clients');
    expect(clients.body.data).toEqual([expect.objectContaining({ clientid: 'sn-over-dtls' })]);
  });

  it('stores PEM text sent in dtls_options (as the console sends it) as files and serves with it', async () => {
    const pem = (n: string) => readFileSync(f(n), 'utf8');
    const res = await api(node, 'POST', '/gateways/coap/listeners', {
      type: 'dtls',
      name: 'pem',
      bind: '127.0.0.1:0',
      dtls_options: { certfile: pem('server.crt'), keyfile: pem('server.key') },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const opts = (res.body as { dtls_options: Record<string, string> }).dtls_options;
    expect(opts.certfile).toMatch(/^\/.*cert\.pem$/);
    expect(opts.keyfile).toMatch(/^\/.*key\.pem$/);
    expect(readFileSync(opts.certfile, 'utf8')).toBe(pem('server.crt'));
    const child = spawn('openssl', ['s_client', '-dtls1_2', '-connect', `127.0.0.1:${portOf('coap', 'coap:dtls:pem')}`, '-CAfile', f('ca.crt')], { stdio: 'pipe' });
    children.push(child);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await waitFor(() => /Verify return code/.test(out), 10_000, 'the DTLS handshake');
    expect(out).toContain('Verify return code: 0 (ok)');
    expect(out).toContain('Cipher is ECDHE-ECDSA-AES128-GCM-SHA256');
  });

  it('refuses dtls options this server cannot honour, and dtls on a TCP gateway, with 400', async () => {
    const bad = await api(node, 'POST', '/gateways/coap/listeners', { type: 'dtls', name: 'old', bind: '127.0.0.1:0', dtls_options: { versions: ['dtlsv1'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/DTLS 1\.2 only/);
    const stomp = await api(node, 'PUT', '/gateways/stomp', { name: 'stomp', listeners: [{ type: 'dtls', name: 'x', bind: '127.0.0.1:0' }] });
    expect(stomp.status).toBe(400);
  });
});
