// Backup and restore between two real nodes (EMQX emqx_mgmt_api_data_backup_SUITE, emqx_mgmt_data_backup_SUITE):
// data made on node 1 is exported, the file downloaded, uploaded to a fresh node 2 and imported there, and node 2
// then behaves as node 1 (same dashboard login, API key, authenticator with its users for a real MQTT client,
// authorization rules, ban, rules, settings, listeners with a certificate, a webhook to a real HTTP server, a
// schema). Hostile and malformed archives: backup.hostile.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import type { IPublishPacket } from 'mqtt';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connackCode, connectClient, expectContract, putConfigText } from '../../shared/testing';
import { readArchive } from './archive';
import { download, upload } from './backup.testing';
import { startTarget, type Target } from '../connectors/types/http/target.testing';

let node1: TestNode;
let node2: TestNode;
/** the webhook's HTTP server: a real peer both nodes send to */
let hook: Target;
/** a self-signed pair for the TLS listener */
const tls = { cert: '', key: '' };

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mqdeck-backup-tls-'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=backup-test', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
    {
      stdio: 'ignore',
    },
  );
  tls.cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
  tls.key = readFileSync(join(dir, 'key.pem'), 'utf8');
  rmSync(dir, { recursive: true, force: true });
  hook = await startTarget();
  [node1, node2] = await Promise.all([startTestNode(), startTestNode()]);
}, 60_000); // openssl and two nodes: slow on a busy machine
afterAll(async () => {
  await Promise.all([node1?.close(), node2?.close()]);
  await hook?.stop();
});

const AUTHN = { mechanism: 'password_based', backend: 'built_in_database', user_id_type: 'username', password_hash_algorithm: { name: 'sha256', salt_position: 'suffix' } };
const AUTHN_ID = 'password_based:built_in_database';

