// EMQX's `gateway` config root on a real node (config-root.ts): GET /configs prints the loaded gateways (listeners
// by type and name, secrets masked), PUT /configs with a `gateway {…}` block loads, updates and stops gateways (a
// bad one is 400 and changes nothing), and a backup carries the gateways, their authenticator and its built-in users
// to a fresh node, where a STOMP client logs in and an MQTT-SN device connects.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, waitFor, getConfigText, putConfigText } from '../../shared/testing';
import { stompjsConnect } from './stomp/stomp.testing';
import { msg, snClient, str, u16 } from './mqttsn/sn-client.testing';
import { download, upload } from '../backup/backup.testing';
import { readArchive } from '../backup/archive';

const getText = getConfigText;
const putText = putConfigText;
const portOf = (n: TestNode, gw: string, id: string) => n.app.gateways.lookup(gw)!.running.get(id)!.port!;

/** a self-signed pair made by openssl, as PEM text */
function selfSigned(): { cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mqdeck-gw-tls-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=gw-backup', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      { stdio: 'ignore' },
    );
    return { cert: readFileSync(join(dir, 'cert.pem'), 'utf8'), key: readFileSync(join(dir, 'key.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** a STOMP CONNECT over TLS; resolves with the first frame's command */
function stompOverTls(port: number, login: string, passcode: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = tlsConnect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => s.write(`CONNECT\naccept-version:1.2\nhost:x\nlogin:${login}\npasscode:${passcode}\n\n\0`));
    s.once('data', (b: Buffer) => {
      resolve(b.toString('utf8').split('\n')[0]);
      s.destroy();
    });
    s.once('error', reject);
  });
}

/** an MQTT-SN CONNECT answered by CONNACK accepted */
async function snConnects(port: number, clientId: string): Promise<void> {
  const d = await snClient(port);
  try {
    d.send(msg(0x04, 0x04, 0x01, ...u16(60), ...str(clientId)));
    expect([...(await d.next())]).toEqual([3, 0x05, 0]);
  } finally {
    await d.close();
  }
}

