// Issue 21, findings A1–A3, loose types, oversized identifiers and the "Also" items: the exact requests the API
// fuzzer sent, each answered 4xx {code, message} now, and nothing changed by a request that failed.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../test/test-node';
import { api, waitFor } from '../shared/testing';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode({ listen: false });
});
afterAll(() => node.close());

/** a raw JSON text body (inject would serialize an object) */
async function raw(method: 'PUT' | 'POST', url: string, body: string) {
  const res = await node.app.inject({ method, url: `/api/v5${url}`, headers: { ...node.auth, 'content-type': 'application/json' }, payload: body });
  return { status: res.statusCode, body: res.json() };
}

describe('A1: bodies nested 10,000 deep are refused before any handler walks them', () => {
  const deep = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
  const deepList = '['.repeat(10_000) + ']'.repeat(10_000);
  test.each([
    '/configs/alarm',
    '/configs/broker',
    '/configs/dashboard',
    '/configs/global_zone',
    '/configs/log',
    '/configs/sys_topics',
    '/configs/sysmon',
    '/authorization/sources/file',
  ])('PUT %s', async (url) => {
    const before = await api(node, 'GET', url);
    expect(await raw('PUT', url, deep)).toEqual({ status: 400, body: { code: 'BAD_REQUEST', message: 'a is nested more than 32 levels deep' } });
    expect(await raw('PUT', url, deepList)).toEqual({ status: 400, body: { code: 'BAD_REQUEST', message: 'the request body is nested more than 32 levels deep' } });
    expect((await api(node, 'GET', url)).body).toEqual(before.body);
  });
});

describe('A2: out-of-range timestamps are refused and stored nowhere', () => {
  test('POST /api_key {"name":"fz1","expired_at":9007199254740992}', async () => {
    const res = await api(node, 'POST', '/api_key', { name: 'fz1', expired_at: 9007199254740992 });
    expect(res).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: 'expired_at must be <= 9007199254740991' } });
    // inside the safe range but past what a Date holds
    const far = await api(node, 'POST', '/api_key', { name: 'fz1', expired_at: 9007199254740 });
    expect(far).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: 'expired_at: bad datetime 9007199254740' } });
    expect(await api(node, 'GET', '/api_key')).toMatchObject({ status: 200, body: [] });
  });

  test.each([
    [{ as: 'clientid', who: 'fz-at', at: 1e308 }, 'at must be <= 9007199254740991'],
    [{ as: 'clientid', who: 'fz-until', until: 99999999999999 }, 'until: expected an RFC 3339 time or epoch seconds, got 99999999999999'],
  ])('POST /banned %j', async (body, message) => {
    expect(await api(node, 'POST', '/banned', body)).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message } });
    expect(await api(node, 'GET', '/banned')).toMatchObject({ status: 200, body: { data: [] } });
  });
});

describe('A3: an unknown node in a query is 404, not 500', () => {
  test.each(['/clients?node=abc', '/subscriptions?node=abc'])('GET %s', async (url) => {
    expect(await api(node, 'GET', url)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'Node not found: abc' } });
  });
});

