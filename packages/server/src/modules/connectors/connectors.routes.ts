// /connectors… (EMQX emqx_connector_api): list, create, get, update, delete, enable/{true|false}, {operation} on
// this node or a named node, and the probe behind the console's Test button. Bodies are checked per type by the
// service (the contract's schema of that type), so the route schema only asks for a JSON object.
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import type { IntegrationService } from './connectors.service';
import { connectorTypes } from './types';

const objectBody = { type: 'object' };
/** `start` is EMQX 5.8's one operation; `stop` and `restart` are MQDeck's (EMQX 5.0 had them) */
export const OPERATIONS = ['start', 'stop', 'restart'];
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
const opParams = { type: 'object', required: ['id', 'operation'], properties: { id: { type: 'string' }, operation: { type: 'string', enum: OPERATIONS } } };
const nodeOpParams = {
  type: 'object',
  required: ['node', 'id', 'operation'],
  properties: { node: { type: 'string' }, id: { type: 'string' }, operation: { type: 'string', enum: OPERATIONS } },
};

/** EMQX: a node name that is no atom of this cluster answers 404 "Invalid node name: <node>" */
export function checkNode(app: FastifyInstance, node: string): void {
  if (node !== app.nodeName) throw new ApiError(404, 'NOT_FOUND', `Invalid node name: ${node}`);
}

export { objectBody, idParams, opParams, nodeOpParams };

export default async function connectorsRoutes(app: FastifyInstance): Promise<void> {
  const svc: IntegrationService = app.integration;

  route(app, 'get', '/connectors', { handler: async () => svc.listConnectors().map((c) => svc.connectorView(c)) as never });

  route(app, 'post', '/connectors', {
    schema: { body: objectBody },
    handler: async (req, reply) => reply.code(201).send((await svc.create('connectors', req.body as Record<string, unknown>)) as never),
  });

  route(app, 'get', '/connectors/{id}', { handler: async (req) => svc.connectorView(svc.connector(req.params.id)) as never });

  route(app, 'put', '/connectors/{id}', {
    schema: { params: idParams, body: objectBody },
    handler: async (req) => (await svc.update('connectors', req.params.id, req.body as Record<string, unknown>)) as never,
  });

  route(app, 'delete', '/connectors/{id}', {
    handler: async (req, reply) => {
      await svc.remove('connectors', req.params.id);
      return reply.code(204).send();
    },
  });

  route(app, 'put', '/connectors/{id}/enable/{enable}', {
    handler: async (req, reply) => {
      await svc.setEnable('connectors', req.params.id, req.params.enable);
      return reply.code(204).send();
    },
  });

  route(app, 'post', '/connectors/{id}/{operation}', {
    schema: { params: opParams },
    handler: async (req, reply) => {
      await svc.operation('connectors', req.params.id, req.params.operation);
      return reply.code(204).send();
    },
  });

  route(app, 'post', '/nodes/{node}/connectors/{id}/{operation}', {
    schema: { params: nodeOpParams },
    handler: async (req, reply) => {
      svc.connector(req.params.id);
      checkNode(app, req.params.node);
      await svc.operation('connectors', req.params.id, req.params.operation);
      return reply.code(204).send();
    },
  });

  // MQDeck extension (listed by /mqdeck/extensions as `connector_types`): the types this node runs, per root, so the
  // console marks the others unavailable without probing each (a real EMQX runs every type its schemas describe)
  app.get('/mqdeck/connector_types', async () => ({
    connectors: connectorTypes.map((t) => t.type),
    actions: connectorTypes.filter((t) => t.action).map((t) => t.type),
    sources: connectorTypes.filter((t) => t.source).map((t) => t.type),
  }));

  route(app, 'post', '/connectors_probe', {
    schema: { body: objectBody },
    handler: async (req, reply) => {
      await svc.probe('connectors', req.body as Record<string, unknown>);
      return reply.code(204).send();
    },
  });
}
