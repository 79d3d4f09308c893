// Slow subscriptions: GET|PUT /slow_subscriptions/settings (the `slow_subs` root), GET /slow_subscriptions (the
// ranking, slowest first; `page`/`limit` slice it, all of it by default as EMQX answers), DELETE /slow_subscriptions
// (clear the ranking).
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { intParam, pageArray } from '../../shared/paging';
import { MAX_SIZE, SlowSubsService } from './slow-subscriptions.service';

export default async function slowSubscriptionsRoutes(app: FastifyInstance): Promise<void> {
  const service = new SlowSubsService(app);
  app.addHook('onClose', async () => service.close());

  route(app, 'get', '/slow_subscriptions/settings', { handler: async () => service.settings() });

  route(app, 'put', '/slow_subscriptions/settings', {
    handler: async (req) => {
      // the whole root is replaced: omitted keys take their defaults again (as EMQX's update of [slow_subs])
      await app.config.update('slow_subs', req.body ?? {});
      return service.settings();
    },
  });

  route(app, 'get', '/slow_subscriptions', {
    handler: async (req) => {
      const page = intParam(req.query, 'page', 1, 1);
      const limit = intParam(req.query, 'limit', MAX_SIZE, 1);
      const { data } = pageArray(service.ranking(), { page, limit });
      return { data: data.map((r) => ({ clientid: r.clientid, node: app.nodeName, topic: r.topic, timespan: r.timespan, last_update_time: r.lastUpdate })) };
    },
  });

  route(app, 'delete', '/slow_subscriptions', {
    handler: async (_req, reply) => {
      service.clear();
      return reply.code(204).send();
    },
  });
}
