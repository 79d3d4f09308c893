// Client certificate checks on ssl and wss listeners (EMQX ssl_options.verify / fail_if_no_peer_cert) with real
// TLS clients: a certificate signed by the listener's CA, a self-signed foreign one, and none.
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { Broker, ListenerConfig } from '../src/index';
import { newBroker } from './wire';
import { derOf, hasOpenssl, makePki, type Pki } from './pki';
import { testListener } from './listener-config';

let pki: Pki;
let broker: Broker;
const clients: MqttClient[] = [];

beforeAll(() => {
  if (hasOpenssl) pki = makePki();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  await broker?.close();
});

type Kind = 'ssl' | 'wss';
type Verify = { verify: boolean; failIfNoPeerCert: boolean };

function listenerConfig(type: Kind, v: Verify): ListenerConfig {
  return testListener(type, { tls: { cert: pki.serverCert, key: pki.serverKey, ca: pki.ca, ...v, versions: ['tlsv1.3', 'tlsv1.2'] } });
}

async function startListener(type: Kind, v: Verify): Promise<string> {
  broker = newBroker();
  const l = broker.createListener(listenerConfig(type, v));
  await l.start();
  return type === 'ssl' ? `mqtts://127.0.0.1:${l.port}` : `wss://127.0.0.1:${l.port}/mqtt`;
}

type Presented = 'ca-signed' | 'foreign' | 'none';

function identity(p: Presented): { cert?: string; key?: string } {
  if (p === 'ca-signed') return { cert: pki.clientCert, key: pki.clientKey };
  if (p === 'foreign') return { cert: pki.foreignCert, key: pki.foreignKey };
  return {};
}

/** connects with the given client certificate; resolves to whether a CONNACK arrived */
async function connects(url: string, clientId: string, p: Presented, tlsVersion?: 'TLSv1.2'): Promise<boolean> {
  const client = mqtt.connect(url, {
    clientId,
    ca: pki.ca,
    rejectUnauthorized: false,
    reconnectPeriod: 0,
    connectTimeout: 4000,
    ...(tlsVersion ? { maxVersion: tlsVersion } : {}),
    ...identity(p),
  });
  clients.push(client);
  return new Promise<boolean>((resolve) => {
    client.once('connect', () => resolve(true));
    client.once('error', () => resolve(false));
    client.once('close', () => resolve(false));
  });
}

const CASES: { v: Verify; expected: Record<Presented, boolean> }[] = [
  { v: { verify: true, failIfNoPeerCert: false }, expected: { 'ca-signed': true, foreign: false, none: true } },
  { v: { verify: true, failIfNoPeerCert: true }, expected: { 'ca-signed': true, foreign: false, none: false } },
  { v: { verify: false, failIfNoPeerCert: false }, expected: { 'ca-signed': true, foreign: true, none: true } },
];

describe.skipIf(!hasOpenssl).each(['ssl', 'wss'] as const)('%s listener', (type) => {
  for (const { v, expected } of CASES) {
    const mode = `${v.verify ? 'verify_peer' : 'verify_none'}, fail_if_no_peer_cert=${v.failIfNoPeerCert}`;
    test(`${mode}: CA-signed ${expected['ca-signed'] ? 'in' : 'out'}, foreign ${expected.foreign ? 'in' : 'out'}, none ${expected.none ? 'in' : 'out'}`, async () => {
      const url = await startListener(type, v);
      for (const p of ['ca-signed', 'foreign', 'none'] as const) {
        expect({ p, connected: await connects(url, `c-${p}`, p) }).toEqual({ p, connected: expected[p] });
        expect(broker.client(`c-${p}`) !== undefined).toBe(expected[p]);
      }
    });
  }

  test('verify_peer, fail_if_no_peer_cert=false over TLS 1.2 also refuses the foreign certificate', async () => {
    const url = await startListener(type, { verify: true, failIfNoPeerCert: false });
    expect(await connects(url, 'tls12-foreign', 'foreign', 'TLSv1.2')).toBe(false);
    expect(await connects(url, 'tls12-none', 'none', 'TLSv1.2')).toBe(true);
  });

  test('a trusted client certificate is reported with EMQX DN and CN', async () => {
    const url = await startListener(type, { verify: true, failIfNoPeerCert: true });
    let seen: { subject?: string; commonName?: string; der?: Buffer } | undefined;
    broker.setHooks({
      authenticate: (req) => {
        seen = req.peerCert;
        return { result: 'allow' };
      },
    });
    expect(await connects(url, 'dn-check', 'ca-signed')).toBe(true);
    expect(seen?.subject).toBe('CN=dev1,O=Acme\\, Inc.,C=SE');
    expect(seen?.commonName).toBe('dev1');
    expect(createHash('md5').update(seen!.der!).digest('hex')).toBe(createHash('md5').update(derOf(pki.clientCert)).digest('hex'));
  });
});
