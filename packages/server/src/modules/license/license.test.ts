// /license, /license/setting and /sso/running as emqx_license_http_api_SUITE checks them, with what is true of
// this node: no key, no expiry, the listeners' real connection limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api } from '../../shared/testing';
import { maxConnections } from './license.service';

describe('license', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ listen: false });
  });
  afterAll(() => node.close());

  it('states the node: community, no expiry, unlimited connections by default', async () => {
    const res = await api(node, 'GET', '/license');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      customer: 'MQDeck',
      customer_type: 10,
      deployment: node.app.nodeName,
      email: '',
      type: 'community',
      max_connections: 'infinity',
      start_at: new Date(node.app.startedAt).toISOString().slice(0, 10),
      expiry_at: 'infinity',
      expiry: false,
      edition: 'ee',
    });
  });

  it('max_connections sums the enabled listeners and is infinity when one has no limit', () => {
    expect(maxConnections({ tcp: { default: { enable: true, max_connections: 100 } }, ws: { default: { enable: true, max_connections: 50 } } })).toBe(150);
    expect(maxConnections({ tcp: { default: { enable: true, max_connections: 100 } }, ws: { default: { enable: false, max_connections: 'infinity' } } })).toBe(100);
    expect(maxConnections({ tcp: { default: { enable: true, max_connections: 'infinity' } } })).toBe('infinity');
  });

  it('follows a listener limit set through the API', async () => {
    const listener = (await api(node, 'GET', '/listeners/tcp:default')).body;
    const put = await api(node, 'PUT', '/listeners/tcp:default', { ...listener, max_connections: 1000 });
    expect(put.status).toBe(200);
    const ws = (await api(node, 'GET', '/listeners/ws:default')).body;
    await api(node, 'PUT', '/listeners/ws:default', { ...ws, max_connections: 24 });
    expect((await api(node, 'GET', '/license')).body.max_connections).toBe(1024);
  });

  it("accepts only 'default' as a key and answers EMQX's texts otherwise", async () => {
    expect((await api(node, 'POST', '/license', { key: 'default' })).status).toBe(200);
    expect((await api(node, 'POST', '/license', { key: 'bad key' })).body).toEqual({ code: 'BAD_REQUEST', message: 'Bad license key' });
    expect((await api(node, 'POST', '/license', {})).body).toEqual({ code: 'BAD_REQUEST', message: 'Invalid request params' });
  });

  it('reads and updates the watermarks, refusing low >= high and bad values', async () => {
    expect((await api(node, 'GET', '/license/setting')).body).toEqual({ connection_low_watermark: '75%', connection_high_watermark: '80%' });
    const ok = await api(node, 'PUT', '/license/setting', { connection_low_watermark: '50.12%', connection_high_watermark: '100%' });
    expect(ok).toMatchObject({ status: 200, body: { connection_low_watermark: '50.12%', connection_high_watermark: '100%' } });
    for (const body of [
      { connection_low_watermark: '50%', connection_high_watermark: '50%' },
      { connection_low_watermark: '51%', connection_high_watermark: '50%' },
      { connection_low_watermark: 'lots', connection_high_watermark: '90%' },
      { connection_low_watermark: '10%', connection_high_watermark: '101%' },
      { connection_low_watermark: '10%', other: '1%' },
    ]) {
      expect((await api(node, 'PUT', '/license/setting', body)).body).toEqual({ code: 'BAD_REQUEST', message: 'Bad license setting' });
    }
    // a partial body keeps the other watermark
    expect((await api(node, 'PUT', '/license/setting', { connection_low_watermark: '60%' })).body).toEqual({ connection_low_watermark: '60%', connection_high_watermark: '100%' });
    expect(node.app.config.get('license.connection_low_watermark')).toBe('60%');
  });

  it('GET /sso/running answers [] without a login (SSO is off)', async () => {
    const res = await node.app.inject({ method: 'GET', url: '/api/v5/sso/running' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
