// /authentication… (API.md §3.9): the chain, one authenticator, status, position and order.
// Bodies are checked by the authenticator kinds (backends/index.ts) rather than the contract's
// oneOf over every backend, so a mistake gets a message naming the field.
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../../contract/route-schema';
import { ApiError } from '../../errors';
import { authnUsersRoutes } from './built-in-users.routes';

type IdParams = { Params: { id: string } };

const objectBody = { type: 'object' };

export default async function authenticationRoutes(app: FastifyInstance): Promise<void> {
  const authn = app.authn;

  app.get('/authentication', async () => authn.list());

  app.post('/authentication', { schema: { body: objectBody } }, async (req) => authn.create(req.body as Record<string, unknown>));

  // MQDeck extension (docs/api-extensions.md), named like EMQX's /connectors_probe: 204 or 400 TEST_FAILED
  app.post<{ Querystring: { id?: string } }>(
    '/authentication_probe',
    { schema: { body: objectBody, querystring: { type: 'object', properties: { id: { type: 'string', minLength: 1 } } } } },
    async (req, reply) => {
      await authn.probe(req.body as Record<string, unknown>, req.query.id);
      return reply.code(204).send();
    },
  );

  app.put('/authentication/order', { schema: { body: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } } } }, async (req, reply) => {
    await authn.reorder((req.body as { id: string }[]).map((x) => x.id));
    return reply.code(204).send();
  });

  app.get<IdParams>('/authentication/:id', { schema: { params: routeSchema('get', '/authentication/{id}').params } }, async (req) => authn.get(req.params.id));

  app.put<IdParams>('/authentication/:id', { schema: { params: routeSchema('put', '/authentication/{id}').params, body: objectBody } }, async (req, reply) => {
    await authn.update(req.params.id, req.body as Record<string, unknown>);
    return reply.code(204).send();
  });

  app.delete<IdParams>('/authentication/:id', async (req, reply) => {
    await authn.delete(req.params.id);
    return reply.code(204).send();
  });

  app.get<IdParams>('/authentication/:id/status', async (req) => authn.status(req.params.id));

  app.put<{ Params: { id: string; position: string } }>('/authentication/:id/position/:position', async (req, reply) => {
    const { id, position } = req.params;
    if (!/^(front|rear|(before|after):.+)$/.test(position)) throw new ApiError(400, 'BAD_REQUEST', `Invalid position: ${position}`);
    await authn.move(id, position);
    return reply.code(204).send();
  });

  await authnUsersRoutes(app);
}
