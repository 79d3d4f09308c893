// Routes outside /api/v5 on the dashboard listener: the /status alias and the swagger JSON (no auth).
import type { FastifyInstance } from 'fastify';
import { createReadStream } from 'node:fs';
import { openapiPath } from '../../contract/openapi';
import { replyStatus } from './status.service';

export default async function rootRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { format?: unknown } }>('/status', (request, reply) => replyStatus(app, request.query.format, reply));

  app.get('/api-docs/swagger.json', (_request, reply) => {
    // dashboard.swagger_support = false hides the spec, as in EMQX.
    if (app.config.get('dashboard.swagger_support') === false) {
      return reply.code(404).send({ code: 'NOT_FOUND', message: 'Request Path Not Found' });
    }
    return reply.type('application/json').send(createReadStream(openapiPath));
  });
}
