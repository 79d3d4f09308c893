// /configs as EMQX 5.8.1's emqx_mgmt_api_configs_SUITE asserts it: each test names its case.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api } from '../../shared/testing';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode({ listen: false });
});
afterAll(() => node.close());

const getConfigs = (query: string, accept: string) => node.app.inject({ method: 'GET', url: `/api/v5/configs${query}`, headers: { ...node.auth, accept } });
const putText = (body: string, query = '') =>
  node.app.inject({ method: 'PUT', url: `/api/v5/configs${query}`, headers: { ...node.auth, 'content-type': 'text/plain', accept: 'text/plain' }, payload: body });

describe('emqx_mgmt_api_configs_SUITE', () => {
  test('t_update: a bad value is 400 and changes nothing; configs_reset with conf_path; a whole root has no default', async () => {
    const sysmon = (await api(node, 'GET', '/configs/sysmon')).body;
    expect((await api(node, 'PUT', '/configs/sysmon', { vm: { busy_port: !sysmon.vm.busy_port } })).status).toBe(200);
    const changed = (await api(node, 'GET', '/configs/sysmon')).body;
    expect(changed.vm.busy_port).toBe(!sysmon.vm.busy_port);
    expect((await api(node, 'PUT', '/configs/sysmon', { ...changed, vm: { ...changed.vm, busy_port: '123' } })).status).toBe(400);
    expect((await api(node, 'GET', '/configs/sysmon')).body).toEqual(changed);

    expect((await api(node, 'POST', '/configs_reset/sysmon?conf_path=vm.busy_port')).status).toBe(200);
    expect((await api(node, 'GET', '/configs/sysmon')).body.vm.busy_port).toBe(true);

    expect((await api(node, 'PUT', '/configs/sysmon', { ...sysmon, vm: { ...sysmon.vm, busy_port: false } })).status).toBe(200);
    expect(await api(node, 'POST', '/configs_reset/sysmon')).toMatchObject({ status: 400, body: { code: 'NO_DEFAULT_VALUE', message: 'No Default Value.' } });
    expect((await api(node, 'GET', '/configs/sysmon')).body.vm.busy_port).toBe(false);
    expect((await api(node, 'POST', '/configs_reset/sysmon?conf_path=vm.nothing_here')).body.code).toBe('NO_DEFAULT_VALUE');
  });

  test('t_configs_node: ?node= this node answers, an unknown node is 404 NOT_FOUND (JSON and text)', async () => {
    const self = await getConfigs(`?node=${encodeURIComponent(node.app.nodeName)}`, 'application/json');
    expect(self.statusCode).toBe(200);
    expect(self.json()).toEqual((await getConfigs('', 'application/json')).json());
    const unknown = await getConfigs('?node=unknown_node', 'application/json');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Bad node unknown_node, reason not found' });
    expect((await getConfigs('?node=emqx@10.0.0.9', 'application/json')).json().message).toBe("Bad node 'emqx@10.0.0.9', reason not found");
    const text = await getConfigs(`?node=${encodeURIComponent(node.app.nodeName)}&key=log`, 'text/plain');
    expect(text.statusCode).toBe(200);
    expect(text.body.startsWith('log {')).toBe(true);
    expect((await getConfigs('?node=other_node&key=log', 'text/plain')).statusCode).toBe(404);
  });

  test('t_configs_key: a PUT text applies; a bad value is {"errors": {root: validation_error}}; read-only keys', async () => {
    expect(await putText('log { console { level = error } }')).toMatchObject({ statusCode: 200, body: '' });
    expect(node.app.config.get('log.console.level')).toBe('error');

    const bad = await putText('log { console { level = erro1r } }');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^text\/plain/);
    expect(JSON.parse(bad.body)).toEqual({
      errors: { log: { kind: 'validation_error', path: 'log.console.level', reason: 'unable_to_convert_to_enum_symbol', value: 'erro1r' } },
    });
    // jiffy's key order, as EMQX prints the map
    expect(bad.body).toBe('{"errors":{"log":{"value":"erro1r","reason":"unable_to_convert_to_enum_symbol","path":"log.console.level","kind":"validation_error"}}}');
    expect(node.app.config.get('log.console.level')).toBe('error');

    const readonly = 'cluster { autoclean = 23h, autoheal = true, discovery_strategy = manual }';
    const refused = await putText(readonly);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.startsWith('{"errors":"Cannot update read-only key \'cluster')).toBe(true);
    expect(await putText(readonly, '?ignore_readonly=true')).toMatchObject({ statusCode: 200, body: '' });
  });

  test('t_get_configs_in_different_accept: text/plain unless only JSON is acceptable; other types 400 (JSON)', async () => {
    const type = async (accept: string) => {
      const res = await getConfigs('?key=log', accept);
      return [res.statusCode, String(res.headers['content-type']).split(';')[0]];
    };
    expect(await type('text/plain')).toEqual([200, 'text/plain']);
    expect(await type('*/*')).toEqual([200, 'text/plain']);
    expect(await type('application/json, application/xml;q=0.9, image/webp, */*;q=0.8')).toEqual([200, 'text/plain']);
    expect(await type('application/json')).toEqual([200, 'application/json']);
    expect(await type('application/xml')).toEqual([400, 'application/json']);
  });

  test('t_config_update_parse_error: parse_error and scan_error with the line', async () => {
    for (const text of ['not an object', 'a = "tlsv1""""3e-01']) {
      const res = await putText(text);
      expect(res.statusCode, text).toBe(400);
      expect(JSON.parse(res.body), text).toEqual({ errors: { line: 1, reason: expect.any(String), type: 'parse_error' } });
    }
    const scan = await putText('a=测试');
    expect(scan.statusCode).toBe(400);
    expect(JSON.parse(scan.body)).toEqual({ errors: { line: 1, reason: expect.any(String), type: 'scan_error' } });
  });

  test('t_config_update_unknown_root: {"errors":{"a":"{root_key_not_found,…', async () => {
    const res = await putText('a = "tlsv1.3"');
    expect(res.statusCode).toBe(400);
    expect(res.body.startsWith('{"errors":{"a":"{root_key_not_found,')).toBe(true);
  });

  test('t_global_zone: the five roots; a key left out is filled with its default; max_qos_allowed 3 is 400', async () => {
    const zones = (await api(node, 'GET', '/configs/global_zone')).body;
    expect(Object.keys(zones).sort()).toEqual(['durable_sessions', 'flapping_detect', 'force_gc', 'force_shutdown', 'mqtt']);
    const { peer_cert_as_clientid: _dropped, ...mqtt } = { ...zones.mqtt, max_qos_allowed: 1 };
    const res = await api(node, 'PUT', '/configs/global_zone', { ...zones, mqtt });
    expect(res.status).toBe(200);
    expect(res.body.mqtt).toMatchObject({ max_qos_allowed: 1, peer_cert_as_clientid: 'disabled' });
    expect(await api(node, 'PUT', '/configs/global_zone', { ...zones, mqtt: { ...zones.mqtt, max_qos_allowed: 3 } })).toMatchObject({ status: 400 });
    expect((await api(node, 'GET', '/configs/global_zone')).body.mqtt.max_qos_allowed).toBe(1);
    expect((await api(node, 'PUT', '/configs/global_zone', { ...zones, mqtt: { ...zones.mqtt, max_qos_allowed: 2 } })).status).toBe(200);
  });

  test('t_log: a file handler on; enable 1 and an unknown key are 400; a second handler added, then disabled', async () => {
    const log = (await api(node, 'GET', '/configs/log')).body;
    const handler = { ...log.file.default, enable: true, path: 'log/emqx-test.log' };
    const on = await api(node, 'PUT', '/configs/log', { ...log, file: { ...log.file, default: handler } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.file.default).toMatchObject({ enable: true, path: 'log/emqx-test.log' });
    expect((await api(node, 'PUT', '/configs/log', { ...log, file: { ...log.file, default: { ...log.file.default, enable: 1 } } })).status).toBe(400);
    expect((await api(node, 'PUT', '/configs/log', { ...log, file: { ...log.file, default: { ...log.file.default, enabfe: true } } })).status).toBe(400);
    const added = await api(node, 'PUT', '/configs/log', { ...on.body, file: { ...on.body.file, new: { ...handler, path: 'log/emqx-test1.log' } } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.file.new).toMatchObject({ enable: true, path: 'log/emqx-test1.log' });
    const off = await api(node, 'PUT', '/configs/log', { ...added.body, file: { ...added.body.file, new: { ...added.body.file.new, enable: false } } });
    expect(off.body.file.new.enable).toBe(false);
  });
});
