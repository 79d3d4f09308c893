// Message transformation against a running node with real MQTT.js clients, restating EMQX's
// emqx_message_transformation_http_api_SUITE: CRUD and its refusals, order, enable, metrics, dry run; a
// transformation rewrites a JSON payload, the topic, QoS and user properties of real publishes before routing;
// Avro encoding with a registered schema; failure actions drop, disconnect and ignore; transformations chain in order.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import avro from 'avsc';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../shared/testing';

let node: TestNode;
const clients: MqttClient[] = [];
const AVRO_SCHEMA = {
  type: 'record',
  name: 'reading',
  fields: [
    { name: 'temp', type: 'double' },
    { name: 'unit', type: 'string' },
  ],
};

beforeAll(async () => {
  node = await startTestNode();
  expect((await api(node, 'POST', '/schema_registry', { name: 'reading_avro', type: 'avro', source: JSON.stringify(AVRO_SCHEMA) })).status).toBe(201);
}, 60_000);
afterAll(async () => node.close());
afterEach(async () => {
  await closeClients(clients.splice(0));
  for (const t of (await api(node, 'GET', '/message_transformations')).body) await api(node, 'DELETE', `/message_transformations/transformation/${t.name}`);
});

async function client(clientId: string, protocolVersion: 4 | 5 = 4): Promise<MqttClient> {
  const c = await connectClient(node.mqttPort, { clientId, reconnectPeriod: 0, protocolVersion });
  clients.push(c);
  return c;
}

type Got = { topic: string; payload: Buffer; qos: number; userProperties?: Record<string, unknown> };
async function inbox(filter: string, protocolVersion: 4 | 5 = 4) {
  const c = await client(`inbox-${Math.random().toString(16).slice(2)}`, protocolVersion);
  const got: Got[] = [];
  c.on('message', (topic, payload, packet) => got.push({ topic, payload, qos: packet.qos, userProperties: packet.properties?.userProperties }));
  await c.subscribeAsync(filter, { qos: 2 });
  return got;
}

const transformation = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  topics: 't/#',
  failure_action: 'drop',
  payload_decoder: { type: 'json' },
  payload_encoder: { type: 'json' },
  operations: [{ key: 'topic', value: "concat([topic, '/', payload.t])" }],
  ...over,
});
const metrics = async (name: string) => (await api(node, 'GET', `/message_transformations/transformation/${name}/metrics`)).body.metrics;
const names = async () => (await api(node, 'GET', '/message_transformations')).body.map((v: { name: string }) => v.name);

