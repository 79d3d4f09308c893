// The monitored topics are the topic_metrics config root: a restarted node monitors them again (counters from zero).
import { describe, expect, test } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { api, closeClients, connectClient } from '../../shared/testing';

const node = restartableNode();

describe('topic metrics across a restart', () => {
  test('the topics are kept and counted again', async () => {
    expect((await api(node, 'POST', '/mqtt/topic_metrics', { topic: 'tmr/a' })).status).toBe(200);
    expect((await api(node, 'POST', '/mqtt/topic_metrics', { topic: 'tmr/b' })).status).toBe(200);
    expect((await api(node, 'DELETE', `/mqtt/topic_metrics/${encodeURIComponent('tmr/b')}`)).status).toBe(204);
    await node.restart();
    const list = await api(node, 'GET', '/mqtt/topic_metrics');
    expect(list.body.map((t: { topic: string }) => t.topic)).toEqual(['tmr/a']);
    expect((await api(node, 'GET', '/configs?key=topic_metrics')).status).toBe(200);
    const c = await connectClient(node.mqttPort, { clientId: 'tmr-pub' });
    await c.publishAsync('tmr/a', 'x', { qos: 1 });
    expect((await api(node, 'GET', `/mqtt/topic_metrics/${encodeURIComponent('tmr/a')}`)).body.metrics['messages.in.count']).toBe(1);
    await closeClients([c]);
  });
});
