// /api/v5 public routes: GET /status and the error-code catalogue.
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@mqdeck/api';
import { routeSchema } from '../../contract/route-schema';
import { replyStatus } from './status.service';

export default async function statusRoutes(app: FastifyInstance) {
  app.get('/status', { schema: routeSchema('get', '/status') }, (request, reply) => replyStatus(app, request, reply));

  app.get('/error_codes', { schema: routeSchema('get', '/error_codes') }, async () =>
    Object.entries(ERROR_CODES).map(([code, description]) => ({ code, description })),
  );

  app.get('/error_codes/:code', { schema: routeSchema('get', '/error_codes/{code}') }, async (request) => {
    const { code } = request.params as { code: keyof typeof ERROR_CODES };
    return { code, description: ERROR_CODES[code] };
  });
}
