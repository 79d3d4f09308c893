// Transformations live in SQLite: after a restart the node lists the same ones in the same order, with the same
// enable flags, and applies them to real publishes.
import { describe, expect, test } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';

const node = restartableNode();

describe('message transformations across a restart', () => {
  test('read back in order and applied by the restarted node; a disabled one stays off', async () => {
    const op = (suffix: string) => [{ key: 'topic', value: `concat([topic, '/${suffix}'])` }];
    const a = await api(node, 'POST', '/message_transformations', { name: 'a', topics: 'r/#', failure_action: 'drop', operations: op('a') });
    await api(node, 'POST', '/message_transformations', { name: 'b', topics: ['r/#'], failure_action: 'ignore', operations: op('b'), enable: false });
    await api(node, 'POST', '/message_transformations', { name: 'c', topics: ['r/#'], failure_action: 'drop', operations: op('c') });
    expect((await api(node, 'POST', '/message_transformations/reorder', { order: ['c', 'b', 'a'] })).status).toBe(204);
    const before = (await api(node, 'GET', '/message_transformations')).body;
    await node.restart();
    expect((await api(node, 'GET', '/message_transformations')).body).toEqual(before);
    expect((await api(node, 'GET', '/message_transformations/transformation/a')).body).toEqual(a.body);
    const sub = await connectClient(node.mqttPort, { clientId: 'mt-rs-sub' });
    const got: string[] = [];
    sub.on('message', (topic) => got.push(topic));
    await sub.subscribeAsync('r/#', { qos: 1 });
    const pub = await connectClient(node.mqttPort, { clientId: 'mt-rs-pub' });
    await pub.publishAsync('r/x', '{}', { qos: 1 });
    await waitFor(() => got.length === 1, 5000, 'the transformed message');
    expect(got).toEqual(['r/x/c/a']);
    await closeClients([sub, pub]);
  });
});
