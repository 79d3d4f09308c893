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
      const result = pageOf(source, paging, {
        filter: topic ? (t) => t === topic : undefined,
        map: (t) => ({ topic: t, node: app.nodeName }),
        count: true,
      });
      // EMQX (emqx_mgmt_api_topics:format_response_meta) stops reading once the page is full: `count` is then the
      // whole table's size without filters, and left out with `topic` or `node`; a read that ends first counts.
      const filtered = Boolean(topic) || (node !== undefined && node !== '');
      if (filtered && (result.meta.count ?? 0) >= paging.page * paging.limit) delete result.meta.count;
      return result;
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