describe('the gateway root in GET and PUT /configs', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(async () => {
    await node?.close();
  });

  it('prints the loaded gateways in EMQX shape with secrets masked; GET → PUT restarts nothing', async () => {
    expect(await getText(node)).not.toMatch(/^gateway /m);
    expect(await getText(node, '?key=gateway')).toBe('gateway {}\n');
    const load = await api(node, 'PUT', '/gateways/stomp', { listeners: [{ type: 'tcp', name: 'default', bind: '127.0.0.1:0' }] });
    expect(load.status, JSON.stringify(load.body)).toBe(204);
    const jwt = await api(node, 'POST', '/gateways/stomp/authentication', { mechanism: 'jwt', use_jwks: false, algorithm: 'hmac-based', secret: 's3cr3t', from: 'password' });
    expect(jwt.status, JSON.stringify(jwt.body)).toBe(201);

    const text = await getText(node);
    expect(text).toMatch(/^gateway \{\n {2}stomp \{/m);
    expect(text).toMatch(/listeners \{\n\s+tcp \{\n\s+default \{\n\s+enable = true\n\s+bind = "127\.0\.0\.1:0"/);
    expect(text).toMatch(/max_connections = 1024/); // listener defaults filled in, as EMQX prints its config
    expect(text).toMatch(/secret = "\*{6}"/);
    expect(text).not.toContain('s3cr3t');
    expect(await getText(node, '?key=gateway')).toMatch(/^gateway \{\n {2}stomp \{/);

    const startedAt = node.app.gateways.lookup('stomp')!.startedAt;
    for (const mode of ['merge', 'replace']) {
      const res = await putText(node, text, `?mode=${mode}&ignore_readonly=true`);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(node.app.gateways.lookup('stomp')!.startedAt).toBe(startedAt);
    expect((node.app.gateways.stored('stomp').authentication as { secret: string }).secret).toBe('s3cr3t');
  });

  it('refuses a bad gateway block with a plain sentence and keeps everything', async () => {
    const before = node.app.gateways.rawRoot();
    const bad = async (hocon: string, re: RegExp) => {
      const res = await putText(node, hocon);
      expect(res.statusCode, res.body).toBe(400);
      // EMQX's PUT /configs refusal: {"errors": {root: …}} (configs.suite.test.ts)
      expect(JSON.parse(res.body).errors.gateway).toMatch(re);
    };
    await bad('gateway { stomp { idle_timeout = "soon" } }', /gateway\.stomp: idle_timeout/);
    await bad('gateway { nope { enable = true } }', /gateway\.nope: the nope gateway is not available/);
    await bad('gateway { mqttsn { listeners { tcp { default { bind = "1884" } } } } }', /gateway\.mqttsn: .*no listener type "tcp"/);
    await bad('gateway = 3', /gateway: expected an object/);
    // a bad gateway block stops the other roots too
    await bad('sys_topics { sys_msg_interval = "2m" }\ngateway { stomp { bad_key = 1 } }', /Unknown field for the stomp gateway: bad_key/);
    expect(node.app.config.get('sys_topics.sys_msg_interval')).not.toBe('2m');
    expect(node.app.gateways.rawRoot()).toEqual(before);
    expect(node.app.gateways.lookup('mqttsn')).toBeUndefined();
  });

  it('loads a new gateway, updates and stops one from a HOCON block; a device connects to the new one', async () => {
    const res = await putText(node, 'gateway {\n  mqttsn { gateway_id = 7, listeners { udp { default { bind = "127.0.0.1:0" } } } }\n  stomp { mountpoint = "stomp/" }\n}\n');
    expect(res.statusCode, res.body).toBe(200);
    expect((await api(node, 'GET', '/gateways/mqttsn')).body).toMatchObject({ status: 'running', gateway_id: 7 });
    expect((await api(node, 'GET', '/gateways/stomp')).body).toMatchObject({ status: 'running', mountpoint: 'stomp/' });
    await snConnects(portOf(node, 'mqttsn', 'mqttsn:udp:default'), 'sn-from-hocon');
    // the merge kept the authenticator and its secret
    expect((node.app.gateways.stored('stomp').authentication as { secret: string }).secret).toBe('s3cr3t');

    expect((await putText(node, 'gateway { stomp { enable = false } }')).statusCode).toBe(200);
    expect((await api(node, 'GET', '/gateways/stomp')).body.status).toBe('stopped');
    expect((await putText(node, 'gateway { stomp { enable = true } }')).statusCode).toBe(200);
    expect((await api(node, 'GET', '/gateways/stomp')).body.status).toBe('running');
  });
});

describe('gateways in a backup: export on node 1, import on a fresh node 2', () => {
  let node1: TestNode;
  let node2: TestNode;
  beforeAll(async () => {
    [node1, node2] = await Promise.all([startTestNode(), startTestNode()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([node1?.close(), node2?.close()]);
  });

  it('brings STOMP with its built-in users and MQTT-SN back running; devices connect', async () => {
    const pair = selfSigned();
    const stompLoad = await api(node1, 'PUT', '/gateways/stomp', {
      idle_timeout: '45s',
      listeners: [
        { type: 'tcp', name: 'default', bind: '127.0.0.1:0' },
        { type: 'ssl', name: 'default', bind: '127.0.0.1:0', ssl_options: { certfile: pair.cert, keyfile: pair.key } },
      ],
    });
    expect(stompLoad.status, JSON.stringify(stompLoad.body)).toBe(204);
    const authn = await api(node1, 'POST', '/gateways/stomp/authentication', { mechanism: 'password_based', backend: 'built_in_database', user_id_type: 'username' });
    expect(authn.status, JSON.stringify(authn.body)).toBe(201);
    expect((await api(node1, 'POST', '/gateways/stomp/authentication/users', { user_id: 'dev-1', password: 'pw-1' })).status).toBe(201);
    expect((await api(node1, 'PUT', '/gateways/mqttsn', { listeners: [{ type: 'udp', name: 'default', bind: '127.0.0.1:0' }] })).status).toBe(204);
    // a third gateway with a JWT secret, stopped: it comes back stopped, with the real secret
    const coap = await api(node1, 'PUT', '/gateways/coap', { enable: false, listeners: [{ type: 'udp', name: 'default', bind: '127.0.0.1:0' }] });
    expect(coap.status, JSON.stringify(coap.body)).toBe(204);
    const jwt = await api(node1, 'POST', '/gateways/coap/authentication', { mechanism: 'jwt', use_jwks: false, algorithm: 'hmac-based', secret: 'x-secret', from: 'password' });
    expect(jwt.status, JSON.stringify(jwt.body)).toBe(201);

    const exported = await api(node1, 'POST', '/data/export', {});
    expect(exported.status).toBe(200);
    const file = (await download(node1, exported.body.filename)).data;
    const hocon = (await readArchive(file)).get(`${exported.body.filename.replace(/\.tar\.gz$/, '')}/cluster.hocon`)!.toString();
    // the ssl listener's certificate and key travel inlined, as the node's own listeners' do
    expect(hocon.slice(hocon.indexOf('\ngateway {'))).toContain('-----BEGIN CERTIFICATE-----');
    expect(await upload(node2, exported.body.filename, file)).toEqual({ status: 204, body: undefined });
    const imported = await api(node2, 'POST', '/data/import', { filename: exported.body.filename });
    expect(imported.status).toBe(200);
    expect(imported.body.errors).toEqual([]);
    const byName = Object.fromEntries(imported.body.result.map((r: { name: string }) => [r.name, r]));
    expect(byName.gateway).toMatchObject({ total: 3, success: 3, failed: 0 });
    expect(byName.emqx_authn_mnesia).toMatchObject({ success: 1, failed: 0 });

    const list = (await api(node2, 'GET', '/gateways')).body as { name: string; status: string }[];
    expect(Object.fromEntries(list.map((g) => [g.name, g.status]))).toMatchObject({ stomp: 'running', mqttsn: 'running', coap: 'stopped' });
    expect((await api(node2, 'GET', '/gateways/stomp')).body).toMatchObject({ idle_timeout: '45s', authentication: { backend: 'built_in_database' } });
    expect((node2.app.gateways.stored('coap').authentication as { secret: string }).secret).toBe('x-secret');

    const port = portOf(node2, 'stomp', 'stomp:tcp:default');
    await expect(stompjsConnect(port, { login: 'dev-1', passcode: 'wrong' })).rejects.toThrow(/Login Failed/);
    const ok = await stompjsConnect(port, { login: 'dev-1', passcode: 'pw-1' });
    await waitFor(async () => (await api(node2, 'GET', '/gateways/stomp/clients?like_username=dev-1')).body.data.length === 1, 5000, 'STOMP client on node 2');
    await ok.client.deactivate();
    // the ssl listener runs on node 2 with the certificate written to node 2's data dir
    const certfile = String((node2.app.gateways.stored('stomp').listeners as { ssl: { default: { ssl_options: { certfile: string } } } }).ssl.default.ssl_options.certfile);
    expect(certfile.startsWith(node2.dataDir)).toBe(true);
    expect(await stompOverTls(portOf(node2, 'stomp', 'stomp:ssl:default'), 'dev-1', 'pw-1')).toBe('CONNECTED');
    await snConnects(portOf(node2, 'mqttsn', 'mqttsn:udp:default'), 'sn-restored');

    // importing the same file again changes nothing
    const again = await api(node2, 'POST', '/data/import', { filename: exported.body.filename });
    expect(again.body.result.find((r: { name: string }) => r.name === 'gateway')).toMatchObject({ total: 3, skipped: 3 });
  });
});
