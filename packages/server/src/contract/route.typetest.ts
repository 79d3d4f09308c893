// Compile-time checks of the route helper (tsc only; never called): wrong shapes must not compile.
import type { FastifyInstance } from 'fastify';
import { route } from './route';

export function typeChecks(app: FastifyInstance): void {
  route(app, 'post', '/banned', {
    // @ts-expect-error POST /banned answers the ban itself (ResponsePatch), not {data: [ban]}
    handler: async () => ({ data: [] }),
  });
  route(app, 'delete', '/banned/{as}/{who}', {
    handler: async (req, reply) => {
      // @ts-expect-error `as` is one of the six ban kinds, never a number
      const n: number = req.params.as;
      // Fastify widens a bodiless status (undefined) to unknown, so a 204 body is not caught here
      return reply.code(204).send(n === 0 ? undefined : undefined);
    },
  });
  route(app, 'get', '/banned', {
    handler: async (req) => {
      // @ts-expect-error not a query parameter of GET /banned
      void req.query.nope;
      return { data: [], meta: { page: 1, limit: 1 } };
    },
  });
  // @ts-expect-error not a method of /banned
  route(app, 'put', '/banned', { handler: async () => ({}) });
}
