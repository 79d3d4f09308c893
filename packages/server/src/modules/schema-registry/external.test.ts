// External (Confluent-compatible) registries against a running node, restating EMQX's
// emqx_schema_registry_http_api_SUITE t_external_registry_crud_confluent and t_smoke_test_external_registry_confluent:
// CRUD with EMQX's answers, bodies refused with 400, the password masked as ****** (and kept when ****** is sent
// back), sealed in the database, kept across a restart; then the rule functions on real MQTT publishes.
// The registry the node talks to is a STAND-IN (confluent-standin.testing.ts): a small HTTP server speaking the part
// of Confluent's REST API the node calls. No real Confluent Schema Registry runs on the test machines.
import avro from 'avsc';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { restartableNode } from '../../../test/restartable-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';
import { startConfluentStandIn, type ConfluentStandIn } from './confluent-standin.testing';

const node = restartableNode();
const AUTH = { username: 'cpsruser', password: 'mypass' };
let open: ConfluentStandIn; // no auth
let guarded: ConfluentStandIn; // basic auth
const clients: MqttClient[] = [];

beforeAll(async () => {
  open = await startConfluentStandIn();
  guarded = await startConfluentStandIn(AUTH);
});
afterAll(async () => {
  await open.close();
  await guarded.close();
});
afterEach(async () => {
  await closeClients(clients.splice(0));
  for (const r of (await api(node, 'GET', '/rules?limit=1000')).body.data) await api(node, 'DELETE', `/rules/${r.id}`);
  for (const name of Object.keys((await api(node, 'GET', '/schema_registry_external')).body)) await api(node, 'DELETE', `/schema_registry_external/registry/${name}`);
  for (const s of (await api(node, 'GET', '/schema_registry')).body) await api(node, 'DELETE', `/schema_registry/${s.name}`);
});

const list = () => api(node, 'GET', '/schema_registry_external');
const get = (name: string) => api(node, 'GET', `/schema_registry_external/registry/${name}`);
const create = (body: unknown) => api(node, 'POST', '/schema_registry_external', body);
const update = (name: string, body: unknown) => api(node, 'PUT', `/schema_registry_external/registry/${name}`, body);
const remove = (name: string) => api(node, 'DELETE', `/schema_registry_external/registry/${name}`);

const noAuth = () => ({ type: 'confluent', url: open.url, auth: 'none' });
const basicAuth = () => ({ type: 'confluent', url: guarded.url, auth: { mechanism: 'basic', ...AUTH } });
const masked = () => ({ ...basicAuth(), auth: { mechanism: 'basic', username: AUTH.username, password: '******' } });

