// /exhooks (EMQX 5.8 emqx_exhook_api): list, add, read, update, delete, move, and the registered hooks of a server.
// Errors as EMQX words them: 'Already exists', 'Server not found', 'Invalid Position', 'Bad Arguments: …'.
import type { FastifyInstance } from 'fastify';
import type { ReplyOf } from '@mqdeck/api';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { restoreSecrets } from '../configs/secrets';
import { hooksView, serverView } from './exhook.format';

type Detail = ReplyOf<'/exhooks/{name}', 'get', 200>;

export default async function exhookRoutes(app: FastifyInstance): Promise<void> {
  const svc = () => app.exhook;
  route(app, 'get', '/exhooks', {
    handler: async () =>
      svc()
        .list()
        .map((s) => serverView(app, s)) as unknown as Detail[],
  });
  // bodies are checked by exhook.config.ts (every field named in one 400), not by the document's schema
  route(app, 'post', '/exhooks', { schema: {}, handler: async (req) => serverView(app, await svc().add(req.body)) as unknown as Detail });
  route(app, 'get', '/exhooks/{name}', { handler: async (req) => serverView(app, svc().get(req.params.name)) as unknown as Detail });
  route(app, 'put', '/exhooks/{name}', {
    schema: (c) => ({ params: c.params }),
    handler: async (req) => {
      const stored = svc().get(req.params.name).config;
      return serverView(app, await svc().update(req.params.name, restoreSecrets(req.body, stored))) as unknown as Detail;
    },
  });
  route(app, 'delete', '/exhooks/{name}', {
    handler: async (req, reply) => {
      await svc().remove(req.params.name);
      return reply.code(204).send();
    },
  });
  route(app, 'post', '/exhooks/{name}/move', {
    schema: (c) => ({ params: c.params }),
    handler: async (req, reply) => {
      const body = req.body as { position?: unknown } | undefined;
      await svc().move(req.params.name, body?.position);
      return reply.code(204).send();
    },
  });
  route(app, 'get', '/exhooks/{name}/hooks', {
    handler: async (req) => {
      if (!svc().has(req.params.name)) throw new ApiError(400, 'BAD_REQUEST', 'Server not found');
      return hooksView(app, svc().get(req.params.name)) as unknown as ReplyOf<'/exhooks/{name}/hooks', 'get', 200>;
    },
  });
}
