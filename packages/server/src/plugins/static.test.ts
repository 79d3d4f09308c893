// The console's static files: a path URL typed by an operator lands on its screen, a missing file is a 404.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { hashRouteLocation } from './static';

const PAGE = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'sec-fetch-dest': 'document' };

describe('static console', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mqdeck-static-'));
  const dist = join(dataDir, 'dist');
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>MQDeck</title><script type="module" src="./assets/index-abc.js"></script>');
    writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
    app = await buildApp({ dataDir: join(dataDir, 'data'), dashboardDir: dist, listen: false });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('redirects a path URL to the same screen under #, relative to where the console is hosted', async () => {
    for (const [url, location] of [
      ['/clients', './#/clients'],
      ['/clients?page=2&limit=50', './#/clients?page=2&limit=50'],
      ['/clients/detail/dev%2F1', '../../#/clients/detail/dev%2F1'],
      ['/banned-clients/', '../#/banned-clients'],
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: PAGE });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(location);
    }
    // a browser without Sec-Fetch headers is recognised by what it accepts
    const old = await app.inject({ method: 'GET', url: '/rule', headers: { accept: 'text/html' } });
    expect(old.headers.location).toBe('./#/rule');
  });

  it('answers a missing asset with 404, never with index.html', async () => {
    // the blank page: index.html at /clients loaded ./assets/… from /clients/assets/…, which came back as HTML
    for (const [url, headers] of [
      ['/clients/assets/index-abc.js', { accept: '*/*', 'sec-fetch-dest': 'script' }],
      ['/assets/gone-123.js', { accept: '*/*' }],
      ['/assets/gone-123.css', PAGE],
      ['/favicon-missing.svg', { accept: 'image/avif,image/webp,*/*', 'sec-fetch-dest': 'image' }],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<title>MQDeck</title>');
    }
  });

  it('still serves the root, index.html and the files that exist', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await app.inject({ method: 'GET', url, headers: PAGE });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>MQDeck</title>');
    }
    const js = await app.inject({ method: 'GET', url: '/assets/index-abc.js', headers: { accept: '*/*', 'sec-fetch-dest': 'script' } });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
  });

  it('builds only relative locations, so a crafted path cannot send the browser to another host', () => {
    expect(hashRouteLocation('//evil.example/x')).toBe('../../#/evil.example/x');
    expect(hashRouteLocation('/a/b/c/')).toBe('../../../#/a/b/c');
    expect(hashRouteLocation('/')).toBe('./#/');
  });
});