describe('message transformations: the API', () => {
  test('create with defaults, read, update, refuse with sentences, order, enable, delete', async () => {
    const created = await api(node, 'POST', '/message_transformations', transformation('m1'));
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ ...transformation('m1'), topics: ['t/#'], description: '', enable: true, tags: [], log_failure: { level: 'info' } });
    expect((await api(node, 'POST', '/message_transformations', transformation('m1'))).body).toEqual({ code: 'ALREADY_EXISTS', message: 'Transformation already exists' });
    expect((await api(node, 'GET', '/message_transformations/transformation/m1')).body.name).toBe('m1');
    expect((await api(node, 'GET', '/message_transformations/transformation/nope')).body).toEqual({ code: 'NOT_FOUND', message: 'Transformation not found' });
    expect((await api(node, 'PUT', '/message_transformations', transformation('nope'))).status).toBe(404);
    const updated = await api(node, 'PUT', '/message_transformations', transformation('m1', { description: 'topics', topics: ['t/a', 't/b'] }));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ description: 'topics', topics: ['t/a', 't/b'] });
    const before = (await api(node, 'GET', '/message_transformations')).body;
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ topics: [] }, /^At least one topic filter must be defined\.$/],
      [{ topics: ['a', 'a'] }, /^Duplicated topics: a\.$/],
      [{ operations: [{ key: 'payload..x', value: 'topic' }] }, /has an empty part/],
      [{ operations: [{ key: 'user_property', value: 'topic' }] }, /exactly one key inside user_property/],
      [{ operations: [{ key: 'clientid', value: 'topic' }] }, /is not allowed: it must start with one of payload, qos, retain, topic, user_property/],
      [{ operations: [{ key: 'topic', value: 'concat([topic' }] }, /^The value of operation 1 \(topic\) is not a valid expression: syntax error/],
      [{ operations: [{ key: 'topic', value: 'nosuchfn(topic)' }] }, /unknown function: nosuchfn/],
      [{ payload_decoder: { type: 'avro' } }, /payload decoder of type avro needs the name of a registered schema/],
      [{ payload_encoder: { type: 'protobuf', schema: 'x' } }, /payload encoder of type protobuf needs a message type/],
      [{ payload_encoder: { type: 'xml' } }, /type "xml" is not supported/],
      [{ name: 'bad name!' }, /^Invalid name format/],
    ];
    for (const [over, says] of refusals) {
      const r = await api(node, 'POST', '/message_transformations', transformation('bad', over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.code).toBe('BAD_REQUEST');
      expect(r.body.message, JSON.stringify(over)).toMatch(says);
    }
    // a refused update changes nothing
    expect((await api(node, 'PUT', '/message_transformations', transformation('m1', { topics: [] }))).status).toBe(400);
    expect((await api(node, 'GET', '/message_transformations')).body).toEqual(before);
    expect((await api(node, 'GET', '/message_transformations/transformation/bad')).status).toBe(404);

    await api(node, 'POST', '/message_transformations', transformation('m2'));
    await api(node, 'POST', '/message_transformations', transformation('m3'));
    expect(await names()).toEqual(['m1', 'm2', 'm3']);
    expect((await api(node, 'POST', '/message_transformations/reorder', { order: ['m3', 'm1', 'm2'] })).status).toBe(204);
    expect(await names()).toEqual(['m3', 'm1', 'm2']);
    const badOrder = await api(node, 'POST', '/message_transformations/reorder', { order: ['m3', 'm3', 'x'] });
    expect(badOrder.status).toBe(400);
    expect(badOrder.body).toMatchObject({ code: 'BAD_REQUEST', not_found: ['x'], duplicated: ['m3'], not_reordered: ['m1', 'm2'] });
    expect(await names()).toEqual(['m3', 'm1', 'm2']);
    expect((await api(node, 'POST', '/message_transformations/transformation/m2/enable/false')).status).toBe(204);
    expect((await api(node, 'GET', '/message_transformations/transformation/m2')).body.enable).toBe(false);
    expect((await api(node, 'POST', '/message_transformations/transformation/nope/enable/false')).status).toBe(404);
    expect((await api(node, 'DELETE', '/message_transformations/transformation/m2')).status).toBe(204);
    expect((await api(node, 'DELETE', '/message_transformations/transformation/m2')).status).toBe(404);
  });

  test('dry run: the transformed message, or 400 with the failure', async () => {
    const t = transformation('dry', {
      operations: [
        { key: 'qos', value: 'payload.q' },
        { key: 'topic', value: "concat([topic, '/', payload.t])" },
        { key: 'retain', value: 'payload.r' },
        { key: 'user_property.a', value: 'payload.u.a' },
        { key: 'user_property.copy', value: 'user_property.original' },
        { key: 'payload.user', value: 'username' },
        { key: 'payload.hi', value: 'payload.p.hello' },
        { key: 'payload.expiry', value: 'pub_props.Message-Expiry-Interval' },
        { key: 'payload.n', value: 'json_decode(\'{"x": 1}\')' },
      ],
    });
    const message = {
      topic: 't/u/v',
      qos: 2,
      retain: true,
      payload: JSON.stringify({ p: { hello: 'world' }, q: 1, r: true, t: 't', u: { a: 'b' } }),
      user_property: { original: 'user_prop' },
      pub_props: { 'Message-Expiry-Interval': 30 },
      username: 'myusername',
    };
    const ok = await api(node, 'POST', '/message_transformations/dryrun', { transformation: t, message });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ qos: 1, retain: true, topic: 't/u/v/t', user_property: { a: 'b', original: 'user_prop', copy: 'user_prop' } });
    expect(JSON.parse(ok.body.payload)).toMatchObject({ hi: 'world', user: 'myusername', expiry: 30, n: { x: 1 }, q: 1 });

    const badJson = await api(node, 'POST', '/message_transformations/dryrun', { transformation: t, message: { ...message, payload: '{' } });
    expect(badJson.status).toBe(400);
    expect(badJson.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'payload_decode_failed', decoder: 'json', reason: expect.any(String) });
    expect(badJson.body.message).toMatch(/^The payload could not be decoded: /);

    const noSerde = transformation('dry', { payload_encoder: { type: 'avro', schema: 'missing_serde' } });
    expect((await api(node, 'POST', '/message_transformations/dryrun', { transformation: noSerde, message })).body).toMatchObject({
      msg: 'payload_encode_schema_not_found',
      encoder: 'avro',
      schema_name: 'missing_serde',
      message: "The encoder's schema missing_serde is not registered.",
    });

    const unbound = await api(node, 'POST', '/message_transformations/dryrun', {
      transformation: t,
      message: { ...message, payload: JSON.stringify({ p: {}, q: 1, t: 't', u: { a: 'b' } }) },
    });
    expect(unbound.status).toBe(400);
    expect(unbound.body).toMatchObject({ msg: 'transformation_eval_operation_failure', reason: { reason: 'var_unbound', var_name: 'payload.r' } });
    expect(unbound.body.message).toBe('An operation failed: the variable payload.r is not bound.');

    const literals = transformation('dry', {
      operations: [
        { key: 'qos', value: '1' },
        { key: 'topic', value: "'t/2'" },
        { key: 'retain', value: 'true' },
      ],
    });
    expect((await api(node, 'POST', '/message_transformations/dryrun', { transformation: literals, message: { ...message, retain: false } })).body).toMatchObject({
      qos: 1,
      topic: 't/2',
      retain: true,
    });
    const bad = await api(node, 'POST', '/message_transformations/dryrun', { transformation: transformation('dry', { topics: [] }), message });
    expect(bad.body).toEqual({ code: 'BAD_REQUEST', message: 'At least one topic filter must be defined.' });
  });
});

