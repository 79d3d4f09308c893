// /connectors… restated from EMQX's emqx_connector_api_SUITE (t_connectors_lifecycle, t_enable_disable_connectors,
// t_fail_delete_with_action, t_create_with_bad_name, t_connectors_probe), black-box through inject() against a node
// running a test-only connector type that talks to a real HTTP peer (connectors.testing.ts).
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api, expectContract, waitFor } from '../../shared/testing';
import { fakeAction, fakeConnector, FAKE_TYPE, HttpPeer, registerFakeType } from './connectors.testing';

// a node start on the shared 2-core machine can take longer than the default 10 s
vi.setConfig({ hookTimeout: 30_000, testTimeout: 30_000 });

let node: TestNode;
let unregister: () => void;
const peer = new HttpPeer();
beforeAll(async () => {
  unregister = registerFakeType();
  await peer.up();
  node = await startTestNode({ listen: false });
});
afterAll(async () => {
  await node?.close();
  await peer.down();
  unregister();
});
afterEach(async () => {
  for (const a of (await api(node, 'GET', '/actions')).body) await api(node, 'DELETE', `/actions/${a.type}:${a.name}?also_delete_dep_actions=true`);
  for (const s of (await api(node, 'GET', '/sources')).body) await api(node, 'DELETE', `/sources/${s.type}:${s.name}?also_delete_dep_actions=true`);
  for (const c of (await api(node, 'GET', '/connectors')).body) await api(node, 'DELETE', `/connectors/${c.type}:${c.name}`);
  if (!peer.port || (await fetch(`http://127.0.0.1:${peer.port}/health`).catch(() => undefined)) === undefined) await peer.up();
});

const id = `${FAKE_TYPE}:c1`;

