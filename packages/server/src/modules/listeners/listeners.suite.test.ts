// /listeners as EMQX 5.8.1's emqx_mgmt_api_listeners_SUITE asserts it (the zone case is in listeners.zones.test.ts).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, connackCode } from '../../shared/testing';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node.close();
});

describe('emqx_mgmt_api_listeners_SUITE', () => {
  test('t_update_listener_max_conn_rate: infinity by default, 42/s, back to infinity', async () => {
    const conf = (await api(node, 'GET', '/listeners/tcp:default')).body;
    expect(conf.max_conn_rate).toBe('infinity');
    for (const rate of ['infinity', '42/s', 'infinity']) {
      const res = await api(node, 'PUT', '/listeners/tcp:default', { ...conf, max_conn_rate: rate });
      expect(res.status).toBe(200);
      expect(res.body.max_conn_rate).toBe(rate);
    }
  });

  test('t_delete_nonexistent_listener: 404', async () => {
    expect((await api(node, 'DELETE', '/listeners/tcp:nonexistent')).status).toBe(404);
  });

  test('t_action_listeners: stop, start, restart follow `running` (and MQTT clients see it)', async () => {
    for (const [action, running] of [
      ['stop', false],
      ['start', true],
      ['restart', true],
    ] as const) {
      expect((await api(node, 'POST', `/listeners/tcp:default/${action}`)).status).toBe(200);
      expect((await api(node, 'GET', '/listeners/tcp:default')).body.running, action).toBe(running);
      // bound to port 0 in tests: a start binds a fresh port, read from the running listener
      if (running) expect(await connackCode(node.app.listeners.get('tcp:default')?.port ?? 0, { clientId: `after-${action}` })).toBe(0);
    }
  });
});
