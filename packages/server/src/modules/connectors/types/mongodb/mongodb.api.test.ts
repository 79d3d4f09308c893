// The mongodb type through the API of a running node, without a MongoDB server (none runs on this machine): the
// three modes are stored with EMQX's fields and show `disconnected` with a plain reason when nothing listens, bad
// fields are refused with a sentence and nothing is stored, an action on such a connector waits (its messages stay
// in the buffer). Inserting into a real MongoDB is not tested here.
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestNode, type TestNode } from '../../../../../test/test-node';
import { api, closeClients, connectClient, waitFor } from '../../../../shared/testing';
import { freePort } from '../mqtt/mosquitto.testing';

let node: TestNode;
const clients: MqttClient[] = [];
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node.close();
});
afterEach(async () => {
  await closeClients(clients.splice(0));
  for (const r of (await api(node, 'GET', '/rules?limit=1000')).body.data ?? []) await api(node, 'DELETE', `/rules/${r.id}`);
  for (const a of (await api(node, 'GET', '/actions')).body ?? []) await api(node, 'DELETE', `/actions/${a.type}:${a.name}?also_delete_dep_actions=true`);
  for (const c of (await api(node, 'GET', '/connectors')).body ?? []) await api(node, 'DELETE', `/connectors/${c.type}:${c.name}`);
});

const topology = { server_selection_timeout_ms: '1s', connect_timeout_ms: '1s' };

describe('mongodb without a server', () => {
  test('single, rs and sharded: stored with EMQX’s fields, disconnected with "Connection refused" when nothing listens', async () => {
    const [p1, p2, p3] = [await freePort(), await freePort(), await freePort()];
    const modes = {
      single: { mongo_type: 'single', server: `127.0.0.1:${p1}`, w_mode: 'safe' },
      rs: { mongo_type: 'rs', servers: `127.0.0.1:${p1},127.0.0.1:${p2}`, replica_set_name: 'rs0', r_mode: 'slave_ok' },
      sharded: { mongo_type: 'sharded', servers: `127.0.0.1:${p3}` },
    };
    for (const [name, parameters] of Object.entries(modes)) {
      const res = await api(node, 'POST', '/connectors', { type: 'mongodb', name, parameters, database: 'mqtt', username: 'u', password: 'secret', topology });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ type: 'mongodb', name, parameters, database: 'mqtt', password: '******', status: 'disconnected', status_reason: 'Connection refused' });
    }
    const probe = await api(node, 'POST', '/connectors_probe', { type: 'mongodb', name: 'p', parameters: modes.single, database: 'mqtt', topology });
    expect(probe.status).toBe(400);
    expect(probe.body.message).toMatch(/Connection refused/);
  });

  test('bad fields are refused with a plain sentence and nothing is stored', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ parameters: { mongo_type: 'rs', servers: '127.0.0.1:27017' }, database: 'mqtt' }, /replica_set_name/],
      [{ parameters: { mongo_type: 'single', server: '127.0.0.1:27017' }, database: 'mqtt', use_legacy_protocol: 'true' }, /use_legacy_protocol/],
      [{ parameters: { mongo_type: 'single', server: 'a:0' }, database: 'mqtt' }, /server/],
    ];
    for (const [body, message] of cases) {
      const res = await api(node, 'POST', '/connectors', { type: 'mongodb', name: 'bad', ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toMatch(message);
      expect((await api(node, 'GET', '/connectors/mongodb:bad')).status).toBe(404);
    }
  });

  test('an action on a connector that cannot connect: its messages wait in the buffer', async () => {
    const port = await freePort();
    await api(node, 'POST', '/connectors', {
      type: 'mongodb',
      name: 'down',
      parameters: { mongo_type: 'single', server: `127.0.0.1:${port}` },
      database: 'mqtt',
      topology,
      resource_opts: { health_check_interval: '500ms' },
    });
    const a = await api(node, 'POST', '/actions', {
      type: 'mongodb',
      name: 'down',
      connector: 'down',
      parameters: { collection: 'c_${clientid}', payload_template: '{"t": ${payload.t}}' },
      resource_opts: { request_ttl: '60s' },
    });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body).toMatchObject({ parameters: { collection: 'c_${clientid}' } });
    // the connector is tried again every health check (a start takes the 1 s server selection): between two tries
    // the action is disconnected, during one it is connecting — never connected
    expect(['disconnected', 'connecting']).toContain(a.body.status);
    const r = await api(node, 'POST', '/rules', { id: 'rule_mongo_down', sql: 'SELECT * FROM "mg/#"', actions: ['mongodb:down'] });
    expect(r.status).toBe(201);
    const pub = await connectClient(node.mqttPort, { clientId: 'mg-dev' });
    clients.push(pub);
    await pub.publishAsync('mg/1', JSON.stringify({ t: 1 }), { qos: 1 });
    await pub.publishAsync('mg/1', JSON.stringify({ t: 2 }), { qos: 1 });
    await waitFor(
      async () => {
        const m = (await api(node, 'GET', '/actions/mongodb:down/metrics')).body.metrics;
        return m.matched === 2 && m.queuing + m.inflight === 2;
      },
      5000,
      'two messages waiting',
    );
    const m = (await api(node, 'GET', '/actions/mongodb:down/metrics')).body.metrics;
    expect(m).toMatchObject({ success: 0, failed: 0 });
  });
});
