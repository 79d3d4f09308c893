// ssl_options.password: the passphrase of an encrypted keyfile (made here with openssl). The listener serves TLS
// with it, GET shows it as '******', a PUT sending '******' back keeps it, a missing or wrong one is refused with 400, and so is the mask on a new listener (nothing stored behind it).
import type { MqttClient } from 'mqtt';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient } from '../../shared/testing';

let node: TestNode;
let dir: string;
let cert: string;
let encryptedKey: string;
const clients: MqttClient[] = [];
const PASS = 'pem-s3cret';
const portOf = (id: string) => node.app.listeners.get(id)?.port ?? 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mqdeck-tlspass-'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-days', '1', '-subj', '/CN=localhost', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-passout', `pass:${PASS}`],
    { stdio: 'ignore' },
  );
  cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
  encryptedKey = readFileSync(join(dir, 'key.pem'), 'utf8');
  node = await startTestNode();
});

afterAll(async () => {
  await closeClients(clients);
  await node.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('ssl_options.password (encrypted keyfile)', () => {
  test('an encrypted key without its passphrase, or with a wrong one, is refused and nothing is stored', async () => {
    expect(encryptedKey).toContain('ENCRYPTED');
    const none = await api(node, 'POST', '/listeners', { type: 'ssl', name: 'enc', bind: '127.0.0.1:0', ssl_options: { certfile: cert, keyfile: encryptedKey } });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/keyfile is encrypted: ssl_options.password/);
    const wrong = await api(node, 'POST', '/listeners', {
      type: 'ssl',
      name: 'enc',
      bind: '127.0.0.1:0',
      ssl_options: { certfile: cert, keyfile: encryptedKey, password: 'nope' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/ssl_options.password: cannot decrypt/);
    expect(node.app.config.get('listeners.ssl.enc')).toBeUndefined();
  });

  test('with the passphrase the listener serves TLS; GET masks it; sending the mask back keeps it', async () => {
    const res = await api(node, 'POST', '/listeners', { type: 'ssl', name: 'enc', bind: '127.0.0.1:0', ssl_options: { certfile: cert, keyfile: encryptedKey, password: PASS } });
    expect(res.status).toBe(200);
    expect(res.body.ssl_options.password).toBe('******');
    clients.push(await connectClient(portOf('ssl:enc'), { protocol: 'mqtts', rejectUnauthorized: false, clientId: 'enc-1' }));

    const got = await api(node, 'GET', '/listeners/ssl:enc');
    expect(got.body.ssl_options.password).toBe('******');
    expect(JSON.stringify(got.body)).not.toContain(PASS);

    // the console sends the whole listener back, mask included; a change that restarts TLS still has the passphrase
    const put = await api(node, 'PUT', '/listeners/ssl:enc', { ...got.body, ssl_options: { ...got.body.ssl_options, handshake_timeout: '10s' } });
    expect(put.status).toBe(200);
    expect(node.app.config.get('listeners.ssl.enc.ssl_options.password')).toBe(PASS);
    expect(node.app.config.get('listeners.ssl.enc.ssl_options.handshake_timeout')).toBe('10s');
    clients.push(await connectClient(portOf('ssl:enc'), { protocol: 'mqtts', rejectUnauthorized: false, clientId: 'enc-2' }));

    // a new wrong passphrase is refused and the stored one stays
    const bad = await api(node, 'PUT', '/listeners/ssl:enc', { id: 'ssl:enc', type: 'ssl', ssl_options: { password: 'other' } });
    expect(bad.status).toBe(400);
    expect(node.app.config.get('listeners.ssl.enc.ssl_options.password')).toBe(PASS);
  });

  test('a new listener sent with the mask (no stored passphrase behind it) is 400 with the reason, nothing stored', async () => {
    for (const [path, body] of [
      ['/listeners', { type: 'ssl', name: 'copied', bind: '127.0.0.1:0', ssl_options: { certfile: cert, keyfile: encryptedKey, password: '******' } }],
      ['/listeners/wss:copied', { bind: '127.0.0.1:0', ssl_options: { password: '******' } }],
    ] as const) {
      const res = await api(node, 'POST', path, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'BAD_REQUEST',
        message: 'ssl_options.password: "******" stands for a stored passphrase, and this new listener has none: enter the keyfile passphrase',
      });
    }
    expect(node.app.config.get('listeners.ssl.copied')).toBeUndefined();
    expect(node.app.config.get('listeners.wss.copied')).toBeUndefined();
  });
});
