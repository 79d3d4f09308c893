// $events/sys/alarm_activated and $events/sys/alarm_deactivated (EMQX 5.8 emqx_rule_events): a rule fires when the
// node raises and clears an alarm, with EMQX's columns; /rule_events lists both inputs as EMQX does.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';

let node: TestNode;
const clients: MqttClient[] = [];
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await closeClients(clients);
  await node.close();
});

describe('alarm events', () => {
  test('raising and clearing an alarm fires the rules with EMQX columns', async () => {
    const created = await api(node, 'POST', '/rules', {
      id: 'alarms',
      sql: 'SELECT event, name, message, details, activated_at, deactivated_at, node FROM "$events/sys/alarm_activated", "$events/sys/alarm_deactivated"',
      actions: [{ function: 'republish', args: { topic: 'alarm/seen', payload: '' } }],
    });
    expect(created.status).toBe(201);
    const seen: Record<string, unknown>[] = [];
    const watcher = await connectClient(node.mqttPort, { clientId: 'alarm-watch' });
    clients.push(watcher);
    watcher.on('message', (_t, p) => seen.push(JSON.parse(p.toString())));
    await watcher.subscribeAsync('alarm/seen', { qos: 1 });

    const before = Date.now() * 1000;
    expect(node.app.alarms.activate('rule_test_alarm', { extra: 'high' }, 'something is wrong')).toBe(true);
    await waitFor(() => seen.length === 1, 3000, 'alarm_activated');
    expect(seen[0]).toMatchObject({ event: 'alarm.activated', name: 'rule_test_alarm', message: 'something is wrong', details: { extra: 'high' }, node: node.app.nodeName });
    expect(seen[0].deactivated_at).toBe('undefined');
    // microseconds, as EMQX's alarms keep them
    expect(seen[0].activated_at).toBeGreaterThanOrEqual(before);
    expect((await api(node, 'GET', '/alarms?activated=true')).body.data.map((a: { name: string }) => a.name)).toContain('rule_test_alarm');

    expect(node.app.alarms.deactivate('rule_test_alarm')).toBe(true);
    await waitFor(() => seen.length === 2, 3000, 'alarm_deactivated');
    expect(seen[1]).toMatchObject({ event: 'alarm.deactivated', name: 'rule_test_alarm', activated_at: seen[0].activated_at });
    expect(seen[1].deactivated_at as number).toBeGreaterThanOrEqual(seen[0].activated_at as number);
    expect((await api(node, 'GET', '/rules/alarms/metrics')).body.metrics).toMatchObject({ matched: 2, passed: 2, 'actions.success': 2 });
  });

  test('/rule_events lists both with EMQX columns; /rule_test runs on their examples', async () => {
    const events = (await api(node, 'GET', '/rule_events')).body as { event: string; columns: string[]; test_columns: Record<string, unknown> }[];
    const activated = events.find((e) => e.event === '$events/sys/alarm_activated');
    const deactivated = events.find((e) => e.event === '$events/sys/alarm_deactivated');
    expect(activated?.columns).toEqual(['event', 'name', 'details', 'message', 'activated_at']);
    expect(deactivated?.columns).toEqual(['event', 'name', 'details', 'message', 'activated_at', 'deactivated_at']);
    expect(Object.keys(activated!.test_columns)).toEqual(['name', 'details', 'message', 'activated_at']);
    const r = await api(node, 'POST', '/rule_test', {
      sql: 'SELECT name, details.extra AS extra FROM "$events/sys/alarm_deactivated"',
      context: { event_type: 'alarm_deactivated', name: 'high_cpu' },
    });
    expect(r).toMatchObject({ status: 200, body: { name: 'high_cpu', extra: 'details' } });
  });
});
