import mqtt from 'mqtt';
import { describe, expect, test } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { api, closeClients, connectClient, expectContract } from '../../shared/testing';

const node = restartableNode();

const zone = async () => (await api(node, 'GET', '/configs/global_zone')).body;

describe('global zone', () => {
  test('GET has the five roots with EMQX defaults', async () => {
    const res = await api(node, 'GET', '/configs/global_zone');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['durable_sessions', 'flapping_detect', 'force_gc', 'force_shutdown', 'mqtt']);
    expect(res.body.mqtt).toMatchObject({ max_qos_allowed: 2, keepalive_multiplier: 1.5, max_inflight: 32, retry_interval: 'infinity' });
    expect(res.body.force_shutdown).toEqual({ enable: true, max_mailbox_size: 1000, max_heap_size: '32MB' });
  });

  test('a valid change applies live to MQTT clients and is returned', async () => {
    const body = await zone();
    body.mqtt.wildcard_subscription = false;
    body.mqtt.max_inflight = 8;
    const res = await api(node, 'PUT', '/configs/global_zone', body);
    expect(res.status).toBe(200);
    expect(res.body.mqtt).toMatchObject({ wildcard_subscription: false, max_inflight: 8 });
    expect(node.app.broker.settings.maxInflight).toBe(8);
    const c = await connectClient(node.mqttPort, { clientId: 'cfg-wild' });
    try {
      // SUBACK 0xA2: wildcard subscriptions not supported
      await expect(c.subscribeAsync('cfg/#', { qos: 1 })).rejects.toThrow(/Wildcard Subscriptions not supported/);
      const plain = await c.subscribeAsync('cfg/plain', { qos: 1 });
      expect(plain[0].qos).toBe(1);
    } finally {
      await closeClients([c]);
    }
  });

  test("invalid values are 400 BAD_REQUEST with hocon's error text and change nothing", async () => {
    const before = await zone();
    const bad = structuredClone(before);
    bad.mqtt.max_qos_allowed = 3;
    bad.force_gc.count = 7; // valid on its own: must not be stored either
    const res = await api(node, 'PUT', '/configs/global_zone', bad);
    // emqx_dashboard_swagger checks each global zone root by its name: hocon's path is `mqtt.…`, its type qos()
    expect(res).toEqual({
      status: 400,
      headers: expect.anything(),
      body: { code: 'BAD_REQUEST', message: '{"value":3,"reason":{"expected":"qos()"},"path":"mqtt.max_qos_allowed","kind":"validation_error"}' },
    });
    expect(await zone()).toEqual(before);

    const priorities = await api(node, 'PUT', '/configs/global_zone', { mqtt: { ...before.mqtt, mqueue_priorities: { 'a/b': 300 } } });
    // a validator's refusal: its sentence is hocon's reason
    expect(JSON.parse(priorities.body.message)).toMatchObject({ kind: 'validation_error', reason: expect.stringContaining('Priority number must be a number between 1 and 255.') });
    const attrs = await api(node, 'PUT', '/configs/global_zone', {
      mqtt: {
        ...before.mqtt,
        client_attrs_init: [
          { expression: 'cn', set_as_attr: 'a' },
          { expression: 'dn', set_as_attr: 'a' },
        ],
      },
    });
    expect(attrs.body.message).toContain('Duplicated Attribute');
    expect((await api(node, 'PUT', '/configs/global_zone', { zone_x: {} })).status).toBe(400);
    expect((await api(node, 'PUT', '/configs/global_zone', { mqtt: { ...before.mqtt, session_expiry_interval: 'soon' } })).status).toBe(400);
    expect(await zone()).toEqual(before);
  });
});

