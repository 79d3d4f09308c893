// Topic rewrite: GET|PUT /mqtt/topic_rewrite (the whole ordered rule list). A PUT is checked first
// (413 EXCEED_LIMIT from 20 rules, 400 BAD_REQUEST for a bad regex or a wildcard destination), then
// stored in the `rewrite` config root and applied live.
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { TopicRewriteService } from './topic-rewrite.service';
import { MAX_RULES, ruleErrors } from './topic-rewrite.rules';

export default async function topicRewriteRoutes(app: FastifyInstance): Promise<void> {
  const service = new TopicRewriteService(app);
  app.addHook('onClose', async () => service.close());

  route(app, 'get', '/mqtt/topic_rewrite', { handler: async () => service.list() });

  route(app, 'put', '/mqtt/topic_rewrite', {
    handler: async (req) => {
      // the body schema refuses a missing body; `?? []` only satisfies the optional type
      const rules = (req.body ?? []).map(({ action, source_topic, re, dest_topic }) => ({ action, source_topic, re, dest_topic }));
      if (rules.length >= MAX_RULES) throw new ApiError(413, 'EXCEED_LIMIT', `Max rewrite rules count is ${MAX_RULES}`);
      const errors = ruleErrors(rules);
      if (errors.length) throw new ApiError(400, 'BAD_REQUEST', errors.join('; '));
      await app.config.update('rewrite', rules);
      return service.list();
    },
  });
}
