// /clients and the hidden /clients_v2, one client's detail, kick, bulk kick, keepalive,
// /sessions_count and the authorization cache. Subscriptions and queues are in their own files.
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { routeSchema, type RouteSchema } from '../../contract/route-schema';
import { ApiError } from '../../errors';
import { intParam, parsePaging, single } from '../../shared/paging';
import { toClient } from './clients.format';
import { ClientIndex } from './client-index';
import { clientQueueRoutes } from './queues';
import { clientNotFound, listClients, listClientsV2, requireClient } from './clients.service';
import { clientSubscriptionRoutes } from './client-subscriptions';

/**
 * The contract's /clients query schema with `fields` loosened to a string: EMQX accepts the comma
 * list ("clientid,username") that the array-of-enum declaration cannot express; the handler checks it.
 */
function clientsQuerySchema(contract: RouteSchema, extra: Record<string, unknown> = {}): RouteSchema {
  const qs = contract.querystring ?? { type: 'object', properties: {} };
  return { querystring: { ...qs, properties: { ...qs.properties, fields: { type: 'string' }, ...extra } } };
}

export default async function clientsRoutes(app: FastifyInstance): Promise<void> {
  const broker = app.broker;
  const index = new ClientIndex(broker);
  app.addHook('onClose', async () => index.close());

  route(app, 'get', '/clients', {
    schema: (contract) => clientsQuerySchema(contract),
    handler: async (req) => listClients(broker, index, req.query ?? {}, parsePaging(req.query ?? {})),
  });

  route(app, 'get', '/clients_v2', {
    // hidden (API.md §3.4): the /clients filters plus the cursor
    schema: clientsQuerySchema(routeSchema('get', '/clients'), { cursor: { type: 'string' } }),
    handler: async (req) => listClientsV2(broker, index, req.query, single(req.query.cursor), intParam(req.query, 'limit', 100, 1, 10_000)),
  });

  route(app, 'get', '/clients/{clientid}', { handler: async (req) => toClient(requireClient(broker, req.params.clientid)) });

  route(app, 'delete', '/clients/{clientid}', {
    handler: async (req, reply) => {
      if (!broker.kick(req.params.clientid)) throw clientNotFound();
      return reply.code(204).send();
    },
  });

  route(app, 'post', '/clients/kickout/bulk', {
    handler: async (req, reply) => {
      const ids = req.body;
      if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) {
        throw new ApiError(400, 'BAD_REQUEST', 'body: expected an array of client IDs');
      }
      for (const id of ids) broker.kick(id);
      return reply.code(204).send();
    },
  });

  route(app, 'put', '/clients/{clientid}/keepalive', {
    // hidden (API.md §3.4), registered unvalidated like before: the handler names what is wrong
    schema: {},
    handler: async (req) => {
      const interval = req.body?.interval;
      if (typeof interval !== 'number' || !Number.isInteger(interval) || interval < 0 || interval > 65535) {
        throw new ApiError(400, 'BAD_REQUEST', `interval: must be an integer between 0 and 65535, got ${JSON.stringify(interval ?? null)}`);
      }
      requireClient(broker, req.params.clientid);
      if (!broker.setKeepalive(req.params.clientid, interval)) throw clientNotFound();
      return toClient(requireClient(broker, req.params.clientid));
    },
  });

  route(app, 'get', '/sessions_count', {
    handler: async (req) => {
      const since = intParam(req.query ?? {}, 'since', 0, 0);
      // Expired sessions are discarded at once (broker.session_history_retain = 0s), so every session the
      // broker still holds counts, whatever `since` says; the parameter is still validated.
      void since;
      // a bare JSON number; Fastify sends it with an application/json type (a string would go out as text/plain)
      return broker.clientCount().sessions;
    },
  });

  // The client's authorization cache: `access` is an object {action_type, qos}, the way EMQX 5.8 answers.
  route(app, 'get', '/clients/{clientid}/authorization/cache', {
    handler: async (req) => {
      requireClient(broker, req.params.clientid);
      return app.authz.cache.of(req.params.clientid);
    },
  });

  route(app, 'delete', '/clients/{clientid}/authorization/cache', {
    handler: async (req, reply) => {
      requireClient(broker, req.params.clientid);
      app.authz.cache.clear(req.params.clientid);
      return reply.code(204).send();
    },
  });

  await clientSubscriptionRoutes(app);
  await clientQueueRoutes(app);
}
