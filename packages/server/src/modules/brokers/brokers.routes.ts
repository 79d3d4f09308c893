// Several brokers in one console (docs/api-extensions.md): /mqdeck/brokers lists, adds, changes and removes the
// brokers this node's console manages, and /mqdeck/brokers/{id}/api/v5/… passes any API call on to one of them
// with this node's stored credential (upstream-session.ts). The caller is checked here first, as on every route:
// an operator's role on this node bounds what they may do through it (a viewer only reads).
import type { FastifyInstance } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { route } from '../../contract/route';
import { BrokersService, brokerView } from './brokers.service';

declare module 'fastify' {
  interface FastifyInstance {
    brokers: BrokersService;
  }
}

const objectBody = { type: 'object' };
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
const PASS_THROUGH = /^\/api\/v5\/mqdeck\/brokers\/([^/]+)\/api\/v5(\/[^?]*)(\?.*)?$/;

export default async function brokersRoutes(app: FastifyInstance): Promise<void> {
  const brokers = new BrokersService(app);
  app.decorate('brokers', brokers);

  route(app, 'get', '/mqdeck/brokers', { schema: {}, handler: async () => brokers.list().map(brokerView) });
  route(app, 'post', '/mqdeck/brokers', {
    schema: { body: objectBody },
    handler: async (req, reply) => reply.code(201).send(brokerView(await brokers.create(req.body))),
  });
  route(app, 'put', '/mqdeck/brokers/{id}', {
    schema: { params: idParams, body: objectBody },
    handler: async (req) => brokerView(await brokers.update(req.params.id, req.body)),
  });
  route(app, 'delete', '/mqdeck/brokers/{id}', {
    schema: { params: idParams },
    handler: async (req, reply) => {
      brokers.delete(req.params.id);
      return reply.code(204).send();
    },
  });

  // the pass-through takes bodies as they are (JSON, multipart uploads…), in its own context so no parser touches them
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    raw.all('/mqdeck/brokers/:id/api/v5/*', async (request, reply) => {
      const m = PASS_THROUGH.exec(request.url);
      const session = brokers.session(decodeURIComponent((request.params as { id: string }).id));
      const headers: IncomingHttpHeaders = { ...request.headers };
      delete headers.authorization;
      delete headers.cookie;
      const answer = await session.request(request.method, `${m?.[2] ?? '/'}${m?.[3] ?? ''}`, headers, request.body as Buffer | undefined, request.ip.replace(/^::ffff:/, ''));
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    });
  });
}
