// The schema functions on real traffic: an MQTT.js client publishes Avro / Protobuf / JSON / Sparkplug B payloads
// encoded by the libraries themselves, rules decode them with schema_decode and republish the result, which a
// subscriber receives; schema_encode round-trips; an updated schema replaces its serde at once; a deleted one
// makes the rule fail. Restates EMQX's emqx_schema_registry_SUITE (t_decode, t_encode, t_protobuf_*, t_sparkplug_*).
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import avro from 'avsc';
import protobuf from 'protobufjs';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';
import { SPARKPLUG_B_PROTO } from './schema-registry.service';

let node: TestNode;
const clients: MqttClient[] = [];
beforeAll(async () => {
  node = await startTestNode();
}, 60_000); // a node starts slowly on a loaded machine
afterAll(async () => node.close());
afterEach(async () => {
  await closeClients(clients.splice(0));
  for (const r of (await api(node, 'GET', '/rules?limit=1000')).body.data) await api(node, 'DELETE', `/rules/${r.id}`);
  for (const s of (await api(node, 'GET', '/schema_registry')).body) await api(node, 'DELETE', `/schema_registry/${s.name}`);
});

async function client(clientId: string): Promise<MqttClient> {
  const c = await connectClient(node.mqttPort, { clientId });
  clients.push(c);
  return c;
}

async function inbox(filter: string) {
  const c = await client(`inbox-${Math.random().toString(16).slice(2)}`);
  const got: { topic: string; payload: Buffer }[] = [];
  c.on('message', (topic, payload) => got.push({ topic, payload }));
  await c.subscribeAsync(filter, { qos: 1 });
  return got;
}

/** a rule that republishes its whole output (JSON) to `out/<in topic>` */
async function rule(id: string, sql: string) {
  const r = await api(node, 'POST', '/rules', { id, sql, actions: [{ function: 'republish', args: { topic: 'out/${topic}', payload: '${.}' } }] });
  expect(r.status).toBe(201);
}

const metrics = async (id: string) => (await api(node, 'GET', `/rules/${id}/metrics`)).body.metrics;

const AVRO_SCHEMA = {
  type: 'record',
  name: 'reading',
  fields: [
    { name: 'temp', type: 'double' },
    { name: 'unit', type: 'string' },
    { name: 'tag', type: ['null', 'string'] },
  ],
};
const PERSON_PROTO = `syntax = "proto3";
message Person {
  string name = 1;
  int32 id = 2;
  repeated string emails = 3;
  optional int32 age = 4;
  Address address = 5;
  bytes raw = 6;
}
message Address { string city = 1; }
`;

