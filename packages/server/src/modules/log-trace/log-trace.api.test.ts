// /trace… on the test node (API.md §3.12, EMQX emqx_mgmt_api_trace_SUITE): create/list/stop/delete/clear,
// EMQX's validation texts, duplicate name and condition, the 30-trace limit, status by the clock, reading
// a file by position and bytes.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, expectContract } from '../../shared/testing';
import { validateResponse } from '../../contract/validate-response';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode({ listen: false });
});
afterAll(async () => node.close());
afterEach(async () => {
  await api(node, 'DELETE', '/trace');
});

const iso = (s: number) => new Date(s * 1000).toISOString();
const now = () => Math.floor(Date.now() / 1000);

describe('create, list, stop, delete', () => {
  test('the suite flow: an empty list, create, stop, delete, 404s in EMQX words', async () => {
    expect((await api(node, 'GET', '/trace')).body).toEqual([]);
    const created = await api(node, 'POST', '/trace', { name: 'test-name', type: 'topic', topic: '/x/y/z' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'test-name', type: 'topic', topic: '/x/y/z', status: 'running', payload_encode: 'text', formatter: 'text' });
    // EMQX 5.8's create answer repeats start_at as end_at
    expect(created.body.end_at).toBe(created.body.start_at);
    expect(created.body.log_size).toEqual({ [node.app.nodeName]: 0 });

    const list = await api(node, 'GET', '/trace');
    // the document types log_size as a list; EMQX sends {node: bytes} (deviations.log-trace.ts)
    expect(validateResponse('get', '/trace', 200, list.body).filter((e) => !/\/log_size must be array/.test(e))).toEqual([]);
    expectContract('put', '/trace/{name}/stop', 404, { code: 'NOT_FOUND', message: 'x NOT FOUND' });
    expect(list.body).toHaveLength(1);
    const span = Date.parse(list.body[0].end_at) - Date.parse(list.body[0].start_at);
    expect(span).toBe(600_000);

    const stop = await api(node, 'PUT', '/trace/test-name/stop', {});
    expect(stop).toMatchObject({ status: 200, body: { enable: false, name: 'test-name' } });
    expect((await api(node, 'PUT', '/trace/nope/stop', {})).status).toBe(404);
    expect((await api(node, 'GET', '/trace')).body[0]).toMatchObject({ status: 'stopped', log_size: { [node.app.nodeName]: 0 } });

    expect((await api(node, 'DELETE', '/trace/test-name')).status).toBe(204);
    expect(await api(node, 'DELETE', '/trace/test-name')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'test-name NOT FOUND' } });
    expect((await api(node, 'GET', '/trace')).body).toEqual([]);
  });

  test('DELETE /trace clears every trace; the list is newest start first', async () => {
    await api(node, 'POST', '/trace', { name: 'a', type: 'clientid', clientid: 'c1', start_at: iso(now() - 100) });
    await api(node, 'POST', '/trace', { name: 'b', type: 'clientid', clientid: 'c1' });
    expect((await api(node, 'GET', '/trace')).body.map((t: { name: string }) => t.name)).toEqual(['b', 'a']);
    expect((await api(node, 'DELETE', '/trace')).status).toBe(204);
    expect((await api(node, 'GET', '/trace')).body).toEqual([]);
  });

  test('a trace that starts later is waiting; epoch seconds are taken too', async () => {
    const r = await api(node, 'POST', '/trace', { name: 'later', type: 'ip_address', ip_address: '127.0.0.1', start_at: now() + 3600, end_at: now() + 7200 });
    expect(r.body.status).toBe('waiting');
    expect((await api(node, 'GET', '/trace')).body[0]).toMatchObject({ status: 'waiting', ip_address: '127.0.0.1' });
  });
});

