// Schema registry: GET|POST /schema_registry, GET|PUT|DELETE /schema_registry/{name}, and the external registries
// GET|POST /schema_registry_external, GET|PUT|DELETE /schema_registry_external/registry/{name}
// (EMQX emqx_schema_registry_http_api; the 5.8.1 document types the external GET/PUT answers as schemas, EMQX
// answers registries: {type, url, auth} with the password as ******, sent through `reply`). Answers carry the name with the stored schema; codes and texts are EMQX's,
// except that a source that does not compile is answered with a plain sentence saying why (and where).
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { nameProblem } from './schema-registry.service';
import type { StoredSchema } from './schema-registry.store';

const view = (s: StoredSchema) => ({ name: s.name, type: s.type, source: s.source, description: s.description });

export default async function schemaRegistryRoutes(app: FastifyInstance): Promise<void> {
  const registry = app.schemaRegistry;

  route(app, 'get', '/schema_registry', { handler: async () => registry.list().map(view) });

  route(app, 'post', '/schema_registry', {
    handler: async (req, reply) => {
      if (!req.body) throw new ApiError(400, 'BAD_REQUEST', 'Expected a body {name, type, source, description}.');
      const { name, type, source, description } = req.body;
      return reply.code(201).send(view(registry.create(name, { type, source, description })));
    },
  });

  route(app, 'get', '/schema_registry/{name}', {
    handler: async (req) => {
      const s = registry.get(req.params.name);
      if (!s) throw new ApiError(404, 'NOT_FOUND', 'Schema not found');
      return view(s);
    },
  });

  route(app, 'put', '/schema_registry/{name}', {
    handler: async (req) => {
      if (!req.body) throw new ApiError(400, 'BAD_REQUEST', 'Expected a body {type, source, description}.');
      const { type, source, description } = req.body;
      return view(registry.update(req.params.name, { type, source, description }));
    },
  });

  route(app, 'delete', '/schema_registry/{name}', {
    handler: async (req, reply) => {
      registry.remove(req.params.name);
      return reply.code(204).send();
    },
  });

  // ------------------------------------------------------------------------------------ external registries

  const external = registry.external;

  route(app, 'get', '/schema_registry_external', { handler: async (_req, reply) => reply.code(200).send(external.list() as never) });

  route(app, 'post', '/schema_registry_external', {
    handler: async (req, reply) => {
      const { name, ...params } = (req.body ?? {}) as { name?: unknown };
      if (typeof name !== 'string') throw new ApiError(400, 'BAD_REQUEST', 'name: required field.');
      return reply.code(201).send(external.create(name, params, nameProblem) as never);
    },
  });

  route(app, 'get', '/schema_registry_external/registry/{name}', {
    handler: async (req, reply) => reply.code(200).send(external.get(req.params.name) as never),
  });

  route(app, 'put', '/schema_registry_external/registry/{name}', {
    handler: async (req, reply) => reply.code(200).send(external.update(req.params.name, req.body ?? {}) as never),
  });

  route(app, 'delete', '/schema_registry_external/registry/{name}', {
    handler: async (req, reply) => {
      external.remove(req.params.name);
      return reply.code(204).send();
    },
  });
}
