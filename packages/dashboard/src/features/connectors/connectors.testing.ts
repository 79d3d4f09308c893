// Test helpers: a small schema document in EMQX's dashboard flavour (two runnable types, one this node lacks) and
// records as GET /connectors and /actions send them. Shared by the connectors, actions and sources tests.
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/msw';
import type { SchemaDoc } from '../../shared/schema-form/schema';
import type { Connector } from './connectors.api';

const resourceOpts = {
  type: 'object',
  properties: {
    health_check_interval: { type: 'duration', default: '15s', description: 'Health check interval.' },
    auto_restart_interval: { type: 'duration', default: '60s' },
    batch_size: { type: 'integer', default: 1, minimum: 1 },
    inflight_window: { type: 'integer', default: 100, minimum: 1 },
    max_buffer_bytes: { type: 'byteSize', default: '256MB' },
    request_ttl: { oneOf: [{ type: 'duration' }, { type: 'enum', symbols: ['infinity'] }], default: '45s' },
  },
};

export const SCHEMA_DOC: SchemaDoc = {
  components: {
    schemas: {
      'connector_mqtt.post_connector': {
        type: 'object',
        required: ['name', 'server', 'type'],
        properties: {
          type: { type: 'enum', symbols: ['mqtt'] },
          name: { type: 'string' },
          enable: { type: 'boolean', default: true },
          description: { type: 'string', default: '' },
          server: { type: 'string', description: 'The host and port of the remote MQTT broker' },
          proto_ver: { type: 'enum', symbols: ['v3', 'v4', 'v5'], default: 'v4' },
          username: { type: 'string' },
          password: { type: 'string', format: 'password' },
          keepalive: { type: 'duration', default: '160s' },
          mode: { type: 'enum', symbols: ['cluster_shareload'], deprecated: true },
          ssl: { $ref: '#/components/schemas/broker.ssl_client_opts', default: { enable: false } },
          resource_opts: { $ref: '#/components/schemas/connector_mqtt.resource_opts', default: {} },
        },
      },
      'broker.ssl_client_opts': {
        type: 'object',
        properties: { enable: { type: 'boolean', default: false }, verify: { type: 'enum', symbols: ['verify_peer', 'verify_none'], default: 'verify_none' } },
      },
      'connector_mqtt.resource_opts': resourceOpts,
      'bridge_http.post_connector': {
        type: 'object',
        required: ['name', 'type', 'url'],
        properties: {
          type: { type: 'enum', symbols: ['http'] },
          name: { type: 'string' },
          url: { type: 'string' },
          headers: { type: 'object', properties: { $header: { type: 'string' } }, default: {} },
          pool_size: { type: 'integer', default: 8, minimum: 1 },
        },
      },
      'bridge_mysql.post_connector': {
        type: 'object',
        properties: { type: { type: 'enum', symbols: ['mysql'] }, name: { type: 'string' }, server: { type: 'string' } },
      },
      'bridge_mqtt_publisher.post_bridge_v2': {
        type: 'object',
        required: ['name', 'type', 'connector', 'parameters'],
        properties: {
          type: { type: 'enum', symbols: ['mqtt'] },
          name: { type: 'string' },
          connector: { type: 'string' },
          enable: { type: 'boolean', default: true },
          parameters: {
            type: 'object',
            required: ['topic'],
            properties: {
              topic: { type: 'string', is_template: true },
              qos: {
                oneOf: [
                  { type: 'enum', symbols: [0, 1, 2] },
                  { type: 'string', is_template: true },
                ],
                default: 1,
              },
            },
          },
          resource_opts: { type: 'object', properties: resourceOpts.properties, default: {} },
        },
      },
      'bridge_mqtt_publisher.post_source': {
        type: 'object',
        properties: {
          type: { type: 'enum', symbols: ['mqtt'] },
          name: { type: 'string' },
          connector: { type: 'string' },
          parameters: { type: 'object', properties: { topic: { type: 'string' }, qos: { type: 'enum', symbols: [0, 1, 2], default: 1 } } },
        },
      },
    },
  },
} as SchemaDoc;

/**
 * Serves the schema documents, and answers the type probes as our node does: http and mqtt run (a probe of the bare
 * type fails on its fields), anything else is refused as not run here.
 */
export function mockResourceSchemas(runs: string[] = ['http', 'mqtt']) {
  const probe = async ({ request }: { request: Request }) => {
    const body = (await request.json()) as { type?: string; server?: string; url?: string };
    if (!runs.includes(body.type ?? '')) return HttpResponse.json({ code: 'BAD_REQUEST', message: `This node does not run ${body.type} connectors` }, { status: 400 });
    if (!body.server && !body.url && !(body as { connector?: string }).connector)
      return HttpResponse.json({ code: 'TEST_FAILED', message: 'server: field is required' }, { status: 400 });
    return new HttpResponse(null, { status: 204 });
  };
  server.use(
    http.get('*/api/v5/schemas/:name', () => HttpResponse.json(SCHEMA_DOC)),
    http.post('*/api/v5/connectors_probe', probe),
    http.post('*/api/v5/actions_probe', probe),
    http.post('*/api/v5/sources_probe', probe),
  );
}

export function aConnector(over: Partial<Connector> = {}): Connector {
  return {
    type: 'mqtt',
    name: 'remote',
    enable: true,
    description: '',
    server: '127.0.0.1:1883',
    proto_ver: 'v4',
    username: 'u',
    password: '******',
    keepalive: '160s',
    ssl: { enable: false, verify: 'verify_none' },
    resource_opts: { health_check_interval: '15s', auto_restart_interval: '60s' },
    status: 'connected',
    node_status: [{ node: 'mqdeck@127.0.0.1', status: 'connected' }],
    actions: [],
    sources: [],
    ...over,
  };
}

/** Answers `method path` (any JSON) and records the requests. */
interface Recorded {
  url: URL;
  body: unknown;
}

export function mockJson(method: 'get' | 'post' | 'put' | 'delete', path: string, status: number, body: object | null | ((req: Recorded) => unknown)) {
  const calls: Recorded[] = [];
  server.use(
    http[method](`*/api/v5${path}`, async ({ request }) => {
      const text = await request.text();
      const rec: Recorded = { url: new URL(request.url), body: text ? (JSON.parse(text) as unknown) : undefined };
      calls.push(rec);
      const out = typeof body === 'function' ? body(rec) : body;
      return out === null ? new HttpResponse(null, { status }) : HttpResponse.json(out as never, { status });
    }),
  );
  return calls;
}