describe('loose types: wrong JSON types are refused with the field named, not converted', () => {
  test('PUT /configs/global_zone {"force_shutdown":{"max_mailbox_size":1e308}}', async () => {
    const before = (await api(node, 'GET', '/configs/global_zone')).body;
    const res = await raw('PUT', '/configs/global_zone', '{"force_shutdown":{"max_mailbox_size":1e308}}');
    expect(res).toEqual({
      status: 400,
      body: {
        code: 'BAD_REQUEST',
        message: '{"value":1e+308,"reason":{"expected":"0..9007199254740991"},"path":"force_shutdown.max_mailbox_size","kind":"validation_error"}',
      },
    });
    expect((await api(node, 'GET', '/configs/global_zone')).body).toEqual(before);
  });

  test('PUT /configs/global_zone {"force_gc":{"count":2147483648}} is stored exactly (EMQX: Integer(0..inf)); 2.5 is refused', async () => {
    const ok = await api(node, 'PUT', '/configs/global_zone', { force_gc: { count: 2147483648 } });
    expect(ok.status).toBe(200);
    expect(ok.body.force_gc.count).toBe(2147483648);
    expect(await api(node, 'PUT', '/configs/global_zone', { force_gc: { count: 2.5 } })).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect((await api(node, 'GET', '/configs/global_zone')).body.force_gc.count).toBe(2147483648);
  });

  test('PUT /mqtt/retainer {"enable":null} leaves the retainer on', async () => {
    expect(await api(node, 'PUT', '/mqtt/retainer', { enable: null })).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: 'enable must be boolean' } });
    expect((await api(node, 'GET', '/mqtt/retainer')).body.enable).toBe(true);
  });

  test('POST /api_key {"name":["a"]} creates nothing', async () => {
    expect(await api(node, 'POST', '/api_key', { name: ['a'] })).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: 'name must be string' } });
    expect((await api(node, 'GET', '/api_key')).body).toEqual([]);
  });

  test('query strings are still text: GET /clients?limit=2&page=1 works, ?limit=x is a 400 naming it', async () => {
    expect((await api(node, 'GET', '/clients?limit=2&page=1')).status).toBe(200);
    const bad = await api(node, 'GET', '/clients?limit=x');
    expect(bad).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(bad.body.message).toMatch(/^query parameter limit /);
  });
});

describe('oversized identifiers', () => {
  test('POST /banned with a 1 MB who is refused; the ban list stays empty', async () => {
    const res = await api(node, 'POST', '/banned', { as: 'clientid', who: 'w'.repeat(1024 * 1024) });
    expect(res).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(res.body.message).toMatch(/^who: too long/);
    expect((await api(node, 'GET', '/banned')).body.data).toEqual([]);
  });

  test('a who as long as allowed can be created and deleted by path (no 414)', async () => {
    const who = 'p'.repeat(8000);
    expect((await api(node, 'POST', '/banned', { as: 'clientid', who })).status).toBe(200);
    expect((await api(node, 'DELETE', `/banned/clientid/${who}`)).status).toBe(204);
    expect((await api(node, 'GET', '/banned')).body.data).toEqual([]);
  });

  test('a path that is not valid percent-encoding is 400 {code, message}, not Fastify FST_ERR_BAD_URL', async () => {
    const res = await api(node, 'PUT', '/authorization/sources/%ff', { type: 'file' });
    expect(res).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(Object.keys(res.body).sort()).toEqual(['code', 'message']);
  });

  test('path parameters over 100 characters reach the route: {code, message}, never Fastify 414', async () => {
    const long = 'p'.repeat(150);
    expect(await api(node, 'GET', `/clients/${long}`)).toMatchObject({ status: 404, body: { code: 'CLIENTID_NOT_FOUND' } });
    expect(await api(node, 'DELETE', `/api_key/${long}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });
});

describe('also', () => {
  test('DELETE /authentication/<missing id> is 404', async () => {
    expect(await api(node, 'DELETE', '/authentication/password_based:built_in_database')).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: "Authenticator not found in the 'global' scope" }, // no chain yet (emqx_authn_api)
    });
  });

  test('a retained message published by the node shows from_username "" (EMQX: no username header), not "undefined"', async () => {
    expect((await api(node, 'POST', '/publish', { topic: 'fz/retained', payload: 'x', retain: true })).status).toBe(202); // no subscriber
    await waitFor(() => node.app.broker.retained.count() === 1, 3000, 'the retained message');
    const list = await api(node, 'GET', '/mqtt/retainer/messages');
    expect(list.body.data[0]).toMatchObject({ topic: 'fz/retained', from_username: '' });
    const one = await api(node, 'GET', `/mqtt/retainer/message/${encodeURIComponent('fz/retained')}`);
    expect(one.body.from_username).toBe('');
  });
});
