// Retainer: GET|PUT /mqtt/retainer (config), GET|DELETE /mqtt/retainer/messages,
// GET|DELETE /mqtt/retainer/message/{topic} (URL-encoded; a wildcard selects the first match on GET).
import type { RetainedMessage } from '@mqdeck/broker';
import type { FastifyInstance } from 'fastify';
import type { RetainerConfig } from '@mqdeck/api';
import { route } from '../../contract/route';
import type { RouteSchema } from '../../contract/route-schema';
import { ApiError } from '../../errors';
import { pageArray, parsePaging, single } from '../../shared/paging';
import { isValidTopicFilter } from '../../shared/topic';
import { applyRetainer, validateRetainer } from './retained.config';
import { toDetail, toSummary } from './retained.format';

const notFound = () => new ApiError(404, 'NOT_FOUND', "Viewed message doesn't exist");
const isWildcard = (t: string) => t.includes('+') || t.includes('#');

/**
 * The contract's PUT body schema with `backend.index_specs` fixed: the 5.8.1 document declares an array
 * of integers while the value (and its own default) is an array of integer arrays.
 */
function putSchema(base: RouteSchema): RouteSchema {
  const body = base.body;
  const backend = body?.properties?.backend;
  if (!body || !backend?.properties) return base;
  const indexSpecs = { type: 'array', items: { type: 'array', items: { type: 'integer', minimum: 1 } } };
  return { ...base, body: { ...body, properties: { ...body.properties, backend: { ...backend, properties: { ...backend.properties, index_specs: indexSpecs } } } } };
}

export default async function retainedRoutes(app: FastifyInstance): Promise<void> {
  const store = () => app.broker.retained;
  applyRetainer(app);

  const requireBuiltIn = () => {
    let type: unknown = 'built_in_database';
    try {
      type = app.config.get<unknown>('retainer.backend.type') ?? type;
    } catch {}
    if (type !== 'built_in_database') throw new ApiError(400, 'BAD_REQUEST', 'This API only support built in database');
  };

  const current = () => app.config.get<RetainerConfig>('retainer');

  route(app, 'get', '/mqtt/retainer', { handler: async () => current() });

  route(app, 'put', '/mqtt/retainer', {
    schema: putSchema,
    handler: async (req) => {
      const body = validateRetainer(req.body);
      try {
        await app.config.update('retainer', body);
      } catch (err) {
        throw new ApiError(400, 'UPDATE_FAILED', err instanceof Error ? err.message : String(err));
      }
      applyRetainer(app);
      return current();
    },
  });

  route(app, 'get', '/mqtt/retainer/messages', {
    handler: async (req) => {
      requireBuiltIn();
      const paging = parsePaging(req.query);
      const topic = single(req.query.topic);
      if (topic !== undefined && topic !== '') {
        if (!isValidTopicFilter(topic)) throw new ApiError(400, 'BAD_REQUEST', `topic: invalid topic filter '${topic}'`);
        // A filtered listing has no cheap count (EMQX leaves it out too).
        return pageArray(store().match(topic).map(toSummary), paging, false);
      }
      const offset = (paging.page - 1) * paging.limit;
      const rows = store().list(offset, paging.limit + 1);
      return {
        data: rows.slice(0, paging.limit).map(toSummary),
        meta: { page: paging.page, limit: paging.limit, hasnext: rows.length > paging.limit, count: store().count() },
      };
    },
  });

  route(app, 'delete', '/mqtt/retainer/messages', {
    handler: async (_req, reply) => {
      store().clear();
      return reply.code(204).send();
    },
  });

  const find = (topic: string): RetainedMessage | undefined => (isWildcard(topic) ? store().match(topic)[0] : store().get(topic));

  route(app, 'get', '/mqtt/retainer/message/{topic}', {
    handler: async (req) => {
      requireBuiltIn();
      const msg = isValidTopicFilter(req.params.topic) ? find(req.params.topic) : undefined;
      if (!msg) throw notFound();
      return toDetail(msg);
    },
  });

  route(app, 'delete', '/mqtt/retainer/message/{topic}', {
    handler: async (req, reply) => {
      requireBuiltIn();
      const topic = req.params.topic;
      if (!isValidTopicFilter(topic) || !find(topic)) throw notFound();
      // As the built-in database does, a wildcard deletes every retained message it matches.
      if (isWildcard(topic)) for (const m of store().match(topic)) store().delete(m.topic);
      else store().delete(topic);
      return reply.code(204).send();
    },
  });
}
