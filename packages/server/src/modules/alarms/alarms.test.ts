import { describe, expect, test } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../shared/testing';

const node = restartableNode({ env: { EMQX_LISTENERS__TCP__DEFAULT__MAX_CONNECTIONS: '2' } });

const names = async (activated: boolean) => ((await api(node, 'GET', `/alarms?activated=${activated}`)).body.data as { name: string }[]).map((a) => a.name);

describe('alarms', () => {
  test('system memory threshold raises and clears a real alarm, published on $SYS and kept in history', async () => {
    const watcher = await connectClient(node.mqttPort, { clientId: 'alarm-watch' });
    const got = new Map<string, any>();
    watcher.on('message', (topic, payload) => got.set(topic, JSON.parse(payload.toString())));
    await watcher.subscribeAsync(`$SYS/brokers/${node.app.nodeName}/alarms/#`);

    const sysmon = (await api(node, 'GET', '/configs/sysmon')).body;
    expect((await api(node, 'PUT', '/configs/sysmon', { ...sysmon, os: { ...sysmon.os, sysmem_high_watermark: '0%', mem_check_interval: '100ms' } })).status).toBe(200);
    await waitFor(async () => (await names(true)).includes('high_system_memory_usage'), 3000, 'memory alarm');
    const res = await api(node, 'GET', '/alarms');
    expectContract('get', '/alarms', 200, res.body);
    const alarm = res.body.data.find((a: { name: string }) => a.name === 'high_system_memory_usage');
    expect(alarm.message).toMatch(/^\d+\.\d{2}% mem usage$/);
    expect(alarm).toMatchObject({ node: node.app.nodeName, details: { high_watermark: 0 } });
    expect(alarm.deactivate_at).toBeUndefined();
    await waitFor(() => got.has(`$SYS/brokers/${node.app.nodeName}/alarms/activate`), 2000, 'activate message');
    expect(got.get(`$SYS/brokers/${node.app.nodeName}/alarms/activate`)).toMatchObject({ name: 'high_system_memory_usage', activated: true, deactivate_at: 'infinity' });

    await api(node, 'PUT', '/configs/sysmon', { ...sysmon, os: { ...sysmon.os, sysmem_high_watermark: '100%', mem_check_interval: '100ms' } });
    await waitFor(async () => (await names(false)).includes('high_system_memory_usage'), 3000, 'cleared alarm');
    expect(await names(true)).not.toContain('high_system_memory_usage');
    const history = await api(node, 'GET', '/alarms?activated=false');
    expectContract('get', '/alarms', 200, history.body);
    expect(history.body.data[0].deactivate_at).toBeDefined();
    expect(history.body.meta).toMatchObject({ page: 1, limit: 100, hasnext: false });
    await waitFor(() => got.has(`$SYS/brokers/${node.app.nodeName}/alarms/deactivate`), 2000, 'deactivate message');
    await api(node, 'PUT', '/configs/sysmon', sysmon);

    expect((await api(node, 'DELETE', '/alarms')).status).toBe(204);
    expect(await names(false)).toEqual([]);
    await closeClients([watcher]);
  });

  test('a listener at max_connections raises too_many_connections, cleared when a client leaves; force_deactivate', async () => {
    const a = await connectClient(node.mqttPort, { clientId: 'mc-a' });
    const b = await connectClient(node.mqttPort, { clientId: 'mc-b' });
    await waitFor(async () => (await names(true)).includes('too_many_connections/tcp:default'), 2000, 'listener alarm');
    await closeClients([b]);
    await waitFor(async () => !(await names(true)).includes('too_many_connections/tcp:default'), 2000, 'listener alarm cleared');

    expect(await api(node, 'POST', '/alarms/force_deactivate', {})).toMatchObject({ status: 400, body: { code: 'INVALID_PARAMETER', message: 'name is required' } });
    expect(await api(node, 'POST', '/alarms/force_deactivate', { name: 'nope' })).toMatchObject({
      status: 400,
      body: { code: 'NOT_FOUND', message: 'Alarm not found or already deactivated' },
    });
    node.app.alarms.activate('manual_alarm', { why: 'test' }, '');
    expect(await names(true)).toContain('manual_alarm');
    expect((await api(node, 'POST', '/alarms/force_deactivate', { name: 'manual_alarm' })).status).toBe(204);
    expect(await names(false)).toContain('manual_alarm');
    expect((await api(node, 'GET', '/alarms?activated=maybe')).status).toBe(400);
    await closeClients([a]);
  });

  test('history is trimmed to alarm.size_limit and survives a restart', async () => {
    await api(node, 'DELETE', '/alarms');
    expect((await api(node, 'PUT', '/configs/alarm', { actions: ['log'], size_limit: 2, validity_period: '24h' })).status).toBe(200);
    for (const n of ['h1', 'h2', 'h3']) {
      node.app.alarms.activate(n, {}, `${n} raised`);
      node.app.alarms.deactivate(n);
    }
    expect(await names(false)).toEqual(['h2', 'h3']);
    node.app.alarms.activate('still_on', {}, 'on');

    await node.restart();
    expect(await names(false)).toEqual(['h2', 'h3']);
    expect(await names(true)).toContain('still_on');
  });
});
