// Rules on real traffic: MQTT.js clients against the test node. A rule republishes, event rules fire on a real
// connect / subscribe / drop / authentication, metrics move, a rule does not republish its own output again
// (EMQX's recursive_republish_detected), direct dispatch skips other rules, a missing action is discarded.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';

let node: TestNode;
const clients: MqttClient[] = [];
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => node.close());
afterEach(async () => {
  await closeClients(clients.splice(0));
  for (const r of (await api(node, 'GET', '/rules?limit=1000')).body.data) await api(node, 'DELETE', `/rules/${r.id}`);
});

async function client(clientId: string, opts: Record<string, unknown> = {}): Promise<MqttClient> {
  const c = await connectClient(node.mqttPort, { clientId, ...opts });
  clients.push(c);
  return c;
}

/** a subscriber that keeps every message it gets */
async function inbox(filter: string, clientId = `inbox-${Math.random().toString(16).slice(2)}`) {
  const c = await client(clientId);
  const got: { topic: string; payload: string; props?: Record<string, unknown>; retain: boolean }[] = [];
  c.on('message', (topic, payload, packet) => got.push({ topic, payload: payload.toString(), props: packet.properties, retain: packet.retain }));
  await c.subscribeAsync(filter, { qos: 1 });
  return got;
}

const metrics = async (id: string) => (await api(node, 'GET', `/rules/${id}/metrics`)).body.metrics;

