// API keys: GET|POST /api_key, GET|PUT|DELETE /api_key/{name} (bearer tokens only; see plugins/auth.ts).
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';

export default async function apiKeysRoutes(app: FastifyInstance) {
  route(app, 'get', '/api_key', { handler: async () => app.apiKeys.list() });

  route(app, 'post', '/api_key', { handler: async (req) => app.apiKeys.create(req.body ?? {}) });

  route(app, 'get', '/api_key/{name}', { handler: async (req) => app.apiKeys.get(req.params.name) });

  route(app, 'put', '/api_key/{name}', { handler: async (req) => app.apiKeys.update(req.params.name, req.body ?? {}) });

  route(app, 'delete', '/api_key/{name}', {
    handler: async (req, reply) => {
      app.apiKeys.delete(req.params.name);
      return reply.code(204).send();
    },
  });
}
