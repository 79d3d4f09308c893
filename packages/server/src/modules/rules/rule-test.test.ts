// POST /rule_test and /rules/{id}/test, restated from EMQX's emqx_rule_engine_api_rule_test_SUITE (t_ctx_*),
// emqx_rule_engine_api_2_SUITE (t_rule_test_smoke, t_rule_test_with_bad_content_type, t_rule_test_examples) and
// emqx_rule_engine_api_SUITE (the 400 texts of t_crud_rule_api).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import type { RuleEventInfo } from '@mqdeck/api';
import { api } from '../../shared/testing';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode({ listen: false });
});
afterAll(async () => node.close());

const ruleTest = (sql: string, context: Record<string, unknown>) => api(node, 'POST', '/rule_test', { sql, context });
const pub = (extra: Record<string, unknown> = {}) => ({
  clientid: 'c_emqx',
  event_type: 'message_publish',
  payload: '{"msg": "hello"}',
  qos: 1,
  topic: 't/a',
  username: 'u_emqx',
  ...extra,
});

describe('outputs per event type', () => {
  test('message_publish: the selected columns and a payload field', async () => {
    const r = await ruleTest('SELECT payload.msg as msg, clientid, username, payload, topic, qos FROM "t/#"', pub());
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ msg: 'hello', clientid: 'c_emqx', username: 'u_emqx', payload: '{"msg": "hello"}', topic: 't/a', qos: 1 });
  });

  test('a missing field reads "undefined"; the keys come in the order EMQX writes them (jiffy: descending)', async () => {
    const sql = 'SELECT payload.nothere AS a, clientid, payload.msg AS z FROM "t/#"';
    const res = await node.app.inject({ method: 'POST', url: '/api/v5/rule_test', headers: node.auth, payload: { sql, context: pub() } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toBe('{"z":"hello","clientid":"c_emqx","a":"undefined"}');
  });

  test('session_subscribed / session_unsubscribed', async () => {
    for (const type of ['session_subscribed', 'session_unsubscribed']) {
      const ctx = { clientid: 'c_emqx', event_type: type, qos: 1, topic: 't/a', username: 'u_emqx' };
      const r = await ruleTest(`SELECT clientid, username, topic, qos FROM "$events/${type}"`, ctx);
      expect(r.body, type).toEqual({ clientid: 'c_emqx', username: 'u_emqx', topic: 't/a', qos: 1 });
    }
  });

  test('message_delivered / message_acked: node and timestamp come from the node', async () => {
    for (const type of ['message_delivered', 'message_acked']) {
      const ctx = {
        clientid: 'c_emqx_2',
        event_type: type,
        from_clientid: 'c_emqx_1',
        from_username: 'u_emqx_1',
        payload: '{"msg": "hello"}',
        qos: 1,
        topic: 't/a',
        username: 'u_emqx_2',
      };
      const r = await ruleTest(`SELECT from_clientid, from_username, topic, qos, node, timestamp FROM "$events/${type}"`, ctx);
      expect(r.status, type).toBe(200);
      expect(r.body).toMatchObject({ from_clientid: 'c_emqx_1', from_username: 'u_emqx_1', topic: 't/a', qos: 1, node: node.app.nodeName });
      expect(typeof r.body.timestamp).toBe('number');
      expect(Object.keys(r.body)).toHaveLength(6);
    }
  });

  test('message_dropped, delivery_dropped: the reason', async () => {
    const dropped = await ruleTest('SELECT reason, topic, qos, node, timestamp FROM "$events/message_dropped"', pub({ event_type: 'message_dropped', reason: 'no_subscribers' }));
    expect(dropped.body).toMatchObject({ reason: 'no_subscribers', topic: 't/a', qos: 1, node: node.app.nodeName });
    const ctx = {
      clientid: 'c_emqx_2',
      event_type: 'delivery_dropped',
      from_clientid: 'c_emqx_1',
      from_username: 'u_emqx_1',
      payload: '{}',
      qos: 1,
      reason: 'queue_full',
      topic: 't/a',
      username: 'u_emqx_2',
    };
    const dd = await ruleTest('SELECT from_clientid, from_username, reason, topic, qos FROM "$events/delivery_dropped"', ctx);
    expect(dd.body).toEqual({ from_clientid: 'c_emqx_1', from_username: 'u_emqx_1', reason: 'queue_full', topic: 't/a', qos: 1 });
  });

  test('client_connected: keepalive comes from the example columns; disconnected: times and node', async () => {
    const c = await ruleTest('SELECT clientid, username, keepalive, is_bridge FROM "$events/client_connected"', {
      clean_start: true,
      clientid: 'c_emqx',
      event_type: 'client_connected',
      is_bridge: false,
      peername: '127.0.0.1:52918',
      username: 'u_emqx',
    });
    expect(c.body).toEqual({ clientid: 'c_emqx', username: 'u_emqx', keepalive: 60, is_bridge: false });
    const d = await ruleTest('SELECT clientid, username, reason, connected_at, disconnected_at, node FROM "$events/client_disconnected"', {
      clientid: 'c_emqx',
      event_type: 'client_disconnected',
      reason: 'normal',
      username: 'u_emqx',
    });
    expect(d.body).toMatchObject({ clientid: 'c_emqx', username: 'u_emqx', reason: 'normal', node: node.app.nodeName });
    expect(typeof d.body.connected_at).toBe('number');
    expect(typeof d.body.disconnected_at).toBe('number');
  });

  test('client_connack, check_authz_complete, check_authn_complete', async () => {
    const ack = await ruleTest('SELECT clientid, username, reason_code, node FROM "$events/client_connack"', {
      clean_start: true,
      clientid: 'c_emqx',
      event_type: 'client_connack',
      reason_code: 'success',
      username: 'u_emqx',
    });
    expect(ack.body).toEqual({ clientid: 'c_emqx', username: 'u_emqx', reason_code: 'success', node: node.app.nodeName });
    const authz = await ruleTest('SELECT clientid, username, topic, action, result,\nauthz_source, node FROM "$events/client_check_authz_complete"', {
      action: 'publish',
      clientid: 'c_emqx',
      event_type: 'client_check_authz_complete',
      result: 'allow',
      topic: 't/1',
      username: 'u_emqx',
    });
    expect(authz.body).toEqual({ clientid: 'c_emqx', username: 'u_emqx', topic: 't/1', action: 'publish', result: 'allow', authz_source: 'cache', node: node.app.nodeName });
    const authn = await ruleTest('SELECT clientid, username, is_superuser, is_anonymous\nFROM "$events/client_check_authn_complete"', {
      clientid: 'c_emqx',
      event_type: 'client_check_authn_complete',
      reason_code: 'success',
      is_superuser: true,
      is_anonymous: false,
    });
    expect(authn.body).toEqual({ clientid: 'c_emqx', username: 'u_emqx', is_superuser: true, is_anonymous: false });
  });
});

