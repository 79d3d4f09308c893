// The http connector type against a real HTTP(S) server started here: the requests it renders (method, path,
// headers, body), TLS with a throw-away CA, how answers and errors are classified (EMQX 5.8 transform_result), and
// the health check. Behaviour restated from emqx_bridge_http_SUITE / _v2_SUITE and emqx_bridge_http_connector.
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { hasOpenssl, makePki } from '@mqdeck/broker/testing';
import { afterEach, describe, expect, test } from 'vitest';
import type { ActionInstance, ConnectorInstance, TypeContext } from '../../resource/types';
import type { HttpRequest } from './action';
import { httpType } from './index';
import { answer, freePort, startTarget, type Target } from './target.testing';

/** the layer's ssl → TLS options, as much of it as these tests use */
const ctx: TypeContext = {
  connectorId: 'http:test',
  nodeName: 'mqdeck@127.0.0.1',
  tls(ssl) {
    const s = ssl as Record<string, unknown>;
    if (s.enable !== true) return undefined;
    return { ca: s.cacertfile as string | undefined, rejectUnauthorized: s.verify === 'verify_peer', servername: s.server_name_indication as string | undefined };
  },
  log: { info: () => undefined, warn: () => undefined },
};

const open: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.stop();
});

async function target(opts?: Parameters<typeof startTarget>[0]): Promise<Target> {
  const t = await startTarget(opts);
  open.push(t);
  return t;
}

async function connector(config: Record<string, unknown>): Promise<ConnectorInstance> {
  const c = await httpType.start(config, ctx);
  open.push(c);
  return c;
}

async function action(config: Record<string, unknown>, parameters: Record<string, unknown>): Promise<ActionInstance> {
  return httpType.action!.start(parameters, await connector(config), ctx);
}

/** a rule output as the rule engine hands it over (SELECT * FROM "t/#") */
const output = (payload: string, extra: Record<string, unknown> = {}) => ({ clientid: 'c1', topic: 't/1', qos: 1, payload, ...extra });

async function deliver(a: ActionInstance, selected: Record<string, unknown>) {
  return a.send([a.render(selected, {})]);
}

describe('rendered requests', () => {
  test('path joined to the url, templates in path, headers and body; action headers override the connector', async () => {
    const t = await target();
    const a = await action(
      { url: `${t.url}/api/\${topic}`, headers: { 'x-from': 'connector', 'X-Both': 'connector', authorization: 'Bearer s3cret' } },
      {
        path: '/room/${payload.room}?id=${clientid}',
        method: 'put',
        headers: { 'x-both': 'action', 'x-temp': '${payload.temp}', 'content-type': 'text/plain' },
        body: 'temp=${payload.temp} whole=${payload}',
      },
    );
    expect(await deliver(a, output('{"room":"kitchen","temp":21.5}'))).toEqual({ ok: true });
    const [r] = await t.waitFor(1);
    expect(r.method).toBe('PUT');
    expect(r.path).toBe('/api/t/1/room/kitchen?id=c1');
    expect(r.headers).toMatchObject({ 'x-from': 'connector', 'x-both': 'action', 'x-temp': '21.5', authorization: 'Bearer s3cret', 'content-type': 'text/plain' });
    expect(r.rawHeaders.filter((h) => h.toLowerCase() === 'x-both')).toHaveLength(1);
    expect(r.body).toBe('temp=21.5 whole={"room":"kitchen","temp":21.5}');
  });

  test('no body template: the whole rule output as JSON; defaults: post, EMQX default headers', async () => {
    const t = await target();
    const a = await action({ url: t.url }, {});
    await deliver(a, output('hello'));
    const [r] = await t.waitFor(1);
    expect(r.method).toBe('POST');
    expect(r.path).toBe('/');
    expect(JSON.parse(r.body)).toEqual({ clientid: 'c1', topic: 't/1', qos: 1, payload: 'hello' });
    expect(r.headers).toMatchObject({ accept: 'application/json', 'cache-control': 'no-cache', connection: 'keep-alive', 'content-type': 'application/json' });
  });

  test('`${.}` is the whole output; a missing field renders as "undefined"; get and delete send no body', async () => {
    const t = await target();
    const a = await action({ url: `${t.url}/base/` }, { body: '${.}', path: '${nothing}' });
    await deliver(a, { id: 1 });
    const get = await action({ url: t.url, headers: {} }, { method: 'get', body: '${.}', path: 'q' });
    await deliver(get, { id: 2 });
    const del = await action({ url: t.url, headers: {} }, { method: 'delete', path: '?id=${id}' });
    await deliver(del, { id: 3 });
    const [post, g, d] = await t.waitFor(3);
    expect(post).toMatchObject({ method: 'POST', path: '/base/undefined', body: '{"id":1}' });
    expect(g).toMatchObject({ method: 'GET', path: '/q', body: '' });
    expect(g.headers['content-length']).toBeUndefined();
    expect(d).toMatchObject({ method: 'DELETE', path: '/?id=3', body: '' });
  });

  test('pool_type hash keeps one client on one connection', async () => {
    const t = await target();
    const a = await action({ url: t.url, pool_type: 'hash', pool_size: 4 }, { headers: { 'x-client': '${clientid}' } });
    for (let i = 0; i < 40; i++) expect(await deliver(a, output('x', { clientid: `c${i % 8}` }))).toEqual({ ok: true });
    const byClient = new Map<string, Set<number>>();
    for (const r of await t.waitFor(40)) byClient.set(String(r.headers['x-client']), (byClient.get(String(r.headers['x-client'])) ?? new Set()).add(r.remotePort));
    expect(byClient.size).toBe(8);
    for (const ports of byClient.values()) expect(ports.size).toBe(1);
    // and the clients spread over more than one connection
    expect(new Set(t.received.map((r) => r.remotePort)).size).toBeGreaterThan(1);
  });

  test('a message rendered before a connector update goes out as the updated connector says', async () => {
    const oldTarget = await target();
    const newTarget = await target();
    const before = await action({ url: `${oldTarget.url}/v1`, headers: { 'x-version': '1' } }, { path: '/dev/${clientid}' });
    const waiting = before.render(output('x'), {});
    const after = await action({ url: `${newTarget.url}/v2`, headers: { 'x-version': '2' } }, { path: '/dev/${clientid}' });
    expect(await after.send([waiting])).toEqual({ ok: true });
    const [r] = await newTarget.waitFor(1);
    expect(r.path).toBe('/v2/dev/c1');
    expect(r.headers['x-version']).toBe('2');
    expect(oldTarget.received).toHaveLength(0);
  });

  test('a burst of one turn leaves on one connection, pipelined: all arrive before any answer', async () => {
    const t = await target();
    const held: (() => void)[] = [];
    t.respond = (_r, res) => {
      held.push(() => res.end());
      if (held.length === 20) held.forEach((answerNow) => answerNow());
    };
    const a = await action({ url: t.url, pool_size: 4, enable_pipelining: 100 }, {});
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => a.send([a.render(output(String(i)), {})])));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(new Set(t.received.map((r) => r.remotePort)).size).toBe(1);
  });

  test('rendered request carries the client id as the pool key', async () => {
    const t = await target();
    const a = await action({ url: t.url }, {});
    const req = a.render(output('x', { clientid: 'dev-9' }), {}) as HttpRequest;
    expect(req.key).toBe('dev-9');
  });
});

