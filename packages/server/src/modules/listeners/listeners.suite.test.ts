// /listeners as EMQX 5.8.1's emqx_mgmt_api_listeners_SUITE asserts it (the zone case is in listeners.zones.test.ts).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, connackCode } from '../../shared/testing';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node.close();
});

describe('emqx_mgmt_api_listeners_SUITE', () => {
  test('t_update_listener_max_conn_rate: infinity by default, 42/s, back to infinity', async () => {
    const conf = (await api(node, 'GET', '/listeners/tcp:default')).body;
    expect(conf.max_conn_rate).toBe('infinity');
    for (const rate of ['infinity', '42/s', 'infinity']) {
      const res = await api(node, 'PUT', '/listeners/tcp:default', { ...conf, max_conn_rate: rate });
      expect(res.status).toBe(200);
      expect(res.body.max_conn_rate).toBe(rate);
    }
  });

  // t_update_validation_error_message reads the 400's message as JSON: hocon's map of the one listener struct the
  // union selected by `type` (no `mismatches`), with kind, reason and value. Its case (enable_crl_check with
  // verify_none) needs CRL checking, which this node does not have; the same shape is asserted on what it checks.
  test("t_update_validation_error_message: the message is hocon's error map of the selected listener struct", async () => {
    const conf = (await api(node, 'GET', '/listeners/tcp:default')).body;
    const put = await api(node, 'PUT', '/listeners/tcp:default', { ...conf, acceptors: 'x' });
    expect(put).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(put.body.message).toBe(
      '{"value":"x","reason":{"expected":"pos_integer()"},"path":"root.acceptors","matched_type":"listeners:tcp_not_required_bind","kind":"validation_error"}',
    );
    const msg = JSON.parse(put.body.message);
    expect(msg.mismatches).toBeUndefined();
    // a create requires bind: the `_required_bind` member (POST /listeners, and the deprecated create by id)
    for (const [url, body] of [
      ['/listeners', { name: 'nobind', type: 'tcp' }],
      ['/listeners/tcp:nobind', { type: 'tcp' }],
    ] as const) {
      const post = await api(node, 'POST', url, body);
      expect(post, url).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
      expect(JSON.parse(post.body.message), url).toEqual({ kind: 'validation_error', path: 'root.bind', reason: 'required_field', matched_type: 'listeners:tcp_required_bind' });
    }
    const typed = await api(node, 'POST', '/listeners', { name: 'typed', type: 'tcp', bind: '127.0.0.1:0', max_connections: true });
    expect(JSON.parse(typed.body.message)).toMatchObject({ path: 'root.max_connections', matched_type: 'listeners:tcp_required_bind', value: true });
    expect((await api(node, 'GET', '/listeners/tcp:typed')).status).toBe(404);
    // several errors of the member: hocon puts the list under `errors`
    const two = JSON.parse((await api(node, 'PUT', '/listeners/tcp:default', { ...conf, acceptors: 0, enable_x: true })).body.message);
    expect(two).toMatchObject({ kind: 'validation_error', path: 'root', matched_type: 'listeners:tcp_not_required_bind' });
    expect(two.errors).toEqual(
      expect.arrayContaining([
        { kind: 'validation_error', path: 'root.acceptors', reason: { expected: 'pos_integer()' }, value: 0 },
        expect.objectContaining({ kind: 'validation_error', path: 'root', reason: 'unknown_fields', unknown: 'enable_x' }),
      ]),
    );
    expect((await api(node, 'GET', '/listeners/tcp:default')).body.acceptors).toBe(conf.acceptors);
  });

  test('t_delete_nonexistent_listener: 404', async () => {
    expect((await api(node, 'DELETE', '/listeners/tcp:nonexistent')).status).toBe(404);
  });

  test('t_action_listeners: stop, start, restart follow `running` (and MQTT clients see it)', async () => {
    for (const [action, running] of [
      ['stop', false],
      ['start', true],
      ['restart', true],
    ] as const) {
      expect((await api(node, 'POST', `/listeners/tcp:default/${action}`)).status).toBe(200);
      expect((await api(node, 'GET', '/listeners/tcp:default')).body.running, action).toBe(running);
      // bound to port 0 in tests: a start binds a fresh port, read from the running listener
      if (running) expect(await connackCode(node.app.listeners.get('tcp:default')?.port ?? 0, { clientId: `after-${action}` })).toBe(0);
    }
  });

  // t_list_listeners: POST /listeners with name and type, then PUT max_connections (a number, then "123")
  test('t_list_listeners: create from tcp:default, same keys, max_connections 100 and "123" → 123, delete → 404', async () => {
    const origin = (await api(node, 'GET', '/listeners/tcp:default')).body;
    expect((await api(node, 'GET', '/listeners/tcp:new11')).status).toBe(404);
    const { id: _id, ...rest } = origin;
    const create = await api(node, 'POST', '/listeners', { ...rest, name: 'new11', bind: '127.0.0.1:0', max_connections: 'infinity' });
    expect(create.status, JSON.stringify(create.body)).toBe(200);
    expect(Object.keys(create.body).sort()).toEqual(Object.keys(origin).sort());
    expect(create.body.max_connections).toBe('infinity');
    expect((await api(node, 'GET', '/listeners/tcp:new11')).body).toMatchObject({ id: 'tcp:new11', running: true });
    expect((await api(node, 'PUT', '/listeners/tcp:new11', { ...create.body, max_connections: 100 })).body.max_connections).toBe(100);
    expect((await api(node, 'GET', '/listeners/tcp:new11')).body.max_connections).toBe(100);
    expect((await api(node, 'PUT', '/listeners/tcp:new11', { ...create.body, max_connections: '123' })).body.max_connections).toBe(123);
    expect((await api(node, 'DELETE', '/listeners/tcp:new11')).status).toBe(204);
    expect((await api(node, 'GET', '/listeners/tcp:new11')).status).toBe(404);
  });

  // crud_listeners_by_id/6 (t_tcp_… and t_ws_crud_listeners_by_id)
  for (const type of ['tcp', 'ws'] as const) {
    test(`t_${type}_crud_listeners_by_id: full and minimal create by id, same port 400, acceptors, update while stopped`, async () => {
      const origin = (await api(node, 'GET', `/listeners/${type}:default`)).body;
      const newPath = `/listeners/${type}:new`;
      expect((await api(node, 'GET', newPath)).status).toBe(404);
      const create = await api(node, 'POST', newPath, { ...origin, id: `${type}:new`, bind: '127.0.0.1:0' });
      expect(create.status, JSON.stringify(create.body)).toBe(200);
      expect(Object.keys(create.body).sort()).toEqual(Object.keys(origin).sort());
      expect((await api(node, 'GET', newPath)).body).toMatchObject({ ...create.body, running: true });

      const min = await api(node, 'POST', `/listeners/${type}:min`, { id: `${type}:min`, bind: '127.0.0.1:0', type });
      expect(min.status, JSON.stringify(min.body)).toBe(200);
      expect(Object.keys(min.body).sort()).toEqual(Object.keys(origin).sort());
      expect((await api(node, 'GET', `/listeners/${type}:min`)).body.running).toBe(true);

      const port = node.app.listeners.get(`${type}:new`)?.port;
      expect(port).toBeGreaterThan(0);
      expect((await api(node, 'POST', `/listeners/${type}:bad`, { ...origin, id: `${type}:bad`, bind: `127.0.0.1:${port}` })).status).toBe(400);
      expect((await api(node, 'GET', `/listeners/${type}:bad`)).status).toBe(404);

      const acceptors = create.body.acceptors + 10;
      expect((await api(node, 'PUT', newPath, { ...create.body, acceptors })).body.acceptors).toBe(acceptors);
      expect((await api(node, 'GET', newPath)).body).toMatchObject({ acceptors, running: true });

      expect((await api(node, 'POST', `${newPath}/stop`)).status).toBe(200);
      const stopped = (await api(node, 'GET', newPath)).body;
      expect(stopped.running).toBe(false);
      const update = await api(node, 'PUT', newPath, { ...stopped, acceptors: stopped.acceptors + 1 });
      expect(update.body.acceptors).toBe(stopped.acceptors + 1);
      expect((await api(node, 'GET', newPath)).body).toMatchObject({ acceptors: stopped.acceptors + 1, running: false });

      expect((await api(node, 'DELETE', newPath)).status).toBe(204);
      expect((await api(node, 'DELETE', `/listeners/${type}:min`)).status).toBe(204);
      expect((await api(node, 'GET', newPath)).status).toBe(404);
      expect((await api(node, 'DELETE', newPath)).status).toBe(404);
    });
  }
});