describe('matching and errors', () => {
  test('412 NOT_MATCH when the input topic is not in FROM: another topic, another event, $events/message_publish', async () => {
    expect(await ruleTest('SELECT\n  *\nFROM\n  "t/#"', pub({ topic: 'a' }))).toMatchObject({ status: 412, body: { code: 'NOT_MATCH', message: 'SQL Not Match' } });
    expect((await ruleTest('SELECT\n  *\nFROM\n  "$events/message_published"', pub())).status).toBe(412);
    expect((await ruleTest('SELECT * FROM "t/#" WHERE payload.msg = \'bye\'', pub())).status).toBe(412);
    const others: Record<string, unknown>[] = [
      { event_type: 'message_delivered', topic: 't/a' },
      { event_type: 'message_acked', topic: 't/a' },
      { event_type: 'message_dropped', topic: 't/a', reason: 'no_subscribers' },
      { event_type: 'client_connected' },
      { event_type: 'client_disconnected', reason: 'normal' },
      { event_type: 'client_connack', reason_code: 'success' },
      { event_type: 'client_check_authz_complete', action: 'publish', result: 'allow', topic: 't/1' },
      { event_type: 'client_check_authn_complete', reason_code: 'success', is_superuser: true, is_anonymous: false },
      { event_type: 'session_subscribed', topic: 't/a', qos: 1 },
      { event_type: 'session_unsubscribed', topic: 't/a', qos: 1 },
      { event_type: 'delivery_dropped', topic: 't/a', reason: 'queue_full' },
    ];
    for (const ctx of others) expect((await ruleTest('SELECT\n  *\nFROM\n  "t/#"', { clientid: 'c', ...ctx })).status, String(ctx.event_type)).toBe(412);
  });

  test('several FROM inputs: any of them matching is enough', async () => {
    const unsub = { clientid: 'c_emqx', event_type: 'session_unsubscribed', qos: 1, topic: 't/a', username: 'u_emqx' };
    expect((await ruleTest('SELECT * FROM "t/#", "$bridges/mqtt:source" ', pub({ payload: undefined }))).status).toBe(200);
    expect((await ruleTest('SELECT * FROM "t/#", "$sources/mqtt:source" ', pub())).status).toBe(200);
    expect((await ruleTest('SELECT * FROM "t/#", "$events/session_unsubscribed" ', unsub)).status).toBe(200);
    expect((await ruleTest('SELECT * FROM "$events/message_dropped", "$events/session_unsubscribed" ', unsub)).status).toBe(200);
    expect((await ruleTest('SELECT * FROM "$events/message_dropped", "$events/client_connected" ', unsub)).status).toBe(412);
  });

  test('400 with EMQX texts: bad JSON payload, a bad comparison, a syntax error, an unknown event type', async () => {
    const json = await ruleTest('SELECT\n  payload.msg\nFROM\n  "t/#"', pub({ payload: '{"msg": "hel' }));
    expect(json.status).toBe(400);
    expect(JSON.parse(json.body.message)).toEqual({ select_and_transform_error: 'decode_json_failed' });
    const badarg = await ruleTest('SELECT\n  payload.msg > 1\nFROM\n  "t/#"', pub());
    expect(badarg.status).toBe(400);
    expect(JSON.parse(badarg.body.message)).toEqual({ select_and_transform_error: 'badarg' });
    const syntax = await ruleTest('BAD_SQL', pub());
    expect(syntax).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(syntax.body.message).toContain('syntax error');
    expect((await ruleTest('SELECT * FROM "t/#"', { event_type: 'no_such_event' })).status).toBe(400);
    expect((await api(node, 'POST', '/rule_test', { context: pub() })).status).toBe(400);
  });

  test('415 for another content type', async () => {
    const res = await node.app.inject({ method: 'POST', url: '/api/v5/rule_test', headers: { ...node.auth, 'content-type': 'application/xml' }, payload: '<sql/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'content-type:application/json Required' });
  });

  test("every /rule_events entry's example SQL passes on its own test columns", async () => {
    const events = await api(node, 'GET', '/rule_events');
    expect(events.status).toBe(200);
    expect(events.body.map((e: { event: string }) => e.event)).toContain('$events/client_check_authn_complete');
    for (const e of events.body as RuleEventInfo[]) {
      const type = e.event.replace(/^\$events\/(sys\/)?/, '');
      const context: Record<string, unknown> = { event_type: type };
      for (const [k, [v]] of Object.entries(e.test_columns)) context[k] = v;
      const r = await ruleTest(e.sql_example, context);
      expect(r.status, `${e.event}: ${JSON.stringify(r.body)}`).toBe(200);
      // EMQX lists no timestamp among the alarm events' columns (columns_with_exam)
      if (!e.event.startsWith('$events/sys/')) expect(e.columns).toContain('timestamp');
      expect(e.title.en && e.title.zh && e.description.en && e.description.zh).toBeTruthy();
    }
  });
});

describe('/rules/{id}/test', () => {
  test('runs the saved rule: its metrics count, actions stop after rendering; 404 RULE_NOT_FOUND; 412', async () => {
    const sql = 'SELECT payload.msg as msg FROM "t/#"';
    const actions = [{ function: 'republish', args: { topic: 'out/${msg}' } }];
    expect((await api(node, 'POST', '/rules', { id: 'applied', sql, actions })).status).toBe(201);
    const r = await api(node, 'POST', '/rules/applied/test', { context: pub() });
    expect(r).toMatchObject({ status: 200, body: ['failed'] });
    const m = (await api(node, 'GET', '/rules/applied/metrics')).body.metrics;
    expect(m).toMatchObject({ matched: 1, passed: 1, 'actions.total': 1, 'actions.failed': 1, 'actions.failed.unknown': 1 });
    expect((await api(node, 'POST', '/rules/applied/test', { context: pub({ topic: 'x/y' }) })).status).toBe(412);
    expect(await api(node, 'POST', '/rules/nope/test', { context: pub() })).toMatchObject({
      status: 404,
      body: { code: 'RULE_NOT_FOUND', message: 'The rule could not be found' },
    });
    await api(node, 'DELETE', '/rules/applied');
  });
});