describe('answers and errors (EMQX transform_result)', () => {
  test('2xx: success', async () => {
    const t = await target();
    t.respond = answer(204);
    expect(await deliver(await action({ url: t.url }, {}), output('x'))).toEqual({ ok: true });
  });

  test('404 and 500: unrecoverable, not tried again', async () => {
    const t = await target();
    const a = await action({ url: t.url }, { max_retries: 2 });
    t.respond = answer(404, 'not found');
    expect(await deliver(a, output('x'))).toEqual({ ok: false, recoverable: false, reason: 'The HTTP server answered 404 Not Found: not found' });
    t.respond = answer(500);
    expect(await deliver(a, output('x'))).toEqual({ ok: false, recoverable: false, reason: 'The HTTP server answered 500 Internal Server Error' });
    expect(t.received).toHaveLength(2);
  });

  test.each([429, 503])('%i: recoverable; tried again at once up to max_retries times', async (status) => {
    const t = await target();
    const a = await action({ url: t.url }, { max_retries: 2 });
    t.respond = (_r, res) => {
      res.statusCode = t.received.length >= 3 ? 200 : status;
      res.end();
    };
    // fails twice, the third attempt (second retry) succeeds
    expect(await deliver(a, output('x'))).toEqual({ ok: true });
    expect(t.received).toHaveLength(3);
    // always failing: recoverable after 1 + max_retries attempts, for the layer's buffer to keep
    t.received.length = 0;
    t.respond = answer(status);
    const out = await deliver(a, output('x'));
    expect(out).toMatchObject({ ok: false, recoverable: true });
    expect(t.received).toHaveLength(3);
  });

  test('connection refused (target stopped): recoverable, "Connection refused"', async () => {
    const t = await target();
    const a = await action({ url: t.url }, { max_retries: 0 });
    await t.stop();
    expect(await deliver(a, output('x'))).toEqual({ ok: false, recoverable: true, reason: 'Connection refused' });
  });

  test('no answer within request_timeout: recoverable "timeout"', async () => {
    const t = await target();
    const a = await action({ url: t.url }, { max_retries: 0, request_timeout: '200ms' });
    t.respond = () => undefined; // never answers
    expect(await deliver(a, output('x'))).toEqual({ ok: false, recoverable: true, reason: 'timeout' });
  });

  test('a header value that cannot be sent: unrecoverable, with the reason', async () => {
    const t = await target();
    const a = await action({ url: t.url }, { headers: { 'x-v': '${payload}' } });
    const out = await deliver(a, output('line\nbreak'));
    expect(out).toEqual({ ok: false, recoverable: false, reason: 'The request cannot be sent: invalid x-v header' });
    expect(t.received).toHaveLength(0);
  });

  test('the target comes back: the next send goes through on a new connection', async () => {
    const t = await target();
    const a = await action({ url: t.url }, { max_retries: 0 });
    expect(await deliver(a, output('1'))).toEqual({ ok: true });
    await t.stop();
    expect(await deliver(a, output('2'))).toMatchObject({ ok: false, recoverable: true });
    await t.start();
    expect(await deliver(a, output('3'))).toEqual({ ok: true });
    expect(t.received.map((r) => JSON.parse(r.body).payload)).toEqual(['1', '3']);
  });
});

