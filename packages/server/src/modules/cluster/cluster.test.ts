import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, expectContract } from '../../shared/testing';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode({ listen: false });
});
afterAll(async () => {
  await node.close();
});

describe('cluster', () => {
  test('a one-node cluster', async () => {
    const res = await api(node, 'GET', '/cluster');
    expectContract('get', '/cluster', 200, res.body);
    expect(res.body).toEqual({ name: 'emqxcl', nodes: [node.app.nodeName], self: node.app.nodeName });
    expectContract('get', '/cluster/topology', 200, (await api(node, 'GET', '/cluster/topology')).body);
    expect((await api(node, 'GET', '/cluster/invitation')).body).toEqual({ succeed: [], in_progress: [], failed: [] });
  });

  test('invite and force_leave answer as EMQX for a node that runs alone', async () => {
    const self = node.app.nodeName;
    expect(await api(node, 'PUT', '/cluster/%20/invite', {})).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: 'Node name is required' } });
    expect(await api(node, 'PUT', `/cluster/${self}/invite`, {})).toMatchObject({ status: 400, body: { message: 'Cannot invite self' } });
    expect(await api(node, 'PUT', '/cluster/emqx@10.0.0.2/invite', { timeout: 100 })).toMatchObject({ status: 400, body: { message: 'timeout cannot be less than 5000ms' } });
    const other = await api(node, 'PUT', '/cluster/emqx@10.0.0.2/invite', {});
    expect(other.status).toBe(400);
    expect(other.body.message).toContain('this node runs alone');
    expect(other.body.message).toContain('cannot join or form a cluster');
    expect(other.body.message).toContain('run an EMQX 5.8 cluster instead; this console manages it through the same API');
    expect(other.body.message).not.toMatch(/--upstream|mqdeck console/); // no command that does not exist
    expect(await api(node, 'PUT', `/cluster/${self}/invite_async`)).toMatchObject({ status: 400, body: { message: "Can't invite self" } });
    expect((await api(node, 'PUT', '/cluster/emqx@10.0.0.2/invite_async')).body.message).toContain('this node runs alone');
    expect(await api(node, 'DELETE', `/cluster/${self}/force_leave`)).toMatchObject({ status: 400, body: { message: "Can't leave self" } });
    expect((await api(node, 'DELETE', '/cluster/emqx@10.0.0.2/force_leave')).body.message).toContain('This node runs alone');
  });
});
