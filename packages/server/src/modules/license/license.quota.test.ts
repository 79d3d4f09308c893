// The connection quota alarm: raised above limit × high watermark, cleared below limit × low watermark, never
// raised while the node has no connection limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';
import { checkConnectionQuota } from './license.module';

describe('license_quota alarm', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(() => node.close());

  it('is raised and cleared by the watermarks once the listeners have a limit', async () => {
    const client = await connectClient(node.mqttPort, { clientId: 'quota-1' });
    checkConnectionQuota(node.app);
    expect(node.app.alarms.isActive('license_quota')).toBe(false); // no limit: no quota
    for (const id of ['tcp:default', 'ws:default']) {
      const listener = (await api(node, 'GET', `/listeners/${id}`)).body;
      expect((await api(node, 'PUT', `/listeners/${id}`, { ...listener, max_connections: 5 })).status).toBe(200);
    }
    expect((await api(node, 'PUT', '/license/setting', { connection_low_watermark: '5%', connection_high_watermark: '8%' })).status).toBe(200);
    checkConnectionQuota(node.app); // 1 session > 10 × 8%
    const alarms = (await api(node, 'GET', '/alarms')).body.data;
    expect(alarms).toEqual([expect.objectContaining({ name: 'license_quota', message: 'License: live connection number exceeds 8%', details: { high_watermark: '8' } })]);
    await closeClients([client]);
    await waitFor(() => node.app.broker.clientCount().sessions === 0, 3000, 'the session to end');
    checkConnectionQuota(node.app); // 0 < 10 × 5%
    expect(node.app.alarms.isActive('license_quota')).toBe(false);
  });
});
