// PUT /configs with a HOCON text body (EMQX's `conf load` over the API).
import { describe, expect, test } from 'vitest';
import type { TestNode } from '../../../test/test-node';
import { restartableNode } from '../../../test/restartable-node';
import { api, waitFor, getConfigText, putConfigText } from '../../shared/testing';

const node = restartableNode();

const getText = (n: TestNode) => getConfigText(n);
const putText = putConfigText;
const all = (n: TestNode) => n.app.config.all();

describe('PUT /configs (HOCON text)', () => {
  test('GET text → PUT text (ignore_readonly) leaves the configuration unchanged and emits no change', async () => {
    const before = all(node);
    const changes: string[] = [];
    const onChange = (path: string) => changes.push(path);
    node.app.config.on('change', onChange);
    try {
      const text = await getText(node);
      for (const mode of ['merge', 'replace']) {
        const res = await putText(node, text, `?mode=${mode}&ignore_readonly=true`);
        expect(res.statusCode, res.body).toBe(200);
      }
    } finally {
      node.app.config.off('change', onChange);
    }
    expect(all(node)).toEqual(before);
    expect(changes).toEqual([]);
  });

  test('read-only roots are 400 unless ignore_readonly=true, which skips them', async () => {
    const res = await putText(node, 'node { max_ports = 5 }\nsysmon { os { cpu_low_watermark = 55% } }');
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ errors: "Cannot update read-only key 'node'." });
    expect(node.app.config.get('sysmon.os.cpu_low_watermark')).toBe('60%');
    const ok = await putText(node, 'node { max_ports = 5 }\nsysmon { os { cpu_low_watermark = 55% } }', '?ignore_readonly=true');
    expect(ok.statusCode).toBe(200);
    expect(node.app.config.get('node.max_ports')).toBe(1048576);
    expect(node.app.config.get('sysmon.os.cpu_low_watermark')).toBe('55%');
  });

  test('merge keeps the keys not given; replace resets them to their defaults', async () => {
    expect((await putText(node, 'sysmon.os.cpu_high_watermark = 85%')).statusCode).toBe(200);
    expect(node.app.config.get('sysmon.os')).toMatchObject({ cpu_high_watermark: '85%', cpu_low_watermark: '55%' });
    expect((await putText(node, 'sysmon { os { cpu_high_watermark = 90% } }', '?mode=replace')).statusCode).toBe(200);
    expect(node.app.config.get('sysmon.os')).toMatchObject({ cpu_high_watermark: '90%', cpu_low_watermark: '60%', cpu_check_interval: '60s' });
    expect((await api(node, 'GET', '/configs/sysmon')).body.os.cpu_high_watermark).toBe('90%');
  });

  test('a sysmon change applies live: a 0% process memory watermark raises the alarm', async () => {
    const active = async () => ((await api(node, 'GET', '/alarms?activated=true')).body.data as { name: string }[]).some((a) => a.name === 'high_process_memory_usage');
    expect(await active()).toBe(false);
    expect((await putText(node, 'sysmon { os { procmem_high_watermark = "0%" } }')).statusCode).toBe(200);
    await waitFor(active, 3000, 'the high_process_memory_usage alarm');
    expect((await putText(node, 'sysmon.os.procmem_high_watermark = 5%')).statusCode).toBe(200);
    await waitFor(async () => !(await active()), 3000, 'the alarm to clear');
  });

  test('a bad value anywhere is 400 {"errors": …} and nothing is stored, not even the valid roots', async () => {
    const before = all(node);
    const res = await putText(node, 'log { console { level = warning } }\nmqtt { max_inflight = "lots" }\nsys_topics { sys_msg_interval = 2m }');
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).errors).toEqual({ mqtt: expect.objectContaining({ kind: 'validation_error', path: 'mqtt.max_inflight', value: 'lots' }) });
    const syntax = await putText(node, 'sysmon { os { cpu_high_watermark = 70% }');
    expect(syntax.statusCode).toBe(400);
    expect(JSON.parse(syntax.body)).toEqual({ errors: { line: 1, type: 'parse_error', reason: expect.stringMatching(/^missing '}' at line 1/) } });
    expect(JSON.parse((await putText(node, 'bridges { x = 1 }')).body)).toEqual({ errors: { bridges: '{root_key_not_found,<<"bridges">>}' } });
    expect(JSON.parse((await putText(node, 'listeners.tcp.default.max_connections = 10')).body).errors.listeners).toMatch(/^listeners: cannot be changed/);
    expect((await putText(node, 'sysmon {}', '?mode=sideways')).statusCode).toBe(400);
    const json = await node.app.inject({ method: 'PUT', url: '/api/v5/configs', headers: node.auth, payload: { sysmon: {} } });
    expect(json.statusCode).toBe(415);
    expect(all(node)).toEqual(before);
  });

  test('the change survives a restart', async () => {
    expect((await putText(node, 'sys_topics { sys_msg_interval = 2m }\nlog.console.level = info')).statusCode).toBe(200);
    await node.restart();
    expect(node.app.config.get('sys_topics.sys_msg_interval')).toBe('2m');
    expect(node.app.config.get('log.console.level')).toBe('info');
    expect(node.app.config.get('sysmon.os.cpu_high_watermark')).toBe('90%');
  });
});
