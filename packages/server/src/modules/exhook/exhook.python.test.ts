// ExHook against a hook server written in Python (Debian's python3-grpcio; stubs generated here from our exhook.proto
// by python3-grpc-tools), a second gRPC stack beside grpc-js: its client.authenticate refuses a real MQTT.js client by
// username, and its message.publish rewrites a payload that an MQTT.js subscriber then receives.
import { spawn, execFileSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connackCode, connectClient, waitFor } from '../../shared/testing';
import { PROTO_FILE } from './channel';

// Debian's interpreter, where apt installs python3-grpcio (a pyenv python3 on PATH would not have it)
const PYTHON = '/usr/bin/python3';
const SERVER = fileURLToPath(new URL('./hook_server.py', import.meta.url));

describe('ExHook with a Python (grpcio) hook server', () => {
  let node: TestNode;
  let py: ChildProcessWithoutNullStreams;
  let stubs: string;
  let out = '';
  let url = '';
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    stubs = mkdtempSync(join(tmpdir(), 'exhook-py-'));
    const protoDir = join(PROTO_FILE, '..');
    execFileSync(PYTHON, ['-m', 'grpc_tools.protoc', `-I${protoDir}`, `--python_out=${stubs}`, `--grpc_python_out=${stubs}`, PROTO_FILE]);
    py = spawn(PYTHON, [SERVER, stubs]);
    py.stdout.on('data', (b: Buffer) => (out += b.toString()));
    py.stderr.on('data', (b: Buffer) => (out += b.toString()));
    await waitFor(() => /PORT \d+/.test(out), 20_000, `python hook server start (${out})`);
    url = `http://127.0.0.1:${/PORT (\d+)/.exec(out)![1]}`;
    node = await startTestNode();
  });
  afterAll(async () => {
    await closeClients(clients);
    await node?.close();
    if (py?.pid) process.kill(py.pid);
    if (stubs) rmSync(stubs, { recursive: true, force: true });
  });

  it('loads the hooks the Python server registers, refuses a username and rewrites a payload', async () => {
    const res = await api(node, 'POST', '/exhooks', { name: 'python', url, request_timeout: '5s' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.node_status).toEqual([{ node: node.app.nodeName, status: 'connected' }]);
    // the server prints each call (flushed) before it answers, but its pipe can reach us after the answer does
    await waitFor(() => out.includes(`CALL OnProviderLoaded ${node.app.nodeName}`), 5000, `the Python server's OnProviderLoaded line (${out})`);
    const hooks = (await api(node, 'GET', '/exhooks/python/hooks')).body as { name: string; params: Record<string, unknown> }[];
    expect(hooks.map((h) => [h.name, h.params])).toEqual(
      expect.arrayContaining([
        ['client.authenticate', {}],
        ['message.publish', { topics: ['py/#'] }],
      ]),
    );
    expect(hooks).toHaveLength(2);

    // refused by the Python server: MQTT 5 "not authorized" (0x87), MQTT 3.1.1 code 5
    expect(await connackCode(node.mqttPort, { clientId: 'py-denied-5', username: 'py-denied' })).toBe(0x87);
    expect(await connackCode(node.mqttPort, { clientId: 'py-denied-3', username: 'py-denied', protocolVersion: 4 })).toBe(5);
    await waitFor(() => out.includes('CALL OnClientAuthenticate py-denied'), 5000, `the Python server's OnClientAuthenticate line (${out})`);

    const sub = await connectClient(node.mqttPort, { clientId: 'py-sub', username: 'py-ok' });
    clients.push(sub);
    const got: string[] = [];
    sub.on('message', (t, p) => got.push(`${t} ${p.toString()}`));
    await sub.subscribeAsync(['py/#', 'other/#'], { qos: 1 });
    const pub = await connectClient(node.mqttPort, { clientId: 'py-pub', username: 'py-ok' });
    clients.push(pub);
    await pub.publishAsync('py/a', 'hello', { qos: 1 });
    await pub.publishAsync('other/b', 'untouched', { qos: 1 });
    await waitFor(() => got.length >= 2, 15_000, `two messages (${JSON.stringify(got)} ${out})`);
    expect(got).toEqual(['py/a py:hello', 'other/b untouched']);
    // only the registered topic filter reached the Python server
    expect(out.match(/CALL OnMessagePublish \S+/g)).toEqual(['CALL OnMessagePublish py/a']);
  });
});
