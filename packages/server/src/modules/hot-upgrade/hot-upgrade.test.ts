// /relup/* as the official Enterprise console reads it: this node idle with no history, no package installed, and an
// upload refused with the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { connectClient, api, closeClients, expectContract, waitFor } from '../../shared/testing';
import { UPLOAD_REFUSED } from './hot-upgrade.routes';

describe('hot upgrade', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(() => node.close());

  it('shows this node idle, with its version, role, live connections and no history', async () => {
    const client = await connectClient(node.mqttPort, { clientId: 'relup-watch' });
    try {
      await waitFor(async () => (await api(node, 'GET', '/relup/status')).body[0]?.live_connections === 1, 3000, 'one live connection');
      const all = await api(node, 'GET', '/relup/status');
      const version = (await api(node, 'GET', `/nodes/${node.app.nodeName}`)).body.version;
      const self = { node: node.app.nodeName, role: 'core', status: 'idle', current_vsn: version, live_connections: 1, upgrade_history: [] };
      expect(all).toMatchObject({ status: 200, body: [self] });
      expectContract('get', '/relup/status', 200, all.body);
      const one = await api(node, 'GET', `/relup/status/${node.app.nodeName}`);
      expect(one).toMatchObject({ status: 200, body: self });
      expectContract('get', '/relup/status/{node}', 200, one.body);
    } finally {
      await closeClients([client]);
    }
    expect(await api(node, 'GET', '/relup/status/emqx@elsewhere')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'Node not found: emqx@elsewhere' } });
  });

  it('has no package: EMQX answers while none is installed, an upload refused', async () => {
    const noPackage = { code: 'NOT_FOUND', message: 'No relup package is installed' };
    const pkg = await api(node, 'GET', '/relup/package');
    expect(pkg).toMatchObject({ status: 404, body: noPackage });
    expectContract('get', '/relup/package', 404, pkg.body);
    expect((await api(node, 'DELETE', '/relup/package')).status).toBe(204);

    const boundary = 'relupboundary';
    const upload = await node.app.inject({
      method: 'POST',
      url: '/api/v5/relup/package/upload',
      headers: { ...node.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="plugin"; filename="emqx_relup-5.8.10.tar.gz"\r\nContent-Type: application/gzip\r\n\r\nnot a package\r\n--${boundary}--\r\n`,
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toEqual({ code: 'BAD_REQUEST', message: UPLOAD_REFUSED });
    expect((await api(node, 'GET', '/relup/package')).status).toBe(404);

    for (const url of ['/relup/upgrade', `/relup/upgrade/${node.app.nodeName}`]) {
      expect(await api(node, 'POST', url), url).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: 'No relup package is installed' } });
    }
    expect((await api(node, 'GET', '/relup/status')).body[0]).toMatchObject({ status: 'idle', upgrade_history: [] });
  });

  it('needs a login', async () => {
    expect((await node.app.inject({ method: 'GET', url: '/api/v5/relup/status' })).statusCode).toBe(401);
  });
});
