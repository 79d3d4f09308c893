// Custom zones (EMQX `zones.<name>`), black-box: the root from the environment and from PUT /configs (merge,
// replace), shown by GET /configs?key=zones and GET /configs/zones, and a real MQTT client on a listener of a zone
// getting that zone's limits while the default listener of the same node keeps the global ones
// (emqx_config_SUITE: t_init_zones_with_user_defined_other_zone, t_myzone_is_updated_after_global_defaults_updated;
// emqx_mgmt_api_listeners_SUITE: t_update_listener_zone).
import { afterAll, describe, expect, test } from 'vitest';
import type { MqttClient } from 'mqtt';
import type { TestNode } from '../../../test/test-node';
import { restartableNode } from '../../../test/restartable-node';
import { api, closeClients, connectClient, waitFor, getConfigText, putConfigText } from '../../shared/testing';

const node = restartableNode({
  env: { EMQX_ZONES__SMALL__MQTT__MAX_TOPIC_LEVELS: '2', EMQX_ZONES__SMALL__MQTT__MAX_PACKET_SIZE: '1KB' },
});
const clients: MqttClient[] = [];
afterAll(async () => closeClients(clients.splice(0)));

const getText = getConfigText;
const putText = (n: TestNode, body: string, mode = 'merge') => putConfigText(n, body, `?mode=${mode}`);

async function zonedListener(zone: string): Promise<number> {
  const conf = (await api(node, 'GET', '/listeners/tcp:default')).body;
  const existing = await api(node, 'GET', '/listeners/tcp:zoned');
  const res =
    existing.status === 200
      ? await api(node, 'PUT', '/listeners/tcp:zoned', { ...existing.body, zone })
      : await api(node, 'POST', '/listeners', { ...conf, id: 'tcp:zoned', name: 'zoned', bind: '127.0.0.1:0', zone });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.zone).toBe(zone);
  const port = node.app.listeners.get('tcp:zoned')?.port ?? 0;
  expect(port).toBeGreaterThan(0);
  return port;
}

async function client(port: number, clientId: string): Promise<MqttClient> {
  const c = await connectClient(port, { clientId });
  clients.push(c);
  return c;
}

describe('a zone from the environment', () => {
  test('GET /configs/zones shows what the zone sets; GET /configs hides the root as EMQX does', async () => {
    expect((await api(node, 'GET', '/configs/zones')).body).toEqual({ small: { mqtt: { max_topic_levels: 2, max_packet_size: '1KB' } } });
    // `zones` is a hidden root (emqx_conf_cli:hidden_roots): not in the dump, not a `key` the contract allows
    expect(await getText(node)).not.toMatch(/^zones /m);
    expect((await api(node, 'GET', '/configs?key=zones')).status).toBe(400);
    // the global zone is untouched
    expect((await api(node, 'GET', '/configs/global_zone')).body.mqtt).toMatchObject({ max_topic_levels: 128, max_packet_size: '1MB' });
  });

  test("a client on the zone's listener gets the zone's max_topic_levels and max_packet_size; one on tcp:default does not", async () => {
    const zoned = await zonedListener('small');
    const g = await client(node.mqttPort, 'zone-g');
    const z = await client(zoned, 'zone-z');
    expect((await g.subscribeAsync('a/b/c', { qos: 0 }))[0].qos).toBe(0);
    await expect(z.subscribeAsync('a/b/c', { qos: 0 })).rejects.toThrow(/Topic Filter invalid/); // 3 levels > 2
    expect((await z.subscribeAsync('a/b', { qos: 0 }))[0].qos).toBe(0);

    const got = new Promise<number>((resolve) => g.once('message', (_t, payload) => resolve(payload.length)));
    await g.publishAsync('a/b/c', Buffer.alloc(2048), { qos: 1 });
    expect(await got).toBe(2048); // 2 KB is within the global 1MB
    const closed = new Promise<void>((resolve) => z.once('close', () => resolve()));
    z.publish('a/b', Buffer.alloc(2048), { qos: 0 });
    await closed; // above the zone's 1KB: the connection is closed
    expect(g.connected).toBe(true);
  });
});

