// /clients and the hidden /clients_v2, one client's detail, kick, bulk kick, keepalive,
// /sessions_count and the authorization cache. Subscriptions and queues are in their own files.
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../../contract/route-schema';
import { ApiError } from '../../errors';
import { intParam, parsePaging, single } from '../../shared/paging';
import { toClient } from './clients.format';
import { ClientIndex } from './clients.index';
import { clientQueueRoutes } from './clients.queues';
import { clientNotFound, listClients, listClientsV2, requireClient } from './clients.service';
import { clientSubscriptionRoutes } from './clients.subscriptions';

type Query = { Querystring: Record<string, unknown> };
type ClientParams = { Params: { clientid: string } };

/**
 * The contract's /clients query schema with `fields` loosened to a string: EMQX accepts the comma
 * list ("clientid,username") that the array-of-enum declaration cannot express; the handler checks it.
 */
function clientsQuerySchema(extra: Record<string, unknown> = {}) {
  const base = routeSchema('get', '/clients');
  const qs = base.querystring ?? { type: 'object', properties: {} };
  return { querystring: { ...qs, properties: { ...qs.properties, fields: { type: 'string' }, ...extra } } };
}

export default async function clientsRoutes(app: FastifyInstance): Promise<void> {
  const broker = app.broker;
  const index = new ClientIndex(broker);
  app.addHook('onClose', async () => index.close());

  app.get<Query>('/clients', { schema: clientsQuerySchema() }, async (req) => listClients(broker, index, req.query, parsePaging(req.query)));

  app.get<Query>('/clients_v2', { schema: clientsQuerySchema({ cursor: { type: 'string' } }) }, async (req) =>
    listClientsV2(broker, index, req.query, single(req.query.cursor), intParam(req.query, 'limit', 100, 1, 10_000)),
  );

  app.get<ClientParams>('/clients/:clientid', { schema: routeSchema('get', '/clients/{clientid}') }, async (req) =>
    toClient(requireClient(broker, req.params.clientid)),
  );

  app.delete<ClientParams>('/clients/:clientid', { schema: routeSchema('delete', '/clients/{clientid}') }, async (req, reply) => {
    if (!broker.kick(req.params.clientid)) throw clientNotFound();
    return reply.code(204).send();
  });

  app.post('/clients/kickout/bulk', { schema: routeSchema('post', '/clients/kickout/bulk') }, async (req, reply) => {
    const ids = req.body;
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) {
      throw new ApiError(400, 'BAD_REQUEST', 'body: expected an array of client IDs');
    }
    for (const id of ids as string[]) broker.kick(id);
    return reply.code(204).send();
  });

  app.put<ClientParams & { Body: unknown }>('/clients/:clientid/keepalive', async (req) => {
    const interval = (req.body as { interval?: unknown } | null)?.interval;
    if (typeof interval !== 'number' || !Number.isInteger(interval) || interval < 0 || interval > 65535) {
      throw new ApiError(400, 'BAD_REQUEST', `interval: must be an integer between 0 and 65535, got ${JSON.stringify(interval ?? null)}`);
    }
    requireClient(broker, req.params.clientid);
    if (!broker.setKeepalive(req.params.clientid, interval)) throw clientNotFound();
    return toClient(requireClient(broker, req.params.clientid));
  });

  app.get<Query>('/sessions_count', { schema: routeSchema('get', '/sessions_count') }, async (req, reply) => {
    const since = intParam(req.query, 'since', 0, 0);
    // Expired sessions are discarded at once (broker.session_history_retain = 0s), so every session the
    // broker still holds counts, whatever `since` says; the parameter is still validated.
    void since;
    return reply.type('application/json').send(JSON.stringify(broker.clientCount().sessions));
  });

  // The client's authorization cache: `access` is an object {action_type, qos} as EMQX 5.8 answers.
  app.get<ClientParams>('/clients/:clientid/authorization/cache', { schema: routeSchema('get', '/clients/{clientid}/authorization/cache') }, async (req) => {
    requireClient(broker, req.params.clientid);
    return app.authz.cache.of(req.params.clientid);
  });

  app.delete<ClientParams>('/clients/:clientid/authorization/cache', { schema: routeSchema('delete', '/clients/{clientid}/authorization/cache') }, async (req, reply) => {
    requireClient(broker, req.params.clientid);
    app.authz.cache.clear(req.params.clientid);
    return reply.code(204).send();
  });

  await clientSubscriptionRoutes(app);
  await clientQueueRoutes(app);
}
