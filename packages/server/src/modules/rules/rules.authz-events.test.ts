// $events/client_check_authz_complete on real clients: `authz_source` names what decided, as EMQX's
// emqx_access_control reports it — the source's type (`file`), `cache` for an answer the client's cache gave,
// `superuser` for a superuser, `default` when no source matched (authorization.no_match decided).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../shared/testing';

let node: TestNode;
const clients: MqttClient[] = [];
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await closeClients(clients);
  await node.close();
});

describe('authz_source', () => {
  test('file, then cache for the same check, superuser, and default with no source', async () => {
    await api(node, 'POST', '/rules', {
      id: 'authz_src',
      sql: 'SELECT clientid, topic, result, authz_source FROM "$events/client_check_authz_complete" WHERE action = \'publish\'',
      actions: [{ function: 'republish', args: { topic: 'authz/seen', payload: '${clientid} ${topic} ${result} ${authz_source}', direct_dispatch: true } }],
    });
    const seen: string[] = [];
    const watcher = await connectClient(node.mqttPort, { clientId: 'az-watch' });
    clients.push(watcher);
    watcher.on('message', (_t, p) => seen.push(p.toString()));
    await watcher.subscribeAsync('authz/seen', { qos: 1 });

    const c = await connectClient(node.mqttPort, { clientId: 'az-1' });
    clients.push(c);
    await c.publishAsync('az/t', 'x', { qos: 1 });
    await c.publishAsync('az/t', 'x', { qos: 1 });
    await waitFor(() => seen.length === 2, 3000, 'two checks');
    expect(seen).toEqual(['az-1 az/t allow file', 'az-1 az/t allow cache']);

    await api(node, 'POST', '/authentication', { mechanism: 'password_based', backend: 'built_in_database' });
    await api(node, 'POST', '/authentication/password_based%3Abuilt_in_database/users', { user_id: 'root', password: 'pw', is_superuser: true });
    const su = await connectClient(node.mqttPort, { clientId: 'az-su', username: 'root', password: 'pw' });
    clients.push(su);
    await su.publishAsync('az/t', 'x', { qos: 1 });
    await waitFor(() => seen.length === 3, 3000, 'superuser check');
    expect(seen[2]).toBe('az-su az/t allow superuser');
    await api(node, 'DELETE', '/authentication/password_based%3Abuilt_in_database');

    // the file source off: nothing matches, authorization.no_match (allow) decides
    const file = (await api(node, 'GET', '/authorization/sources/file')).body;
    expect((await api(node, 'PUT', '/authorization/sources/file', { ...file, enable: false })).status).toBe(204);
    await c.publishAsync('az/other', 'x', { qos: 1 });
    await waitFor(() => seen.length === 4, 3000, 'no-match check');
    expect(seen[3]).toBe('az-1 az/other allow default');
    await api(node, 'PUT', '/authorization/sources/file', { ...file, enable: true });
  });
});
