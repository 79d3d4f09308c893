// Schema validation against a running node with real MQTT.js clients, restating EMQX's
// emqx_schema_validation_http_api_SUITE: CRUD and its refusals, order, enable, metrics; a JSON-schema check drops
// a malformed message before routing, a SQL check without FROM, any_pass / all_pass, ignore lets it through,
// disconnect drops it and disconnects the publisher.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, expectContract, waitFor } from '../../shared/testing';

let node: TestNode;
const clients: MqttClient[] = [];
beforeAll(async () => {
  node = await startTestNode();
  await api(node, 'POST', '/schema_registry', {
    name: 'reading',
    type: 'json',
    source: JSON.stringify({ type: 'object', properties: { temp: { type: 'number' } }, required: ['temp'] }),
  });
}, 60_000);
afterAll(async () => node.close());
afterEach(async () => {
  await closeClients(clients.splice(0));
  for (const v of (await api(node, 'GET', '/schema_validations')).body) await api(node, 'DELETE', `/schema_validations/validation/${v.name}`);
});

async function client(clientId: string): Promise<MqttClient> {
  const c = await connectClient(node.mqttPort, { clientId, reconnectPeriod: 0 });
  clients.push(c);
  return c;
}

async function inbox(filter: string) {
  const c = await client(`inbox-${Math.random().toString(16).slice(2)}`);
  const got: string[] = [];
  c.on('message', (_t, payload) => got.push(payload.toString()));
  await c.subscribeAsync(filter, { qos: 1 });
  return got;
}

const validation = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  topics: 'v/#',
  strategy: 'all_pass',
  failure_action: 'drop',
  checks: [{ type: 'json', schema: 'reading' }],
  ...over,
});

const metrics = async (name: string) => (await api(node, 'GET', `/schema_validations/validation/${name}/metrics`)).body.metrics;

describe('schema validations: the API', () => {
  test('create with defaults, read, update, refuse, order, enable, delete', async () => {
    const created = await api(node, 'POST', '/schema_validations', validation('v1'));
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ ...validation('v1'), topics: ['v/#'], description: '', enable: true, tags: [], log_failure: { level: 'info' } });
    expectContract('post', '/schema_validations', 201, created.body);
    expect((await api(node, 'POST', '/schema_validations', validation('v1'))).body).toEqual({ code: 'ALREADY_EXISTS', message: 'Validation already exists' });
    expect((await api(node, 'GET', '/schema_validations/validation/v1')).body.name).toBe('v1');
    expect((await api(node, 'GET', '/schema_validations/validation/nope')).body).toEqual({ code: 'NOT_FOUND', message: 'Validation not found' });
    expect((await api(node, 'PUT', '/schema_validations', validation('nope'))).status).toBe(404);
    const updated = await api(node, 'PUT', '/schema_validations', validation('v1', { description: 'readings', topics: ['v/a', 'v/b'] }));
    expect(updated.body).toMatchObject({ description: 'readings', topics: ['v/a', 'v/b'] });

    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ topics: [] }, /^At least one topic filter must be defined\.$/],
      [{ topics: ['a', 'a'] }, /^Duplicated topics: a\.$/],
      [{ checks: [] }, /^At least one check must be defined\.$/],
      [
        {
          checks: [
            { type: 'json', schema: 'reading' },
            { type: 'json', schema: 'reading' },
          ],
        },
        /^Duplicated schema checks: json:reading\.$/,
      ],
      [{ checks: [{ type: 'json', schema: 'nothere' }] }, /^The checks refer to schemas that do not exist: nothere\.$/],
      [{ checks: [{ type: 'sql', sql: 'SELEKT' }] }, /^The SQL check "SELEKT" is not valid: /],
      [{ checks: [{ type: 'sql', sql: 'FOREACH payload.a as x' }] }, /FOREACH/],
    ];
    for (const [over, says] of refusals) {
      const r = await api(node, 'POST', '/schema_validations', validation('bad', over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.message).toMatch(says);
    }
    expect((await api(node, 'GET', '/schema_validations/validation/bad')).status).toBe(404);

    await api(node, 'POST', '/schema_validations', validation('v2'));
    await api(node, 'POST', '/schema_validations', validation('v3'));
    const names = async () => (await api(node, 'GET', '/schema_validations')).body.map((v: { name: string }) => v.name);
    expect(await names()).toEqual(['v1', 'v2', 'v3']);
    expect((await api(node, 'POST', '/schema_validations/reorder', { order: ['v3', 'v1', 'v2'] })).status).toBe(204);
    expect(await names()).toEqual(['v3', 'v1', 'v2']);
    const badOrder = await api(node, 'POST', '/schema_validations/reorder', { order: ['v3', 'v3', 'x'] });
    expect(badOrder.status).toBe(400);
    expect(badOrder.body).toMatchObject({ code: 'BAD_REQUEST', not_found: ['x'], duplicated: ['v3'], not_reordered: ['v1', 'v2'] });

    expect((await api(node, 'POST', '/schema_validations/validation/v2/enable/false')).status).toBe(204);
    expect((await api(node, 'GET', '/schema_validations/validation/v2')).body.enable).toBe(false);
    expect((await api(node, 'DELETE', '/schema_validations/validation/v2')).status).toBe(204);
    expect((await api(node, 'DELETE', '/schema_validations/validation/v2')).status).toBe(404);
  });
});

