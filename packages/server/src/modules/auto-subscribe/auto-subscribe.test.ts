import { describe, expect, test } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../shared/testing';

const node = restartableNode();

describe('auto subscribe', () => {
  test('PUT validates, fills defaults; connecting clients are subscribed with placeholders and receive', async () => {
    expect((await api(node, 'GET', '/mqtt/auto_subscribe')).body).toEqual([]);
    const tooMany = Array.from({ length: 21 }, (_, i) => ({ topic: `t/${i}` }));
    expect(await api(node, 'PUT', '/mqtt/auto_subscribe', tooMany)).toMatchObject({
      status: 409,
      body: { code: 'EXCEED_LIMIT', message: 'Max auto subscribe topic count is  20' },
    });
    expect(await api(node, 'PUT', '/mqtt/auto_subscribe', [{ topic: 'ok/${clientid}' }, { topic: 'a/#/b' }, { topic: 'c+' }])).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Invalid topic filter: "a/#/b" (Invalid use of "#" wildcard), "c+" (Invalid use of "+" wildcard)' },
    });
    expect((await api(node, 'PUT', '/mqtt/auto_subscribe', [{ topic: 'a', qos: 3 }])).status).toBe(400);
    // the same rule names an empty topic, a broken shared form and too many levels
    const deep = Array.from({ length: 129 }, () => 'l').join('/');
    expect(await api(node, 'PUT', '/mqtt/auto_subscribe', [{ topic: '' }, { topic: '$share/g' }, { topic: deep }, { topic: '$share/g/ok/+' }])).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', message: `Invalid topic filter: "" (empty topic), "$share/g" (invalid shared subscription), "${deep}" (more than 128 topic levels)` },
    });
    expect((await api(node, 'GET', '/mqtt/auto_subscribe')).body).toEqual([]);

    const res = await api(node, 'PUT', '/mqtt/auto_subscribe', [{ topic: 'dev/${clientid}/cmd', qos: 1 }, { topic: 'user/${username}' }, { topic: 'peer/${host}', nl: 1, rh: 2 }]);
    expect(res.status).toBe(200);
    expectContract('put', '/mqtt/auto_subscribe', 200, res.body);
    expect(res.body[1]).toEqual({ topic: 'user/${username}', qos: 0, rh: 0, rap: 0, nl: 0 });

    const c = await connectClient(node.mqttPort, { clientId: 'auto-1', username: 'ann' });
    await waitFor(() => (node.app.broker.subscriptionsOf('auto-1') ?? []).length === 3, 2000, 'auto subscriptions');
    const subs = await api(node, 'GET', '/subscriptions?clientid=auto-1');
    const topics = subs.body.data.map((s: { topic: string }) => s.topic).sort();
    expect(topics).toEqual(['dev/auto-1/cmd', 'peer/127.0.0.1', 'user/ann']);
    expect(subs.body.data.find((s: { topic: string }) => s.topic === 'dev/auto-1/cmd')).toMatchObject({ qos: 1 });
    const got: string[] = [];
    c.on('message', (t, p) => got.push(`${t}:${p.toString()}`));
    await api(node, 'POST', '/publish', { topic: 'dev/auto-1/cmd', payload: 'go', qos: 1 });
    await waitFor(() => got.length === 1, 2000, 'auto-subscribed delivery');
    expect(got).toEqual(['dev/auto-1/cmd:go']);

    // no username: the ${username} topic is skipped
    const anon = await connectClient(node.mqttPort, { clientId: 'auto-2' });
    await waitFor(() => (node.app.broker.subscriptionsOf('auto-2') ?? []).length === 2, 2000, 'subscriptions without username');
    await closeClients([c, anon]);
  });

  test('topics survive a restart', async () => {
    await node.restart();
    expect((await api(node, 'GET', '/mqtt/auto_subscribe')).body).toHaveLength(3);
  });
});