describe('config roots', () => {
  test('sys_topics, sysmon, alarm, log, broker, dashboard: GET with defaults (secrets masked), contract', async () => {
    for (const root of ['sys_topics', 'sysmon', 'alarm', 'log', 'broker', 'dashboard']) {
      const res = await api(node, 'GET', `/configs/${root}`);
      expect(res.status, root).toBe(200);
      // EMQX's shipped dashboard bind is the bare port 18083 (its schema accepts an integer); the swagger says string
      const body = root === 'dashboard' ? { ...res.body, listeners: { http: { ...res.body.listeners.http, bind: String(res.body.listeners.http.bind) } } } : res.body;
      expectContract('get', `/configs/${root}`, 200, body);
    }
    expect((await api(node, 'GET', '/configs/sysmon')).body.os).toMatchObject({ cpu_high_watermark: '80%' });
    expect((await api(node, 'GET', '/configs/dashboard')).body.default_password).toBe('******');
  });

  test('PUT replaces the root (omitted keys back to defaults), masked secrets are kept', async () => {
    const res = await api(node, 'PUT', '/configs/sysmon', { vm: { busy_port: false } });
    expect(res.status).toBe(200);
    expect(res.body.vm).toMatchObject({ busy_port: false, long_schedule: '240ms' });
    const dash = (await api(node, 'GET', '/configs/dashboard')).body;
    expect((await api(node, 'PUT', '/configs/dashboard', { ...dash, token_expired_time: '30m' })).body).toMatchObject({ token_expired_time: '30m', default_password: '******' });
    expect(node.app.config.get('dashboard.default_password')).toBe('public');
  });

  test("invalid root values: 400 BAD_REQUEST with hocon's error text, unchanged", async () => {
    const before = (await api(node, 'GET', '/configs/sys_topics')).body;
    const res = await api(node, 'PUT', '/configs/sys_topics', { ...before, sys_msg_interval: 'soon' });
    expect(res).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    // a root's own body is checked as hocon's `root`
    expect(JSON.parse(res.body.message)).toEqual({
      kind: 'validation_error',
      path: 'root.sys_msg_interval',
      reason: { expected: 'disabled | emqx_schema:duration()' },
      value: 'soon',
    });
    expect((await api(node, 'PUT', '/configs/alarm', { actions: ['mail'] })).status).toBe(400);
    expect((await api(node, 'PUT', '/configs/sysmon', { os: { cpu_high_watermark: '180%' } })).status).toBe(400);
    // emqx_schema:to_percent: above 100% is refused, fractions included
    expect((await api(node, 'PUT', '/configs/sysmon', { os: { cpu_high_watermark: '100.5%' } })).body).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await api(node, 'PUT', '/configs/sysmon', { vm: { process_low_watermark: '-1%' } })).status).toBe(400);
    expect((await api(node, 'PUT', '/configs/log', { console: { level: 'loud' } })).status).toBe(400);
    expect((await api(node, 'GET', '/configs/sys_topics')).body).toEqual(before);
  });

  // hocon_tconf's error maps for the four common cases, as emqx_dashboard_swagger answers them (readable_error_msg:
  // the map as JSON, jiffy's key order); the path is hocon's, `root.` + the field of the root's own body
  test("hocon's kinds: unknown enum value, type or range mismatch, unknown field", async () => {
    const message = async (url: string, body: unknown) => {
      const res = await api(node, 'PUT', url, body);
      expect(res.status, url).toBe(400);
      expect(res.body.code, url).toBe('BAD_REQUEST');
      return res.body.message as string;
    };
    const sysmonBefore = (await api(node, 'GET', '/configs/sysmon')).body;
    expect(await message('/configs/log', { console: { level: 'loud' } })).toBe(
      '{"value":"loud","reason":"unable_to_convert_to_enum_symbol","path":"root.console.level","kind":"validation_error"}',
    );
    expect(await message('/configs/sysmon', { vm: { busy_port: 'x' } })).toBe(
      '{"value":"x","reason":{"expected":"boolean()"},"path":"root.vm.busy_port","kind":"validation_error"}',
    );
    expect(await message('/configs/alarm', { size_limit: 0 })).toBe('{"value":0,"reason":{"expected":"1..3000"},"path":"root.size_limit","kind":"validation_error"}');
    // check_unknown_fields: the struct's path, the unknown names and the first two (sorted) of those not given
    expect(JSON.parse(await message('/configs/sysmon', { vm: { nope: 1, busy_port: true } }))).toEqual({
      kind: 'validation_error',
      path: 'root.vm',
      reason: 'unknown_fields',
      unknown: 'nope',
      unmatched: 'busy_dist_port,large_heap,...',
    });
    // several errors: hocon's list of them, in the schema's field order (max_qos_allowed before max_inflight)
    const both = JSON.parse(await message('/configs/global_zone', { mqtt: { max_inflight: 0, max_qos_allowed: 3 } }));
    expect(both).toEqual([
      { kind: 'validation_error', path: 'mqtt.max_qos_allowed', reason: { expected: 'qos()' }, value: 3 },
      { kind: 'validation_error', path: 'mqtt.max_inflight', reason: { expected: '1..65535' }, value: 0 },
    ]);
    expect((await api(node, 'GET', '/configs/sysmon')).body).toEqual(sysmonBefore);
  });

  test("sysmon percents: EMQX's 0% to 100%, fractions allowed and kept as written", async () => {
    const sysmon = (await api(node, 'GET', '/configs/sysmon')).body;
    const os = { ...sysmon.os, cpu_high_watermark: '100%', cpu_low_watermark: '12.5%', sysmem_high_watermark: '0%' };
    const res = await api(node, 'PUT', '/configs/sysmon', { ...sysmon, os });
    expect(res.status).toBe(200);
    expect(res.body.os).toMatchObject({ cpu_high_watermark: '100%', cpu_low_watermark: '12.5%', sysmem_high_watermark: '0%' });
    expect(node.app.config.get('sysmon.os.cpu_low_watermark')).toBe('12.5%');
  });

  test('GET /configs: HOCON text by default, JSON roots with Accept json, 400 INVALID_ACCEPT otherwise', async () => {
    const text = await node.app.inject({ method: 'GET', url: '/api/v5/configs', headers: node.auth });
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.body).toContain('sys_topics {');
    expect(text.body).toContain('sys_msg_interval = "1m"');
    expect(text.body).not.toContain('"public"');
    const one = await node.app.inject({ method: 'GET', url: '/api/v5/configs?key=alarm', headers: { ...node.auth, accept: 'text/plain' } });
    expect(one.body.startsWith('alarm {')).toBe(true);
    const json = await node.app.inject({ method: 'GET', url: '/api/v5/configs', headers: { ...node.auth, accept: 'application/json' } });
    expect(Object.keys(json.json()).sort()).toEqual(['alarm', 'broker', 'dashboard', 'log', 'sys_topics', 'sysmon']);
    const bad = await node.app.inject({ method: 'GET', url: '/api/v5/configs', headers: { ...node.auth, accept: 'image/png' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_ACCEPT');
  });

  test('configs_reset puts one key or subtree back to its default; a whole root has none (EMQX)', async () => {
    await api(node, 'PUT', '/configs/alarm', { size_limit: 10, validity_period: '1h' });
    expect((await api(node, 'POST', '/configs_reset/alarm?conf_path=size_limit')).status).toBe(200);
    expect((await api(node, 'GET', '/configs/alarm')).body).toMatchObject({ size_limit: 1000, validity_period: '1h' });
    expect(await api(node, 'POST', '/configs_reset/alarm')).toMatchObject({ status: 400, body: { code: 'NO_DEFAULT_VALUE', message: 'No Default Value.' } });
    expect((await api(node, 'GET', '/configs/alarm')).body.validity_period).toBe('1h');
    expect((await api(node, 'POST', '/configs_reset/alarm?conf_path=validity_period')).status).toBe(200);
    expect((await api(node, 'GET', '/configs/alarm')).body.validity_period).toBe('24h');
    expect((await api(node, 'POST', '/configs_reset/alarm?conf_path=nope')).body.code).toBe('NO_DEFAULT_VALUE');
    expect((await api(node, 'POST', '/configs_reset/mqtt')).status).toBe(400);
  });

  test('hidden limiter: max_conn_rate refuses connections over the rate', async () => {
    expect((await api(node, 'GET', '/configs/limiter')).body).toEqual({ max_conn_rate: 'infinity', messages_rate: 'infinity', bytes_rate: 'infinity' });
    expect((await api(node, 'PUT', '/configs/limiter', { max_conn_rate: 'fast' })).status).toBe(400);
    expect((await api(node, 'PUT', '/configs/limiter', { max_conn_rate: '1/m' })).status).toBe(200);
    const first = await connectClient(node.mqttPort, { clientId: 'rate-1' });
    const refused = await new Promise<boolean>((resolve) => {
      const c = mqtt.connect({ host: '127.0.0.1', port: node.mqttPort, reconnectPeriod: 0, clientId: 'rate-2' });
      c.once('connect', () => resolve(false));
      c.once('close', () => resolve(true));
      c.once('error', () => resolve(true));
      setTimeout(() => c.end(true), 3000);
    });
    expect(refused).toBe(true);
    await api(node, 'PUT', '/configs/limiter', { max_conn_rate: 'infinity' });
    await closeClients([first, await connectClient(node.mqttPort, { clientId: 'rate-3' })]);
  });

  test('changes survive a restart', async () => {
    await api(node, 'PUT', '/configs/sys_topics', { sys_msg_interval: '2m' });
    await node.restart();
    expect((await api(node, 'GET', '/configs/sys_topics')).body.sys_msg_interval).toBe('2m');
    expect((await zone()).mqtt).toMatchObject({ wildcard_subscription: false, max_inflight: 8 });
    expect(node.app.broker.settings.maxInflight).toBe(8);
    expect((await api(node, 'GET', '/configs/sysmon')).body.vm.busy_port).toBe(false);
  });
});
