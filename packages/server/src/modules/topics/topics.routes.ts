// GET /topics (the routing table: distinct subscribed filters) and GET /topics/{topic}.
// ⚠ The invalid-filter error code is spelled INVALID_PARAMTER, verbatim from EMQX.
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { pageOf, parsePaging, single } from '../../shared/paging';
import { isValidTopicFilter } from '../../shared/topic';

export default async function topicsRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'get', '/topics', {
    handler: async (req) => {
      const paging = parsePaging(req.query);
      const topic = single(req.query.topic);
      if (topic !== undefined && topic !== '' && !isValidTopicFilter(topic)) {
        throw new ApiError(400, 'INVALID_PARAMTER', 'topic_filter_invalid');
      }
      const node = single(req.query.node);
      // A one-node routing table: another node's name selects nothing.
      const source = node !== undefined && node !== app.nodeName ? [] : app.broker.topics();
      return pageOf(source, paging, {
        filter: topic ? (t) => t === topic : undefined,
        map: (t) => ({ topic: t, node: app.nodeName }),
        count: true,
      });
    },
  });

  route(app, 'get', '/topics/{topic}', {
    handler: async (req) => {
      const wanted = req.params.topic;
      for (const t of app.broker.topics()) if (t === wanted) return [{ topic: t, node: app.nodeName }];
      throw new ApiError(404, 'TOPIC_NOT_FOUND', 'Topic not found');
    },
  });
}
