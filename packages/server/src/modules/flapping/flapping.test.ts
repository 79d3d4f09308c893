import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, connectClient, waitFor } from '../../shared/testing';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => node.close());

describe('/configs/flapping_detect', () => {
  test('GET shows the defaults; PUT replaces the root and omitted keys fall back', async () => {
    expect((await api(node, 'GET', '/configs/flapping_detect')).body).toEqual({ enable: false, window_time: '1m', max_count: 15, ban_time: '5m' });
    const res = await api(node, 'PUT', '/configs/flapping_detect', { enable: true, max_count: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ enable: true, window_time: '1m', max_count: 3, ban_time: '5m' });
  });

  test('bad values are refused and nothing changes', async () => {
    const before = (await api(node, 'GET', '/configs/flapping_detect')).body;
    for (const body of [{ window_time: 'soon' }, { max_count: -1 }, { enable: 'yes' }, { other: 1 }]) {
      const res = await api(node, 'PUT', '/configs/flapping_detect', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('BAD_REQUEST');
    }
    expect((await api(node, 'GET', '/configs/flapping_detect')).body).toEqual(before);
  });
});

describe('detection', () => {
  test('a client id that reaches max_count disconnects within the window is banned and listed', async () => {
    await api(node, 'PUT', '/configs/flapping_detect', { enable: true, max_count: 3, window_time: '10s', ban_time: '1m' });
    for (let i = 0; i < 3; i++) {
      const c = await connectClient(node.mqttPort, { clientId: 'flapper' });
      await c.endAsync();
      await waitFor(() => node.app.broker.client('flapper')?.connected !== true, 2000, 'disconnect');
    }
    await waitFor(async () => (await api(node, 'GET', '/banned?clientid=flapper')).body.data.length === 1, 2000, 'flapping ban');
    const ban = (await api(node, 'GET', '/banned?clientid=flapper')).body.data[0];
    expect(ban).toMatchObject({ as: 'clientid', who: 'flapper', by: 'flapping detector', reason: 'flapping is detected' });
    expect(Date.parse(ban.until) - Date.parse(ban.at)).toBe(60_000);
    await expect(connectClient(node.mqttPort, { clientId: 'flapper' })).rejects.toMatchObject({ code: 0x8a });
  });

  test('disabled detection bans nobody', async () => {
    await api(node, 'PUT', '/configs/flapping_detect', { enable: false, max_count: 1 });
    const c = await connectClient(node.mqttPort, { clientId: 'calm' });
    await c.endAsync();
    // a fixed wait on purpose: it proves nothing is banned within 100 ms
    await new Promise((r) => setTimeout(r, 100));
    expect((await api(node, 'GET', '/banned?clientid=calm')).body.data).toEqual([]);
  });
});