describe('external registries: the API', () => {
  test('CRUD as EMQX answers it (t_external_registry_crud_confluent)', async () => {
    expect((await list()).body).toEqual({});
    expect(await get('my_reg1')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'External registry not found' } });
    expect((await update('my_reg1', noAuth())).status).toBe(404);
    expect((await remove('my_reg1')).status).toBe(204);

    const created = await create({ ...noAuth(), name: 'my_reg1' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual(noAuth());
    expect(await get('my_reg1')).toMatchObject({ status: 200, body: noAuth() });
    expect((await list()).body).toEqual({ my_reg1: noAuth() });

    const updated = await update('my_reg1', basicAuth());
    expect(updated).toMatchObject({ status: 200, body: masked() });
    expect((await get('my_reg1')).body).toEqual(masked());

    expect((await create({ ...noAuth(), name: 'my_reg2' })).status).toBe(201);
    expect((await list()).body).toEqual({ my_reg1: masked(), my_reg2: noAuth() });
    expect(await create({ ...noAuth(), name: 'my_reg2' })).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: 'External registry already exists' } });

    expect((await remove('my_reg1')).status).toBe(204);
    expect((await get('my_reg1')).status).toBe(404);
    expect((await update('my_reg1', noAuth())).status).toBe(404);
    expect((await list()).body).toEqual({ my_reg2: noAuth() });
  });

  test('bodies that do not check are refused with 400 and change nothing', async () => {
    expect((await create({})).status).toBe(400);
    expect((await create({ name: 'x', type: 'confluent' })).status).toBe(400); // no url
    expect((await create({ name: 'x', url: 'not a url' })).body).toEqual({ code: 'BAD_REQUEST', message: 'url: not a url is not a URL.' });
    expect((await create({ name: 'x', url: open.url, type: 'apicurio' })).status).toBe(400);
    expect((await create({ name: 'x', url: open.url, auth: { mechanism: 'basic', username: 'u' } })).status).toBe(400);
    expect((await create({ name: 'a b', url: open.url })).body.message).toMatch(/^Invalid name format\. .* Got: a b$/);
    expect((await list()).body).toEqual({});

    // type and auth take EMQX's defaults
    expect((await create({ name: 'defaults', url: open.url })).body).toEqual(noAuth());
    expect((await update('defaults', {})).status).toBe(400);
    expect((await update('defaults', { url: 'ftp://x' })).body.message).toBe('url: ftp://x must be an http:// or https:// URL.');
    expect((await get('defaults')).body).toEqual(noAuth());
  });

  test('the password: masked in answers, kept when ****** comes back, sealed at rest, there after a restart', async () => {
    expect((await create({ ...basicAuth(), name: 'secret' })).body).toEqual(masked());
    // the console sends the masked form back: the stored password stays (EMQX's deobfuscate)
    expect((await update('secret', masked())).body).toEqual(masked());
    const rows = node.app.db.prepare<[], { config: string }>('SELECT config FROM schema_registry_external').all();
    expect(rows).toHaveLength(1);
    expect(rows[0].config).toContain(AUTH.username);
    expect(rows[0].config).not.toContain(AUTH.password);

    await node.restart();
    expect((await list()).body).toEqual({ secret: masked() });
    // the password read back from the sealed row still opens the guarded registry
    const id = guarded.register('restart-subject', JSON.stringify({ type: 'record', name: 'r', fields: [{ name: 'n', type: 'int' }] }));
    const tagged = Buffer.concat([Buffer.from([0, 0, 0, 0, id]), Buffer.from([14])]);
    const r = await api(node, 'POST', '/rule_test', {
      sql: `SELECT schema_decode_tagged('secret', hexstr2bin(payload)) AS d FROM "t"`,
      context: { event_type: 'message_publish', topic: 't', payload: tagged.toString('hex').toUpperCase() },
    });
    expect(r.body).toEqual({ d: { n: 7 } });
    // a masked password with nothing stored behind it is no password
    expect((await create({ ...masked(), name: 'nothing_behind' })).status).toBe(400);
  }, 60_000);
});

const SCHEMA = {
  type: 'record',
  name: 'apitest',
  fields: [
    { name: 'i', type: 'int' },
    { name: 's', type: 'string' },
  ],
};
const Type = avro.Type.forSchema(SCHEMA as avro.Schema);
const confluentTag = (id: number, body: Buffer) => {
  const head = Buffer.alloc(5);
  head.writeUInt32BE(id, 1);
  return Buffer.concat([head, body]);
};

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

async function rule(id: string, sql: string, payload = '${.}') {
  const r = await api(node, 'POST', '/rules', { id, sql, actions: [{ function: 'republish', args: { topic: `out/${id}`, payload } }] });
  expect(r.status).toBe(201);
}

