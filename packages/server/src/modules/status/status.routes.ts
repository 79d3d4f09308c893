// /api/v5 public routes: GET /status and the error-code catalogue.
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@mqdeck/api';
import { route } from '../../contract/route';
import { replyStatus } from './status.service';

export default async function statusRoutes(app: FastifyInstance) {
  route(app, 'get', '/status', { handler: async (req, reply) => replyStatus(app, req.query?.format, reply) });

  route(app, 'get', '/error_codes', {
    handler: async () => Object.entries(ERROR_CODES).map(([code, description]) => ({ code, description })),
  });

  route(app, 'get', '/error_codes/{code}', {
    handler: async (req) => {
      const { code } = req.params;
      return { code, description: ERROR_CODES[code] };
    },
  });
}
