// /authorization… (API.md §3.10): settings, cache, sources (list/create/update/delete/move/order/status)
// and our own POST /authorization/explain (docs/api-extensions.md). Source bodies are checked by the
// service rather than the contract's oneOf over every backend.
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors';
import { builtInRulesRoutes } from './built-in-rules.routes';

type TypeParams = { Params: { type: string } };

const settingsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['no_match', 'deny_action'],
  properties: {
    no_match: { type: 'string', enum: ['allow', 'deny'] },
    deny_action: { type: 'string', enum: ['ignore', 'disconnect'] },
    cache: {
      type: 'object',
      additionalProperties: false,
      properties: {
        enable: { type: 'boolean' },
        max_size: { type: 'integer', minimum: 1, maximum: 1048576 },
        ttl: { type: 'string' },
        excludes: { type: 'array', items: { type: 'string' } },
      },
    },
  },
};

const explainBody = {
  type: 'object',
  additionalProperties: false,
  required: ['clientid', 'action', 'topic'],
  properties: {
    clientid: { type: 'string' },
    username: { type: ['string', 'null'] },
    peerhost: { type: 'string' },
    action: { type: 'string', enum: ['publish', 'subscribe'] },
    topic: { type: 'string', minLength: 1 },
    qos: { type: 'integer', minimum: 0, maximum: 2 },
    retain: { type: 'boolean' },
    is_superuser: { type: 'boolean' },
  },
};

export default async function authorizationRoutes(app: FastifyInstance): Promise<void> {
  const authz = app.authz;

  app.get('/authorization/settings', async () => authz.settings());
  app.put('/authorization/settings', { schema: { body: settingsBody } }, async (req) => authz.updateSettings(req.body as Record<string, unknown>));

  app.delete('/authorization/cache', async (_req, reply) => {
    authz.cache.clear();
    return reply.code(204).send();
  });

  app.get('/authorization/sources', async () => ({ sources: authz.list() }));
  app.post('/authorization/sources', { schema: { body: { type: 'object' } } }, async (req, reply) => {
    await authz.create(req.body as Record<string, unknown>);
    return reply.code(204).send();
  });
  app.put('/authorization/sources/order', { schema: { body: { type: 'array', items: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } } } } }, async (req, reply) => {
    await authz.reorder((req.body as { type: string }[]).map((x) => x.type));
    return reply.code(204).send();
  });

  await builtInRulesRoutes(app);

  app.get<TypeParams>('/authorization/sources/:type', async (req) => authz.get(req.params.type));
  app.put<TypeParams>('/authorization/sources/:type', { schema: { body: { type: 'object' } } }, async (req, reply) => {
    await authz.update(req.params.type, req.body as Record<string, unknown>);
    return reply.code(204).send();
  });
  app.delete<TypeParams>('/authorization/sources/:type', async (req, reply) => {
    await authz.delete(req.params.type);
    return reply.code(204).send();
  });
  app.get<TypeParams>('/authorization/sources/:type/status', async (req) => authz.status(req.params.type));
  app.post<TypeParams>('/authorization/sources/:type/move', { schema: { body: { type: 'object', required: ['position'], properties: { position: { type: 'string' } } } } }, async (req, reply) => {
    const position = (req.body as { position: string }).position;
    if (!/^(front|rear|(before|after):.+)$/.test(position)) throw new ApiError(400, 'BAD_REQUEST', `Invalid position: ${position}`);
    await authz.move(req.params.type, position);
    return reply.code(204).send();
  });

  app.post('/authorization/explain', { schema: { body: explainBody } }, async (req) => {
    const b = req.body as { clientid: string; username?: string | null; peerhost?: string; action: 'publish' | 'subscribe'; topic: string; qos?: number; retain?: boolean; is_superuser?: boolean };
    // a client's peerhost is always an address: anything else would only ever miss the ipaddress rules
    if (b.peerhost !== undefined && isIP(b.peerhost) === 0) {
      throw new ApiError(400, 'BAD_REQUEST', `peerhost: '${b.peerhost}' is not an IPv4 or IPv6 address`);
    }
    const view = { clientid: b.clientid, username: b.username ?? null, peerhost: b.peerhost ?? '127.0.0.1', action: b.action, topic: b.topic, qos: b.qos ?? 0, retain: b.retain ?? false };
    return authz.evaluate(view, b.is_superuser ?? false);
  });
}
