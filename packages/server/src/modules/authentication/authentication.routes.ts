// /authentication… (API.md §3.9): the chain, one authenticator, status, position and order.
// Bodies are checked by the authenticator kinds (backends/index.ts) rather than the contract's
// oneOf over every backend, so a mistake gets a message naming the field.
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { authnUsersRoutes } from './built-in-users.routes';

// the contract's body is a oneOf over 22 kinds: cut from it, a wrong field would get ajv's union
// message instead of the kind's own (backends/index.ts), so only "an object" is checked here, as before
const objectBody = { type: 'object' };

export default async function authenticationRoutes(app: FastifyInstance): Promise<void> {
  const authn = app.authn;

  route(app, 'get', '/authentication', { handler: async () => authn.list() });

  route(app, 'post', '/authentication', {
    schema: { body: objectBody },
    handler: async (req) => authn.create(req.body ?? {}),
  });

  // MQDeck extension (docs/api-extensions.md), named like EMQX's /connectors_probe: 204 or 400 TEST_FAILED
  route(app, 'post', '/authentication_probe', {
    schema: { body: objectBody, querystring: { type: 'object', properties: { id: { type: 'string', minLength: 1 } } } },
    handler: async (req, reply) => {
      await authn.probe(req.body, req.query.id);
      return reply.code(204).send();
    },
  });

  route(app, 'put', '/authentication/order', {
    handler: async (req, reply) => {
      await authn.reorder((req.body ?? []).map((x) => x.id));
      return reply.code(204).send();
    },
  });

  route(app, 'get', '/authentication/{id}', { handler: async (req) => authn.get(req.params.id) });

  route(app, 'put', '/authentication/{id}', {
    schema: ({ params }) => ({ params, body: objectBody }),
    handler: async (req, reply) => {
      await authn.update(req.params.id, req.body ?? {});
      return reply.code(204).send();
    },
  });

  route(app, 'delete', '/authentication/{id}', {
    handler: async (req, reply) => {
      await authn.delete(req.params.id);
      return reply.code(204).send();
    },
  });

  route(app, 'get', '/authentication/{id}/status', { handler: async (req) => authn.status(req.params.id) });

  route(app, 'put', '/authentication/{id}/position/{position}', {
    handler: async (req, reply) => {
      const { id, position } = req.params;
      if (!/^(front|rear|(before|after):.+)$/.test(position)) throw new ApiError(400, 'BAD_REQUEST', `Invalid position: ${position}`);
      await authn.move(id, position);
      return reply.code(204).send();
    },
  });

  await authnUsersRoutes(app);
}
