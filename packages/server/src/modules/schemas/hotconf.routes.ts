// GET /schemas/{name} (no auth, as EMQX; the auth plugin lists this route as public). This node serves
// `hotconf` (built once per process); the console's `actions` / `connectors` documents belong to the
// integration areas: they add a builder to SCHEMA_DOCUMENTS. Names without one answer 404 plainly.
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../../contract/route-schema';
import { ApiError } from '../../errors';
import { buildHotconf } from './hotconf.build';

export const SCHEMA_DOCUMENTS: Record<string, () => unknown> = { hotconf: buildHotconf };

export default async function schemasRoutes(app: FastifyInstance): Promise<void> {
  const cache = new Map<string, string>();
  app.get<{ Params: { name: string } }>('/schemas/:name', { schema: routeSchema('get', '/schemas/{name}') }, async (req, reply) => {
    const { name } = req.params;
    const build = SCHEMA_DOCUMENTS[name];
    if (!build) throw new ApiError(404, 'NOT_FOUND', `The ${name} schema is not served by this node`);
    let text = cache.get(name);
    if (text === undefined) {
      text = JSON.stringify(build());
      cache.set(name, text);
    }
    return reply.type('application/json; charset=utf-8').send(text);
  });
}
