// /schemas/connectors and /schemas/actions: every type EMQX EE 5.8 offers has its component, in the dashboard
// flavour the official console reads (enum + symbols, duration), served without auth as EMQX does.
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { knownTypes } from '../connectors/resource/catalogue';

// a node start on the shared 2-core machine can take longer than the default 10 s
vi.setConfig({ hookTimeout: 30_000 });

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode({ listen: false });
});
afterAll(async () => node.close());

const get = async (name: string) => {
  const res = await node.app.inject({ method: 'GET', url: `/api/v5/schemas/${name}` });
  return { status: res.statusCode, body: res.json<Record<string, any>>() };
};

test('connectors: the paths of emqx_connector_api and a post_connector component per type', async () => {
  const { status, body } = await get('connectors');
  expect(status).toBe(200);
  expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/connectors', '/connectors/{id}', '/connectors_probe']));
  const schemas = body.components.schemas;
  const http = schemas['bridge_http.post_connector'];
  expect(http.properties.pool_type).toMatchObject({ type: 'enum', symbols: ['random', 'hash'], default: 'random' });
  expect(http.properties.connect_timeout).toMatchObject({ type: 'duration', default: '15s' });
  expect(schemas['connector_mqtt.post_connector']).toBeDefined();
  const types = new Set(Object.values(schemas).flatMap((s: any) => s.properties?.type?.symbols ?? []));
  for (const t of knownTypes('connectors')) expect(types.has(t), t).toBe(true);
});

test('actions: actions and sources of every type', async () => {
  const { status, body } = await get('actions');
  expect(status).toBe(200);
  expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/actions', '/sources', '/action_types', '/source_types']));
  const schemas = body.components.schemas;
  expect(schemas['bridge_http.post_bridge_v2']).toBeDefined();
  expect(schemas['bridge_mqtt_publisher.post_source']).toBeDefined();
  const types = new Set(Object.values(schemas).flatMap((s: any) => s.properties?.type?.symbols ?? []));
  for (const t of [...knownTypes('actions'), ...knownTypes('sources')]) expect(types.has(t), t).toBe(true);
});
