// The audit log as emqx_audit_api_SUITE checks it: changes recorded with who/where/what, GETs not recorded,
// secrets masked, filters and paging, the max size, and 'Audit is disabled'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, expectContract } from '../../shared/testing';

describe('audit log', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ listen: false });
  });
  afterAll(() => node.close());

  const list = async (query = '') => (await api(node, 'GET', `/audit${query}`)).body;

  it('records the login with the password masked, and no GETs', async () => {
    await api(node, 'GET', '/nodes');
    const { data, meta } = await list();
    expect(data.every((e: { http_method: string }) => e.http_method !== 'get')).toBe(true);
    const login = data.find((e: { operation_id: string }) => e.operation_id === '/login');
    expect(login).toMatchObject({
      from: 'dashboard',
      source: 'admin',
      source_ip: '127.0.0.1',
      operation_type: 'login',
      operation_result: 'success',
      http_status_code: 200,
      http_method: 'post',
      node: node.app.nodeName,
      http_request: { method: 'post', body: { username: 'admin', password: '******' } },
    });
    expect(login.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}([+-]\d\d:\d\d|Z)$/);
    expect(meta).toMatchObject({ page: 1, limit: 100, hasnext: false });
    // the document types the body as a list of pages (EMQX answers one page): checked that way, each entry is checked
    expectContract('get', '/audit', 200, [{ data, meta }]);
  });

  it('records a change with the caller, its bindings, masked headers and a failure with its error', async () => {
    const created = await node.app.inject({
      method: 'POST',
      url: '/api/v5/users',
      headers: { ...node.auth, 'x-forwarded-for': '10.1.2.3, 10.0.0.1' },
      payload: { username: 'auditor', password: 'Secret#123', role: 'viewer', description: '' },
    });
    expect(created.statusCode).toBe(200);
    const bad = await api(node, 'DELETE', '/users/nobody-here?token=abc&x=1');
    expect(bad.status).toBe(404);
    const { data } = await list('?operation_type=users');
    const [del, post] = data;
    expect(post).toMatchObject({
      source: 'admin',
      source_ip: '10.1.2.3',
      operation_id: '/users',
      http_method: 'post',
      http_status_code: 200,
      failure: [],
      http_request: { body: { username: 'auditor', password: '******', role: 'viewer' }, headers: { authorization: '******' } },
    });
    expect(del).toMatchObject({
      operation_id: '/users/{username}',
      operation_result: 'failure',
      http_status_code: 404,
      http_request: { bindings: { username: 'nobody-here' }, query: { token: '******', x: '1' } },
    });
    expect(JSON.parse(del.failure[0])).toMatchObject({ code: 'USER_NOT_FOUND' });
  });

  it("masks a password change's old and new passwords", async () => {
    const changed = await api(node, 'POST', '/users/admin/change_pwd', { old_pwd: 'not-the-password', new_pwd: 'Other#Pass123' });
    expect(changed.status).toBe(400);
    const { data } = await list('?operation_type=users');
    const entry = data.find((e: { operation_id: string }) => e.operation_id === '/users/{username}/change_pwd');
    expect(entry.http_request.body).toEqual({ old_pwd: '******', new_pwd: '******' });
    expect(JSON.stringify(data)).not.toContain('Other#Pass123');
  });

  it('keeps a body over 64 KiB as its size only', async () => {
    await api(node, 'PUT', '/license/setting', { connection_low_watermark: '70%', connection_high_watermark: '90%', filler: 'x'.repeat(70_000) });
    const [entry] = (await list('?http_status_code=400')).data;
    expect(entry.http_request.body).toEqual({ truncated: true, size: expect.any(Number) });
  });

  it('names an API key as the source of REST API calls', async () => {
    const key = (await api(node, 'POST', '/api_key', { name: 'audit-key', enable: true })).body;
    const res = await node.app.inject({
      method: 'PUT',
      url: '/api/v5/license/setting',
      headers: { authorization: `Basic ${Buffer.from(`${key.api_key}:${key.api_secret}`).toString('base64')}` },
      payload: { connection_low_watermark: '70%', connection_high_watermark: '90%' },
    });
    expect(res.statusCode).toBe(200);
    const { data } = await list('?from=rest_api');
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ source: 'audit-key', operation_id: '/license/setting', http_method: 'put' });
  });

  it('filters by each field, by time and duration, and pages', async () => {
    const all = await list();
    const newest = all.data[0];
    expect((await list(`?source=admin&http_method=post&operation_result=success`)).data.every((e: { source: string }) => e.source === 'admin')).toBe(true);
    expect((await list('?http_status_code=404')).data).toHaveLength(1);
    expect((await list('?source_ip=10.1.2.3')).data).toHaveLength(1);
    expect((await list('?operation_id=/login')).data).toHaveLength(1);
    expect((await list(`?node=${encodeURIComponent(node.app.nodeName)}`)).meta.count).toBe(all.meta.count);
    expect((await list('?node=other@host')).data).toEqual([]);
    // created_at bounds as RFC 3339, epoch milliseconds and epoch microseconds
    const micros = Date.parse(newest.created_at) * 1000 + Number(newest.created_at.slice(20, 23));
    expect((await list(`?gte_created_at=${encodeURIComponent(newest.created_at)}`)).data).toHaveLength(1);
    expect((await list(`?gte_created_at=${Math.floor(micros / 1000) + 1000}`)).data).toHaveLength(0);
    expect((await list(`?lte_created_at=${micros + 1_000_000}`)).meta.count).toBe(all.meta.count);
    expect((await list('?gte_duration_ms=0')).meta.count).toBe(all.meta.count);
    expect((await list('?lte_duration_ms=-1')).data).toEqual([]);
    expect((await api(node, 'GET', '/audit?gte_created_at=yesterday')).status).toBe(400);
    const page = await list('?limit=1&page=2');
    expect(page.data).toHaveLength(1);
    expect(page.meta).toMatchObject({ page: 2, limit: 1, count: all.meta.count, hasnext: all.meta.count > 2 });
    expect((await api(node, 'GET', '/audit?from=somewhere')).status).toBe(400);
  });

  it('keeps at most log.audit.max_filter_size entries, the newest', async () => {
    const log = (await api(node, 'GET', '/configs/log')).body;
    expect(log.audit).toMatchObject({ enable: true, max_filter_size: 5000 });
    const put = await api(node, 'PUT', '/configs/log', { ...log, audit: { ...log.audit, max_filter_size: 10 } });
    expect(put.status).toBe(200);
    for (let i = 0; i < 12; i++) await api(node, 'PUT', '/license/setting', { connection_low_watermark: `${60 + i}%`, connection_high_watermark: '95%' });
    const { data, meta } = await list('?limit=50');
    expect(meta.count).toBe(10);
    expect(data[0].http_request.body.connection_low_watermark).toBe('71%');
  });

  it("answers 'Audit is disabled' and records nothing while off", async () => {
    const log = (await api(node, 'GET', '/configs/log')).body;
    await api(node, 'PUT', '/configs/log', { ...log, audit: { ...log.audit, enable: false } });
    const res = await api(node, 'GET', '/audit');
    expect(res).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: 'Audit is disabled' } });
    const before = node.app.audit.count();
    await api(node, 'PUT', '/license/setting', { connection_low_watermark: '50%', connection_high_watermark: '60%' });
    expect(node.app.audit.count()).toBe(before);
  });
});