describe('schema_decode on real publishes', () => {
  test('Avro: a payload encoded with the schema is decoded by the rule and republished', async () => {
    expect((await api(node, 'POST', '/schema_registry', { name: 'my_avro', type: 'avro', source: JSON.stringify(AVRO_SCHEMA) })).status).toBe(201);
    await rule('avro_in', `SELECT schema_decode('my_avro', payload) as d FROM "avro/in"`);
    const out = await inbox('out/#');
    const encoded = avro.Type.forSchema(AVRO_SCHEMA as avro.Schema).toBuffer({ temp: 21.5, unit: 'C', tag: 'kitchen' });
    await (await client('sensor')).publishAsync('avro/in', encoded, { qos: 1 });
    await waitFor(() => out.length === 1, 3000, 'republished');
    expect(JSON.parse(out[0].payload.toString())).toEqual({ d: { temp: 21.5, unit: 'C', tag: 'kitchen' } });

    // garbage fails the rule (an exception), nothing is republished
    await (await client('garbage')).publishAsync('avro/in', Buffer.from([0xff]), { qos: 1 });
    await waitFor(async () => (await metrics('avro_in'))['failed.exception'] === 1, 3000, 'exception counted');
    expect(out).toHaveLength(1);
  });

  test('Avro: schema_encode round-trips and its bytes are the library encoding', async () => {
    await api(node, 'POST', '/schema_registry', { name: 'my_avro', type: 'avro', source: JSON.stringify(AVRO_SCHEMA) });
    const r = await api(node, 'POST', '/rules', {
      id: 'avro_out',
      sql: `SELECT schema_encode('my_avro', json_decode(payload)) as e FROM "avro/json"`,
      actions: [{ function: 'republish', args: { topic: 'encoded', payload: '${e}' } }],
    });
    expect(r.status).toBe(201);
    const out = await inbox('encoded');
    await (await client('json-sender')).publishAsync('avro/json', JSON.stringify({ temp: 3, unit: 'F', tag: null }), { qos: 1 });
    await waitFor(() => out.length === 1, 3000, 'encoded message');
    expect(avro.Type.forSchema(AVRO_SCHEMA as avro.Schema).fromBuffer(out[0].payload)).toEqual(expect.objectContaining({ temp: 3, unit: 'F', tag: null }));
  });

  test('Protobuf: decode with a message type; unset optional and message fields are left out, proto3 scalars read as defaults', async () => {
    await api(node, 'POST', '/schema_registry', { name: 'my_proto', type: 'protobuf', source: PERSON_PROTO });
    await rule('proto_in', `SELECT schema_decode('my_proto', payload, 'Person') as p FROM "proto/in"`);
    const out = await inbox('out/#');
    const Person = protobuf.parse(PERSON_PROTO, { keepCase: true }).root.lookupType('Person');
    const sender = await client('pb-sender');
    await sender.publishAsync('proto/in', Buffer.from(Person.encode(Person.fromObject({ name: 'Ann', emails: ['a@x'], address: { city: 'Oslo' } })).finish()), { qos: 1 });
    await sender.publishAsync('proto/in', Buffer.from(Person.encode(Person.fromObject({ id: 7, age: 0, raw: Buffer.from('hi') })).finish()), { qos: 1 });
    await waitFor(() => out.length === 2, 3000, 'two decoded');
    expect(JSON.parse(out[0].payload.toString())).toEqual({ p: { name: 'Ann', id: 0, emails: ['a@x'], address: { city: 'Oslo' }, raw: '' } });
    expect(JSON.parse(out[1].payload.toString())).toEqual({ p: { name: '', id: 7, emails: [], age: 0, raw: 'hi' } });
  });

  test('Protobuf: schema_encode then schema_decode in one rule; an unknown message type fails the rule', async () => {
    await api(node, 'POST', '/schema_registry', { name: 'my_proto', type: 'protobuf', source: PERSON_PROTO });
    const sql = `SELECT schema_decode('my_proto', schema_encode('my_proto', json_decode(payload), 'Person'), 'Person') as p FROM "t"`;
    const ok = await api(node, 'POST', '/rule_test', { sql, context: { event_type: 'message_publish', topic: 't', payload: '{"name": "Bo", "id": 2}' } });
    expect(ok.body).toEqual({ p: { name: 'Bo', id: 2, emails: [], raw: '' } });
    const bad = await api(node, 'POST', '/rule_test', { sql: sql.replaceAll("'Person'", "'Nobody'"), context: { event_type: 'message_publish', topic: 't', payload: '{}' } });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.message)).toMatchObject({ select_and_transform_error: { reason: 'bad_sql_function_argument', function_name: 'schema_encode' } });
  });

  test('JSON: schema_check tells valid from invalid; schema_decode validates', async () => {
    await api(node, 'POST', '/schema_registry', {
      name: 'my_json',
      type: 'json',
      source: JSON.stringify({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] }),
    });
    await rule('json_check', `SELECT schema_check('my_json', payload) as ok FROM "json/in"`);
    const out = await inbox('out/#');
    const c = await client('json-sender');
    await c.publishAsync('json/in', '{"n": 1}', { qos: 1 });
    await c.publishAsync('json/in', '{"n": "x"}', { qos: 1 });
    await waitFor(() => out.length === 2, 3000, 'two checks');
    expect(out.map((m) => JSON.parse(m.payload.toString()))).toEqual([{ ok: true }, { ok: false }]);
    const bad = await api(node, 'POST', '/rule_test', {
      sql: `SELECT schema_decode('my_json', payload) as d FROM "t"`,
      context: { event_type: 'message_publish', topic: 't', payload: '{"n": "x"}' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.message)).toMatchObject({ select_and_transform_error: { function_name: 'schema_decode' } });
  });

  test('an updated schema replaces its serde at once; a deleted schema fails the rule', async () => {
    await api(node, 'POST', '/schema_registry', { name: 'my_avro', type: 'avro', source: JSON.stringify(AVRO_SCHEMA) });
    await rule('swap', `SELECT schema_decode('my_avro', payload) as d FROM "swap/in"`);
    const out = await inbox('out/#');
    const c = await client('swapper');
    const v2 = { type: 'record', name: 'reading', fields: [{ name: 'count', type: 'int' }] };
    await api(node, 'PUT', '/schema_registry/my_avro', { type: 'avro', source: JSON.stringify(v2) });
    await c.publishAsync('swap/in', avro.Type.forSchema(v2 as avro.Schema).toBuffer({ count: 42 }), { qos: 1 });
    await waitFor(() => out.length === 1, 3000, 'decoded with v2');
    expect(JSON.parse(out[0].payload.toString())).toEqual({ d: { count: 42 } });
    await api(node, 'DELETE', '/schema_registry/my_avro');
    await c.publishAsync('swap/in', avro.Type.forSchema(v2 as avro.Schema).toBuffer({ count: 1 }), { qos: 1 });
    await waitFor(async () => (await metrics('swap'))['failed.exception'] === 1, 3000, 'exception after delete');
  });

  test('Sparkplug B: sparkplug_decode reads a payload made by protobufjs from the Tahu schema; spb_decode gives bytes as Base64', async () => {
    await rule('spb', `SELECT sparkplug_decode(payload) as p, spb_decode(payload) as b FROM "spBv1.0/#"`);
    const out = await inbox('out/#');
    const proto = await import('node:fs').then((fs) => fs.readFileSync(SPARKPLUG_B_PROTO, 'utf8'));
    const Payload = protobuf.parse(proto, { keepCase: true }).root.lookupType('Payload');
    const bytes = Buffer.from(
      Payload.encode(
        Payload.fromObject({
          timestamp: 1700000000000,
          seq: 3,
          metrics: [
            { name: 'temp', datatype: 9, float_value: 1.5 },
            { name: 'blob', datatype: 17, bytes_value: Buffer.from([1, 2]) },
          ],
        }),
      ).finish(),
    );
    await (await client('edge')).publishAsync('spBv1.0/g/DDATA/e/d', bytes, { qos: 1 });
    await waitFor(() => out.length === 1, 3000, 'sparkplug decoded');
    const { p, b } = JSON.parse(out[0].payload.toString());
    expect(p).toMatchObject({
      timestamp: 1700000000000,
      seq: 3,
      metrics: [
        { name: 'temp', datatype: 9, float_value: 1.5 },
        { name: 'blob', datatype: 17 },
      ],
    });
    expect(b.metrics[1].bytes_value).toBe('AQI=');
    const round = await api(node, 'POST', '/rule_test', {
      sql: `SELECT sparkplug_decode(sparkplug_encode(json_decode(payload))) as p FROM "t"`,
      context: { event_type: 'message_publish', topic: 't', payload: '{"seq": 1, "metrics": [{"name": "m", "int_value": 5}]}' },
    });
    expect(round.body).toEqual({ p: { seq: 1, metrics: [{ name: 'm', int_value: 5 }] } });
  });
});
