// GET|PUT /mqtt/delayed settings survive a restart and the restarted node applies them
// (held messages across a restart are in delayed.test.ts).
import { describe, expect, test } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';

const node = restartableNode();

describe('delayed settings across a restart', () => {
  test('max_delayed_messages is kept: the second held message is dropped', async () => {
    expect((await api(node, 'PUT', '/mqtt/delayed', { enable: true, max_delayed_messages: 1 })).status).toBe(200);
    await node.restart();
    expect((await api(node, 'GET', '/mqtt/delayed')).body).toEqual({ enable: true, max_delayed_messages: 1 });
    const c = await connectClient(node.mqttPort, { clientId: 'dl-max' });
    await c.publishAsync('$delayed/60/dl/a', '1', { qos: 1 });
    await c.publishAsync('$delayed/60/dl/b', '2', { qos: 1 });
    expect((await api(node, 'GET', '/mqtt/delayed/messages')).body.data.map((m: { topic: string }) => m.topic)).toEqual(['dl/a']);
    await closeClients([c]);
  });

  test('enable = false is kept: $delayed/… topics pass through untouched and nothing is held', async () => {
    expect((await api(node, 'PUT', '/mqtt/delayed', { enable: false, max_delayed_messages: 1 })).status).toBe(200);
    await node.restart();
    expect((await api(node, 'GET', '/mqtt/delayed')).body).toEqual({ enable: false, max_delayed_messages: 1 });
    const sub = await connectClient(node.mqttPort, { clientId: 'dl-sub' });
    const got: string[] = [];
    sub.on('message', (t) => got.push(t));
    await sub.subscribeAsync('$delayed/#', { qos: 1 });
    const pub = await connectClient(node.mqttPort, { clientId: 'dl-pub' });
    await pub.publishAsync('$delayed/60/dl/c', '3', { qos: 1 });
    await waitFor(() => got.length === 1, 2000, 'pass-through');
    expect(got).toEqual(['$delayed/60/dl/c']);
    expect((await api(node, 'GET', '/mqtt/delayed/messages')).body.data).toEqual([]);
    await closeClients([sub, pub]);
  });
});
