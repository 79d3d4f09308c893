// The node counters EMQX 5.8 keeps for validations and transformations (emqx_metrics: messages.validation_succeeded
// / _failed, counted once per published message in emqx_schema_validation:on_message_publish, and
// messages.transformation_succeeded / _failed in emqx_message_transformation:run_transformations), read from
// GET /metrics after real MQTT.js publishes: a message no validation matches counts nothing; one that passes (or
// fails with `ignore`) counts succeeded; one dropped or disconnecting counts failed.
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';

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
afterAll(async () => {
  await closeClients(clients.splice(0));
  await node.close();
});

const KEYS = ['messages.validation_succeeded', 'messages.validation_failed', 'messages.transformation_succeeded', 'messages.transformation_failed'] as const;
async function counters(): Promise<Record<(typeof KEYS)[number], number>> {
  const body = (await api(node, 'GET', '/metrics')).body[0] as Record<string, number>;
  return Object.fromEntries(KEYS.map((k) => [k, body[k]])) as Record<(typeof KEYS)[number], number>;
}
const aggregate = async () => (await api(node, 'GET', '/metrics?aggregate=true')).body as Record<string, number>;

async function client(clientId: string): Promise<MqttClient> {
  const c = await connectClient(node.mqttPort, { clientId, reconnectPeriod: 0 });
  clients.push(c);
  return c;
}

describe('messages.validation_* and messages.transformation_* in GET /metrics', () => {
  test('validations: succeeded and failed once per message, ignore counts as succeeded', async () => {
    expect(await counters()).toEqual({
      'messages.validation_succeeded': 0,
      'messages.validation_failed': 0,
      'messages.transformation_succeeded': 0,
      'messages.transformation_failed': 0,
    });
    const base = { strategy: 'all_pass', checks: [{ type: 'json', schema: 'reading' }] };
    expect((await api(node, 'POST', '/schema_validations', { ...base, name: 'dropper', topics: 'v/#', failure_action: 'drop' })).status).toBe(201);
    // a second validation on the same topic: still one count per message
    expect((await api(node, 'POST', '/schema_validations', { ...base, name: 'second', topics: 'v/#', failure_action: 'drop' })).status).toBe(201);
    expect((await api(node, 'POST', '/schema_validations', { ...base, name: 'ignorer', topics: 'i/#', failure_action: 'ignore' })).status).toBe(201);
    const pub = await client('validated');
    await pub.publishAsync('v/1', '{"temp": 1}', { qos: 1 });
    await pub.publishAsync('v/2', '{"temp": 2}', { qos: 1 });
    await pub.publishAsync('v/3', 'not json', { qos: 1 });
    await pub.publishAsync('i/1', 'not json', { qos: 1 });
    await pub.publishAsync('other/1', 'not json', { qos: 1 }); // no validation matches: not counted
    await waitFor(async () => (await counters())['messages.validation_failed'] === 1, 5000, 'validation_failed');
    await waitFor(async () => (await counters())['messages.validation_succeeded'] === 3, 5000, 'validation_succeeded');
    expect((await aggregate())['messages.validation_succeeded']).toBe(3);

    const kicked = await client('kicked');
    expect((await api(node, 'POST', '/schema_validations', { ...base, name: 'kicker', topics: 'k/#', failure_action: 'disconnect' })).status).toBe(201);
    const closed = new Promise<void>((resolve) => kicked.once('close', () => resolve()));
    kicked.publish('k/1', 'not json', { qos: 0 });
    await closed;
    await waitFor(async () => (await counters())['messages.validation_failed'] === 2, 5000, 'validation_failed after disconnect');
    expect((await counters())['messages.validation_succeeded']).toBe(3);
  });

  test('transformations: succeeded per transformed message, failed when dropped', async () => {
    const t = (name: string, topics: string, failure_action: string, value: string) => ({
      name,
      topics,
      failure_action,
      payload_decoder: { type: 'json' },
      payload_encoder: { type: 'json' },
      operations: [{ key: 'topic', value }],
    });
    expect((await api(node, 'POST', '/message_transformations', t('retopic', 't/#', 'drop', "concat([topic, '/', payload.t])"))).status).toBe(201);
    expect((await api(node, 'POST', '/message_transformations', t('broken', 'b/#', 'drop', 'missing.var'))).status).toBe(201);
    const before = await counters();
    const sub = await client('sub');
    const got: string[] = [];
    sub.on('message', (topic) => got.push(topic));
    await sub.subscribeAsync('#', { qos: 1 });
    const pub = await client('transformed');
    await pub.publishAsync('t/a', '{"t": "x"}', { qos: 1 });
    await pub.publishAsync('t/b', '{"t": "y"}', { qos: 1 });
    await pub.publishAsync('b/1', '{"t": "z"}', { qos: 1 });
    await waitFor(() => got.length === 2, 5000, 'two transformed messages');
    expect(got.sort()).toEqual(['t/a/x', 't/b/y']);
    await waitFor(async () => (await counters())['messages.transformation_failed'] === before['messages.transformation_failed'] + 1, 5000, 'transformation_failed');
    expect((await counters())['messages.transformation_succeeded']).toBe(before['messages.transformation_succeeded'] + 2);
  });
});
