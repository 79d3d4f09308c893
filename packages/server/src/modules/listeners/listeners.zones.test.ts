// GET /configs/zones (hidden in EMQX 5.8, the console's listener zone picker): this node has no custom zone, so the
// list is empty and the picker offers `default` alone; the route needs auth like every other.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api } from '../../shared/testing';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node.close();
});

describe('GET /configs/zones', () => {
  test('an empty object (only the default zone exists); 401 without credentials', async () => {
    const res = await api(node, 'GET', '/configs/zones');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const anon = await node.app.inject({ method: 'GET', url: '/api/v5/configs/zones' });
    expect(anon.statusCode).toBe(401);
  });
});
