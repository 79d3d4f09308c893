// /telemetry as the open-source EMQX console reads it: always disabled here, enabling refused with the reason,
// data answered as EMQX does while disabled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api } from '../../shared/testing';

describe('telemetry', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ listen: false });
  });
  afterAll(() => node.close());

  it('is disabled, and stays so', async () => {
    expect(await api(node, 'GET', '/telemetry/status')).toMatchObject({ status: 200, body: { enable: false } });
    expect(await api(node, 'PUT', '/telemetry/status', { enable: false })).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Telemetry status is already disabled' },
    });
    expect(await api(node, 'PUT', '/telemetry/status', { enable: true })).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'This node never sends telemetry: there is no telemetry to enable' },
    });
    expect(await api(node, 'PUT', '/telemetry/status', { enable: 'yes' })).toMatchObject({ status: 400 });
    expect(await api(node, 'GET', '/telemetry/data')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'Telemetry is not enabled' } });
    expect((await node.app.inject({ method: 'GET', url: '/api/v5/telemetry/status' })).statusCode).toBe(401);
  });
});
