// GET /configs/zones (hidden in EMQX 5.8, the console's listener zone picker): with no custom zone configured the
// list is empty and the picker offers `default` alone; the route needs auth like every other. Custom zones
// themselves: modules/zones/zones.api.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api } from '../../shared/testing';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node.close();
});

describe('GET /configs/zones', () => {
  test('an empty object (only the default zone exists); 401 without credentials', async () => {
    const res = await api(node, 'GET', '/configs/zones');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const anon = await node.app.inject({ method: 'GET', url: '/api/v5/configs/zones' });
    expect(anon.statusCode).toBe(401);
  });
});

// emqx_mgmt_api_listeners_SUITE:t_update_listener_zone, first half: a zone that is not configured is refused
// (emqx_config_zones:assert_zone_exists). Its second half (a configured zone accepted) is in zones.api.test.ts.
describe('listener zone', () => {
  test('t_update_listener_zone: PUT with an unknown zone is 400 and changes nothing; default is accepted', async () => {
    const conf = (await api(node, 'GET', '/listeners/tcp:default')).body;
    const bad = await api(node, 'PUT', '/listeners/tcp:default', { ...conf, zone: 'unknownzone' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 'BAD_REQUEST', message: "unknown_zone: zone 'unknownzone' does not exist (zones: default)" });
    expect((await api(node, 'GET', '/listeners/tcp:default')).body.zone).toBe('default');
    const ok = await api(node, 'PUT', '/listeners/tcp:default', { ...conf, zone: 'default' });
    expect(ok.status).toBe(200);
    expect(ok.body.zone).toBe('default');
    const created = await api(node, 'POST', '/listeners', { ...conf, id: 'tcp:zoned', bind: '127.0.0.1:0', zone: 'zone1' });
    expect(created.status).toBe(400);
    expect((await api(node, 'GET', '/listeners/tcp:zoned')).status).toBe(404);
  });
});