describe('message rules', () => {
  test('the issue rule: temp > 30 republished to alerts/${clientid} with ${t}; metrics count it', async () => {
    const created = await api(node, 'POST', '/rules', {
      id: 'hot',
      sql: 'SELECT payload.temp AS t, clientid FROM "sensors/#" WHERE payload.temp > 30',
      actions: [{ function: 'republish', args: { topic: 'alerts/${clientid}', payload: '${t}' } }],
    });
    expect(created.status).toBe(201);
    const alerts = await inbox('alerts/#');
    const sensor = await client('sensor1');
    await sensor.publishAsync('sensors/room1', JSON.stringify({ temp: 25 }), { qos: 1 });
    await sensor.publishAsync('sensors/room1', JSON.stringify({ temp: 35.5 }), { qos: 1 });
    await sensor.publishAsync('other/room1', JSON.stringify({ temp: 99 }), { qos: 1 });
    await waitFor(() => alerts.length === 1, 3000, 'alert');
    expect(alerts[0]).toMatchObject({ topic: 'alerts/sensor1', payload: '35.5' });
    await waitFor(async () => (await metrics('hot'))['actions.success'] === 1, 3000, 'metrics');
    expect(await metrics('hot')).toMatchObject({
      matched: 2,
      passed: 1,
      failed: 1,
      'failed.no_result': 1,
      'failed.exception': 0,
      'actions.total': 1,
      'actions.success': 1,
      'actions.failed': 0,
    });
    // disabled: the next messages are not inputs any more (and the save reset the counters, as EMQX does)
    await api(node, 'PUT', '/rules/hot', { enable: false });
    await sensor.publishAsync('sensors/room1', JSON.stringify({ temp: 40 }), { qos: 1 });
    expect((await metrics('hot')).matched).toBe(0);
    await api(node, 'PUT', '/rules/hot', { enable: true });
    await sensor.publishAsync('sensors/room1', JSON.stringify({ temp: 41 }), { qos: 1 });
    await waitFor(() => alerts.length === 2, 3000, 'alert after enable');
    expect(alerts[1].payload).toBe('41');
    // a payload that is no JSON: the rule fails with an exception
    await sensor.publishAsync('sensors/room1', 'not json', { qos: 1 });
    expect((await metrics('hot'))['failed.exception']).toBe(1);
  });

  test('republish with an empty payload template sends the whole output as EMQX writes it, missing fields included', async () => {
    await api(node, 'POST', '/rules', {
      id: 'whole',
      sql: 'SELECT payload.nothere AS missing, payload.v AS v, clientid FROM "whole/in"',
      actions: [{ function: 'republish', args: { topic: 'whole/out', payload: '' } }],
    });
    const out = await inbox('whole/out');
    const sender = await client('whole-sender');
    await sender.publishAsync('whole/in', '{"v": {"b": 1, "a": [2]}}', { qos: 1 });
    await waitFor(() => out.length === 1, 3000, 'the republished output');
    expect(out[0].payload).toBe('{"v":{"b":1,"a":[2]},"missing":"undefined","clientid":"whole-sender"}');
  });

  test('a rule does not republish its own output again; the loop stops at one hop', async () => {
    await api(node, 'POST', '/rules', { id: 'loop', sql: 'SELECT * FROM "loop/#"', actions: [{ function: 'republish', args: { topic: 'loop/again' } }] });
    const got = await inbox('loop/#');
    const pub = await client('looper');
    await pub.publishAsync('loop/start', 'x', { qos: 1 });
    await waitFor(() => got.length === 2, 3000, 'original and one republish');
    await waitFor(async () => (await metrics('loop')).matched === 2, 3000, 'second match');
    expect(got.map((m) => m.topic).sort()).toEqual(['loop/again', 'loop/start']);
    expect(await metrics('loop')).toMatchObject({ matched: 2, passed: 2, 'actions.total': 2, 'actions.success': 2 });
  });

  test('republish: qos/retain from the input, user properties of the input, MQTT properties from templates', async () => {
    await api(node, 'POST', '/rules', {
      id: 'props',
      sql: 'SELECT *, payload.kind as kind FROM "in/#"',
      actions: [
        {
          function: 'republish',
          args: {
            topic: 'out/${kind}',
            qos: 1,
            retain: true,
            payload: '',
            user_properties: "${pub_props.'User-Property'}",
            mqtt_properties: { 'Content-Type': 'application/${kind}', 'Message-Expiry-Interval': '60', 'Payload-Format-Indicator': 'x' },
          },
        },
      ],
    });
    const got = await inbox('out/#');
    const pub = await client('props-pub');
    await pub.publishAsync('in/a', JSON.stringify({ kind: 'json' }), { qos: 1, properties: { userProperties: { who: 'me' } } });
    await waitFor(() => got.length === 1, 3000, 'republished');
    expect(got[0].topic).toBe('out/json');
    expect(got[0].props).toMatchObject({ userProperties: { who: 'me' }, contentType: 'application/json', messageExpiryInterval: 60 });
    expect(got[0].props?.payloadFormatIndicator).toBeUndefined();
    const whole = JSON.parse(got[0].payload);
    expect(whole).toMatchObject({ kind: 'json', topic: 'in/a', clientid: 'props-pub', metadata: { rule_id: 'props' } });
    await api(node, 'PUT', '/rules/props', { enable: false });
    await pub.publishAsync('out/json', '', { qos: 1, retain: true }); // clear the retained message
  });

  test('direct dispatch skips the message.publish hooks: other rules do not see the message', async () => {
    const make = (id: string, direct: boolean) =>
      api(node, 'POST', '/rules', { id, sql: 'SELECT * FROM "dd/in"', actions: [{ function: 'republish', args: { topic: `dd/out/${id}`, direct_dispatch: direct } }] });
    await make('direct', true);
    await make('routed', false);
    await api(node, 'POST', '/rules', { id: 'watch', sql: 'SELECT * FROM "dd/out/#"' });
    const got = await inbox('dd/out/#');
    await (await client('dd-pub')).publishAsync('dd/in', 'x', { qos: 1 });
    await waitFor(() => got.length === 2, 3000, 'both republished');
    await waitFor(async () => (await metrics('watch')).matched === 1, 3000, 'watch');
    expect((await metrics('watch')).matched).toBe(1);
  });

  test("the node's own $SYS messages are no input while ignore_sys_message is on (the default)", async () => {
    await api(node, 'POST', '/rules', { id: 'sys', sql: 'SELECT * FROM "$SYS/brokers/+/clients/#"' });
    const sys = await inbox('$SYS/brokers/+/clients/sys-1/disconnected');
    await closeClients([await connectClient(node.mqttPort, { clientId: 'sys-1' })]);
    await waitFor(() => sys.length === 1, 3000, "sys-1's $SYS disconnected message");
    expect((await metrics('sys')).matched).toBe(0);
    await api(node, 'PUT', '/rule_engine', { ignore_sys_message: false });
    try {
      await closeClients([await connectClient(node.mqttPort, { clientId: 'sys-2' })]);
      await waitFor(async () => (await metrics('sys')).matched === 2, 3000, 'connected and disconnected of sys-2');
    } finally {
      await api(node, 'PUT', '/rule_engine', { ignore_sys_message: true });
    }
  });

  test('a "<type>:<name>" action nobody provides is discarded; console prints the output on stdout', async () => {
    const printed: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      await api(node, 'POST', '/rules', { id: 'refs', sql: 'SELECT clientid FROM "ref/#"', actions: ['mqtt:nobody', { function: 'console' }] });
      await (await client('ref-pub')).publishAsync('ref/1', 'x', { qos: 1 });
      await waitFor(async () => (await metrics('refs'))['actions.total'] === 2, 3000, 'actions');
    } finally {
      spy.mockRestore();
    }
    expect(await metrics('refs')).toMatchObject({ passed: 1, 'actions.total': 2, 'actions.discarded': 1, 'actions.success': 1, 'actions.failed': 0 });
    const out = printed.join('');
    expect(out).toContain('[rule action] refs');
    expect(out).toContain('"clientid":"ref-pub"');
  });
});