describe('message transformations on real publishes', () => {
  test('a JSON payload and the topic are rewritten before routing; the subscriber gets the transformed message; metrics count', async () => {
    await api(
      node,
      'POST',
      '/message_transformations',
      transformation('reshape', {
        operations: [
          { key: 'topic', value: "concat(['out/', payload.room])" },
          { key: 'payload', value: 'payload.reading' },
          { key: 'payload.by', value: 'clientid' },
          { key: 'user_property.src', value: 'topic' },
          { key: 'qos', value: '1' },
        ],
      }),
    );
    const got = await inbox('out/#', 5);
    const untouched = await inbox('t/#');
    const pub = await client('pub-json', 5);
    await pub.publishAsync('t/1', JSON.stringify({ room: 'kitchen', reading: { temp: 21.5 } }), { qos: 2 });
    await waitFor(() => got.length === 1, 5000, 'the transformed message');
    expect(got[0].topic).toBe('out/kitchen');
    expect(got[0].qos).toBe(1);
    expect(JSON.parse(got[0].payload.toString())).toEqual({ temp: 21.5, by: 'pub-json' });
    expect(got[0].userProperties).toEqual({ src: 'out/kitchen' }); // an operation sees the ones before it
    expect(untouched).toEqual([]); // the message was routed by its new topic only
    const m = await metrics('reshape');
    expect(m).toMatchObject({ matched: 1, succeeded: 1, failed: 0 });
    const full = await api(node, 'GET', '/message_transformations/transformation/reshape/metrics');
    expect(full.body.node_metrics).toEqual([{ node: expect.any(String), metrics: m }]);
    expectContract('get', '/message_transformations/transformation/{name}/metrics', 200, { metrics: m });
    expect((await api(node, 'POST', '/message_transformations/transformation/reshape/metrics/reset')).status).toBe(204);
    expect((await metrics('reshape')).matched).toBe(0);
  });

  test('JSON in, Avro out with a registered schema', async () => {
    await api(
      node,
      'POST',
      '/message_transformations',
      transformation('to_avro', { payload_encoder: { type: 'avro', schema: 'reading_avro' }, operations: [{ key: 'payload.unit', value: "'C'" }] }),
    );
    const got = await inbox('t/#');
    const pub = await client('pub-avro');
    await pub.publishAsync('t/avro', JSON.stringify({ temp: 20.25 }), { qos: 1 });
    await waitFor(() => got.length === 1, 5000, 'the Avro message');
    expect(avro.Type.forSchema(AVRO_SCHEMA as avro.Schema).fromBuffer(got[0].payload)).toEqual({ temp: 20.25, unit: 'C' });
    // a payload the schema cannot encode fails: dropped
    await pub.publishAsync('t/avro', JSON.stringify({ temp: 'hot' }), { qos: 1 });
    await waitFor(async () => (await metrics('to_avro')).failed === 1, 5000, 'the failed encoding');
    expect(got).toHaveLength(1);
  });

  test('failure actions: drop, ignore (the message goes on untransformed), disconnect', async () => {
    await api(node, 'POST', '/message_transformations', transformation('dropper', { topics: ['t/drop'], operations: [{ key: 'topic', value: 'missing.var' }] }));
    await api(
      node,
      'POST',
      '/message_transformations',
      transformation('ignorer', { topics: ['t/ignore'], failure_action: 'ignore', operations: [{ key: 'topic', value: 'missing.var' }] }),
    );
    await api(node, 'POST', '/message_transformations', transformation('kicker', { topics: ['t/kick'], failure_action: 'disconnect' }));
    const got = await inbox('t/#');
    const pub = await client('pub-fail');
    await pub.publishAsync('t/drop', '{"t": "x"}', { qos: 1 });
    await pub.publishAsync('t/ignore', '{"t": "x"}', { qos: 1 });
    await waitFor(() => got.length === 1, 5000, 'the ignored one');
    expect(got[0].topic).toBe('t/ignore');
    expect(await metrics('dropper')).toMatchObject({ matched: 1, failed: 1 });
    expect(await metrics('ignorer')).toMatchObject({ matched: 1, failed: 1 });
    const kicked = await client('pub-kick');
    const closed = new Promise<void>((resolve) => kicked.once('close', () => resolve()));
    kicked.publish('t/kick', 'not json', { qos: 0 });
    await closed;
    expect(await metrics('kicker')).toMatchObject({ matched: 1, failed: 1 });
    await pub.publishAsync('t/kick', '{"t": "fine"}', { qos: 1 });
    await waitFor(() => got.length === 2, 5000, 'a good one after the kick');
    expect(got[1].topic).toBe('t/kick/fine');
  });

  test('transformations chain in list order; reorder changes the result; disabled ones do not run', async () => {
    await api(node, 'POST', '/message_transformations', transformation('a', { operations: [{ key: 'topic', value: "concat([topic, '/a'])" }] }));
    await api(node, 'POST', '/message_transformations', transformation('b', { operations: [{ key: 'topic', value: "concat([topic, '/b'])" }] }));
    const got = await inbox('t/#');
    const pub = await client('pub-chain');
    await pub.publishAsync('t/c', '{}', { qos: 1 });
    await waitFor(() => got.length === 1, 5000, 'first');
    expect(got[0].topic).toBe('t/c/a/b');
    expect((await api(node, 'POST', '/message_transformations/reorder', { order: ['b', 'a'] })).status).toBe(204);
    await pub.publishAsync('t/c', '{}', { qos: 1 });
    await waitFor(() => got.length === 2, 5000, 'second');
    expect(got[1].topic).toBe('t/c/b/a');
    await api(node, 'POST', '/message_transformations/transformation/b/enable/false');
    await pub.publishAsync('t/c', '{}', { qos: 1 });
    await waitFor(() => got.length === 3, 5000, 'third');
    expect(got[2].topic).toBe('t/c/a');
    expect(await metrics('b')).toMatchObject({ matched: 2, succeeded: 2 });
  });

  test('decoded by one, not encoded back by the last: the payload is no binary, the last one fails', async () => {
    await api(node, 'POST', '/message_transformations', transformation('half', { payload_encoder: { type: 'none' }, operations: [{ key: 'payload.x', value: "'1'" }] }));
    const got = await inbox('t/#');
    const pub = await client('pub-half');
    await pub.publishAsync('t/h', '{}', { qos: 1 });
    await waitFor(async () => (await metrics('half')).failed === 1, 5000, 'the bad encoding');
    expect(got).toEqual([]);
  });

  test('rules see $events/message_transformation_failed and $events/schema_validation_failed', async () => {
    const rule = (id: string, from: string) =>
      api(node, 'POST', '/rules', { id, sql: `SELECT * FROM "${from}"`, actions: [{ function: 'republish', args: { topic: `events/${id}`, payload: '${.}' } }] });
    expect((await rule('on_mt_failed', '$events/message_transformation_failed')).status).toBe(201);
    expect((await rule('on_sv_failed', '$events/schema_validation_failed')).status).toBe(201);
    await api(node, 'POST', '/message_transformations', transformation('fails', { topics: ['t/ev'], operations: [{ key: 'topic', value: 'missing.var' }] }));
    await api(node, 'POST', '/schema_registry', { name: 'must_have_temp', type: 'json', source: '{"type": "object", "required": ["temp"]}' });
    await api(node, 'POST', '/schema_validations', {
      name: 'needs_temp',
      topics: 't/ev',
      strategy: 'all_pass',
      failure_action: 'ignore',
      checks: [{ type: 'json', schema: 'must_have_temp' }],
    });
    try {
      const got = await inbox('events/#');
      const pub = await client('pub-ev');
      await pub.publishAsync('t/ev', '{"t": 1}', { qos: 1 });
      await waitFor(() => got.length === 2, 5000, 'both events');
      const by = Object.fromEntries(got.map((g) => [g.topic, JSON.parse(g.payload.toString())]));
      expect(by['events/on_mt_failed']).toMatchObject({
        event: 'message.transformation_failed',
        transformation: 'fails',
        clientid: 'pub-ev',
        topic: 't/ev',
        payload: '{"t": 1}',
        qos: 1,
      });
      expect(by['events/on_sv_failed']).toMatchObject({ event: 'schema.validation_failed', validation: 'needs_temp', clientid: 'pub-ev', topic: 't/ev', payload: '{"t": 1}' });
      const events = (await api(node, 'GET', '/rule_events')).body.map((e: { event: string }) => e.event);
      expect(events).toEqual(expect.arrayContaining(['$events/message_transformation_failed', '$events/schema_validation_failed']));
      const tested = await api(node, 'POST', '/rule_test', {
        sql: 'SELECT transformation, topic FROM "$events/message_transformation_failed"',
        context: { event_type: 'message_transformation_failed', transformation: 'x', topic: 't/a' },
      });
      expect(tested.body).toEqual({ transformation: 'x', topic: 't/a' });
    } finally {
      await api(node, 'DELETE', '/schema_validations/validation/needs_temp');
      await api(node, 'DELETE', '/rules/on_mt_failed');
      await api(node, 'DELETE', '/rules/on_sv_failed');
    }
  });
});
