// API keys: GET|POST /api_key, GET|PUT|DELETE /api_key/{name} (bearer tokens only; see plugins/auth.ts).
// Also follows `api_key.bootstrap_file` (bootstrap-file.ts): loaded now and on every change of the setting.
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { loadBootstrapFile } from './bootstrap-file';

export default async function apiKeysRoutes(app: FastifyInstance) {
  const bootstrap = () => {
    const file = app.config.get<string>('api_key.bootstrap_file') ?? '';
    const result = loadBootstrapFile(app.apiKeys, file);
    if (!result.ok) app.log.error({ file, ...result }, 'failed to load the API key bootstrap file');
  };
  bootstrap();
  const unwatch = app.config.watch('api_key', bootstrap);
  app.addHook('onClose', async () => unwatch());

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
