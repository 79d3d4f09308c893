// Message transformation (EMQX emqx_message_transformation_http_api): GET|POST|PUT /message_transformations (list,
// append, update by the body's name), GET|DELETE /message_transformations/transformation/{name}, POST …/enable/{enable},
// GET …/metrics, POST …/metrics/reset, POST /message_transformations/reorder, POST /message_transformations/dryrun.
// Texts and codes are EMQX's; a body its schema refuses is answered with a plain sentence.
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import type { RouteSchema } from '../../contract/route-schema';
import { ApiError } from '../../errors';
import { MessageTransformationService } from './message-transformation.service';

declare module 'fastify' {
  interface FastifyInstance {
    messageTransformation?: MessageTransformationService;
  }
}

// The EE 5.8.1 document mistypes what EMQX's handlers take and send (emqx_message_transformation_http_api):
// payload_decoder/payload_encoder as one of four strings (EMQX takes and answers {type, schema, message_type}),
// the list as an array of arrays, `node_metrics` as one object (EMQX answers [{node, metrics}]). The request schema
// leaves those two fields to transformation.ts (which answers with a sentence) and the dry run's body wholly to it;
// `as never` steps over the generated answer types at those points only.
const looseSerdes = ({ body }: RouteSchema): RouteSchema => {
  const b = body as { properties?: Record<string, unknown> } | undefined;
  return { body: { ...b, properties: { ...b?.properties, payload_decoder: {}, payload_encoder: {} } } };
};

export default async function messageTransformationRoutes(app: FastifyInstance): Promise<void> {
  const service = new MessageTransformationService(app);
  app.decorate('messageTransformation', service);
  app.addHook('onClose', async () => service.close());
  // $events/message_transformation_failed
  if (app.hasDecorator('rules')) service.onFailed((m, name) => app.rules.inputs.applyMessageFailed('message.transformation_failed', name, m));
  const find = (name: string) => {
    const t = service.get(name);
    if (!t) throw new ApiError(404, 'NOT_FOUND', 'Transformation not found');
    return t;
  };

  route(app, 'get', '/message_transformations', { handler: async () => service.all() as never });
  route(app, 'post', '/message_transformations', {
    schema: looseSerdes,
    handler: async (req, reply) => reply.code(201).send(service.insert(req.body) as never),
  });
  route(app, 'put', '/message_transformations', { schema: looseSerdes, handler: async (req) => service.update(req.body) as never });
  route(app, 'get', '/message_transformations/transformation/{name}', { handler: async (req) => find(req.params.name) as never });
  route(app, 'delete', '/message_transformations/transformation/{name}', {
    handler: async (req, reply) => {
      service.remove(req.params.name);
      return reply.code(204).send();
    },
  });
  route(app, 'post', '/message_transformations/transformation/{name}/enable/{enable}', {
    handler: async (req, reply) => {
      service.setEnable(req.params.name, String(req.params.enable) === 'true');
      return reply.code(204).send();
    },
  });
  route(app, 'get', '/message_transformations/transformation/{name}/metrics', {
    handler: async (req) => {
      const metrics = service.metrics(req.params.name);
      return { metrics, node_metrics: [{ node: app.nodeName, metrics }] } as never;
    },
  });
  route(app, 'post', '/message_transformations/transformation/{name}/metrics/reset', {
    handler: async (req, reply) => {
      service.resetMetrics(req.params.name);
      return reply.code(204).send();
    },
  });
  route(app, 'post', '/message_transformations/reorder', {
    handler: async (req, reply) => {
      const refused = service.reorder(req.body?.order);
      if (refused) return reply.code(400).send({ code: 'BAD_REQUEST', message: 'Bad request', ...refused });
      return reply.code(204).send();
    },
  });
  // EMQX answers a failed dry run 400 with the failure's context ({msg, reason, …}); code and message are added so
  // the answer also reads as this API's errors do
  route(app, 'post', '/message_transformations/dryrun', {
    schema: { body: { type: 'object' } },
    handler: async (req, reply) => {
      const r = service.dryrun(req.body);
      if ('ok' in r) return r.ok as never;
      return reply.code(400).send({ code: 'BAD_REQUEST', message: failureSentence(r.failure), ...r.failure } as never);
    },
  });
}

/** the failure context as one plain sentence for the operator */
export function failureSentence(f: { msg: string } & Record<string, unknown>): string {
  const reason = f.reason;
  const why =
    typeof reason === 'string'
      ? reason
      : reason && typeof reason === 'object' && (reason as { reason?: unknown }).reason === 'var_unbound'
        ? `the variable ${String((reason as { var_name?: unknown }).var_name)} is not bound`
        : reason && typeof reason === 'object'
          ? JSON.stringify(reason)
          : undefined;
  const what: Record<string, string> = {
    payload_decode_failed: 'The payload could not be decoded',
    payload_decode_schema_not_found: `The decoder's schema ${String(f.schema_name)} is not registered`,
    payload_decode_schema_failure: `The payload could not be decoded with schema ${String(f.schema_name)}`,
    payload_encode_failed: 'The payload could not be encoded',
    payload_encode_schema_not_found: `The encoder's schema ${String(f.schema_name)} is not registered`,
    payload_encode_schema_failure: `The payload could not be encoded with schema ${String(f.schema_name)}`,
    transformation_eval_operation_failure: 'An operation failed',
    transformation_eval_operation_exception: 'An operation failed',
  };
  const head = what[f.msg] ?? 'The transformation failed';
  return why ? `${head}: ${why}.` : `${head}.`;
}
