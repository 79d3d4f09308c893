// The HTTP connector's reachability check: any answer counts, and it never touches the auth path itself.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { httpConnector, normalizeHttp } from './http';

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

function serve(status: number, seen: string[]): Promise<number> {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.statusCode = status;
    res.end();
  });
  return new Promise((done) => server!.listen(0, '127.0.0.1', () => done((server!.address() as AddressInfo).port)));
}

describe('http connector status', () => {
  test('HEAD / answers (even 404): connected, and the auth path gets no request', async () => {
    const seen: string[] = [];
    const port = await serve(404, seen);
    const c = httpConnector(normalizeHttp({ url: `http://127.0.0.1:${port}/auth/\${clientid}?u=\${username}` }, '5s'));
    try {
      expect(await c.status()).toBe('connected');
      await c.ping();
    } finally {
      await c.close();
    }
    expect(seen).toEqual(['HEAD /', 'HEAD /']);
  });

  test('nothing listening: disconnected, ping names the refusal', async () => {
    const seen: string[] = [];
    const port = await serve(200, seen);
    await new Promise<void>((done) => server!.close(() => done()));
    server = undefined;
    const c = httpConnector(normalizeHttp({ url: `http://127.0.0.1:${port}/auth` }, '5s'));
    try {
      expect(await c.status()).toBe('disconnected');
      await expect(c.ping()).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await c.close();
    }
  });
});
