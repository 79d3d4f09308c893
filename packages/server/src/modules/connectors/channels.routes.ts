// The routes actions and sources share (EMQX emqx_bridge_v2_api serves both roots with the same handlers):
// CRUD, enable, {operation} (also on a named node), metrics and reset, probe, summary and the type list. Registered
// once per root by actions/actions.routes.ts and sources/sources.routes.ts.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { knownTypes } from './resource/catalogue';
import type { ChannelKind, IntegrationService } from './connectors.service';
import { checkNode, idParams, nodeOpParams, objectBody, opParams } from './connectors.routes';

type Body = Record<string, unknown>;

/** DELETE refused because rules use it: EMQX adds the rule ids to the error body */
async function deleteAnswer(reply: FastifyReply, run: () => Promise<void>): Promise<FastifyReply> {
  try {
    await run();
  } catch (err) {
    if (err instanceof ApiError && Array.isArray((err as ApiError & { rules?: string[] }).rules)) {
      return reply.code(400).send({ code: err.code, message: err.message, rules: (err as ApiError & { rules: string[] }).rules });
    }
    throw err;
  }
  return reply.code(204).send();
}

const truthy = (v: unknown) => v === true || v === 'true';

export function channelRoutes(app: FastifyInstance, kind: ChannelKind): void {
  const svc: IntegrationService = app.integration;
  const root = kind === 'actions' ? '/actions' : '/sources';
  // the contract's paths, spelled out per root so each stays a typed contract path
  const p = {
    list: root as '/actions',
    one: `${root}/{id}` as '/actions/{id}',
    enable: `${root}/{id}/enable/{enable}` as '/actions/{id}/enable/{enable}',
    op: `${root}/{id}/{operation}` as '/actions/{id}/{operation}',
    nodeOp: `/nodes/{node}${root}/{id}/{operation}` as '/nodes/{node}/actions/{id}/{operation}',
    metrics: `${root}/{id}/metrics` as '/actions/{id}/metrics',
    reset: `${root}/{id}/metrics/reset` as '/actions/{id}/metrics/reset',
    probe: `${root}_probe` as '/actions_probe',
    types: (kind === 'actions' ? '/action_types' : '/source_types') as '/action_types',
  };

  route(app, 'get', p.list, { handler: async () => svc.listChannels(kind).map((c) => svc.channelView(c)) as never });

  route(app, 'post', p.list, {
    schema: { body: objectBody },
    handler: async (req, reply) => reply.code(201).send((await svc.create(kind, req.body as Body)) as never),
  });

  route(app, 'get', p.one, { handler: async (req) => svc.channelView(svc.channel(kind, req.params.id)) as never });

  route(app, 'put', p.one, {
    schema: { params: idParams, body: objectBody },
    handler: async (req) => (await svc.update(kind, req.params.id, req.body as Body)) as never,
  });

  route(app, 'delete', p.one, {
    handler: async (req, reply) => deleteAnswer(reply, () => svc.remove(kind, req.params.id, truthy(req.query?.also_delete_dep_actions))),
  });

  route(app, 'put', p.enable, {
    handler: async (req, reply) => {
      await svc.setEnable(kind, req.params.id, req.params.enable);
      return reply.code(204).send();
    },
  });

  route(app, 'post', p.op, {
    schema: { params: opParams },
    handler: async (req, reply) => {
      await svc.operation(kind, req.params.id, req.params.operation);
      return reply.code(204).send();
    },
  });

  route(app, 'post', p.nodeOp, {
    schema: { params: nodeOpParams },
    handler: async (req, reply) => {
      svc.channel(kind, req.params.id);
      checkNode(app, req.params.node);
      await svc.operation(kind, req.params.id, req.params.operation);
      return reply.code(204).send();
    },
  });

  route(app, 'get', p.metrics, { handler: async (req) => svc.metricsView(svc.channel(kind, req.params.id)) as never });

  route(app, 'put', p.reset, {
    handler: async (req, reply) => {
      svc.resetMetrics(kind, req.params.id);
      return reply.code(204).send();
    },
  });

  route(app, 'post', p.probe, {
    schema: { body: objectBody },
    handler: async (req, reply) => {
      await svc.probe(kind, req.body as Body);
      return reply.code(204).send();
    },
  });

  // every type a real EMQX EE 5.8 offers (emqx_bridge_v2_schema:action_types / source_types), as the contract lists
  route(app, 'get', p.types, { handler: async () => knownTypes(kind) as never });

  // EMQX 5.8 (bpapi v7), absent from the 5.8.1 document: a light list for the console's tables
  app.get(`${root}_summary`, async () => svc.listChannels(kind).map((c) => svc.summaryView(c)));
}
