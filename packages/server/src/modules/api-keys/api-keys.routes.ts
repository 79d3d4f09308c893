// API keys: GET|POST /api_key, GET|PUT|DELETE /api_key/{name} (bearer tokens only; see plugins/auth.ts).
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../../contract/route-schema';

type KeyBody = { name?: string; desc?: string; enable?: boolean; expired_at?: unknown; role?: string };

export default async function apiKeysRoutes(app: FastifyInstance) {
  app.get('/api_key', { schema: routeSchema('get', '/api_key') }, async () => app.apiKeys.list());

  app.post('/api_key', { schema: routeSchema('post', '/api_key') }, async (request) => app.apiKeys.create((request.body ?? {}) as KeyBody));

  app.get('/api_key/:name', { schema: routeSchema('get', '/api_key/{name}') }, async (request) => {
    return app.apiKeys.get((request.params as { name: string }).name);
  });

  app.put('/api_key/:name', { schema: routeSchema('put', '/api_key/{name}') }, async (request) => {
    return app.apiKeys.update((request.params as { name: string }).name, (request.body ?? {}) as KeyBody);
  });

  app.delete('/api_key/:name', { schema: routeSchema('delete', '/api_key/{name}') }, async (request, reply) => {
    app.apiKeys.delete((request.params as { name: string }).name);
    return reply.code(204).send();
  });
}
