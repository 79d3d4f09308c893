// File transfer as the official Enterprise console reads it: EMQX's default config with enable false, enabling refused
// with the reason and nothing stored, the file routes answering as EMQX does while disabled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, expectContract } from '../../shared/testing';
import { FT_REFUSED } from './file-transfer.routes';

describe('file transfer', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ listen: false });
  });
  afterAll(() => node.close());

  it('reads as disabled with EMQX defaults on both paths', async () => {
    for (const url of ['/configs/file_transfer', '/file_transfer']) {
      const got = await api(node, 'GET', url);
      expect(got, url).toMatchObject({
        status: 200,
        body: {
          enable: false,
          init_timeout: '10s',
          storage: { local: { enable: true, segments: { gc: { interval: '1h', maximum_segments_ttl: '24h', minimum_segments_ttl: '5m' } } } },
        },
      });
      expectContract('get', url, 200, got.body);
    }
  });

  it('refuses to enable or change it, and keeps nothing', async () => {
    const before = (await api(node, 'GET', '/configs/file_transfer')).body;
    for (const url of ['/configs/file_transfer', '/file_transfer']) {
      const enable = await api(node, 'PUT', url, { ...before, enable: true });
      expect(enable, url).toMatchObject({ status: 400, body: { code: 'UPDATE_FAILED', message: FT_REFUSED } });
      expectContract('put', url, 400, enable.body);
      const tune = await api(node, 'PUT', url, { ...before, init_timeout: '30s' });
      expect(tune, url).toMatchObject({ status: 400, body: { code: 'UPDATE_FAILED', message: FT_REFUSED } });
      expect((await api(node, 'PUT', url, ['enable'])).status, url).toBe(400);
    }
    expect((await api(node, 'GET', '/configs/file_transfer')).body).toEqual(before);
    // keeping it disabled (EMQX's own PUT {enable: false}, or the whole config unchanged) answers the config
    expect(await api(node, 'PUT', '/configs/file_transfer', { enable: false })).toMatchObject({ status: 200, body: before });
    expect(await api(node, 'PUT', '/file_transfer', before)).toMatchObject({ status: 200, body: before });
  });

  it('answers the file routes as EMQX does while file transfer is disabled', async () => {
    const unavailable = { code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' };
    for (const url of ['/file_transfer/files', '/file_transfer/files/c1/f1', `/file_transfer/file?fileref=f1&node=${node.app.nodeName}`]) {
      expect(await api(node, 'GET', url), url).toMatchObject({ status: 503, body: unavailable });
    }
    expectContract('get', '/file_transfer/files', 503, unavailable);
  });

  it('needs a login', async () => {
    expect((await node.app.inject({ method: 'GET', url: '/api/v5/configs/file_transfer' })).statusCode).toBe(401);
  });
});
