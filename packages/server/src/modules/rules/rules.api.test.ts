// /rules CRUD, filters, paging, metrics and /rule_engine, restated from EMQX's emqx_rule_engine_api_SUITE and
// emqx_rule_engine_api_2_SUITE (t_crud_rule_api, t_list_rule_api, t_reset_metrics_on_disable, t_rule_engine,
// t_filter_by_source_and_action, t_create_rule_with_null_id, t_last_modified_at), black-box through inject().
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, expectContract } from '../../shared/testing';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode({ listen: false });
});
afterAll(async () => node.close());
afterEach(async () => {
  for (const r of (await api(node, 'GET', '/rules?limit=1000')).body.data) await api(node, 'DELETE', `/rules/${r.id}`);
});

const simple = (extra: Record<string, unknown> = {}) => ({
  description: 'A simple rule',
  enable: true,
  actions: [{ function: 'console' }],
  sql: 'SELECT * from "t/1"',
  name: 'test_rule',
  ...extra,
});

describe('CRUD', () => {
  test('create answers 201 with the rule; get, update, delete; 404 "Rule Id Not Found" after', async () => {
    const created = await api(node, 'POST', '/rules', simple({ id: 'my_rule' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: 'my_rule',
      name: 'test_rule',
      from: ['t/1'],
      enable: true,
      description: 'A simple rule',
      actions: [{ function: 'console', args: {} }],
    });
    expect(created.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
    expect(created.body.last_modified_at).toBe(created.body.created_at);
    expectContract('post', '/rules', 201, created.body);

    const again = await api(node, 'POST', '/rules', simple({ id: 'my_rule', name: 'other' }));
    expect(again).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: 'rule id already exists' } });

    expect((await api(node, 'PUT', '/rules/my_rule/metrics/reset')).status).toBe(204);
    const got = await api(node, 'GET', '/rules/my_rule');
    expect(got.body).toEqual(created.body);
    expectContract('get', '/rules/{id}', 200, got.body);

    const metrics = await api(node, 'GET', '/rules/my_rule/metrics');
    expect(metrics.body).toMatchObject({ id: 'my_rule', metrics: { matched: 0 }, node_metrics: [{ node: node.app.nodeName, matched: 0 }] });
    expectContract('get', '/rules/{id}/metrics', 200, metrics.body);

    await new Promise((r) => setTimeout(r, 5)); // last_modified_at has millisecond precision
    const updated = await api(node, 'PUT', '/rules/my_rule', simple({ sql: 'select * from "t/b"' }));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ sql: 'select * from "t/b"', from: ['t/b'], created_at: created.body.created_at });
    expect(updated.body.last_modified_at).not.toBe(created.body.created_at);
    expect((await api(node, 'GET', '/rules/my_rule')).body).toEqual(updated.body);

    for (const [method, path] of [
      ['GET', '/rules/unknown_rule'],
      ['GET', '/rules/unknown_rule/metrics'],
      ['PUT', '/rules/unknown_rule/metrics/reset'],
    ]) {
      expect(await api(node, method, path)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'Rule Id Not Found' } });
    }
    expect((await api(node, 'DELETE', '/rules/my_rule')).status).toBe(204);
    expect(await api(node, 'DELETE', '/rules/my_rule')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await api(node, 'GET', '/rules/my_rule')).status).toBe(404);
  });

  test('ids: generated when absent (8 hex digits), empty or non-text refused, "null" is a name like any other', async () => {
    const gen = await api(node, 'POST', '/rules', { sql: 'select true from t' });
    expect(gen.status).toBe(201);
    expect(gen.body.id).toMatch(/^[0-9a-f]{8}$/);
    expect(await api(node, 'POST', '/rules', { id: '', sql: 'select * from "t"' })).toMatchObject({ status: 400, body: { message: 'empty rule id is not allowed' } });
    expect(await api(node, 'POST', '/rules', { id: null, sql: 'select * from "t"' })).toMatchObject({ status: 400, body: { message: 'rule id must be a string' } });
    expect((await api(node, 'POST', '/rules', { id: 'null', sql: 'select * from "t"' })).status).toBe(201);
    expect((await api(node, 'GET', '/rules')).body.data).toHaveLength(2);
  });

  test('a bad SQL, a missing SQL or an unknown action function is a 400 that says why', async () => {
    const bad = await api(node, 'POST', '/rules', { id: 'bad', sql: 'BAD_SQL' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_REQUEST');
    expect(bad.body.message).toContain('syntax error');
    expect((await api(node, 'POST', '/rules', { id: 'nosql' })).status).toBe(400);
    const fn = await api(node, 'POST', '/rules', { id: 'fn', sql: 'select * from "t"', actions: [{ function: 'no_such_function' }] });
    expect(fn.status).toBe(400);
    expect(fn.body.message).toContain('unknown_action_function');
    const rep = await api(node, 'POST', '/rules', { id: 'rep', sql: 'select * from "t"', actions: [{ function: 'republish', args: {} }] });
    expect(rep.status).toBe(400);
    expect(rep.body.message).toContain('topic');
    expect((await api(node, 'GET', '/rules')).body.data).toEqual([]);
  });

  test('republish args get EMQX defaults; references to data-integration actions are kept as given', async () => {
    const r = await api(node, 'POST', '/rules', { id: 'rp', sql: 'select * from "t/#"', actions: [{ function: 'republish', args: { topic: 'x/${clientid}' } }, 'mqtt:a1'] });
    expect(r.status).toBe(201);
    expect(r.body.actions).toEqual([
      {
        function: 'republish',
        args: {
          topic: 'x/${clientid}',
          qos: '${qos}',
          retain: '${retain}',
          payload: '${payload}',
          mqtt_properties: {},
          user_properties: '${user_properties}',
          direct_dispatch: false,
        },
      },
      'mqtt:a1',
    ]);
  });

  test('PUT merges the body over the rule (enable alone) and resets the metrics; PUT on an unknown id creates it', async () => {
    await api(node, 'POST', '/rules', simple({ id: 'merge' }));
    const r = await api(node, 'PUT', '/rules/merge', { enable: false });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ enable: false, sql: 'SELECT * from "t/1"', name: 'test_rule' });
    const created = await api(node, 'PUT', '/rules/fresh', { sql: 'select * from "a/b"' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ id: 'fresh', from: ['a/b'], enable: true });
    expect((await api(node, 'PUT', '/rules/other_fresh', { enable: true })).status).toBe(400);
  });
});