describe('health check', () => {
  test('up while the server listens, "Connection refused" when it stops, up again when it is back', async () => {
    const t = await target();
    const c = await connector({ url: t.url });
    expect(await c.health()).toEqual({ status: 'connected' });
    await t.stop();
    expect(await c.health()).toEqual({ status: 'disconnected', reason: 'Connection refused' });
    await t.start();
    expect(await c.health()).toEqual({ status: 'connected' });
  });

  test('start refuses a target that is not listening, with the reason', async () => {
    await expect(httpType.start({ url: `http://127.0.0.1:${await freePort()}` }, ctx)).rejects.toThrow(/^Connection refused$/);
  });

  test('a host name that does not resolve: "Could not resolve host" (.invalid never resolves)', async () => {
    await expect(httpType.start({ url: 'http://webhook.invalid:8080' }, ctx)).rejects.toThrow(/^Could not resolve host$/);
  });

  test('connect_timeout: a TLS handshake that never completes is "timeout"', async () => {
    // a TCP server that accepts and says nothing: the https connection never gets past the handshake
    const held: Socket[] = [];
    const silent = createServer((socket) => held.push(socket.on('error', () => undefined)));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    open.push({ stop: () => new Promise<void>((resolve) => (held.forEach((s) => s.destroy()), silent.close(() => resolve()))) });
    const { port } = silent.address() as AddressInfo;
    await expect(httpType.start({ url: `https://127.0.0.1:${port}`, connect_timeout: '300ms' }, ctx)).rejects.toThrow(/^timeout$/);
  });

  test('check refuses a bad url or field with a 400 before anything starts', () => {
    expect(() => httpType.check!({ url: 'localhost:80/x' })).toThrow(expect.objectContaining({ statusCode: 400, message: 'Missing host in URL: localhost:80/x' }));
    expect(() => httpType.check!({ url: 'http://h', pool_size: 0 })).toThrow(
      expect.objectContaining({ statusCode: 400, message: 'pool_size: expected an integer of at least 1, got 0' }),
    );
    expect(() => httpType.action!.check!({ method: 'patch' })).toThrow(
      expect.objectContaining({ statusCode: 400, message: 'parameters.method: expected one of post, put, get, delete, got "patch"' }),
    );
  });
});

describe.skipIf(!hasOpenssl)('https', () => {
  const pki = hasOpenssl ? makePki() : undefined;
  const tls = () => ({ key: pki!.serverKey, cert: pki!.serverCert });

  test('https url: TLS on (whatever ssl.enable says), the CA checked, the request arrives', async () => {
    const t = await target({ tls: tls() });
    const a = await action(
      { url: `${t.url}/hook`, ssl: { enable: false, verify: 'verify_peer', cacertfile: pki!.ca, server_name_indication: 'localhost' } },
      { body: '${payload}' },
    );
    expect(await deliver(a, output('over tls'))).toEqual({ ok: true });
    const [r] = await t.waitFor(1);
    expect(r).toMatchObject({ method: 'POST', path: '/hook', body: 'over tls' });
  });

  test('a server certificate the CA did not sign: the connector does not start, TLS named in the reason', async () => {
    const t = await target({ tls: { key: pki!.foreignKey, cert: pki!.foreignCert } });
    await expect(httpType.start({ url: t.url, ssl: { enable: true, verify: 'verify_peer', cacertfile: pki!.ca, server_name_indication: 'localhost' } }, ctx)).rejects.toThrow(
      /^TLS handshake failed: /,
    );
  });

  test('verify_none accepts any certificate', async () => {
    const t = await target({ tls: { key: pki!.foreignKey, cert: pki!.foreignCert } });
    const a = await action({ url: t.url, ssl: { enable: true, verify: 'verify_none' } }, {});
    expect(await deliver(a, output('x'))).toEqual({ ok: true });
  });
});
