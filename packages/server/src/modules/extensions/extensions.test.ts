import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api } from '../../shared/testing';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => node.close());

test('GET /mqdeck/extensions lists the extension routes this node serves; auth is required', async () => {
  const res = await api(node, 'GET', '/mqdeck/extensions');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    extensions: ['authentication_probe', 'authorization_explain', 'brokers', 'connector_types', 'durable_store', 'flapping_detect', 'gateway_metrics', 'rule_tap'],
  });
  expect((await node.app.inject({ method: 'GET', url: '/api/v5/mqdeck/extensions' })).statusCode).toBe(401);
});
