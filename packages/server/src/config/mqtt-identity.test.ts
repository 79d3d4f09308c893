// mqtt.client_attrs_init and mqtt.peer_cert_as_username through the API, with real clients: the configured
// expressions show in GET /clients/{id}, an authorization rule naming ${client_attrs.x} matches, the username
// taken from a TLS client certificate is the one the authenticator checks, bad expressions answer 400.
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../test/test-node';
import { api, closeClients, connectClient } from '../shared/testing';
import { hasOpenssl, makePki, type Pki } from '@mqdeck/broker/testing';

let node: TestNode;
const clients: MqttClient[] = [];

beforeAll(async () => {
  node = await startTestNode();
});

afterAll(async () => {
  await closeClients(clients);
  await node.close();
});

async function putMqtt(patch: Record<string, unknown>) {
  const current = (await api(node, 'GET', '/configs/global_zone')).body.mqtt as Record<string, unknown>;
  return api(node, 'PUT', '/configs/global_zone', { mqtt: { ...current, ...patch } });
}

describe('client_attrs_init', () => {
  test('bad expressions and names are refused with the reason; nothing is stored', async () => {
    const cases: [unknown, RegExp][] = [
      [[{ expression: 'nosuch(clientid)', set_as_attr: 'a' }], /"reason":"unknown function: nosuch[\s\S]*"path":"mqtt\.client_attrs_init\.1\.expression"/],
      [[{ expression: "sprintf_s('~s', [clientid])", set_as_attr: 'a' }], /function sprintf_s is not supported by this node/],
      [[{ expression: 'nth(1, tokens(clientid', set_as_attr: 'a' }], /syntax error/],
      [[{ expression: 'clientid', set_as_attr: 'no spaces' }], /"reason":"Invalid string for attribute name","path":"mqtt\.client_attrs_init\.1\.set_as_attr"/],
      [[{ expression: 'nth(1)', set_as_attr: 'a' }], /nth takes 2 argument\(s\), got 1/],
    ];
    for (const [attrs, message] of cases) {
      const res = await putMqtt({ client_attrs_init: attrs });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await api(node, 'GET', '/configs/global_zone')).body.mqtt.client_attrs_init).toEqual([]);
  });

  test('evaluated at CONNECT: GET /clients/{id} shows the attributes; a ${client_attrs.x} rule matches', async () => {
    const attrs = [
      { expression: "nth(1, tokens(clientid, '-'))", set_as_attr: 'tenant' },
      { expression: "coalesce(user_property.zone, 'none')", set_as_attr: 'zone' },
    ];
    expect((await putMqtt({ client_attrs_init: attrs })).status).toBe(200);
    expect((await api(node, 'GET', '/configs/global_zone')).body.mqtt.client_attrs_init).toEqual(attrs);

    await api(node, 'POST', '/authorization/sources', { type: 'built_in_database', enable: true });
    const rules = await api(node, 'POST', '/authorization/sources/built_in_database/rules/all', {
      rules: [
        { topic: 'tenants/${client_attrs.tenant}/#', permission: 'allow', action: 'all' },
        { topic: 'tenants/#', permission: 'deny', action: 'all' },
      ],
    });
    expect(rules.status).toBe(204);

    const c = await connectClient(node.mqttPort, { clientId: 'acme-7', protocolVersion: 5, properties: { userProperties: { zone: 'eu' } } });
    clients.push(c);
    const view = await api(node, 'GET', '/clients/acme-7');
    expect(view.body.client_attrs).toEqual({ tenant: 'acme', zone: 'eu' });
    expect((await c.subscribeAsync('tenants/acme/x', { qos: 1 })).map((g) => g.qos)).toEqual([1]);
    await expect(c.subscribeAsync('tenants/other/x', { qos: 1 })).rejects.toThrow(/Not authorized/);

    expect((await putMqtt({ client_attrs_init: [] })).status).toBe(200);
  });
});

let pki: Pki;

/** connects over TLS; resolves to the client, or to the CONNACK/transport error */
function tlsConnect(port: number, opts: IClientOptions): Promise<MqttClient | Error> {
  return new Promise((resolve) => {
    const c = mqtt.connect({ host: '127.0.0.1', port, protocol: 'mqtts', rejectUnauthorized: false, reconnectPeriod: 0, connectTimeout: 4000, ...opts });
    c.once('connect', () => {
      clients.push(c);
      resolve(c);
    });
    const fail = (err?: Error) => {
      c.end(true);
      resolve(err ?? new Error('closed'));
    };
    c.once('error', fail);
    c.once('close', () => fail());
  });
}

describe.skipIf(!hasOpenssl)('peer_cert_as_username on an ssl listener with verify_peer', () => {
  test('the certificate CN is the username the authenticator checks; an untrusted certificate is refused', async () => {
    pki = makePki();
    const created = await api(node, 'POST', '/listeners', {
      type: 'ssl',
      name: 'mtls',
      bind: '127.0.0.1:0',
      ssl_options: { certfile: pki.serverCert, keyfile: pki.serverKey, cacertfile: pki.ca, verify: 'verify_peer', fail_if_no_peer_cert: false },
    });
    expect(created.status).toBe(200);
    const port = node.app.listeners.get('ssl:mtls')?.port ?? 0;
    expect((await putMqtt({ peer_cert_as_username: 'cn' })).status).toBe(200);
    expect((await api(node, 'POST', '/authentication', { mechanism: 'password_based', backend: 'built_in_database', user_id_type: 'username' })).status).toBe(200);
    expect((await api(node, 'POST', '/authentication/password_based%3Abuilt_in_database/users', { user_id: 'dev1', password: 'dev1-pw' })).status).toBe(201);

    const mine = { cert: pki.clientCert, key: pki.clientKey };
    const ok = await tlsConnect(port, { ...mine, clientId: 'mtls-1', username: 'someone-else', password: 'dev1-pw' });
    expect(ok).not.toBeInstanceOf(Error);
    expect((await api(node, 'GET', '/clients/mtls-1')).body).toMatchObject({ clientid: 'mtls-1', username: 'dev1' });

    // the packet's username is not what is checked: dev1's password only
    expect(await tlsConnect(port, { ...mine, clientId: 'mtls-2', username: 'someone-else', password: 'wrong' })).toBeInstanceOf(Error);
    // no certificate: the packet username is used (and has no account)
    expect(await tlsConnect(port, { clientId: 'mtls-3', username: 'someone-else', password: 'dev1-pw' })).toBeInstanceOf(Error);
    // a certificate the listener's CA did not sign never reaches MQTT
    expect(await tlsConnect(port, { cert: pki.foreignCert, key: pki.foreignKey, clientId: 'mtls-4', username: 'dev1', password: 'dev1-pw' })).toBeInstanceOf(Error);
    expect((await api(node, 'GET', '/clients/mtls-4')).status).toBe(404);

    expect((await putMqtt({ peer_cert_as_username: 'disabled' })).status).toBe(200);
    await api(node, 'DELETE', '/authentication/password_based%3Abuilt_in_database');
  });
});