describe('external registries in rules, on real publishes (t_smoke_test_external_registry_confluent)', () => {
  test('schema_encode_and_tag registers our Avro schema, encodes and tags; schema_decode_tagged reads it back', async () => {
    expect((await create({ ...basicAuth(), name: 'my_reg' })).status).toBe(201);
    expect((await api(node, 'POST', '/schema_registry', { name: 'my_schema', type: 'avro', source: JSON.stringify(SCHEMA) })).status).toBe(201);
    await rule('enc', `SELECT schema_encode_and_tag('my_schema', 'my_reg', json_decode(payload), 'subj3') AS e FROM "enc/in"`, '${e}');
    await rule('dec', `SELECT schema_decode_tagged('my_reg', payload) AS d FROM "dec/in"`);
    const out = await inbox('out/#');
    const sender = await client('sender');

    await sender.publishAsync('enc/in', JSON.stringify({ i: 10, s: 'abc' }), { qos: 1 });
    await sender.publishAsync('enc/in', JSON.stringify({ i: 11, s: 'def' }), { qos: 1 });
    await waitFor(() => out.length === 2, 5000, 'two tagged messages');
    const id = guarded.register('subj3', JSON.stringify(SCHEMA)); // the id the registry gave our schema
    expect(out[0].payload).toEqual(confluentTag(id, Type.toBuffer({ i: 10, s: 'abc' })));
    expect(out[1].payload).toEqual(confluentTag(id, Type.toBuffer({ i: 11, s: 'def' })));
    // registered once per source (EMQX caches the id), the schema fetched once by id
    expect(guarded.requests.filter((r) => r === 'POST /subjects/subj3/versions')).toHaveLength(1);
    expect(guarded.requests.filter((r) => r === `GET /schemas/ids/${id}`)).toHaveLength(1);

    // a producer outside the node registers its own schema and publishes tagged Avro: the node looks the id up
    const producerSchema = { type: 'record', name: 'f', fields: [{ name: 'f1', type: { type: 'map', values: 'int' } }] };
    const pid = guarded.register('producer', JSON.stringify(producerSchema));
    const encoded = avro.Type.forSchema(producerSchema as avro.Schema).toBuffer({ f1: { bah: 123 } });
    await sender.publishAsync('dec/in', confluentTag(pid, encoded), { qos: 1 });
    await sender.publishAsync('dec/in', out[0].payload, { qos: 1 });
    await waitFor(() => out.length === 4, 5000, 'two decoded messages');
    expect(JSON.parse(out[2].payload.toString())).toEqual({ d: { f1: { bah: 123 } } });
    expect(JSON.parse(out[3].payload.toString())).toEqual({ d: { i: 10, s: 'abc' } });
  });

  test('avro_encode / avro_decode with a schema id; the failures EMQX names fail the rule', async () => {
    expect((await create({ ...noAuth(), name: 'plain' })).status).toBe(201);
    const id = open.register('s', JSON.stringify(SCHEMA));
    const run = (sql: string, payload: string) => api(node, 'POST', '/rule_test', { sql, context: { event_type: 'message_publish', topic: 't', payload } });
    const enc = await run(`SELECT bin2hexstr(avro_encode('plain', json_decode(payload), ${id})) AS e FROM "t"`, '{"i": 1, "s": "a"}');
    expect(enc.body).toEqual({ e: Type.toBuffer({ i: 1, s: 'a' }).toString('hex').toUpperCase() });
    const dec = await run(`SELECT avro_decode('plain', hexstr2bin(payload), ${id}) AS d FROM "t"`, Type.toBuffer({ i: 2, s: 'b' }).toString('hex'));
    expect(dec.body).toEqual({ d: { i: 2, s: 'b' } });

    const failure = async (sql: string, payload: string) => {
      const r = await run(sql, payload);
      expect(r.status, sql).toBe(400);
      return r.body.message as string;
    };
    expect(await failure(`SELECT schema_decode_tagged('nope', payload) AS d FROM "t"`, 'x')).toMatch(/registry_not_found/);
    expect(await failure(`SELECT schema_decode_tagged('plain', payload) AS d FROM "t"`, 'not tagged')).toMatch(/bad_input/);
    expect(await failure(`SELECT avro_decode('plain', payload, 999) AS d FROM "t"`, 'x')).toMatch(/schema_not_found/);
    expect(await failure(`SELECT avro_encode('plain', json_decode(payload), ${id}) AS e FROM "t"`, '{"i": "no"}')).toMatch(/bad_input/);

    // wrong credentials: the guarded registry answers 401
    expect((await create({ ...basicAuth(), auth: { mechanism: 'basic', username: 'cpsruser', password: 'wrong' }, name: 'wrong' })).status).toBe(201);
    const gid = guarded.register('g', JSON.stringify(SCHEMA));
    expect(await failure(`SELECT avro_decode('wrong', payload, ${gid}) AS d FROM "t"`, 'x')).toMatch(/bad_registry_credentials/);
  });
});
