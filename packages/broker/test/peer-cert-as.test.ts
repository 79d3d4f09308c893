// mqtt.peer_cert_as_username / peer_cert_as_clientid and client_attrs_init with real TLS clients: the values are
// settled at CONNECT, before the authenticate hook runs, and show in the client view.
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { AuthnRequest, Broker, ListenerConfig, MqttSettings } from '../src/index';
import { newBroker } from './wire';
import { derOf, hasOpenssl, makePki, type Pki } from './pki';

let pki: Pki;
let broker: Broker;
let seen: AuthnRequest[] = [];
const clients: MqttClient[] = [];
const DN = 'CN=dev1,O=Acme\\, Inc.,C=SE';

beforeAll(() => {
  if (hasOpenssl) pki = makePki();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  await broker?.close();
});

function listener(type: 'ssl' | 'tcp', mountpoint = ''): ListenerConfig {
  return {
    id: `${type}:default`,
    type,
    bind: { host: '127.0.0.1', port: 0 },
    maxConnections: null,
    mountpoint,
    zone: 'default',
    enableAuthn: true,
    tls: type === 'ssl' ? { cert: pki.serverCert, key: pki.serverKey, ca: pki.ca, verify: true, failIfNoPeerCert: false, versions: ['tlsv1.3', 'tlsv1.2'] } : undefined,
  };
}

/** a broker with the given settings whose authenticate hook records what it was asked */
async function start(settings: Partial<MqttSettings>, type: 'ssl' | 'tcp' = 'ssl', mountpoint = ''): Promise<string> {
  broker = newBroker();
  broker.updateSettings(settings);
  seen = [];
  broker.setHooks({
    authenticate: (req) => {
      seen.push(req);
      return { result: 'allow' };
    },
  });
  const l = broker.createListener(listener(type, mountpoint));
  await l.start();
  return type === 'ssl' ? `mqtts://127.0.0.1:${l.port}` : `mqtt://127.0.0.1:${l.port}`;
}

async function connect(url: string, opts: IClientOptions, withCert = true): Promise<MqttClient> {
  const c = await mqtt.connectAsync(url, {
    rejectUnauthorized: false,
    reconnectPeriod: 0,
    ...(withCert ? { cert: pki.clientCert, key: pki.clientKey } : {}),
    ...opts,
  });
  clients.push(c);
  return c;
}

describe.skipIf(!hasOpenssl)('peer_cert_as_username / peer_cert_as_clientid', () => {
  test('cn as username: the packet username is replaced before authentication', async () => {
    const url = await start({ peerCertAsUsername: 'cn' });
    await connect(url, { clientId: 'u1', username: 'from-packet', password: 'x' });
    expect(seen[0]).toMatchObject({ clientid: 'u1', username: 'dev1' });
    expect(broker.client('u1')?.username).toBe('dev1');
  });

  test.each([
    ['dn', DN],
    ['md5', () => createHash('md5').update(derOf(pki.clientCert)).digest('hex')],
    ['pem', () => derOf(pki.clientCert).toString('base64')],
    ['crt', () => derOf(pki.clientCert).toString('latin1')],
    ['cn', 'dev1'],
  ] as const)('%s as client id', async (mode, expected) => {
    const want = typeof expected === 'function' ? expected() : expected;
    const url = await start({ peerCertAsClientid: mode });
    await connect(url, { clientId: 'ignored' });
    expect(seen[0].clientid).toBe(want);
    expect(broker.client(want)).toBeDefined();
    expect(broker.client('ignored')).toBeUndefined();
  });

  test('a client without a certificate, or on plain TCP, keeps its own username and client id', async () => {
    const url = await start({ peerCertAsUsername: 'cn', peerCertAsClientid: 'cn' });
    await connect(url, { clientId: 'nocert', username: 'own' }, false);
    expect(seen[0]).toMatchObject({ clientid: 'nocert', username: 'own' });
    await broker.close();
    const tcp = await start({ peerCertAsUsername: 'cn', peerCertAsClientid: 'cn' }, 'tcp');
    await connect(tcp, { clientId: 'plain', username: 'own2' }, false);
    expect(seen[0]).toMatchObject({ clientid: 'plain', username: 'own2' });
  });

  test('disabled (the default) leaves the packet values', async () => {
    const url = await start({});
    await connect(url, { clientId: 'as-sent', username: 'sent' });
    expect(seen[0]).toMatchObject({ clientid: 'as-sent', username: 'sent', peerCert: { commonName: 'dev1', subject: DN } });
  });

  test('use_username_as_clientid takes effect after peer_cert_as_username', async () => {
    const url = await start({ peerCertAsUsername: 'cn', useUsernameAsClientid: true });
    await connect(url, { clientId: 'whatever', username: 'x' });
    expect(seen[0]).toMatchObject({ clientid: 'dev1', username: 'dev1' });
  });
});

describe.skipIf(!hasOpenssl)('client_attrs_init', () => {
  const inits = [
    { expression: "nth(1, tokens(clientid, '-'))", setAsAttr: 'group' },
    { expression: 'cn', setAsAttr: 'cert_cn' },
    { expression: 'user_property.region', setAsAttr: 'region' },
    { expression: "concat([client_attrs.group, '/', username])", setAsAttr: 'path' },
    { expression: 'user_property.missing', setAsAttr: 'unbound' },
    { expression: "iif(is_empty(user_property.tier), '', 'x')", setAsAttr: 'empty' },
  ];

  test('evaluated before authentication, in order; failing or empty ones set nothing; shown in the client view', async () => {
    const url = await start({ clientAttrsInit: inits });
    await connect(url, { clientId: 'acme-42', username: 'alice', protocolVersion: 5, properties: { userProperties: { region: 'eu' } } });
    const want = { group: 'acme', cert_cn: 'dev1', region: 'eu', path: 'acme/alice' };
    expect(seen[0].clientAttrs).toEqual(want);
    expect(broker.client('acme-42')?.clientAttrs).toEqual(want);
  });

  test('without a certificate cn is unbound; a mountpoint may name an attribute', async () => {
    const url = await start({ clientAttrsInit: inits }, 'tcp', 'tenants/${client_attrs.group}/');
    const c = await connect(url, { clientId: 'beta-1', username: 'bob' }, false);
    expect(broker.client('beta-1')?.clientAttrs).toEqual({ group: 'beta', path: 'beta/bob' });
    expect(broker.client('beta-1')?.mountpoint).toBe('tenants/beta/');
    await c.subscribeAsync('t');
    const got = new Promise<string>((resolve) => c.once('message', (t) => resolve(t)));
    await broker.publish({ topic: 'tenants/beta/t', payload: Buffer.from('x'), qos: 0, retain: false, fromClientid: null, fromUsername: null });
    expect(await got).toBe('t');
  });
});
