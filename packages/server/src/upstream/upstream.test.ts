// Upstream mode against a real node standing in for EMQX: the console's calls pass through unchanged (login, bodies,
// the upstream's own errors), an unreachable or untrusted upstream answers 502 with a plain sentence, TLS with a custom
// CA works and a wrong one is refused.
import { createServer as createHttpsServer, type Server } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasOpenssl, makePki, type Pki } from '@mqdeck/broker/testing';
import { startTestNode, type TestNode } from '../../test/test-node';
import { startUpstreamConsole, type RunningUpstreamConsole } from './upstream-console';
import type { Upstream } from './proxy';

const closing: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close();
});

async function consoleFor(upstream: Upstream): Promise<RunningUpstreamConsole> {
  const running = await startUpstreamConsole({ upstream, host: '127.0.0.1', port: 0 });
  closing.push(() => running.close());
  return running;
}

async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/api/v5${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('upstream mode over HTTP', () => {
  let node: TestNode;
  let proxy: RunningUpstreamConsole;
  beforeAll(async () => {
    node = await startTestNode({ listen: false });
    closing.push(() => node.close());
    await node.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = node.app.server.address() as { port: number };
    proxy = await consoleFor({ url: new URL(`http://127.0.0.1:${port}/`) });
  });

  it("logs in with the upstream's users and acts on the upstream", async () => {
    const login = await call(proxy.httpUrl, 'POST', '/login', { username: 'admin', password: 'public' });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    const nodes = await call(proxy.httpUrl, 'GET', '/nodes', undefined, token);
    expect(nodes.body.map((n: { node: string }) => n.node)).toEqual([node.app.nodeName]);
    const created = await call(proxy.httpUrl, 'POST', '/users', { username: 'via_proxy', password: 'Proxy#Pass1', role: 'viewer', description: 'x' }, token);
    expect(created.status).toBe(200);
    expect(node.app.users.authenticate('via_proxy', 'Proxy#Pass1')).toBeTruthy();
  });

  it("passes the upstream's errors on as they are", async () => {
    expect(await call(proxy.httpUrl, 'GET', '/nodes')).toMatchObject({ status: 401 });
    const login = await call(proxy.httpUrl, 'POST', '/login', { username: 'admin', password: 'wrong' });
    expect(login).toMatchObject({ status: 401, body: { code: 'BAD_USERNAME_OR_PWD' } });
    const missing = await call(proxy.httpUrl, 'GET', '/clients/nobody', undefined, node.token);
    expect(missing).toMatchObject({ status: 404, body: { code: 'CLIENTID_NOT_FOUND' } });
  });

  it('tells the console whose broker it manages', async () => {
    const res = await fetch(`${proxy.httpUrl}/upstream.json`);
    const { port } = node.app.server.address() as { port: number };
    expect(await res.json()).toEqual({ upstream: `http://127.0.0.1:${port}` });
  });

  it('answers 502 with a plain sentence when the upstream is not there', async () => {
    const gone = await consoleFor({ url: new URL('http://127.0.0.1:9/') });
    expect(await call(gone.httpUrl, 'GET', '/nodes')).toEqual({
      status: 502,
      body: {
        code: 'UPSTREAM_UNREACHABLE',
        message: 'The broker at http://127.0.0.1:9 could not be reached: the connection was refused (is EMQX running and its dashboard listener on that port?).',
      },
    });
  });
});

describe.runIf(hasOpenssl)('upstream mode over HTTPS', () => {
  let node: TestNode;
  let pki: Pki;
  let url: URL;
  beforeAll(async () => {
    pki = makePki();
    node = await startTestNode({ listen: false });
    closing.push(() => node.close());
    await node.app.ready();
    // the node behind TLS, as an EMQX dashboard listener with its own certificate
    const server: Server = createHttpsServer({ cert: pki.serverCert, key: pki.serverKey }, (req, res) => node.app.routing(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closing.push(() => new Promise((resolve) => server.close(resolve)));
    url = new URL(`https://localhost:${(server.address() as { port: number }).port}`);
  });

  it('reaches it with its CA, and refuses it without, saying what to do', async () => {
    const trusted = await consoleFor({ url, ca: pki.ca });
    expect(await call(trusted.httpUrl, 'POST', '/login', { username: 'admin', password: 'public' })).toMatchObject({ status: 200 });
    const untrusted = await consoleFor({ url });
    const refused = await call(untrusted.httpUrl, 'POST', '/login', { username: 'admin', password: 'public' });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toMatch(/^The broker at https:\/\/localhost:\d+ could not be reached: its certificate cannot be verified: give its CA with --upstream-ca\.$/);
    const insecure = await consoleFor({ url, insecure: true });
    expect(await call(insecure.httpUrl, 'GET', '/nodes', undefined, node.token)).toMatchObject({ status: 200 });
  });
});
