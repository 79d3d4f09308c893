// TLS (ssl) and secure WebSocket (wss) listeners with a throwaway self-signed certificate made by openssl.
import { afterEach, beforeAll, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import type { Broker, ListenerConfig } from '../src/index';
import { newBroker } from './wire';
import { testListener } from './listener-config';
import { hasOpenssl } from './pki';

let broker: Broker;
let cert = '';
let key = '';
const clients: MqttClient[] = [];

beforeAll(() => {
  if (!hasOpenssl) return;
  const dir = mkdtempSync(join(tmpdir(), 'mqdeck-tls-'));
  execFileSync(
    '/usr/bin/openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
    { stdio: 'ignore' },
  );
  cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
  key = readFileSync(join(dir, 'key.pem'), 'utf8');
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  await broker?.close();
});

function config(type: 'ssl' | 'wss'): ListenerConfig {
  return testListener(type, { tls: { cert, key, verify: false, failIfNoPeerCert: false, versions: ['tlsv1.3', 'tlsv1.2'] } });
}

test.skipIf(!hasOpenssl)('MQTT over TLS and over WSS: is_ssl is reported, messages flow', async () => {
  broker = newBroker();
  const ssl = broker.createListener(config('ssl'));
  const wss = broker.createListener(config('wss'));
  await ssl.start();
  await wss.start();
  const a = await mqtt.connectAsync(`mqtts://127.0.0.1:${ssl.port}`, { clientId: 'tls-a', rejectUnauthorized: false, reconnectPeriod: 0 });
  clients.push(a);
  const b = await mqtt.connectAsync(`wss://127.0.0.1:${wss.port}/mqtt`, { clientId: 'wss-b', rejectUnauthorized: false, reconnectPeriod: 0, protocolVersion: 5 });
  clients.push(b);
  await a.subscribeAsync('secure/#');
  const got = new Promise<string>((resolve) => a.once('message', (_t, p) => resolve(p.toString())));
  await b.publishAsync('secure/x', 'over wss');
  expect(await got).toBe('over wss');
  expect(broker.client('tls-a')?.isSsl).toBe(true);
  expect(broker.client('wss-b')?.isSsl).toBe(true);
  expect(broker.client('wss-b')?.listener).toBe('wss:default');
});

test('an ssl listener without cert/key fails to start with a clear error', async () => {
  broker = newBroker();
  const l = broker.createListener({ ...config('ssl'), tls: undefined });
  await expect(l.start()).rejects.toThrow(/TLS options/);
});
