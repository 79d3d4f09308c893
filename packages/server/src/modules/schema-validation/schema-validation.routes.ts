// Schema validation (EMQX emqx_schema_validation_http_api): GET|POST|PUT /schema_validations (list, append,
// update by the body's name), GET|DELETE /schema_validations/validation/{name}, POST …/enable/{enable},
// GET …/metrics, POST …/metrics/reset, POST /schema_validations/reorder. Texts and codes are EMQX's; a body its
// schema refuses is answered with a plain sentence.
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import type { ValidationBody } from './checks';
import { SchemaValidationService } from './schema-validation.service';

// The EE 5.8.1 document mistypes three answers that EMQX's handlers send otherwise (emqx_schema_validation_http_api):
// the list is typed as an array of arrays (api_schema(list) wrapped once more), `topics` as string | string[] (EMQX
// answers the converted array), `node_metrics` as one object (EMQX answers [{node, metrics}]). The bodies here are
// EMQX's; `as never` steps over the generated types at those points only.

export default async function schemaValidationRoutes(app: FastifyInstance): Promise<void> {
  const service = new SchemaValidationService(app);
  app.addHook('onClose', async () => service.close());

  const find = (name: string) => {
    const v = service.get(name);
    if (!v) throw new ApiError(404, 'NOT_FOUND', 'Validation not found');
    return v;
  };
  const body = (b: unknown): ValidationBody => {
    if (!b) throw new ApiError(400, 'BAD_REQUEST', 'Expected a validation in the body.');
    return b as ValidationBody;
  };

  route(app, 'get', '/schema_validations', { handler: async () => service.all() as never });
  route(app, 'post', '/schema_validations', { handler: async (req, reply) => reply.code(201).send(service.insert(body(req.body)) as never) });
  route(app, 'put', '/schema_validations', { handler: async (req) => service.update(body(req.body)) as never });

  route(app, 'get', '/schema_validations/validation/{name}', { handler: async (req) => find(req.params.name) as never });
  route(app, 'delete', '/schema_validations/validation/{name}', {
    handler: async (req, reply) => {
      service.remove(req.params.name);
      return reply.code(204).send();
    },
  });

  route(app, 'post', '/schema_validations/validation/{name}/enable/{enable}', {
    handler: async (req, reply) => {
      service.setEnable(req.params.name, String(req.params.enable) === 'true');
      return reply.code(204).send();
    },
  });

  route(app, 'get', '/schema_validations/validation/{name}/metrics', {
    handler: async (req) => {
      const metrics = service.metrics(req.params.name);
      return { metrics, node_metrics: [{ node: app.nodeName, metrics }] } as never;
    },
  });
  route(app, 'post', '/schema_validations/validation/{name}/metrics/reset', {
    handler: async (req, reply) => {
      service.resetMetrics(req.params.name);
      return reply.code(204).send();
    },
  });

  route(app, 'post', '/schema_validations/reorder', {
    handler: async (req, reply) => {
      const refused = service.reorder(req.body?.order ?? []);
      if (refused) return reply.code(400).send({ code: 'BAD_REQUEST', message: 'Bad request', ...refused });
      return reply.code(204).send();
    },
  });
}
