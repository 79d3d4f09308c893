// GET /nodes and /nodes/{node}: this node's node_info (a one-node cluster).
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../../contract/route-schema';
import { assertNode } from '../../shared/assert-node';
import { nodeInfo } from './nodes.info';

export default async function nodesRoutes(app: FastifyInstance): Promise<void> {
  app.get('/nodes', { schema: routeSchema('get', '/nodes') }, async () => [nodeInfo(app)]);

  app.get<{ Params: { node: string } }>('/nodes/:node', { schema: routeSchema('get', '/nodes/{node}') }, async (req) => {
    assertNode(app, req.params.node);
    return nodeInfo(app);
  });
}
