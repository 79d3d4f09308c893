// `metadata.rule_id` is the rule's own, also for a rule whose SQL awaits (jq) while the other rules of the same
// message run: the rules of one input share its columns, so an awaiting rule must not see the next rule's id.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';

let node: TestNode;
const clients: MqttClient[] = [];
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await closeClients(clients);
  await node.close();
});

test('a rule that awaits jq still reads its own metadata.rule_id', async () => {
  const republish = { function: 'republish', args: { topic: 'meta/out', payload: '${id}', direct_dispatch: true } };
  for (const [id, sql] of [
    ['meta_jq', 'SELECT jq(\'.\', payload) AS j, metadata.rule_id AS id FROM "meta/in"'],
    ['meta_plain', 'SELECT metadata.rule_id AS id FROM "meta/in"'],
  ]) {
    expect((await api(node, 'POST', '/rules', { id, sql, actions: [republish] })).status).toBe(201);
  }
  const seen: string[] = [];
  const watcher = await connectClient(node.mqttPort, { clientId: 'meta-watch' });
  clients.push(watcher);
  watcher.on('message', (_t, p) => seen.push(p.toString()));
  await watcher.subscribeAsync('meta/out', { qos: 1 });
  const pub = await connectClient(node.mqttPort, { clientId: 'meta-pub' });
  clients.push(pub);
  await pub.publishAsync('meta/in', '{"a":1}', { qos: 1 });
  await waitFor(() => seen.length === 2, 15_000, 'both rules republish');
  expect(seen.sort()).toEqual(['meta_jq', 'meta_plain']);
});
