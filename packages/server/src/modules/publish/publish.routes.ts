// POST /publish and /publish/bulk with EMQX's reason-code answers.
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { dispatch, isPublishError, type OutgoingMessage, toMessage } from './message';

export default async function publishRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'post', '/publish', {
    handler: async (req, reply) => {
      const msg = toMessage(req.body, app.broker.settings.maxPacketSize);
      if (isPublishError(msg)) return reply.code(msg.status).send(msg.body);
      const result = await dispatch(app.broker, msg);
      return reply.code(result.status).send(result.body);
    },
  });

  route(app, 'post', '/publish/bulk', {
    handler: async (req, reply) => {
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
      const delivered = results.flatMap((r) => (r.status === 200 ? [r.body] : []));
      if (delivered.length === results.length) return reply.code(200).send(delivered);
      // any 503 makes the batch 503, else some went unmatched: 202 (API.md §3.7)
      return reply.code(results.some((r) => r.status === 503) ? 503 : 202).send(results.map((r) => r.body));
    },
  });
}
