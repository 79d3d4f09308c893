// GET /nodes and /nodes/{node}: this node's node_info (a one-node cluster).
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { assertNode } from '../../shared/assert-node';
import { nodeInfo } from './node-info';

export default async function nodesRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'get', '/nodes', { handler: async () => [nodeInfo(app)] });

  route(app, 'get', '/nodes/{node}', {
    handler: async (req) => {
      assertNode(app, req.params.node);
      return nodeInfo(app);
    },
  });
}
