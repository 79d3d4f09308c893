// Topic metrics: GET|POST|PUT /mqtt/topic_metrics (list, add a topic, reset one or all), GET|DELETE
// /mqtt/topic_metrics/{topic} (the topic URL-encoded). Texts and codes are EMQX's (emqx_topic_metrics_api).
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { TopicMetricsService } from './topic-metrics.service';
import { toView } from './topic-metrics.format';

export default async function topicMetricsRoutes(app: FastifyInstance): Promise<void> {
  const service = new TopicMetricsService(app);
  app.addHook('onClose', async () => service.close());

  const find = (topic: string) => {
    const e = service.get(topic);
    if (!e) throw new ApiError(404, 'TOPIC_NOT_FOUND', 'Topic not found');
    return e;
  };

  route(app, 'get', '/mqtt/topic_metrics', { handler: async () => service.list().map(toView) });

  route(app, 'post', '/mqtt/topic_metrics', {
    handler: async (req) => {
      if (!req.body) throw new ApiError(400, 'BAD_REQUEST', 'expected a body {topic}');
      return toView(await service.add(req.body.topic));
    },
  });

  route(app, 'put', '/mqtt/topic_metrics', {
    handler: async (req) => {
      if (!req.body) throw new ApiError(400, 'BAD_REQUEST', 'expected a body {action: "reset", topic?}');
      const { action, topic } = req.body;
      if (action !== 'reset') throw new ApiError(400, 'BAD_REQUEST', `Unsupported action ${action}: only reset is supported`);
      service.reset(topic);
      return topic === undefined ? service.list().map(toView) : toView(find(topic));
    },
  });

  route(app, 'get', '/mqtt/topic_metrics/{topic}', { handler: async (req) => toView(find(req.params.topic)) });

  route(app, 'delete', '/mqtt/topic_metrics/{topic}', {
    handler: async (req, reply) => {
      await service.remove(req.params.topic);
      return reply.code(204).send();
    },
  });
}
