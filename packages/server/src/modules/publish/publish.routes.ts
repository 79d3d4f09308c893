// POST /publish and /publish/bulk with EMQX's reason-code answers.
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../../contract/route-schema';
import { ApiError } from '../../errors';
import { dispatch, isPublishError, type OutgoingMessage, toMessage } from './publish.message';

export default async function publishRoutes(app: FastifyInstance): Promise<void> {
  app.post('/publish', { schema: routeSchema('post', '/publish') }, async (req, reply) => {
    const msg = toMessage(req.body, app.broker.settings.maxPacketSize);
    if (isPublishError(msg)) return reply.code(msg.status).send(msg.body);
    const result = await dispatch(app.broker, msg);
    return reply.code(result.status).send(result.body);
  });

  app.post('/publish/bulk', { schema: routeSchema('post', '/publish/bulk') }, async (req, reply) => {
    if (!Array.isArray(req.body) || req.body.length === 0) {
      throw new ApiError(400, 'BAD_REQUEST', 'body: expected a non-empty array of messages');
    }
    // Every item is checked before anything is published: one bad item refuses the whole batch.
    const messages: OutgoingMessage[] = [];
    for (const item of req.body) {
      const msg = toMessage(item, app.broker.settings.maxPacketSize);
      if (isPublishError(msg)) return reply.code(msg.status).send(msg.body);
      messages.push(msg);
    }
    const results = [];
    for (const msg of messages) results.push(await dispatch(app.broker, msg));
    const status = results.some((r) => r.status === 503) ? 503 : results.some((r) => r.status === 202) ? 202 : 200;
    return reply.code(status).send(results.map((r) => r.body));
  });
}