describe('data-integration actions through registerActionProvider', () => {
  test('the provider of the type gets the output; its answers count as success, discarded, out of service, failed', async () => {
    const calls: { type: string; name: string; selected: Record<string, unknown> }[] = [];
    // a type of its own: the node's data integration provides every EMQX action type (http, kafka…) itself
    const remove = node.app.rules.registerActionProvider({
      handles: (type) => type === 'testsink',
      send: async (type, name, call) => {
        calls.push({ type, name, selected: call.selected });
        if (name === 'ok') return { ok: true };
        if (name === 'off') return { ok: false, discarded: 'disabled' };
        if (name === 'down') return { ok: false, outOfService: true };
        return { ok: false, reason: 'boom' };
      },
    });
    try {
      await api(node, 'POST', '/rules', {
        id: 'di',
        sql: 'SELECT clientid, payload.n as n FROM "di/#"',
        actions: ['testsink:ok', 'testsink:off', 'testsink:down', 'testsink:bad', 'kafka:none'],
      });
      await (await client('di-pub')).publishAsync('di/1', '{"n": 7}', { qos: 1 });
      await waitFor(async () => (await metrics('di'))['actions.total'] === 5 && calls.length === 4, 3000, 'five actions');
      await waitFor(async () => (await metrics('di'))['actions.success'] === 1, 3000, 'outcomes');
      expect(calls.map((c) => c.name)).toEqual(['ok', 'off', 'down', 'bad']);
      expect(calls[0]).toEqual({ type: 'testsink', name: 'ok', selected: { clientid: 'di-pub', n: 7 } });
      expect(await metrics('di')).toMatchObject({
        'actions.success': 1,
        'actions.discarded': 2, // testsink:off (disabled) and kafka:none (no such action)
        'actions.failed': 2,
        'actions.failed.out_of_service': 1,
        'actions.failed.unknown': 1,
      });
    } finally {
      remove();
    }
  });
});

describe('the broker without rules', () => {
  test('a rule attaches to exactly the broker events it reads; without rules nothing of the rule engine listens', async () => {
    const events = node.app.broker.events;
    const watched = ['message.publish', 'message.dropped', 'client.connected', 'client.disconnected', 'session.subscribed', 'client.check_authz_complete'] as const;
    const counts = () => Object.fromEntries(watched.map((e) => [e, events.listenerCount(e)]));
    const before = counts();
    await api(node, 'POST', '/rules', { id: 'm', sql: 'SELECT * FROM "x/#"' });
    expect(counts()).toMatchObject({ 'message.publish': before['message.publish'] + 1, 'session.subscribed': before['session.subscribed'] });
    await api(node, 'POST', '/rules', { id: 'e', sql: 'SELECT * FROM "$events/session_subscribed"' });
    expect(counts()['session.subscribed']).toBe(before['session.subscribed'] + 1);
    await api(node, 'PUT', '/rules/m', { enable: false });
    expect(counts()['message.publish']).toBe(before['message.publish']);
    await api(node, 'DELETE', '/rules/m');
    await api(node, 'DELETE', '/rules/e');
    expect(counts()).toEqual(before);
  });
});