describe('list', () => {
  test('filters: enable, like_description, from, like_from, match_from, like_id; meta.count when exact', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 20; i++) ids.push((await api(node, 'POST', '/rules', simple({ name: `test_rule${i}` }))).body.id);
    const all = await api(node, 'GET', '/rules');
    expect(all.body.data).toHaveLength(20);
    expect(all.body.meta).toMatchObject({ page: 1, limit: 100, count: 20, hasnext: false });
    expectContract('get', '/rules', 200, all.body);
    const first = ids[0];
    await api(node, 'PUT', `/rules/${first}`, { description: '中文的描述也能搜索', enable: false, actions: [{ function: 'console' }], sql: 'SELECT * from "t/1/+"', name: 'upd' });
    const disabled = await api(node, 'GET', '/rules?enable=false');
    expect(disabled.body.meta.count).toBe(1);
    expect(disabled.body.data.map((r: { id: string }) => r.id)).toEqual([first]);
    for (const q of [`like_description=${encodeURIComponent('也能')}`, 'like_from=t%2F1%2F%2B', 'match_from=t%2F%2B%2F%2B', `like_id=${first}`]) {
      expect((await api(node, 'GET', `/rules?${q}`)).body.data, q).toEqual(disabled.body.data);
    }
    expect((await api(node, 'GET', '/rules?from=t%2F1')).body.data).toHaveLength(19);
    const page2 = await api(node, 'GET', '/rules?page=2&limit=15');
    expect(page2.body.data).toHaveLength(5);
    expect(page2.body.meta).toMatchObject({ page: 2, limit: 15, hasnext: false, count: 20 });
  });

  test('action and source filters: any of the given ids; both together must both hold', async () => {
    const make = async (body: Record<string, unknown>) => (await api(node, 'POST', '/rules', { sql: 'select true from t', ...body })).body.id as string;
    const id1 = await make({ actions: ['mqtt:a1'] });
    const id2 = await make({ actions: ['mqtt:a2'] });
    const id3 = await make({ actions: ['mqtt:a2', 'mqtt:a1'] });
    const id4 = await make({ sql: 'select * from "$bridges/mqtt:s1"' });
    const id5 = await make({ sql: 'select * from "$sources/mqtt:s2"' });
    const id6 = await make({ sql: 'select * from "$sources/mqtt:s1", "$sources/mqtt:s1"' });
    const id7 = await make({ sql: 'select * from "$sources/mqtt:s1"', actions: ['mqtt:a1'] });
    const ids = async (q: string) => ((await api(node, 'GET', `/rules?${q}`)).body.data as { id: string }[]).map((r) => r.id).sort();
    expect(await ids('')).toHaveLength(7);
    expect(await ids('action=mqtt:a1')).toEqual([id1, id3, id7].sort());
    expect(await ids('action=mqtt:a1&action=mqtt:a2')).toEqual([id1, id2, id3, id7].sort());
    expect(await ids('source=mqtt:s1')).toEqual([id4, id6, id7].sort());
    expect(await ids('source=mqtt:s1&source=mqtt:s2')).toEqual([id4, id5, id6, id7].sort());
    expect(await ids('source=mqtt:s2&action=mqtt:a2')).toEqual([]);
    expect(await ids('source=mqtt:s1&action=mqtt:a1')).toEqual([id7]);
  });
});

describe('/rule_engine', () => {
  test('settings without rules; the jq timeout in ms; unknown keys and `rules` refused', async () => {
    const got = await api(node, 'GET', '/rule_engine');
    expect(got.body).toEqual({ ignore_sys_message: true, jq_function_default_timeout: 10000 });
    const put = await api(node, 'PUT', '/rule_engine', { jq_function_default_timeout: '12s', jq_implementation_module: 'jq_port' });
    expect(put).toMatchObject({ status: 200, body: { jq_function_default_timeout: 12000, ignore_sys_message: true } });
    expect((await api(node, 'GET', '/rule_engine')).body.jq_function_default_timeout).toBe(12000);
    expect((await api(node, 'PUT', '/rule_engine', { rules: { some_rule: { sql: 'SELECT * FROM "t/#"' } } })).status).toBe(400);
    expect((await api(node, 'PUT', '/rule_engine', { something: 'weird' })).status).toBe(400);
    expect((await api(node, 'PUT', '/rule_engine', { jq_function_default_timeout: 'soon' })).status).toBe(400);
    expect(node.app.config.get('rule_engine')).toEqual({ ignore_sys_message: true, jq_function_default_timeout: '12s' });
    await api(node, 'PUT', '/rule_engine', { jq_function_default_timeout: '10s' });
  });
});
