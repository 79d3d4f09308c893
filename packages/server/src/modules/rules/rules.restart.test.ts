// Rules live in SQLite: after a restart the node lists the same rules (times, actions, enable) and runs them.
import { describe, expect, test } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';
import { jqRunning } from './funcs/jq';
import { startTestNode } from '../../../test/test-node';

const node = restartableNode();

describe('rules across a restart', () => {
  test('the rule is read back as it was and republishes on the restarted node; a disabled one stays off', async () => {
    const created = await api(node, 'POST', '/rules', {
      id: 'kept',
      sql: 'SELECT payload.temp AS t, clientid FROM "sensors/#" WHERE payload.temp > 30',
      actions: [{ function: 'republish', args: { topic: 'alerts/${clientid}', payload: '${t}' } }],
      description: 'kept across restarts',
    });
    await api(node, 'POST', '/rules', { id: 'off', sql: 'SELECT * FROM "sensors/#"', enable: false });
    await node.restart();
    expect((await api(node, 'GET', '/rules/kept')).body).toEqual(created.body);
    expect((await api(node, 'GET', '/rules/off')).body.enable).toBe(false);
    const sub = await connectClient(node.mqttPort, { clientId: 'rs-sub' });
    const got: string[] = [];
    sub.on('message', (topic, payload) => got.push(`${topic} ${payload.toString()}`));
    await sub.subscribeAsync('alerts/#', { qos: 1 });
    const pub = await connectClient(node.mqttPort, { clientId: 's9' });
    await pub.publishAsync('sensors/x', '{"temp": 33}', { qos: 1 });
    await waitFor(() => got.length === 1, 3000, 'republished');
    expect(got).toEqual(['alerts/s9 33']);
    expect((await api(node, 'GET', '/rules/off/metrics')).body.metrics.matched).toBe(0);
    await closeClients([sub, pub]);
  });

  test('the jq worker starts when a rule using jq is enabled or loaded, and stops with the node', async () => {
    await api(node, 'POST', '/rules', { id: 'jq_rule', sql: 'SELECT jq(\'.a\', payload) AS a FROM "jq/#"', enable: false });
    expect(jqRunning()).toBe(false);
    await api(node, 'PUT', '/rules/jq_rule', { enable: true });
    expect(jqRunning()).toBe(true);
    await node.restart(); // closing stops it; loading the enabled rule starts it again
    expect(jqRunning()).toBe(true);
    await api(node, 'DELETE', '/rules/jq_rule');
    const other = await startTestNode({ listen: false });
    await other.app.close();
    expect(jqRunning()).toBe(false);
  });
});
