import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@mqdeck/api';
import { buildApp } from '../../app';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { validateResponse } from '../../contract/validate-response';

describe('status, error codes, swagger', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ listen: false });
  });
  afterAll(() => node.close());

  it('GET /status and /api/v5/status answer text with retry-after, no auth', async () => {
    for (const url of ['/status', '/api/v5/status', '/status?format=x']) {
      const res = await node.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['retry-after']).toBe('15');
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('Node emqx@127.0.0.1 is started\nemqx is running');
    }
  });

  it('format=json', async () => {
    const res = await node.app.inject({ method: 'GET', url: '/api/v5/status?format=json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['retry-after']).toBe('15');
    expect(res.json()).toEqual({ node_name: 'emqx@127.0.0.1', rel_vsn: 'e5.8.9', broker_status: 'started', app_status: 'running' });
  });

  it('error code catalogue, whole and one by one', async () => {
    const all = await node.app.inject({ method: 'GET', url: '/api/v5/error_codes' });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(Object.keys(ERROR_CODES).length);
    expect(validateResponse('get', '/error_codes', 200, all.json())).toEqual([]);
    const one = await node.app.inject({ method: 'GET', url: '/api/v5/error_codes/USER_NOT_FOUND' });
    expect(one.json()).toEqual({ code: 'USER_NOT_FOUND', description: 'User not found' });
    expect(validateResponse('get', '/error_codes/{code}', 200, one.json())).toEqual([]);
  });

  it('serves the vendored swagger JSON without auth', async () => {
    const res = await node.app.inject({ method: 'GET', url: '/api-docs/swagger.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().info.version).toBe('5.8.1');
  });
});

describe('static console', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mqdeck-static-'));
  const dist = join(dataDir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>MQDeck</title>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dist, 'version'), 'refs/tags/v1.2.3');

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves files, the SPA fallback, and keeps API 404s', async () => {
    const app = await buildApp({ dataDir: join(dataDir, 'data'), dashboardDir: dist, listen: false });
    try {
      const js = await app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(js.statusCode).toBe(200);
      expect(js.headers['content-type']).toMatch(/javascript/);
      expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const version = await app.inject({ method: 'GET', url: '/version' });
      expect(version.statusCode).toBe(200);
      expect(version.body).toBe('refs/tags/v1.2.3');
      expect(version.headers['content-type']).toMatch(/^text\/plain/);
      // a path URL goes to its screen's hash URL (plugins/static.test.ts)
      const spa = await app.inject({ method: 'GET', url: '/clients/detail/abc', headers: { accept: 'text/html' } });
      expect(spa.statusCode).toBe(302);
      expect(spa.headers.location).toBe('../../#/clients/detail/abc');
      const root = await app.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('MQDeck');
      expect(root.headers['cache-control']).toBe('public, max-age=0');
      const traversal = await app.inject({ method: 'GET', url: '/..%2F..%2Fetc%2Fpasswd', headers: { accept: 'text/html' } });
      expect(traversal.body).not.toContain('root:');
      const api = await app.inject({ method: 'GET', url: '/api/v5/nope', headers: { accept: 'application/json' } });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ code: 'NOT_FOUND', message: 'Request Path Not Found' });
    } finally {
      await app.close();
    }
  });
});
