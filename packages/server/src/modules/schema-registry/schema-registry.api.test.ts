// /schema_registry against a running node, restating EMQX's emqx_schema_registry_http_api_SUITE t_crud for each
// type: create, get, list, update, duplicate, bad sources refused with a plain sentence (and nothing stored
// changes), name rules, delete; schemas survive a restart.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, expectContract } from '../../shared/testing';

const dataDir = mkdtempSync(join(tmpdir(), 'mqdeck-schema-registry-'));
let node: TestNode;
beforeAll(async () => {
  node = await startTestNode({ dataDir });
}, 60_000); // a node starts slowly on a loaded machine
afterAll(async () => node.close());

const AVRO = JSON.stringify({
  type: 'record',
  name: 'test',
  fields: [
    { type: 'int', name: 'i' },
    { type: 'string', name: 's' },
  ],
});
const PROTOBUF = 'syntax = "proto3";\n\nmessage Person {\n  string name = 1;\n  int32 id = 2;\n  string email = 3;\n}\n';
const JSON_SCHEMA = JSON.stringify({ properties: { foo: {}, bar: {} }, required: ['foo'] });

const CASES = [
  { type: 'avro', source: AVRO, invalid: '{"type": "record", "name": "x", "fields": [{"name": "i", "type": "nope"}]}', says: /^The Avro schema is not valid: .*nope/ },
  { type: 'protobuf', source: PROTOBUF, invalid: 'xxxx', says: /^The Protobuf schema is not valid: illegal token 'xxxx' \(line 1\)\.$/ },
  { type: 'json', source: JSON_SCHEMA, invalid: '"not an object"', says: /^The JSON schema must be a JSON object\.$/ },
] as const;