describe('connectors lifecycle', () => {
  test('create 201 connected, list, get, update restarts, delete; 404s with EMQX texts', async () => {
    expect((await api(node, 'GET', '/connectors')).body).toEqual([]);
    const created = await api(node, 'POST', '/connectors', fakeConnector('c1', peer, { description: 'mine' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: FAKE_TYPE,
      name: 'c1',
      enable: true,
      description: 'mine',
      status: 'connected',
      node_status: [{ node: node.app.nodeName, status: 'connected' }],
      password: '******',
      resource_opts: { health_check_interval: '15s', start_timeout: '5s', start_after_created: true },
      actions: [],
      sources: [],
    });
    expectContract('post', '/connectors', 201, created.body);
    expect(peer.lastPassword).toBe('top-secret');
    expect((await api(node, 'GET', '/connectors')).body).toEqual([created.body]);
    const got = await api(node, 'GET', `/connectors/${id}`);
    expect(got.body).toEqual(created.body);
    expectContract('get', '/connectors/{id}', 200, got.body);

    const again = await api(node, 'POST', '/connectors', fakeConnector('c1', peer));
    expect(again).toMatchObject({ status: 400, body: { code: 'ALREADY_EXISTS', message: 'connector already exists' } });

    peer.lastPassword = undefined;
    const updated = await api(node, 'PUT', `/connectors/${id}`, { ...got.body, description: 'changed' });
    expect(updated).toMatchObject({ status: 200, body: { description: 'changed', status: 'connected', password: '******' } });
    // the update restarted the connection with the stored password (the mask was sent back)
    expect(peer.lastPassword).toBe('top-secret');

    expect((await api(node, 'DELETE', `/connectors/${id}`)).status).toBe(204);
    expect(await api(node, 'GET', `/connectors/${id}`)).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: `Connector lookup failed: connector named 'c1' of type ${FAKE_TYPE} does not exist.` },
    });
    expect((await api(node, 'PUT', `/connectors/${id}`, { server: 'x' })).status).toBe(404);
    expect((await api(node, 'DELETE', `/connectors/${id}`)).status).toBe(404);
    expect(await api(node, 'GET', '/connectors/foo')).toMatchObject({
      status: 404,
      body: { message: 'Invalid connector ID, should be of pattern {type}:{name}, but got: foo' },
    });
  });

  test('the secret is sealed at rest, not in clear in SQLite', async () => {
    await api(node, 'POST', '/connectors', fakeConnector('c1', peer));
    const row = node.app.db.prepare<[], { config: string }>(`SELECT config FROM connectors WHERE name = 'c1'`).get();
    expect(row?.config).not.toContain('top-secret');
    expect(JSON.parse(row!.config).password).toMatch(/^enc:v1:/);
    expect(node.app.integration.exportAll().connectors[0].config.password).toBe('top-secret');
  });

  test("EMQX's other secret keys (a GCP service account's private_key…) are masked and sealed too", async () => {
    const created = await api(node, 'POST', '/connectors', fakeConnector('c1', peer, { private_key: 'pk-text' }));
    // the fake type's schema has no such field: the layer keeps unknown fields as EMQX's raw config does
    expect(created.body.private_key).toBe('******');
    const row = node.app.db.prepare<[], { config: string }>(`SELECT config FROM connectors WHERE name = 'c1'`).get();
    expect(row?.config).not.toContain('pk-text');
    const updated = await api(node, 'PUT', `/connectors/${id}`, created.body);
    expect(updated.status).toBe(200);
    expect(node.app.integration.exportAll().connectors[0].config.private_key).toBe('pk-text');
  });

  test('bad names, unknown types and types this node does not run are refused; nothing is stored', async () => {
    const bad = await api(node, 'POST', '/connectors', fakeConnector('a.b', peer));
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.message)).toMatchObject({ kind: 'validation_error', reason: expect.stringMatching(/^Invalid name format/) });
    expect((await api(node, 'POST', '/connectors', fakeConnector('隋达', peer))).status).toBe(400);
    const unknown = await api(node, 'POST', '/connectors', { type: 'nope', name: 'x' });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    const notRun = await api(node, 'POST', '/connectors', { type: 'oracle', name: 'o1', server: '127.0.0.1:1521', username: 'u', password: 'p', sid: 'XE' });
    expect(notRun).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: expect.stringMatching(/^This node does not run oracle connectors/) } });
    const badField = await api(node, 'POST', '/connectors', fakeConnector('c2', peer, { port: 'many' }));
    expect(badField).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: expect.stringContaining('port') } });
    const badOpts = await api(node, 'POST', '/connectors', fakeConnector('c3', peer, { resource_opts: { health_check_interval: '0ms' } }));
    expect(badOpts).toMatchObject({ status: 400, body: { message: 'Health Check Interval (0ms) is out of range (1ms to 3600000ms)' } });
    expect((await api(node, 'GET', '/connectors')).body).toEqual([]);
  });

  test('a target that is down: created disconnected with the reason, connected after a health check once it is up', async () => {
    await peer.down();
    const created = await api(node, 'POST', '/connectors', fakeConnector('c1', peer, { resource_opts: { health_check_interval: '100ms' } }));
    expect(created.body).toMatchObject({
      status: 'disconnected',
      status_reason: 'Connection refused',
      node_status: [{ status: 'disconnected', status_reason: 'Connection refused' }],
    });
    await peer.up();
    await waitFor(async () => (await api(node, 'GET', `/connectors/${id}`)).body.status === 'connected', 3000, 'auto restart');
    await peer.down();
    await waitFor(async () => (await api(node, 'GET', `/connectors/${id}`)).body.status === 'disconnected', 3000, 'health check sees it down');
    // EMQX's resource_down alarm, cleared when the connector is back
    const alarms = async () => (await api(node, 'GET', '/alarms')).body.data.filter((a: { name: string }) => a.name === `connector:${id}`);
    expect(await alarms()).toEqual([
      expect.objectContaining({ message: 'resource down: Connection refused', details: { resource_id: `connector:${id}`, reason: 'resource_down' } }),
    ]);
    await peer.up();
    await waitFor(async () => (await alarms()).length === 0, 3000, 'alarm cleared');
  });
});

describe('enable, operations', () => {
  test('disable stops (status stopped), enable starts again; start on a disabled connector is forbidden', async () => {
    await api(node, 'POST', '/connectors', fakeConnector('c1', peer));
    expect((await api(node, 'PUT', `/connectors/${id}/enable/false`)).status).toBe(204);
    expect((await api(node, 'GET', `/connectors/${id}`)).body).toMatchObject({ enable: false, status: 'stopped' });
    expect(await api(node, 'POST', `/connectors/${id}/start`)).toMatchObject({ status: 400, body: { message: 'Forbidden operation, connector not enabled' } });
    expect(await api(node, 'POST', `/nodes/${node.app.nodeName}/connectors/${id}/start`)).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Forbidden operation, connector not enabled' },
    });
    expect((await api(node, 'PUT', `/connectors/${id}/enable/true`)).status).toBe(204);
    expect((await api(node, 'GET', `/connectors/${id}`)).body).toMatchObject({ enable: true, status: 'connected' });
    expect((await api(node, 'PUT', `/connectors/${id}/enable/true`)).status).toBe(204);
    expect((await api(node, 'PUT', `/connectors/${id}/enable/foo`)).status).toBe(400);
    expect((await api(node, 'PUT', '/connectors/foo/enable/true')).status).toBe(404);
    expect((await api(node, 'PUT', `/connectors/${FAKE_TYPE}:nope/enable/true`)).status).toBe(404);
  });

  test('start answers 204 when connected, 400 with the reason when the target is down; node names are checked', async () => {
    await api(node, 'POST', '/connectors', fakeConnector('c1', peer));
    expect((await api(node, 'POST', `/connectors/${id}/start`)).status).toBe(204);
    expect((await api(node, 'POST', `/nodes/${node.app.nodeName}/connectors/${id}/start`)).status).toBe(204);
    expect(await api(node, 'POST', `/nodes/nobody@nowhere/connectors/${id}/start`)).toMatchObject({ status: 404, body: { message: 'Invalid node name: nobody@nowhere' } });
    expect((await api(node, 'POST', `/connectors/${id}/brababbel`)).status).toBe(400);
    // MQDeck's stop: the connection closes until a start
    expect((await api(node, 'POST', `/connectors/${id}/stop`)).status).toBe(204);
    expect((await api(node, 'GET', `/connectors/${id}`)).body).toMatchObject({ enable: true, status: 'stopped' });
    expect((await api(node, 'POST', `/connectors/${id}/start`)).status).toBe(204);
    expect((await api(node, 'GET', `/connectors/${id}`)).body.status).toBe('connected');
    await peer.down();
    expect(await api(node, 'POST', `/connectors/${id}/restart`)).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: 'Connection refused' } });
    expect((await api(node, 'GET', `/connectors/${id}`)).body.status).toBe('disconnected');
  });
});

