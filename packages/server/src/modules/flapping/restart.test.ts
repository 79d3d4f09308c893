// /configs/flapping_detect survives a restart and the restarted node bans by it.
import { describe, expect, test } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { api, connectClient, waitFor } from '../../shared/testing';

const node = restartableNode();

describe('flapping_detect across a restart', () => {
  test('the policy is kept and a flapping client is banned for ban_time', async () => {
    const policy = { enable: true, window_time: '30s', max_count: 2, ban_time: '2m' };
    expect((await api(node, 'PUT', '/configs/flapping_detect', policy)).body).toEqual(policy);

    await node.restart();

    expect((await api(node, 'GET', '/configs/flapping_detect')).body).toEqual(policy);
    for (let i = 0; i < 2; i++) {
      const c = await connectClient(node.mqttPort, { clientId: 'flap-after' });
      await c.endAsync();
      await waitFor(() => node.app.broker.client('flap-after')?.connected !== true, 2000, 'disconnect');
    }
    await waitFor(async () => (await api(node, 'GET', '/banned?clientid=flap-after')).body.data.length === 1, 2000, 'flapping ban');
    const ban = (await api(node, 'GET', '/banned?clientid=flap-after')).body.data[0];
    expect(Date.parse(ban.until) - Date.parse(ban.at)).toBe(120_000);
  });
});