describe('export on node 1, import on a fresh node 2', () => {
  let apiKey: { api_key: string; api_secret: string };
  let exported: { filename: string; size: number; node: string; created_at: string; created_at_sec: number };

  test('node 1: users, an API key, an authenticator with a user, authz rules, a ban, rules, a setting, listeners, a webhook, a schema', async () => {
    expect((await api(node1, 'POST', '/users', { username: 'operator_1', password: 'op-pass-123', description: 'night shift', role: 'viewer' })).status).toBe(200);
    const key = await api(node1, 'POST', '/api_key', { name: 'ci-key', desc: 'for CI', enable: true });
    expect(key.status).toBe(200);
    apiKey = key.body;
    expect((await api(node1, 'POST', '/authentication', AUTHN)).status).toBe(200);
    expect((await api(node1, 'POST', `/authentication/${AUTHN_ID}/users`, { user_id: 'sensor-1', password: 's3cret-pw', is_superuser: false })).status).toBe(201);
    expect((await api(node1, 'POST', '/authorization/sources', { type: 'built_in_database', enable: true })).status).toBe(204);
    const rules = [{ username: 'sensor-1', rules: [{ topic: 'sensors/1/#', permission: 'allow', action: 'all' }] }];
    expect((await api(node1, 'POST', '/authorization/sources/built_in_database/rules/users', rules)).status).toBe(204);
    expect((await api(node1, 'POST', '/banned', { as: 'clientid', who: 'bad-client', reason: 'abuse' })).status).toBe(200);
    expect((await api(node1, 'POST', '/rules', { id: 'rule_backup', sql: 'SELECT * FROM "sensors/#"', actions: [], description: 'kept' })).status).toBe(201);
    expect((await api(node1, 'PUT', '/configs/alarm', { actions: ['log'], size_limit: 777, validity_period: '2h' })).status).toBe(200);
    // a retained message with MQTT 5 properties (binary correlation data travels as base64)
    const retainer = await connectClient(node1.mqttPort, { clientId: 'retainer', username: 'sensor-1', password: 's3cret-pw' });
    const props = { contentType: 'text/plain', correlationData: Buffer.from([0, 1, 254, 255]), userProperties: { k: 'v' } };
    await retainer.publishAsync('status/door', Buffer.from([0xde, 0xad, 0xbe, 0xef]), { qos: 1, retain: true, properties: props });
    await closeClients([retainer]);
    // a custom zone, and a second MQTT listener on it with its own settings, and a TLS listener with its own certificate
    const zone = await putConfigText(node1, 'zones.edge.mqtt { max_topic_levels = 2 }', '?mode=merge');
    expect(zone.statusCode).toBe(200);
    expect((await api(node1, 'POST', '/listeners', { type: 'tcp', name: 'extra', bind: '127.0.0.1:0', max_connections: 4321, zone: 'edge' })).status).toBe(200);
    const secure = { type: 'ssl', name: 'secure', bind: '127.0.0.1:0', ssl_options: { certfile: tls.cert, keyfile: tls.key } };
    expect((await api(node1, 'POST', '/listeners', secure)).status).toBe(200);
    // data integration: a webhook (connector, action, rule) to a real HTTP server, and a schema
    expect((await api(node1, 'POST', '/connectors', { type: 'http', name: 'hook', url: hook.url, pool_size: 1 })).status).toBe(201);
    const action = { type: 'http', name: 'hook', connector: 'hook', parameters: { method: 'post', path: '/in', body: '${payload}' } };
    expect((await api(node1, 'POST', '/actions', action)).status).toBe(201);
    expect((await api(node1, 'POST', '/rules', { id: 'rule_hook', sql: 'SELECT payload FROM "hook/#"', actions: ['http:hook'] })).status).toBe(201);
    const schema = { name: 'reading', type: 'avro', source: JSON.stringify({ type: 'record', name: 'r', fields: [{ name: 'v', type: 'int' }] }) };
    expect((await api(node1, 'POST', '/schema_registry', schema)).status).toBe(201);
  });

  test('export: EMQX-named file with META.hocon, cluster.hocon and one JSON file per table', async () => {
    const res = await api(node1, 'POST', '/data/export', {});
    expect(res.status).toBe(200);
    expectContract('post', '/data/export', 200, res.body);
    exported = res.body;
    expect(exported.filename).toMatch(/^emqx-export-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.\d{3}\.tar\.gz$/);
    expect(exported.node).toBe(node1.app.nodeName);
    expect(exported.size).toBeGreaterThan(0);
    expect(exported.created_at_sec).toBeGreaterThan(0);
    expect(existsSync(join(node1.dataDir, 'backup', exported.filename))).toBe(true);

    const files = await readArchive((await download(node1, exported.filename)).data);
    const base = exported.filename.replace(/\.tar\.gz$/, '');
    expect([...files.keys()].sort()).toEqual(
      [
        'META.hocon',
        'cluster.hocon',
        'mnesia/emqx_acl',
        'mnesia/emqx_admin',
        'mnesia/emqx_app',
        'mnesia/emqx_authn_mnesia',
        'mnesia/emqx_banned',
        'mnesia/emqx_retainer_message',
      ].map((f) => `${base}/${f}`),
    );
    expect(files.get(`${base}/META.hocon`)!.toString()).toMatch(/edition = "ee"[\s\S]*version = "5\.8\.\d+"/);
    const hocon = files.get(`${base}/cluster.hocon`)!.toString();
    expect(hocon).toContain('rule_backup');
    expect(hocon).toContain('password_based');
    expect(hocon).toMatch(/size_limit = 777/);
    // the file source carries the ACL text itself, as EMQX's export does
    expect(hocon).toMatch(/rules = "%%/);
    // the TLS listener's certificate and key travel inlined, as EMQX's export reads data-dir files
    expect(hocon).toContain('-----BEGIN CERTIFICATE-----');
    expect(hocon).toContain('PRIVATE KEY-----');
    const admins = JSON.parse(files.get(`${base}/mnesia/emqx_admin`)!.toString());
    expect(admins.map((u: { username: string }) => u.username)).toEqual(['admin', 'operator_1']);
    const authnUsers = JSON.parse(files.get(`${base}/mnesia/emqx_authn_mnesia`)!.toString());
    expect(authnUsers).toMatchObject([{ authenticator: AUTHN_ID, user_id: 'sensor-1', is_superuser: false }]);
  });

  test('list with paging, EMQX meta', async () => {
    const second = await api(node1, 'POST', '/data/export', { table_sets: ['banned'], root_keys: ['alarm'] });
    expect(second.status).toBe(200);
    const all = await api(node1, 'GET', '/data/files?page=1&limit=100');
    expect(all.status).toBe(200);
    expectContract('get', '/data/files', 200, all.body);
    expect(all.body.meta).toMatchObject({ page: 1, limit: 100, count: 2, hasnext: false });
    expect(all.body.data.map((f: { filename: string }) => f.filename)).toEqual([exported.filename, second.body.filename].sort());
    const p1 = await api(node1, 'GET', '/data/files?page=1&limit=1');
    expect(p1.body.meta).toMatchObject({ count: 2, hasnext: true });
    expect(p1.body.data).toHaveLength(1);
    expect((await api(node1, 'GET', '/data/files?page=3&limit=1')).body.data).toEqual([]);

    // the scoped export holds the chosen root and table only
    const scoped = await readArchive((await download(node1, second.body.filename)).data);
    const names = [...scoped.keys()].map((k) => k.split('/').slice(1).join('/')).sort();
    expect(names).toEqual(['META.hocon', 'cluster.hocon', 'mnesia/emqx_banned']);
    const hocon = [...scoped.entries()].find(([k]) => k.endsWith('cluster.hocon'))![1].toString();
    expect(hocon).toMatch(/^alarm \{/);
    expect(hocon).not.toContain('authentication');
    expect((await api(node1, 'DELETE', `/data/files/${second.body.filename}`)).status).toBe(204);
  });

  test('export options: unknown table sets and root keys in EMQX words', async () => {
    expect(await api(node1, 'POST', '/data/export', { table_sets: ['foo', 'bar', 'foo'] })).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Invalid table sets: bar, foo' },
    });
    expect(await api(node1, 'POST', '/data/export', { root_keys: ['foo', 'bar', 'foo'] })).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Invalid root keys: bar, foo' },
    });
  });

  test('download names the file in content-disposition; unknown files and nodes', async () => {
    const res = await download(node1, exported.filename);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe(`attachment; filename=${exported.filename}`);
    expect(await api(node1, 'GET', '/data/files/nope.tar.gz')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'backup file not found' } });
    expect(await api(node1, 'GET', `/data/files/${exported.filename}?node=other@host`)).toMatchObject({ status: 400, body: { message: 'Unknown node: other@host' } });
    expect(await api(node1, 'GET', '/data/files/notes.txt')).toMatchObject({ status: 400, body: { message: 'invalid backup name: file name must have .tar.gz extension' } });
  });

  test('node 2: upload, import, and it behaves as node 1', async () => {
    const file = (await download(node1, exported.filename)).data;
    expect(await upload(node2, exported.filename, file)).toEqual({ status: 204, body: undefined });
    expect((await upload(node2, exported.filename, file)).body).toEqual({ code: 'BAD_REQUEST', message: `Backup file "${exported.filename}" already exists` });

    const imported = await api(node2, 'POST', '/data/import', { filename: exported.filename });
    expect(imported.status).toBe(200);
    expect(imported.body.errors).toEqual([]);
    const byName = Object.fromEntries(imported.body.result.map((r: { name: string }) => [r.name, r]));
    // admin exists on both (password hashes differ: override), operator_1 is new
    expect(byName.emqx_admin).toEqual({ name: 'emqx_admin', total: 2, success: 1, override: 1, skipped: 0, failed: 0 });
    expect(byName.emqx_authn_mnesia).toMatchObject({ total: 1, success: 1 });
    expect(byName.emqx_acl).toMatchObject({ total: 1, success: 1 });
    expect(byName.emqx_banned).toMatchObject({ total: 1, success: 1 });
    expect(byName.emqx_app).toMatchObject({ total: 1, success: 1 });
    expect(byName.authentication).toMatchObject({ total: 1, success: 1 });
    expect(byName.rules).toMatchObject({ total: 2, success: 2 });
    expect(byName.authorization).toMatchObject({ total: 2, failed: 0 });
    expect(byName.connectors).toMatchObject({ total: 1, success: 1, failed: 0 });
    expect(byName.actions).toMatchObject({ total: 1, success: 1, failed: 0 });
    expect(byName.schemas).toMatchObject({ total: 1, success: 1, failed: 0 });
    expect(byName.emqx_retainer_message).toMatchObject({ total: 1, success: 1, failed: 0 });
    // the listeners both nodes have are alike (skipped); the extra and the TLS one are new
    expect(byName.listeners).toMatchObject({ success: 2, override: 0, failed: 0 });

    // the dashboard user logs in with the same password; the API key authenticates
    expect((await node2.app.inject({ method: 'POST', url: '/api/v5/login', payload: { username: 'operator_1', password: 'op-pass-123' } })).statusCode).toBe(200);
    const basic = `Basic ${Buffer.from(`${apiKey.api_key}:${apiKey.api_secret}`).toString('base64')}`;
    expect((await node2.app.inject({ method: 'GET', url: '/api/v5/nodes', headers: { authorization: basic } })).statusCode).toBe(200);

    // the same authenticator, users, sources, rules, ban and settings
    expect((await api(node2, 'GET', '/authentication')).body.map((a: { id: string }) => a.id)).toEqual([AUTHN_ID]);
    expect((await api(node2, 'GET', `/authentication/${AUTHN_ID}/users`)).body.data).toEqual([{ user_id: 'sensor-1', is_superuser: false }]);
    const sources1 = (await api(node1, 'GET', '/authorization/sources')).body.sources.map((s: { type: string }) => s.type);
    expect((await api(node2, 'GET', '/authorization/sources')).body.sources.map((s: { type: string }) => s.type)).toEqual(sources1);
    expect((await api(node2, 'GET', '/authorization/sources/built_in_database/rules/users/sensor-1')).body).toMatchObject({
      username: 'sensor-1',
      rules: [{ topic: 'sensors/1/#', permission: 'allow', action: 'all' }],
    });
    expect((await api(node2, 'GET', '/banned')).body.data).toMatchObject([{ as: 'clientid', who: 'bad-client', reason: 'abuse' }]);
    expect((await api(node2, 'GET', '/rules/rule_backup')).body).toMatchObject({ id: 'rule_backup', sql: 'SELECT * FROM "sensors/#"', description: 'kept' });
    expect((await api(node2, 'GET', '/configs/alarm')).body).toMatchObject({ size_limit: 777, validity_period: '2h' });
    const extra = node2.app.listeners.get('tcp:extra');
    expect(extra?.running).toBe(true);
    expect((await api(node2, 'GET', '/listeners/tcp:extra')).body).toMatchObject({ id: 'tcp:extra', max_connections: 4321, zone: 'edge' });
    expect((await api(node2, 'GET', '/configs/zones')).body).toEqual({ edge: { mqtt: { max_topic_levels: 2 } } });
    const viaExtra = await connectClient(extra!.port, { clientId: 'via-extra', username: 'sensor-1', password: 's3cret-pw' });
    await closeClients([viaExtra]);
    // the certificate came inlined in cluster.hocon and is a file of node 2 now; TLS clients get it
    const secure = node2.app.listeners.get('ssl:secure');
    expect(secure?.running).toBe(true);
    expect(readFileSync(join(node2.dataDir, 'certs', 'listeners', 'ssl-secure', 'cert.pem'), 'utf8')).toBe(tls.cert);
    const viaTls = await connectClient(secure!.port, { protocol: 'mqtts', rejectUnauthorized: false, clientId: 'via-tls', username: 'sensor-1', password: 's3cret-pw' });
    const peerCert = (viaTls.stream as unknown as TLSSocket).getPeerCertificate();
    expect(peerCert.subject.CN).toBe('backup-test');
    await closeClients([viaTls]);

    // a real MQTT client: the restored user is accepted at once, a wrong password and the banned client are not
    const client = await connectClient(node2.mqttPort, { clientId: 'sensor-1-client', username: 'sensor-1', password: 's3cret-pw' });
    await closeClients([client]);
    expect(await connackCode(node2.mqttPort, { clientId: 'sensor-1-x', username: 'sensor-1', password: 'wrong' })).toBe(134);
    expect(await connackCode(node2.mqttPort, { clientId: 'bad-client', username: 'sensor-1', password: 's3cret-pw' })).toBe(138);

    expect((await api(node2, 'GET', '/schema_registry/reading')).body).toMatchObject({ name: 'reading', type: 'avro' });

    // the retained message is delivered by node 2 to a new subscriber, bytes and properties intact
    const sub = await connectClient(node2.mqttPort, { clientId: 'retained-sub', username: 'sensor-1', password: 's3cret-pw' });
    const got = new Promise<{ payload: Buffer; packet: IPublishPacket }>((resolve) => sub.once('message', (_t, payload, packet) => resolve({ payload, packet })));
    await sub.subscribeAsync('status/#', { qos: 1 });
    const retainedMsg = await got;
    expect(retainedMsg.payload).toEqual(Buffer.from([0xde, 0xad, 0xbe, 0xef]));
    expect(retainedMsg.packet.retain).toBe(true);
    expect(retainedMsg.packet.properties).toMatchObject({ contentType: 'text/plain', correlationData: Buffer.from([0, 1, 254, 255]), userProperties: { k: 'v' } });
    await closeClients([sub]);

    // the restored webhook works: a message on node 2 reaches the HTTP server through the restored rule and action
    const pub = await connectClient(node2.mqttPort, { clientId: 'hook-pub', username: 'sensor-1', password: 's3cret-pw' });
    await pub.publishAsync('hook/1', 'from node 2', { qos: 1 });
    await closeClients([pub]);
    const [req] = await hook.waitFor(1);
    expect(req).toMatchObject({ method: 'POST', path: '/in', body: 'from node 2' });
  });

  test('a second import of the same file changes nothing: everything skipped', async () => {
    const again = await api(node2, 'POST', '/data/import', { filename: exported.filename });
    expect(again.status).toBe(200);
    for (const r of again.body.result) {
      expect(r, r.name).toMatchObject({ success: 0, override: 0, failed: 0 });
      expect(r.skipped, r.name).toBe(r.total);
    }
  });

  test('import of an unknown file, or for another node', async () => {
    expect(await api(node2, 'POST', '/data/import', { filename: 'missing.tar.gz' })).toMatchObject({ status: 404, body: { message: 'backup file not found' } });
    expect(await api(node2, 'POST', '/data/import', { filename: exported.filename, node: 'x@y' })).toMatchObject({ status: 400, body: { message: 'Unknown node: x@y' } });
  });

  test('delete, then 404', async () => {
    expect((await api(node2, 'DELETE', `/data/files/${exported.filename}`)).status).toBe(204);
    expect(await api(node2, 'DELETE', `/data/files/${exported.filename}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });
});