describe('event rules', () => {
  test('connect, subscribe, unsubscribe, drop, disconnect and connack fire with their columns', async () => {
    const topics = ['client_connected', 'session_subscribed', 'session_unsubscribed', 'message_dropped', 'client_disconnected', 'client_connack'].map((e) => `"$events/${e}"`);
    await api(node, 'POST', '/rules', {
      id: 'events',
      sql: `SELECT event, clientid, topic, reason, reason_code, peername, proto_ver FROM ${topics.join(', ')} WHERE clientid = 'ev-1' or topic = 'nobody/here'`,
      actions: [{ function: 'republish', args: { topic: 'seen/${event}', payload: '${.}' } }],
    });
    const seen = await inbox('seen/#', 'ev-watch');
    const c = await client('ev-1');
    await c.subscribeAsync('ev/topic', { qos: 0 });
    await c.unsubscribeAsync('ev/topic');
    await c.publishAsync('nobody/here', 'x', { qos: 1 });
    await c.endAsync();
    await waitFor(() => seen.length >= 6, 3000, 'six events');
    const by = Object.fromEntries(seen.map((m) => [m.topic.slice('seen/'.length), JSON.parse(m.payload)]));
    expect(by['client.connack']).toMatchObject({ clientid: 'ev-1', reason_code: 'success', proto_ver: 5 });
    expect(by['client.connected']).toMatchObject({ clientid: 'ev-1', proto_ver: 5 });
    expect(by['client.connected'].peername).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(by['session.subscribed']).toMatchObject({ clientid: 'ev-1', topic: 'ev/topic' });
    expect(by['session.unsubscribed']).toMatchObject({ clientid: 'ev-1', topic: 'ev/topic' });
    expect(by['message.dropped']).toMatchObject({ clientid: 'ev-1', topic: 'nobody/here', reason: 'no_subscribers' });
    expect(by['client.disconnected']).toMatchObject({ clientid: 'ev-1', reason: 'normal' });
    expect((await metrics('events')).matched).toBeGreaterThanOrEqual(6);
  });

  test('delivered and acked name the receiver as clientid and the publisher as from_clientid', async () => {
    await api(node, 'POST', '/rules', {
      id: 'da',
      sql: 'SELECT event, clientid, from_clientid, topic, qos FROM "$events/message_delivered", "$events/message_acked" WHERE topic = \'da/t\'',
      actions: [{ function: 'republish', args: { topic: 'da/seen/${event}', payload: '${.}' } }],
    });
    const seen = await inbox('da/seen/#', 'da-watch');
    const receiver = await client('da-recv');
    await receiver.subscribeAsync('da/t', { qos: 1 });
    await (await client('da-send')).publishAsync('da/t', 'x', { qos: 1 });
    await waitFor(() => seen.length === 2, 3000, 'delivered and acked');
    const by = Object.fromEntries(seen.map((m) => [m.topic, JSON.parse(m.payload)]));
    for (const event of ['message.delivered', 'message.acked']) {
      expect(by[`da/seen/${event}`], event).toEqual({ event, clientid: 'da-recv', from_clientid: 'da-send', topic: 'da/t', qos: 1 });
    }
  });

  test('authentication and authorization checks fire check_authn_complete / check_authz_complete', async () => {
    await api(node, 'POST', '/rules', { id: 'authn', sql: "SELECT * FROM \"$events/client_check_authn_complete\" WHERE clientid = 'au-1' and reason_code = 'success'" });
    await api(node, 'POST', '/rules', {
      id: 'authz',
      sql: "SELECT * FROM \"$events/client_check_authz_complete\" WHERE clientid = 'au-1' and action = 'publish' and result = 'allow'",
    });
    const c = await client('au-1');
    await c.publishAsync('au/t', 'x', { qos: 1 });
    await waitFor(async () => (await metrics('authn')).passed === 1 && (await metrics('authz')).passed === 1, 3000, 'auth events');
  });
});
