// The slow_subs settings are kept across a restart and the restarted node measures with them.
import { describe, expect, test } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';

const node = restartableNode();

describe('slow subscriptions across a restart', () => {
  test('enabled with a threshold, the restarted node ranks a slow subscriber', async () => {
    const settings = { enable: true, threshold: '200ms', expire_interval: '60s', top_k_num: 3, stats_type: 'response' };
    expect((await api(node, 'PUT', '/slow_subscriptions/settings', settings)).status).toBe(200);
    await node.restart();
    expect((await api(node, 'GET', '/slow_subscriptions/settings')).body).toEqual(settings);
    let acked = 0;
    const slow = await connectClient(node.mqttPort, {
      clientId: 'ssr-slow',
      customHandleAcks: (_t, _m, _p, done) =>
        void setTimeout(() => {
          done(0);
          acked++;
        }, 600),
    });
    await slow.subscribeAsync('ssr/#', { qos: 1 });
    const pub = await connectClient(node.mqttPort, { clientId: 'ssr-pub' });
    await pub.publishAsync('ssr/a', 'x', { qos: 1 });
    await waitFor(() => acked === 1, 5000, 'ack');
    await waitFor(async () => (await api(node, 'GET', '/slow_subscriptions')).body.data.length === 1, 3000, 'ranking');
    expect((await api(node, 'GET', '/slow_subscriptions')).body.data[0]).toMatchObject({ clientid: 'ssr-slow', topic: 'ssr/a' });
    await closeClients([slow, pub]);
  });
});
