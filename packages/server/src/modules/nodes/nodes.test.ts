import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, expectContract } from '../../shared/testing';
import { humanBytes } from './nodes.format';

let node: TestNode;

beforeAll(async () => {
  node = await startTestNode();
});

afterAll(async () => {
  await node.close();
});

describe('/nodes', () => {
  test('lists this node with honest Node.js counterparts', async () => {
    const c = await connectClient(node.mqttPort, { clientId: 'n-a' });
    const res = await api(node, 'GET', '/nodes');
    expect(res.status).toBe(200);
    expectContract('get', '/nodes', 200, res.body);
    expect(res.body).toHaveLength(1);
    const info = res.body[0];
    expect(info).toMatchObject({ node: 'emqx@127.0.0.1', node_status: 'running', role: 'core', version: '5.8.9', edition: 'Enterprise', connections: 1, live_connections: 1 });
    expect(info.otp_release).toBe(`node-${process.version}`);
    expect(info.memory_total).toMatch(/^\d+\.\d{2}[KMG]$/);
    expect(info.max_fds).toBeGreaterThan(0);
    expect(info.process_used).toBeGreaterThan(0);
    // the file handler's ${EMQX_LOG_DIR} is expanded to the data dir's log folder
    expect(info.log_path).not.toContain('${');
    expect(String(info.log_path)).toMatch(/\/log$/);
    expect(typeof info.load1).toBe('number');
    expect(info.uptime).toBeGreaterThanOrEqual(0);
    await closeClients([c]);
  });

  test('/nodes/{node} or 404 NOT_FOUND', async () => {
    const res = await api(node, 'GET', '/nodes/emqx@127.0.0.1');
    expectContract('get', '/nodes/{node}', 200, res.body);
    expect(res.body.node).toBe('emqx@127.0.0.1');
    expect(await api(node, 'GET', '/nodes/ghost@host')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'Node not found: ghost@host' } });
  });

  test('memory strings follow EMQX kmg', () => {
    expect(humanBytes(812)).toBe('812');
    expect(humanBytes(1536)).toBe('1.50K');
    expect(humanBytes(512 * 1024 * 1024 + 1)).toBe('512.00M');
    expect(humanBytes(8 * 1024 ** 3 + 1)).toBe('8.00G');
  });
});