describe('schema registry CRUD', () => {
  for (const c of CASES) {
    test(`${c.type}: create, read, update, refuse, delete`, async () => {
      const name = `my_${c.type}`;
      const params = { name, type: c.type, source: c.source, description: 'My schema' };
      expect((await api(node, 'GET', `/schema_registry/${name}`)).body).toEqual({ code: 'NOT_FOUND', message: 'Schema not found' });
      expect((await api(node, 'PUT', `/schema_registry/${name}`, { type: c.type, source: c.source })).status).toBe(404);
      expect((await api(node, 'DELETE', `/schema_registry/${name}`)).status).toBe(404);

      const created = await api(node, 'POST', '/schema_registry', params);
      expect(created.status).toBe(201);
      expect(created.body).toEqual(params);
      expectContract('post', '/schema_registry', 201, created.body);
      const got = await api(node, 'GET', `/schema_registry/${name}`);
      expect(got.body).toEqual(params);
      expectContract('get', '/schema_registry/{name}', 200, got.body);
      const list = await api(node, 'GET', '/schema_registry');
      expectContract('get', '/schema_registry', 200, list.body);
      expect(list.body).toContainEqual(params);

      const updated = await api(node, 'PUT', `/schema_registry/${name}`, { type: c.type, source: c.source, description: 'My new schema' });
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({ ...params, description: 'My new schema' });

      expect((await api(node, 'POST', '/schema_registry', params)).body).toEqual({ code: 'ALREADY_EXISTS', message: 'Schema already exists' });
      const badUpdate = await api(node, 'PUT', `/schema_registry/${name}`, { type: c.type, source: c.invalid });
      expect(badUpdate.status).toBe(400);
      expect(badUpdate.body.code).toBe('BAD_REQUEST');
      expect(badUpdate.body.message).toMatch(c.says);
      expect((await api(node, 'GET', `/schema_registry/${name}`)).body.source).toBe(c.source); // unchanged

      const badCreate = await api(node, 'POST', '/schema_registry', { ...params, name: `${name}_2`, source: c.invalid });
      expect(badCreate.status).toBe(400);
      expect(badCreate.body.message).toMatch(c.says);
      expect((await api(node, 'GET', `/schema_registry/${name}_2`)).status).toBe(404);

      expect((await api(node, 'DELETE', `/schema_registry/${name}`)).status).toBe(204);
      expect((await api(node, 'GET', `/schema_registry/${name}`)).status).toBe(404);
    });
  }

  test('an Avro source that is not JSON says where', async () => {
    const r = await api(node, 'POST', '/schema_registry', { name: 'broken', type: 'avro', source: '{"type": "record",\n "fields": [}' });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^The Avro schema is not valid JSON at line 2, column \d+: .+\.$/);
  });

  test('a Protobuf source with an unknown type names it', async () => {
    const r = await api(node, 'POST', '/schema_registry', { name: 'unknown_type', type: 'protobuf', source: 'syntax = "proto3";\nmessage A { Foo x = 1; }' });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/Foo/);
  });

  test('a JSON schema that is not a valid schema is refused', async () => {
    const r = await api(node, 'POST', '/schema_registry', { name: 'bad_json', type: 'json', source: '{"type": 5}' });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^The JSON schema is not valid: /);
    const draft3 = await api(node, 'POST', '/schema_registry', { name: 'draft3', type: 'json', source: '{"$schema": "http://json-schema.org/draft-03/schema#"}' });
    expect(draft3.body.message).toMatch(/is not supported: use draft-04, draft-06, draft-07, 2019-09 or 2020-12/);
    for (const s of ['http://json-schema.org/draft-04/schema#', 'http://json-schema.org/draft-06/schema#', 'https://json-schema.org/draft/2020-12/schema']) {
      const ok = await api(node, 'POST', '/schema_registry', { name: 'drafts', type: 'json', source: JSON.stringify({ $schema: s, type: 'object' }) });
      expect(ok.status, s).toBe(201);
      await api(node, 'DELETE', '/schema_registry/drafts');
    }
  });

  test('names follow EMQX: a letter or digit first, then letters, digits, _ and -; the Sparkplug B name is taken', async () => {
    const base = { type: 'json', source: JSON_SCHEMA };
    expect((await api(node, 'POST', '/schema_registry', { ...base, name: '' })).body).toEqual({ code: 'BAD_REQUEST', message: 'Name cannot be empty string' });
    const bad = await api(node, 'POST', '/schema_registry', { ...base, name: 'a b' });
    expect(bad.body.message).toMatch(/^Invalid name format\. .* Got: a b$/);
    expect((await api(node, 'POST', '/schema_registry', { ...base, name: 'x'.repeat(255) })).body.message).toBe('Name length must be less than 255');
    expect((await api(node, 'POST', '/schema_registry', { ...base, name: '__CiYAWBja87PleCyKZ58h__SparkPlug_B_BUILT-IN' })).status).toBe(400);
  });

  test('bodies that do not typecheck: no name, no source, an unknown type', async () => {
    for (const without of ['name', 'source', 'type']) {
      const body: Record<string, unknown> = { name: 'typecheck', type: 'json', source: JSON_SCHEMA };
      delete body[without];
      const r = await api(node, 'POST', '/schema_registry', body);
      expect(r.status, without).toBe(400);
      expect(r.body.code).toBe('BAD_REQUEST');
    }
    expect((await api(node, 'POST', '/schema_registry', { name: 'typecheck', type: 'xml', source: '<a/>' })).status).toBe(400);
    expect((await api(node, 'GET', '/schema_registry/typecheck')).status).toBe(404);
  });

  test('schemas survive a restart and still decode', async () => {
    await api(node, 'POST', '/schema_registry', { name: 'kept', type: 'avro', source: AVRO });
    await node.close();
    node = await startTestNode({ dataDir });
    expect((await api(node, 'GET', '/schema_registry/kept')).body).toEqual({ name: 'kept', type: 'avro', source: AVRO, description: '' });
    const r = await api(node, 'POST', '/rule_test', {
      sql: "SELECT schema_decode('kept', schema_encode('kept', json_decode(payload))) AS d FROM \"t\"",
      context: { event_type: 'message_publish', topic: 't', payload: '{"i": 7, "s": "seven"}' },
    });
    expect(r.body).toEqual({ d: { i: 7, s: 'seven' } });
    expect(r.status).toBe(200);
  }, 60_000);
});