describe('PUT /configs with a zones block', () => {
  test('merge adds a zone next to the existing one; a bad value is 400 and stores nothing', async () => {
    const ok = await putText(node, 'zones.big.mqtt { max_qos_allowed = 1, max_inflight = 3 }');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(Object.keys((await api(node, 'GET', '/configs/zones')).body).sort()).toEqual(['big', 'small']);

    const before = node.app.config.get('zones');
    const bad = await putText(node, 'zones.big.mqtt.max_qos_allowed = 3');
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).errors.zones).toMatchObject({ kind: 'validation_error', path: 'zones.big.mqtt.max_qos_allowed' });
    const unknown = await putText(node, 'zones.big.stats_x { enable = true }');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('stats_x');
    const badName = await putText(node, 'zones { "no way" { mqtt { max_inflight = 3 } } }');
    expect(badName.statusCode).toBe(400);
    expect(node.app.config.get('zones')).toEqual(before);
  });

  test('t_update_listener_zone: a listener may name a configured zone, not an unknown one', async () => {
    await zonedListener('big');
    const conf = (await api(node, 'GET', '/listeners/tcp:zoned')).body;
    const bad = await api(node, 'PUT', '/listeners/tcp:zoned', { ...conf, zone: 'unknownzone' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("unknown_zone: zone 'unknownzone' does not exist (zones: default, small, big)");
    expect((await api(node, 'GET', '/listeners/tcp:zoned')).body.zone).toBe('big');
  });

  test('the zone value wins, an unset key follows the global one, also after a global change', async () => {
    const zoned = await zonedListener('big');
    const zone = (await api(node, 'GET', '/configs/global_zone')).body;
    const put = await api(node, 'PUT', '/configs/global_zone', { ...zone, mqtt: { ...zone.mqtt, max_topic_levels: 3 } });
    expect(put.status).toBe(200);
    const z = await client(zoned, 'zone-big');
    const granted = await z.subscribeAsync('x/y/z', { qos: 2 });
    expect(granted[0].qos).toBe(1); // the zone's max_qos_allowed = 1
    await expect(z.subscribeAsync('w/x/y/z', { qos: 0 })).rejects.toThrow(/Topic Filter invalid/); // the new global 3
    const view = await api(node, 'GET', '/clients/zone-big');
    expect(view.body.inflight_max).toBe(3); // the zone's max_inflight
    const g = await client(node.mqttPort, 'zone-global');
    expect((await g.subscribeAsync('x/y/z', { qos: 2 }))[0].qos).toBe(2);
    expect((await api(node, 'GET', '/clients/zone-global')).body.inflight_max).toBe(32);
  });

  test('replace deletes the zones left out, unless a listener uses one; a zone change reaches the next CONNECT', async () => {
    // tcp:zoned uses `big`: replacing the zones with `small` alone is refused, nothing changes
    const refused = await putText(node, 'zones { small { mqtt { max_topic_levels = 2 } } }', 'replace');
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body).errors.zones).toMatchObject({ kind: 'validation_error', path: 'zones.big' });
    expect(refused.body).toContain('used by listener tcp:zoned');
    expect(Object.keys((await api(node, 'GET', '/configs/zones')).body).sort()).toEqual(['big', 'small']);

    const ok = await putText(node, 'zones { big { mqtt { max_qos_allowed = 0 } } }', 'replace');
    expect(ok.statusCode, ok.body).toBe(200);
    // `small` came from the environment and is gone all the same; `big` lost its max_inflight
    expect((await api(node, 'GET', '/configs/zones')).body).toEqual({ big: { mqtt: { max_qos_allowed: 0 } } });
    const z = await client(node.app.listeners.get('tcp:zoned')?.port ?? 0, 'zone-big-2');
    expect((await z.subscribeAsync('t', { qos: 2 }))[0].qos).toBe(0);
    expect((await api(node, 'GET', '/clients/zone-big-2')).body.inflight_max).toBe(32);
  });

  test('the zones survive a restart and still apply', async () => {
    await closeClients(clients.splice(0));
    await node.restart();
    expect((await api(node, 'GET', '/configs/zones')).body).toEqual({ big: { mqtt: { max_qos_allowed: 0 } } });
    await waitFor(() => (node.app.listeners.get('tcp:zoned')?.port ?? 0) > 0, 3000, 'tcp:zoned restarted');
    const z = await client(node.app.listeners.get('tcp:zoned')?.port ?? 0, 'zone-after');
    expect((await z.subscribeAsync('t', { qos: 2 }))[0].qos).toBe(0);
  });

  test("flapping_detect of a zone bans its listener's flappers; the global zone (detection off) bans nobody", async () => {
    const ok = await putText(node, 'zones.big.flapping_detect { enable = true, max_count = 2, window_time = 10s, ban_time = 1m }');
    expect(ok.statusCode, ok.body).toBe(200);
    const zoned = node.app.listeners.get('tcp:zoned')?.port ?? 0;
    for (const [port, clientId] of [
      [node.mqttPort, 'flap-g'],
      [node.mqttPort, 'flap-g'],
      [zoned, 'flap-z'],
      [zoned, 'flap-z'],
    ] as const) {
      const c = await connectClient(port, { clientId });
      await c.endAsync();
      await waitFor(() => node.app.broker.client(clientId)?.connected !== true, 2000, 'disconnect');
    }
    await waitFor(async () => (await api(node, 'GET', '/banned?clientid=flap-z')).body.data.length === 1, 2000, 'flapping ban');
    expect((await api(node, 'GET', '/banned?clientid=flap-g')).body.data).toEqual([]);
  });

  test('durable_sessions.enable of a zone: its clients get durable sessions that survive a restart; the global zone keeps memory ones', async () => {
    // the global durable_sessions stay off; zone `big` turns them on for its listener (emqx_session:choose_impl_candidates)
    const ok = await putText(node, 'zones.big.durable_sessions { enable = true }');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await api(node, 'GET', '/configs/global_zone')).body.durable_sessions.enable).toBe(false);
    const zoned = node.app.listeners.get('tcp:zoned')?.port ?? 0;
    const persistent = { clean: false, protocolVersion: 5 as const, properties: { sessionExpiryInterval: 3600 } };
    for (const [port, clientId] of [
      [zoned, 'durable-z'],
      [node.mqttPort, 'durable-g'],
    ] as const) {
      const c = await connectClient(port, { clientId, ...persistent });
      await c.subscribeAsync('dz/#', { qos: 1 });
      await c.endAsync();
    }
    const durable = async (id: string) => (await api(node, 'GET', `/clients/${id}`)).body.durable;
    expect([await durable('durable-z'), await durable('durable-g')]).toEqual([true, false]);

    await node.restart();
    // the zone's session came back from the store with its subscription; the global zone's memory session did not
    expect((await api(node, 'GET', '/clients/durable-z')).body).toMatchObject({ connected: false, durable: true, subscriptions_cnt: 1 });
    expect((await api(node, 'GET', '/clients/durable-g')).status).toBe(404);
  });
});
