// Auto subscribe: GET|PUT /mqtt/auto_subscribe (the whole topic list). More than 20 topics → 409
// EXCEED_LIMIT (EMQX's text, double space included); a topic that is not a valid filter → 400.
// Stored in the `auto_subscribe` config root; applies to clients connecting from then on.
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { subscribeFilterProblem } from '../../shared/topic';
import { AutoSubscribeService, MAX_AUTO_SUBSCRIBE, withDefaults } from './auto-subscribe.service';

export default async function autoSubscribeRoutes(app: FastifyInstance): Promise<void> {
  const service = new AutoSubscribeService(app);
  app.addHook('onClose', async () => service.close());

  route(app, 'get', '/mqtt/auto_subscribe', { handler: async () => service.list() });

  route(app, 'put', '/mqtt/auto_subscribe', {
    handler: async (req) => {
      // the body schema refuses a missing body; `?? []` only satisfies the optional type
      const topics = (req.body ?? []).map(withDefaults);
      if (topics.length > MAX_AUTO_SUBSCRIBE) throw new ApiError(409, 'EXCEED_LIMIT', `Max auto subscribe topic count is  ${MAX_AUTO_SUBSCRIBE}`);
      // placeholders stand for one level each: check the filter with a sample value in their place
      const bad = topics.flatMap((t) => {
        const why = subscribeFilterProblem(t.topic.replace(/\$\{(clientid|username|host|port)\}/g, 'x'));
        return why ? [`${JSON.stringify(t.topic)} (${why})`] : [];
      });
      if (bad.length) throw new ApiError(400, 'BAD_REQUEST', `Invalid topic filter: ${bad.join(', ')}`);
      await app.config.update('auto_subscribe', { topics });
      return service.list();
    },
  });
}