describe('schema validations on real publishes', () => {
  test('a JSON-schema check drops a malformed message before routing; metrics count both', async () => {
    await api(node, 'POST', '/schema_validations', validation('json_drop'));
    const got = await inbox('v/#');
    const pub = await client('pub-json');
    await pub.publishAsync('v/1', '{"temp": "hot"}', { qos: 1 });
    await pub.publishAsync('v/1', 'not json', { qos: 1 });
    await pub.publishAsync('v/1', '{"temp": 21}', { qos: 1 });
    await pub.publishAsync('other/1', 'not json', { qos: 1 }); // not matched
    await waitFor(() => got.length === 1, 3000, 'the valid message');
    expect(got).toEqual(['{"temp": 21}']);
    const m = await metrics('json_drop');
    expect(m).toMatchObject({ matched: 3, succeeded: 1, failed: 2 });
    const full = await api(node, 'GET', '/schema_validations/validation/json_drop/metrics');
    expect(full.body.node_metrics).toEqual([{ node: expect.any(String), metrics: m }]);
    expect((await api(node, 'POST', '/schema_validations/validation/json_drop/metrics/reset')).status).toBe(204);
    expect((await metrics('json_drop')).matched).toBe(0);
  });

  test('SQL checks without FROM; any_pass passes when one check does', async () => {
    await api(
      node,
      'POST',
      '/schema_validations',
      validation('sql_any', {
        strategy: 'any_pass',
        checks: [
          { type: 'sql', sql: 'SELECT * WHERE payload.temp > 10' },
          { type: 'json', schema: 'reading' },
        ],
      }),
    );
    const got = await inbox('v/#');
    const pub = await client('pub-sql');
    await pub.publishAsync('v/2', '{"temp": 5}', { qos: 1 }); // SQL fails, schema passes
    await pub.publishAsync('v/2', '{"t": 50}', { qos: 1 }); // both fail
    await pub.publishAsync('v/2', '{"temp": 50}', { qos: 1 });
    await waitFor(() => got.length === 2, 3000, 'two pass');
    expect(got).toEqual(['{"temp": 5}', '{"temp": 50}']);
    await api(
      node,
      'PUT',
      '/schema_validations',
      validation('sql_any', {
        strategy: 'all_pass',
        checks: [
          { type: 'sql', sql: 'SELECT payload.temp as t WHERE t > 10' },
          { type: 'json', schema: 'reading' },
        ],
      }),
    );
    await pub.publishAsync('v/2', '{"temp": 5}', { qos: 1 });
    await pub.publishAsync('v/2', '{"temp": 60}', { qos: 1 });
    await waitFor(() => got.length === 3, 3000, 'one more');
    expect(got[2]).toBe('{"temp": 60}');
  });

  test('ignore lets a failed message through; a disabled validation does not run', async () => {
    await api(node, 'POST', '/schema_validations', validation('ignorer', { failure_action: 'ignore' }));
    const got = await inbox('v/#');
    const pub = await client('pub-ignore');
    await pub.publishAsync('v/3', 'bad', { qos: 1 });
    await waitFor(() => got.length === 1, 3000, 'passed through');
    expect((await metrics('ignorer')).failed).toBe(1);
    await api(node, 'POST', '/schema_validations/validation/ignorer/enable/false');
    await pub.publishAsync('v/3', 'bad', { qos: 1 });
    await waitFor(() => got.length === 2, 3000, 'second');
    expect((await metrics('ignorer')).matched).toBe(1);
  });

  test('disconnect drops the message and disconnects the publisher', async () => {
    await api(node, 'POST', '/schema_validations', validation('kicker', { failure_action: 'disconnect' }));
    const got = await inbox('v/#');
    const pub = await client('pub-kick');
    const closed = new Promise<void>((resolve) => pub.once('close', () => resolve()));
    pub.publish('v/4', 'bad', { qos: 0 });
    await closed;
    const other = await client('pub-ok');
    await other.publishAsync('v/4', '{"temp": 1}', { qos: 1 });
    await waitFor(() => got.length === 1, 3000, 'valid message');
    expect(got).toEqual(['{"temp": 1}']);
  });

  test('a schema in use can be deleted (EMQX does not refuse it); its check then fails and the message is dropped', async () => {
    await api(node, 'POST', '/schema_registry', { name: 'doomed', type: 'json', source: '{"type": "object"}' });
    await api(node, 'POST', '/schema_validations', validation('uses_doomed', { checks: [{ type: 'json', schema: 'doomed' }] }));
    const got = await inbox('v/#');
    const pub = await client('pub-doomed');
    await pub.publishAsync('v/5', '{"a": 1}', { qos: 1 });
    await waitFor(() => got.length === 1, 3000, 'valid while the schema exists');
    expect((await api(node, 'DELETE', '/schema_registry/doomed')).status).toBe(204);
    await pub.publishAsync('v/5', '{"a": 2}', { qos: 1 });
    await waitFor(async () => (await metrics('uses_doomed')).failed === 1, 3000, 'failed without its schema');
    expect(got).toHaveLength(1);
  });
});
