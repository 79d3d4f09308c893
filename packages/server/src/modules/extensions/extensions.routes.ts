// GET /mqdeck/extensions (docs/api-extensions.md): the MQDeck-only routes this node serves. The console
// asks once and shows the features built on them; a real EMQX answers 404, so there they stay hidden.
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { route } from '../../contract/route';

/** name the console asks for → the route that provides it */
const EXTENSIONS: { name: string; method: HTTPMethods; url: string }[] = [
  { name: 'authentication_probe', method: 'POST', url: '/api/v5/authentication_probe' },
  { name: 'authorization_explain', method: 'POST', url: '/api/v5/authorization/explain' },
  { name: 'brokers', method: 'GET', url: '/api/v5/mqdeck/brokers' },
  { name: 'connector_types', method: 'GET', url: '/api/v5/mqdeck/connector_types' },
  { name: 'durable_store', method: 'GET', url: '/api/v5/mqdeck/durable_sessions' },
  { name: 'flapping_detect', method: 'GET', url: '/api/v5/configs/flapping_detect' },
  { name: 'gateway_metrics', method: 'GET', url: '/api/v5/mqdeck/gateways/:name/metrics' },
  { name: 'rule_tap', method: 'POST', url: '/api/v5/mqdeck/rule_taps' },
];

export default async function extensionsRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'get', '/mqdeck/extensions', {
    // an MQDeck extension (not in the 5.8.1 document) without parameters: nothing to validate
    schema: {},
    // listed only when the route is really registered, so the answer cannot promise a missing feature
    handler: async () => ({
      extensions: EXTENSIONS.filter((e) => app.hasRoute({ method: e.method, url: e.url })).map((e) => e.name),
    }),
  });
}