describe('validation', () => {
  const bad = async (body: unknown) => (await api(node, 'POST', '/trace', body)).body;

  test('name, type and encodings are 400 BAD_REQUEST', async () => {
    expect(await bad({})).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await bad({ name: '1abc', type: 'clientid', clientid: 'x' })).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('Name should be') });
    expect(await bad({ name: 'x'.repeat(257), type: 'clientid', clientid: 'x' })).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await bad({ name: 'n', type: 'user', clientid: 'x' })).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await bad({ name: 'n', type: 'clientid', clientid: 'x', payload_encode: 'base64' })).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await bad({ name: 'n', type: 'clientid', clientid: 'x', formatter: 'xml' })).toMatchObject({ code: 'BAD_REQUEST' });
  });

  test('a time past the year 9999 is refused, and the list still answers (found by the API fuzzer, seed 3)', async () => {
    for (const end_at of [99999999999999, '99999999999999999999', 253402300800]) {
      expect(await api(node, 'POST', '/trace', { name: 'far', type: 'clientid', clientid: 'x', end_at })).toMatchObject({
        status: 400,
        body: { code: 'BAD_REQUEST', message: expect.stringContaining('end_at: expected an RFC 3339 time or epoch seconds up to the year 9999') },
      });
    }
    expect(await api(node, 'POST', '/trace', { name: 'far', type: 'clientid', clientid: 'x', end_at: 253402300799 })).toMatchObject({ status: 200 });
    expect(await api(node, 'GET', '/trace')).toMatchObject({
      status: 200,
      body: expect.arrayContaining([expect.objectContaining({ name: 'far', end_at: '9999-12-31T23:59:59+00:00' })]),
    });
    expect((await api(node, 'DELETE', '/trace/far')).status).toBe(204);
  });

  test("EMQX's semantic errors are 400 INVALID_PARAMS with its texts", async () => {
    expect(await bad({ name: 'n', type: 'clientid' })).toEqual({ code: 'INVALID_PARAMS', message: 'required clientid field' });
    expect(await bad({ name: 'n', type: 'topic', topic: 'a/#/b' })).toMatchObject({ code: 'INVALID_PARAMS', message: expect.stringContaining('topic: a/#/b invalid') });
    expect(await bad({ name: 'n', type: 'ip_address', ip_address: '300.1.1.1' })).toEqual({ code: 'INVALID_PARAMS', message: 'ip address: einval' });
    expect(await bad({ name: 'n', type: 'clientid', clientid: 'x', end_at: iso(now() - 10) })).toEqual({ code: 'INVALID_PARAMS', message: 'end_at time has already passed' });
    expect(await bad({ name: 'n', type: 'clientid', clientid: 'x', start_at: iso(now() + 600), end_at: iso(now() + 60) })).toEqual({
      code: 'INVALID_PARAMS',
      message: 'failed by start_at >= end_at',
    });
  });

  test('the same name is 409 ALREADY_EXISTS, the same subject and start 409 DUPLICATE_CONDITION', async () => {
    const start = iso(now() + 60);
    expect((await api(node, 'POST', '/trace', { name: 'one', type: 'clientid', clientid: 'dup', start_at: start })).status).toBe(200);
    expect(await api(node, 'POST', '/trace', { name: 'one', type: 'clientid', clientid: 'other' })).toMatchObject({
      status: 409,
      body: { code: 'ALREADY_EXISTS', message: 'one Already Exists' },
    });
    expect(await api(node, 'POST', '/trace', { name: 'two', type: 'clientid', clientid: 'dup', start_at: start })).toMatchObject({
      status: 409,
      body: { code: 'DUPLICATE_CONDITION', message: 'one Duplication Condition' },
    });
  });

  test('at most 30 traces', async () => {
    for (let i = 0; i < 30; i++) expect((await api(node, 'POST', '/trace', { name: `t${i}`, type: 'clientid', clientid: `c${i}` })).status).toBe(200);
    const r = await api(node, 'POST', '/trace', { name: 'more', type: 'clientid', clientid: 'more' });
    expect(r).toMatchObject({ status: 400, body: { code: 'INVALID_PARAMS', message: expect.stringContaining('reached the maximum') } });
  });
});

describe('reading the file', () => {
  test('log pages by position and bytes; at the end items are empty and position is the size', async () => {
    await api(node, 'POST', '/trace', { name: 'pages', type: 'clientid', clientid: 'nobody' });
    // nothing written yet: empty items, the position kept
    expect((await api(node, 'GET', '/trace/pages/log?position=0&bytes=10')).body).toEqual({ items: '', meta: { position: 0, bytes: 10 } });
    expect((await api(node, 'GET', '/trace/pages/download')).body).toMatchObject({ code: 'NOT_FOUND', message: 'Trace is empty' });
    const file = node.app.db.name.replace(/mqdeck\.db$/, `trace/trace_pages_${(await api(node, 'GET', '/trace')).body[0].start_at.slice(0, 10)}.log`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, 'line one\nline two\n');
    const first = await api(node, 'GET', '/trace/pages/log?position=0&bytes=9');
    expect(first.body).toEqual({ items: 'line one\n', meta: { position: 9, bytes: 9 } });
    const rest = await api(node, 'GET', '/trace/pages/log?position=9&bytes=100');
    expect(rest.body).toEqual({ items: 'line two\n', meta: { position: 18, bytes: 100 } });
    expect((await api(node, 'GET', '/trace/pages/log?position=18')).body).toEqual({ items: '', meta: { position: 18, bytes: 1000 } });
    expect((await api(node, 'GET', '/trace/pages/log_detail')).body).toEqual([{ node: node.app.nodeName, size: 18, mtime: expect.any(Number) }]);
    expect((await api(node, 'GET', '/trace')).body[0].log_size).toEqual({ [node.app.nodeName]: 18 });
    expect((await api(node, 'GET', '/trace/pages/log?node=other@host')).body).toEqual({ code: 'NOT_FOUND', message: 'Node NOT FOUND' });
    expect((await api(node, 'GET', '/trace/nope/log')).status).toBe(404);
    expect((await api(node, 'GET', '/trace/nope/log_detail')).status).toBe(404);
    expect((await api(node, 'GET', '/trace/pages/log?bytes=-1')).status).toBe(400);
  });
});

describe('pages of multi-byte text', () => {
  test('a page never ends inside a UTF-8 character', async () => {
    await api(node, 'POST', '/trace', { name: 'utf', type: 'clientid', clientid: 'nobody' });
    const start = (await api(node, 'GET', '/trace')).body[0].start_at.slice(0, 10);
    const file = node.app.db.name.replace(/mqdeck\.db$/, `trace/trace_utf_${start}.log`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, 'a温度b\n');
    // 'a' (1 byte) + '温' (3 bytes): 3 bytes would cut 温
    const first = await api(node, 'GET', '/trace/utf/log?position=0&bytes=3');
    expect(first.body).toEqual({ items: 'a', meta: { position: 1, bytes: 3 } });
    const second = await api(node, 'GET', '/trace/utf/log?position=1&bytes=4');
    expect(second.body).toEqual({ items: '温', meta: { position: 4, bytes: 4 } });
    const rest = await api(node, 'GET', '/trace/utf/log?position=4&bytes=100');
    expect(rest.body.items).toBe('度b\n');
  });
});
