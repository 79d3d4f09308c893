// /authorization… (API.md §3.10): settings, cache, sources (list/create/update/delete/move/order/status)
// and our own POST /authorization/explain (docs/api-extensions.md). Source bodies are checked by the
// service rather than the contract's oneOf over every backend.
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { builtInRulesRoutes } from './built-in-rules.routes';
import { given } from './required-body';

// The node's own settings body: no defaults filled in and no unknown keys (the contract's would fill
// cache.* defaults through ajv's useDefaults and accept extra keys)
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

// Source bodies: the contract's oneOf over every kind would replace the service's field messages, and
// an unknown {type} in a path answers the service's 404 rather than a 400 from the contract's enum
const objectBody = { type: 'object' };

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

  route(app, 'get', '/authorization/settings', { handler: async () => authz.settings() });
  route(app, 'put', '/authorization/settings', {
    schema: { body: settingsBody },
    // emqx_authz_api_settings checks the body's fields (emqx_schema:authz_fields/0, a field list) each by its name
    hoconBody: {},
    handler: async (req) => authz.updateSettings(given(req.body)),
  });

  route(app, 'delete', '/authorization/cache', {
    handler: async (_req, reply) => {
      authz.cache.clear();
      return reply.code(204).send();
    },
  });

  route(app, 'get', '/authorization/sources', { handler: async () => ({ sources: authz.list() }) });
  route(app, 'post', '/authorization/sources', {
    schema: { body: objectBody },
    handler: async (req, reply) => {
      await authz.create(given(req.body));
      return reply.code(204).send();
    },
  });
  route(app, 'put', '/authorization/sources/order', {
    // any type name: the service answers an unknown or missing one with the full list it expects
    schema: { body: { type: 'array', items: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } } } },
    handler: async (req, reply) => {
      await authz.reorder(given(req.body).map((x) => x.type));
      return reply.code(204).send();
    },
  });

  await builtInRulesRoutes(app);

  route(app, 'get', '/authorization/sources/{type}', { schema: {}, handler: async (req) => authz.get(req.params.type) });
  route(app, 'put', '/authorization/sources/{type}', {
    schema: { body: objectBody },
    handler: async (req, reply) => {
      await authz.update(req.params.type, given(req.body));
      return reply.code(204).send();
    },
  });
  route(app, 'delete', '/authorization/sources/{type}', {
    schema: {},
    handler: async (req, reply) => {
      await authz.delete(req.params.type);
      return reply.code(204).send();
    },
  });
  route(app, 'get', '/authorization/sources/{type}/status', { schema: {}, handler: async (req) => authz.status(req.params.type) });
  route(app, 'post', '/authorization/sources/{type}/move', {
    schema: ({ body }) => ({ body }),
    handler: async (req, reply) => {
      const { position } = given(req.body);
      if (!/^(front|rear|(before|after):.+)$/.test(position)) throw new ApiError(400, 'BAD_REQUEST', `Invalid position: ${position}`);
      await authz.move(req.params.type, position);
      return reply.code(204).send();
    },
  });

  // MQDeck extension (docs/api-extensions.md)
  route(app, 'post', '/authorization/explain', {
    schema: { body: explainBody },
    handler: async (req) => {
      const b = req.body;
      // a client's peerhost is always an address: anything else would only ever miss the ipaddress rules
      if (b.peerhost !== undefined && isIP(b.peerhost) === 0) {
        throw new ApiError(400, 'BAD_REQUEST', `peerhost: '${b.peerhost}' is not an IPv4 or IPv6 address`);
      }
      const view = {
        clientid: b.clientid,
        username: b.username ?? null,
        peerhost: b.peerhost ?? '127.0.0.1',
        action: b.action,
        topic: b.topic,
        qos: b.qos ?? 0,
        retain: b.retain ?? false,
      };
      return authz.evaluate(view, b.is_superuser ?? false);
    },
  });
}