describe('the types this node runs (MQDeck extension)', () => {
  test('GET /mqdeck/connector_types lists them per root; /mqdeck/extensions names it', async () => {
    const res = await api(node, 'GET', '/mqdeck/connector_types');
    expect(res.status).toBe(200);
    for (const root of ['connectors', 'actions', 'sources']) expect(res.body[root]).toContain(FAKE_TYPE);
    expect(res.body.connectors).not.toContain('oracle');
    expect((await api(node, 'GET', '/mqdeck/extensions')).body.extensions).toContain('connector_types');
  });
});

describe('auth', () => {
  test('every data-integration route asks for a login, the ones outside the 5.8.1 document too', async () => {
    for (const url of ['/connectors', '/actions', '/sources', '/actions_summary', '/sources_summary', '/action_types', '/mqdeck/connector_types']) {
      expect((await node.app.inject({ method: 'GET', url: `/api/v5${url}` })).statusCode, url).toBe(401);
    }
  });
});

describe('start_after_created', () => {
  test('false: created stopped, started by the start operation', async () => {
    const created = await api(node, 'POST', '/connectors', fakeConnector('c1', peer, { resource_opts: { start_after_created: false } }));
    expect(created.body).toMatchObject({ status: 'stopped', enable: true });
    expect((await api(node, 'POST', `/connectors/${id}/start`)).status).toBe(204);
    expect((await api(node, 'GET', `/connectors/${id}`)).body.status).toBe('connected');
  });
});

describe('deletion rules', () => {
  test('a connector its actions use is refused with EMQX error, then deleted once they are gone', async () => {
    await api(node, 'POST', '/connectors', fakeConnector('c1', peer));
    expect((await api(node, 'POST', '/actions', fakeAction('a1', 'c1'))).status).toBe(201);
    expect((await api(node, 'GET', `/connectors/${id}`)).body.actions).toEqual(['a1']);
    const refused = await api(node, 'DELETE', `/connectors/${id}`);
    expect(refused).toMatchObject({
      status: 400,
      body: {
        code: 'BAD_REQUEST',
        message: `{<<"Cannot delete connector while there are active channels defined for this connector">>,[<<"action:${FAKE_TYPE}:a1:connector:${FAKE_TYPE}:c1">>]}`,
      },
    });
    expect((await api(node, 'DELETE', `/actions/${FAKE_TYPE}:a1`)).status).toBe(204);
    expect((await api(node, 'DELETE', `/connectors/${id}`)).status).toBe(204);
  });
});

describe('probe', () => {
  test('204 when the target answers, 400 TEST_FAILED with the reason when not; nothing is created', async () => {
    const ok = await api(node, 'POST', '/connectors_probe', fakeConnector('probe1', peer));
    expect(ok.status).toBe(204);
    await peer.down();
    const failed = await api(node, 'POST', '/connectors_probe', fakeConnector('probe1', peer));
    expect(failed).toMatchObject({ status: 400, body: { code: 'TEST_FAILED', message: 'Connection refused' } });
    expect((await api(node, 'GET', '/connectors')).body).toEqual([]);
  });

  test('a probe of an existing connector may send its masked password back', async () => {
    const c = await api(node, 'POST', '/connectors', fakeConnector('c1', peer));
    peer.lastPassword = undefined;
    expect((await api(node, 'POST', '/connectors_probe', c.body)).status).toBe(204);
    expect(peer.lastPassword).toBe('top-secret');
  });
});
