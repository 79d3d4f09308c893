// ExProto with a handler written in Python (Debian's python3-grpcio; stubs generated here from our exproto.proto by
// python3-grpc-tools), a second gRPC stack beside grpc-js: a raw TCP device authenticates through it, a wrong password
// is refused, its publish reaches MQTT.js and an MQTT publish reaches it.
import { spawn, execFileSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../../shared/testing';
import { adapterPort } from './index';
import { PROTO_FILE } from './grpc';
import { LineClient } from './exproto.testing';

// Debian's interpreter, where apt installs python3-grpcio (a pyenv python3 on PATH would not have it)
const PYTHON = '/usr/bin/python3';
const HANDLER = fileURLToPath(new URL('./echo_handler.py', import.meta.url));

describe('ExProto with a Python (grpcio) handler', () => {
  let node: TestNode;
  let py: ChildProcessWithoutNullStreams;
  let stubs: string;
  let out = '';
  const mqttClients: MqttClient[] = [];
  const devices: LineClient[] = [];

  beforeAll(async () => {
    stubs = mkdtempSync(join(tmpdir(), 'exproto-py-'));
    const protoDir = join(PROTO_FILE, '..');
    execFileSync(PYTHON, ['-m', 'grpc_tools.protoc', `-I${protoDir}`, `--python_out=${stubs}`, `--grpc_python_out=${stubs}`, PROTO_FILE]);
    py = spawn(PYTHON, [HANDLER, stubs]);
    py.stdout.on('data', (b: Buffer) => (out += b.toString()));
    py.stderr.on('data', (b: Buffer) => (out += b.toString()));
    await waitFor(() => /PORT \d+/.test(out), 20_000, `python handler start (${out})`);
    const port = Number(/PORT (\d+)/.exec(out)![1]);
    node = await startTestNode();
    const res = await api(node, 'PUT', '/gateways/exproto', {
      server: { bind: '127.0.0.1:0' },
      handler: { address: `http://127.0.0.1:${port}` },
      listeners: [{ type: 'tcp', name: 'default', bind: '127.0.0.1:0' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    py.stdin.write(`ADAPTER 127.0.0.1:${adapterPort('127.0.0.1:0')}\n`);
    await waitFor(() => out.includes('READY'), 10_000, 'python handler ready');
    expect((await api(node, 'POST', '/gateways/exproto/authentication', { mechanism: 'password_based', backend: 'built_in_database' })).status).toBe(201);
    expect((await api(node, 'POST', '/gateways/exproto/authentication/users', { user_id: 'py-1', password: 'pw' })).status).toBe(201);
  });
  afterAll(async () => {
    for (const d of devices) d.end();
    await closeClients(mqttClients);
    await node?.close();
    py?.kill();
    if (stubs) rmSync(stubs, { recursive: true, force: true });
  });

  it('authenticates, refuses a wrong password, and carries messages both ways', async () => {
    const port = node.app.gateways.lookup('exproto')!.running.get('exproto:tcp:default')!.port!;
    const sub = await connectClient(node.mqttPort, { clientId: 'py-mqtt' });
    mqttClients.push(sub);
    const got: string[] = [];
    sub.on('message', (t, p) => got.push(`${t} ${p.toString()}`));
    await sub.subscribeAsync('py/up/#', { qos: 1 });

    const bad = await LineClient.connect(port);
    devices.push(bad);
    bad.send('AUTH py-1 py-1 nope');
    await waitFor(() => bad.lines.some((l) => l.startsWith('AUTH ')), 15_000, `refusal (${JSON.stringify(bad.lines)} ${out})`);
    expect(bad.lines).toContain('AUTH PERMISSION_DENY bad_username_or_password');

    const d = await LineClient.connect(port);
    devices.push(d);
    d.send('AUTH py-1 py-1 pw');
    await waitFor(() => d.lines.includes('AUTH OK'), 15_000, `auth (${JSON.stringify(d.lines)} ${out})`);
    d.send('SUB py/down');
    await waitFor(() => d.lines.includes('SUB SUCCESS'), 15_000, 'sub');
    d.send('PUB py/up/1 from python');
    await waitFor(() => got.includes('py/up/1 from python'), 15_000, `MQTT delivery (${JSON.stringify(got)})`);
    await sub.publishAsync('py/down', 'to device', { qos: 1 });
    await waitFor(() => d.lines.includes('MSG py/down to device'), 15_000, `device delivery (${JSON.stringify(d.lines)})`);
    expect((await api(node, 'GET', '/gateways/exproto/clients')).body.data).toEqual([expect.objectContaining({ clientid: 'py-1', proto_name: 'pyecho', proto_ver: '1' })]);
  });
});
