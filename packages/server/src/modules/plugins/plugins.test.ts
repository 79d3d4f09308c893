// Plugins as emqx_mgmt_api_plugins_SUITE checks them, against a real node and real MQTT clients: the install gate
// (403 until `mqdeck ctl plugins allow`, the grant consumed by the install, bound to a sha256), the example plugin
// stamping real messages, its config validated against its Avro schema (a refused config keeps the old one), stop,
// boot order, restart with order and running state kept, a plugin that throws on start reported stopped with the
// reason, uninstall; and hostile archives refused with 400 while nothing is written outside the plugins folder.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../shared/testing';
import { TIMEOUTS } from './plugins.service';
import { allow, EXAMPLE, exampleFiles, packPlugin, pluginFiles, rawArchive, upload } from './plugins.testing';

interface Received {
  topic: string;
  payload: string;
  props: Record<string, unknown>;
}

describe('plugins', () => {
  let node: TestNode;
  const clients: MqttClient[] = [];
  let example: Buffer;
  beforeAll(async () => {
    node = await startTestNode();
    example = await packPlugin(EXAMPLE, exampleFiles());
  }, 120_000);
  afterAll(async () => {
    await closeClients(clients);
    await node?.close();
  });

  const subscriber = async (filter: string) => {
    const sub = await connectClient(node.mqttPort, { clientId: `sub-${Math.random().toString(16).slice(2)}` });
    clients.push(sub);
    const got: Received[] = [];
    sub.on('message', (topic, payload, packet) => got.push({ topic, payload: payload.toString(), props: packet.properties?.userProperties ?? {} }));
    await sub.subscribeAsync(filter, { qos: 1 });
    return got;
  };
  const publisher = async () => {
    const pub = await connectClient(node.mqttPort, { clientId: `pub-${Math.random().toString(16).slice(2)}` });
    clients.push(pub);
    return pub;
  };
  const statusOf = async (nameVsn: string) => (await api(node, 'GET', `/plugins/${nameVsn}`)).body.running_status[0];

  it('refuses an install until the operator allows it on the command line, then installs it stopped', async () => {
    const refused = await upload(node, `${EXAMPLE}.tar.gz`, example);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'FORBIDDEN',
      message: `Package is not allowed installation; first allow it to be installed by running: \`mqdeck ctl plugins allow ${EXAMPLE}\``,
    });
    expect(existsSync(join(node.dataDir, 'plugins', EXAMPLE))).toBe(false);

    // a grant bound to another digest does not let the package in
    allow(node, EXAMPLE, `sha256:${'a'.repeat(64)}`);
    expect((await upload(node, `${EXAMPLE}.tar.gz`, example)).body?.message).toMatch(/^Package sha256 does not match/);
    allow(node, EXAMPLE, `sha256:${createHash('sha256').update(example).digest('hex')}`);
    expect((await upload(node, `${EXAMPLE}.tar.gz`, example)).status).toBe(204);

    const list = await api(node, 'GET', '/plugins');
    expect(list.status).toBe(200);
    expectContract('get', '/plugins', 200, list.body);
    expect(list.body).toEqual([
      expect.objectContaining({
        name: 'mqdeck_plugin_stamp',
        rel_vsn: '1.0.0',
        authors: ['MQDeck'],
        functionality: ['Demo'],
        running_status: [{ node: node.app.nodeName, status: 'stopped' }],
        sha256: createHash('sha256').update(example).digest('hex'),
      }),
    ]);
    expect(list.body[0].readme).toBeUndefined();
    const detail = await api(node, 'GET', `/plugins/${EXAMPLE}`);
    expectContract('get', '/plugins/{name}', 200, detail.body);
    expect(detail.body.readme).toMatch(/^# Stamp plugin/);

    expect(await upload(node, `${EXAMPLE}.tar.gz`, example)).toMatchObject({ status: 400, body: { code: 'ALREADY_INSTALLED' } });
    expect(await upload(node, 'bad name.tar.gz', example)).toMatchObject({ status: 400, body: { code: 'BAD_PLUGIN_INFO', message: /^Bad plugin file name: bad name.tar.gz\./ } });
    expect(await upload(node, `${EXAMPLE}.tar.gz`, example, 'file')).toMatchObject({ status: 400, body: { code: 'BAD_FORM_DATA' } });
    expect(await api(node, 'GET', '/plugins/nope-1.0')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await api(node, 'PUT', '/plugins/nope-1.0/start')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'Plugin Not Found' } });
  });

  it('runs the plugin on real MQTT traffic once started, and not once stopped', async () => {
    expect((await api(node, 'PUT', `/plugins/${EXAMPLE}/start`)).status).toBe(204);
    expect(await statusOf(EXAMPLE)).toEqual({ node: node.app.nodeName, status: 'running', health_status: { status: 'ok', message: '' } });
    const got = await subscriber('stamp/#');
    const pub = await publisher();
    await pub.publishAsync('stamp/a', 'one', { qos: 1, properties: { userProperties: { mine: 'kept' } } });
    await waitFor(() => got.length === 1, 10_000, 'the stamped message');
    expect(got[0]).toMatchObject({ topic: 'stamp/a', payload: 'one', props: { mine: 'kept', 'stamped-by': 'mqdeck', 'stamp-count': '1' } });

    expect((await api(node, 'PUT', `/plugins/${EXAMPLE}/stop`)).status).toBe(204);
    expect(await statusOf(EXAMPLE)).toEqual({ node: node.app.nodeName, status: 'stopped' });
    await pub.publishAsync('stamp/b', 'two', { qos: 1 });
    await waitFor(() => got.length === 2, 10_000, 'the plain message');
    expect(got[1].props['stamped-by']).toBeUndefined();
  });

  it('reads its schema and config, refuses a config its Avro schema refuses and keeps the old one, applies a good one live', async () => {
    const schema = await api(node, 'GET', `/plugins/${EXAMPLE}/schema`);
    expect(schema.status).toBe(200);
    expect(schema.body.avsc).toMatchObject({ type: 'record', name: 'StampConfig' });
    expect(schema.body.i18n.$property_name_label).toEqual({ en: 'Property name', zh: '属性名' });
    const defaults = { property_name: 'stamped-by', property_value: 'mqdeck', drop_prefix: '', max_payload: 1048576 };
    expect((await api(node, 'GET', `/plugins/${EXAMPLE}/config`)).body).toEqual(defaults);

    for (const [body, message] of [
      [{ ...defaults, max_payload: 'big' }, "invalid_type: Invalid type for field 'max_payload': expected int, got string"],
      [{ ...defaults, property_name: 42 }, "invalid_type: Invalid type for field 'property_name': expected string, got integer"],
      [{ ...defaults, extra: 1 }, "unknown_field: Unknown field 'extra': the schema does not declare it"],
      [42, "invalid_type: Invalid type for field '$': expected StampConfig, got integer"],
    ] as const) {
      expect(await api(node, 'PUT', `/plugins/${EXAMPLE}/config`, body)).toMatchObject({ status: 400, body: { code: 'BAD_CONFIG', message } });
    }
    expect((await api(node, 'GET', `/plugins/${EXAMPLE}/config`)).body).toEqual(defaults);

    await api(node, 'PUT', `/plugins/${EXAMPLE}/start`);
    const next = { ...defaults, property_value: 'changed', drop_prefix: 'stamp/drop' };
    expect((await api(node, 'PUT', `/plugins/${EXAMPLE}/config`, next)).status).toBe(204);
    expect((await api(node, 'GET', `/plugins/${EXAMPLE}/config`)).body).toEqual(next);
    const got = await subscriber('stamp/#');
    const pub = await publisher();
    await pub.publishAsync('stamp/drop/x', 'dropped', { qos: 1 });
    await pub.publishAsync('stamp/c', 'three', { qos: 1 });
    await waitFor(() => got.length >= 1, 10_000, 'the message after the dropped one');
    expect(got.map((g) => g.topic)).toEqual(['stamp/c']);
    expect(got[0].props['stamped-by']).toBe('changed');
  });

  it('keeps a boot order, moved front, rear, before and after, with EMQX errors', async () => {
    const counter = 'mqdeck_counter-0.1.0';
    allow(node, counter);
    const pkg = await packPlugin(counter, pluginFiles('mqdeck_counter', '0.1.0', 'export function start() {}\nexport function stop() {}\n'));
    expect((await upload(node, `${counter}.tar.gz`, pkg)).status).toBe(204);
    const order = async () => ((await api(node, 'GET', '/plugins')).body as { name: string; rel_vsn: string }[]).map((p) => `${p.name}-${p.rel_vsn}`);
    expect(await order()).toEqual([EXAMPLE, counter]);
    const move = (name: string, position: unknown) => api(node, 'POST', `/plugins/${name}/move`, { position });
    expect((await move(counter, 'front')).status).toBe(204);
    expect(await order()).toEqual([counter, EXAMPLE]);
    expect((await move(counter, 'rear')).status).toBe(204);
    expect(await order()).toEqual([EXAMPLE, counter]);
    expect((await move(counter, `before:${EXAMPLE}`)).status).toBe(204);
    expect(await order()).toEqual([counter, EXAMPLE]);
    expect((await move(counter, `after:${EXAMPLE}`)).status).toBe(204);
    expect(await order()).toEqual([EXAMPLE, counter]);
    expect(await move(counter, `before:${counter}`)).toMatchObject({ status: 400, body: { code: 'BAD_POSITION', message: 'Invalid parameter. Cannot be placed before itself' } });
    expect(await move(counter, 'after:')).toMatchObject({ status: 400, body: { code: 'BAD_POSITION', message: 'Invalid parameter. Cannot be placed after an empty target' } });
    expect(await move(counter, 'before:ghost-1.0')).toMatchObject({ status: 400, body: { code: 'MOVE_FAILED' } });
    expect(await move(counter, 'middle')).toMatchObject({ status: 400, body: { code: 'BAD_POSITION' } });
    expect(await move('ghost-1.0', 'front')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await api(node, 'GET', `/plugins/${counter}/config`)).body).toEqual({ code: 'BAD_CONFIG', message: 'Plugin Config Not Found' });
    expect((await api(node, 'GET', `/plugins/${counter}/schema`)).body).toEqual({ avsc: null, i18n: null });
  });

  it('keeps plugins, order, running state and config across a restart', async () => {
    await node.app.close();
    const again = await startTestNode({ dataDir: node.dataDir });
    node = {
      ...again,
      close: async () => {
        await again.app.close();
        rmSync(again.dataDir, { recursive: true, force: true });
      },
    };
    await waitFor(async () => (await statusOf(EXAMPLE)).status === 'running', 15_000, 'the example plugin running after the restart');
    const list = (await api(node, 'GET', '/plugins')).body as { name: string; running_status: { status: string }[] }[];
    expect(list.map((p) => [p.name, p.running_status[0].status])).toEqual([
      ['mqdeck_plugin_stamp', 'running'],
      ['mqdeck_counter', 'stopped'],
    ]);
    expect((await api(node, 'GET', `/plugins/${EXAMPLE}/config`)).body.property_value).toBe('changed');
    const got = await subscriber('stamp/#');
    const pub = await publisher();
    await pub.publishAsync('stamp/d', 'four', { qos: 1 });
    await waitFor(() => got.length === 1, 10_000, 'the stamped message after the restart');
    expect(got[0].props['stamped-by']).toBe('changed');
  });

  it('reports the health check of each running plugin as EMQX 6.0 does: ok, a throwing or hanging callback, a killed process', async () => {
    const ok = { node: node.app.nodeName, status: 'running', health_status: { status: 'ok', message: '' } };
    // the example's own check: healthy, then unhealthy under a config that drops every message, in list and detail
    expect(await statusOf(EXAMPLE)).toEqual(ok);
    const config = (await api(node, 'GET', `/plugins/${EXAMPLE}/config`)).body;
    expect((await api(node, 'PUT', `/plugins/${EXAMPLE}/config`, { ...config, max_payload: 0 })).status).toBe(204);
    const sick = { status: 'error', message: 'health check failed: max_payload is 0: every message with a payload is dropped' };
    expect((await statusOf(EXAMPLE)).health_status).toEqual(sick);
    const listed = (await api(node, 'GET', '/plugins')).body as { name: string; running_status: unknown[] }[];
    expect(listed.find((p) => p.name === 'mqdeck_plugin_stamp')?.running_status).toEqual([{ ...ok, health_status: sick }]);
    expect((await api(node, 'PUT', `/plugins/${EXAMPLE}/config`, config)).status).toBe(204);
    expect(await statusOf(EXAMPLE)).toEqual(ok);
    // a plugin with no callback is healthy while it runs; stopped on purpose, it has no health_status
    const counter = 'mqdeck_counter-0.1.0';
    expect((await api(node, 'PUT', `/plugins/${counter}/start`)).status).toBe(204);
    expect(await statusOf(counter)).toEqual(ok);
    expect((await api(node, 'PUT', `/plugins/${counter}/stop`)).status).toBe(204);
    expect(await statusOf(counter)).toEqual({ node: node.app.nodeName, status: 'stopped' });

    // a callback that throws, one that never answers, and a process killed from outside
    const entry = [
      "import { writeFileSync } from 'node:fs';",
      "export function start() { writeFileSync('pid', String(process.pid)); }",
      'export function onHealthCheck() {',
      "  if (process.env.MQDECK_PLUGIN.startsWith('mqdeck_throws')) throw new Error('database down');",
      '  return new Promise(() => {});',
      '}',
      '',
    ].join('\n');
    const throws = 'mqdeck_throws-1.0';
    const hangs = 'mqdeck_hangs-1.0';
    for (const nv of [throws, hangs]) {
      allow(node, nv);
      expect((await upload(node, `${nv}.tar.gz`, await packPlugin(nv, pluginFiles(nv.split('-')[0], '1.0', entry)))).status).toBe(204);
      expect((await api(node, 'PUT', `/plugins/${nv}/start`)).status).toBe(204);
    }
    expect(await statusOf(throws)).toEqual({ ...ok, health_status: { status: 'error', message: 'health check failed: database down' } });
    const before = TIMEOUTS.health;
    TIMEOUTS.health = 300;
    try {
      const asked = Date.now();
      expect(await statusOf(hangs)).toEqual({ ...ok, health_status: { status: 'error', message: 'health check failed: no answer within 300 ms' } });
      // the hanging check costs the API its timeout, not more (a loaded machine gets a wide margin)
      expect(Date.now() - asked).toBeLessThan(5_000);
    } finally {
      TIMEOUTS.health = before;
    }
    const pid = Number(readFileSync(join(node.dataDir, 'plugins', hangs, 'pid'), 'utf8'));
    process.kill(pid, 'SIGKILL');
    await waitFor(async () => (await statusOf(hangs)).status === 'stopped', 10_000, 'the killed plugin reported stopped');
    expect(await statusOf(hangs)).toEqual({
      node: node.app.nodeName,
      status: 'stopped',
      health_status: { status: 'error', message: "The plugin's process exited unexpectedly (SIGKILL)" },
    });
    for (const nv of [throws, hangs]) expect((await api(node, 'DELETE', `/plugins/${nv}`)).status).toBe(204);
  });

  it('reports a plugin that throws on start, or whose process dies, stopped with the reason; the node goes on', async () => {
    const broken = 'mqdeck_broken-1.0';
    allow(node, broken);
    await upload(node, `${broken}.tar.gz`, await packPlugin(broken, pluginFiles('mqdeck_broken', '1.0', "export function start() { throw new Error('no database'); }\n")));
    const res = await api(node, 'PUT', `/plugins/${broken}/start`);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 'INTERNAL_ERROR', message: `plugin_start_failed: node ${node.app.nodeName}: start failed: no database` });
    expect(await statusOf(broken)).toEqual({ node: node.app.nodeName, status: 'stopped', health_status: { status: 'error', message: 'start failed: no database' } });

    const dying = 'mqdeck_dying-1.0';
    allow(node, dying);
    const entry = "export function start(ctx) { ctx.addHooks({ 'message.publish': (m) => { if (m.topic === 'die') process.exit(3); return m; } }); }\n";
    await upload(node, `${dying}.tar.gz`, await packPlugin(dying, pluginFiles('mqdeck_dying', '1.0', entry)));
    expect((await api(node, 'PUT', `/plugins/${dying}/start`)).status).toBe(204);
    const got = await subscriber('alive');
    const pub = await publisher();
    await pub.publishAsync('die', 'x', { qos: 1 });
    await waitFor(async () => (await statusOf(dying)).status === 'stopped', 10_000, 'the dead plugin reported stopped');
    expect((await statusOf(dying)).health_status.message).toMatch(/exited unexpectedly \(code 3\)/);
    await pub.publishAsync('alive', 'still', { qos: 1 });
    await waitFor(() => got.length === 1, 10_000, 'a message after the plugin died');
    for (const n of [broken, dying]) expect((await api(node, 'DELETE', `/plugins/${n}`)).status).toBe(204);
  });

  it('uninstalls: files gone, the grant spent, 404 after', async () => {
    expect((await api(node, 'DELETE', `/plugins/${EXAMPLE}`)).status).toBe(204);
    expect(await api(node, 'GET', `/plugins/${EXAMPLE}`)).toMatchObject({ status: 404 });
    expect(await api(node, 'DELETE', `/plugins/${EXAMPLE}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(existsSync(join(node.dataDir, 'plugins', EXAMPLE))).toBe(false);
    expect(existsSync(join(node.dataDir, 'plugins', `${EXAMPLE}.tar.gz`))).toBe(false);
    expect((await upload(node, `${EXAMPLE}.tar.gz`, example)).status).toBe(403);
    // messages flow unstamped
    const got = await subscriber('stamp/#');
    const pub = await publisher();
    await pub.publishAsync('stamp/e', 'five', { qos: 1 });
    await waitFor(() => got.length === 1, 10_000, 'the message after uninstall');
    expect(got[0].props['stamped-by']).toBeUndefined();
  });

  it('refuses hostile archives with 400 and writes nothing outside the plugins folder', async () => {
    const nv = 'evil-1.0';
    const release = JSON.stringify({ name: 'evil', rel_vsn: '1.0', description: '', rel_apps: [] });
    const ok = [
      { header: { name: `${nv}/release.json`, type: 'file' as const }, data: release },
      { header: { name: `${nv}/index.mjs`, type: 'file' as const }, data: 'export function start() {}' },
    ];
    const escape = join(node.dataDir, 'escaped.txt');
    const cases: [string, Parameters<typeof rawArchive>[0], RegExp][] = [
      ['dot-dot', [...ok, { header: { name: `${nv}/../../escaped.txt`, type: 'file' }, data: 'x' }], /unsafe entry .*'\.\.' segment/],
      ['absolute', [...ok, { header: { name: escape, type: 'file' }, data: 'x' }], /unsafe entry .*an absolute path/],
      ['symlink', [...ok, { header: { name: `${nv}/link`, type: 'symlink', linkname: escape } }], /unsafe entry .*a symlink entry/],
      ['hardlink', [...ok, { header: { name: `${nv}/hard`, type: 'link', linkname: '/etc/passwd' } }], /unsafe entry .*a link entry/],
      ['outside', [...ok, { header: { name: 'other/file', type: 'file' }, data: 'x' }], /outside its folder evil-1\.0\//],
      ['no release', [ok[1]], /has no evil-1\.0\/release\.json/],
      ['wrong name', [{ header: { name: `${nv}/release.json`, type: 'file' }, data: JSON.stringify({ name: 'other', rel_vsn: '1.0' }) }, ok[1]], /names other-1\.0/],
      ['no entry', [ok[0]], /no entry module evil-1\.0\/index\.mjs/],
      ['bad avsc', [...ok, { header: { name: `${nv}/config_schema.avsc`, type: 'file' }, data: '{"type":"nope"}' }], /invalid_plugin_config_schema/],
      ['too many', [...ok, ...Array.from({ length: 2001 }, (_, i) => ({ header: { name: `${nv}/f${i}`, type: 'file' as const }, data: '' }))], /more than 2000 entries/],
    ];
    for (const [what, entries, message] of cases) {
      allow(node, nv);
      const res = await upload(node, `${nv}.tar.gz`, await rawArchive(entries));
      expect(res.status, what).toBe(400);
      expect(res.body?.code, what).toBe('BAD_PLUGIN_INFO');
      expect(res.body?.message, what).toMatch(message);
    }
    allow(node, nv);
    expect(await upload(node, `${nv}.tar.gz`, Buffer.from('not gzip'))).toMatchObject({ status: 400, body: { message: /not a gzip-compressed tar archive/ } });
    expect(existsSync(escape)).toBe(false);
    expect(existsSync(join(node.dataDir, 'plugins', nv))).toBe(false);
    expect(readdirSync(join(node.dataDir, 'plugins')).filter((f) => f.startsWith('.staging'))).toEqual([]);
    expect(((await api(node, 'GET', '/plugins')).body as { name: string }[]).map((p) => p.name)).not.toContain('evil');
  });

  it('mqdeck ctl plugins allow, run as a command, lets the package in', async () => {
    const nv = 'mqdeck_cli-1.0';
    const pkg = await packPlugin(nv, pluginFiles('mqdeck_cli', '1.0', 'export function start() {}\n'));
    expect((await upload(node, `${nv}.tar.gz`, pkg)).status).toBe(403);
    const main = new URL('../../main.ts', import.meta.url).pathname;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', main, 'ctl', 'plugins', 'allow', nv, '--data-dir', node.dataDir], { timeout: 60_000 });
    expect(stdout).toMatch(`${nv} may be installed through the API during the next 5 minutes`);
    expect((await upload(node, `${nv}.tar.gz`, pkg)).status).toBe(204);
    const bad = await promisify(execFile)(process.execPath, ['--import', 'tsx', main, 'ctl', 'plugins', 'allow', '../x'], { timeout: 60_000 }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringMatching(/Name should be an application name/) });
  }, 150_000);
});
