// Cluster: this node always runs alone. GET /cluster, /cluster/topology and /cluster/invitation
// describe a one-node cluster; invite, invite_async and force_leave answer as EMQX does for its own
// node ("Cannot invite self", "Can't leave self") and, for any other node, a 400 that says plainly
// that this node cannot join others: scaling out means running EMQX.
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';

/** ekka's default cluster name (EMQX `cluster.name`) */
export const CLUSTER_NAME = 'emqxcl';
/** EMQX's default invite timeout and its floor */
const MIN_INVITE_TIMEOUT = 5000;

const badRequest = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

export const runsAlone = (node: string, action: 'invite' | 'remove') =>
  badRequest(
    action === 'invite'
      ? `Cannot invite ${node}: this node runs alone and cannot join or form a cluster. To scale out, run an EMQX 5.8 cluster instead; this console manages it through the same API.`
      : `Cannot remove ${node}: it is not part of this cluster. This node runs alone (MQDeck's embedded broker does not form clusters); to scale out, run an EMQX cluster.`,
  );

/** 'Node name is required' for a blank name; the node name otherwise */
function nodeName(raw: string): string {
  const node = raw.trim();
  if (node === '') throw badRequest('Node name is required');
  return node;
}

export default async function clusterRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'get', '/cluster', { handler: async () => ({ name: CLUSTER_NAME, nodes: [app.nodeName], self: app.nodeName }) });

  route(app, 'get', '/cluster/topology', { handler: async () => [{ core_node: app.nodeName, replicant_nodes: [] }] });

  route(app, 'get', '/cluster/invitation', { handler: async () => ({ succeed: [], in_progress: [], failed: [] }) });

  route(app, 'put', '/cluster/{node}/invite', {
    // unvalidated as before: the handler answers EMQX's own texts for a bad or short timeout
    schema: {},
    handler: async (req) => {
      const node = nodeName(req.params.node);
      const timeout: unknown = req.body?.timeout ?? MIN_INVITE_TIMEOUT * 3;
      if (typeof timeout !== 'number' || !Number.isInteger(timeout)) throw badRequest('timeout must be an integer');
      if (timeout < MIN_INVITE_TIMEOUT) throw badRequest('timeout cannot be less than 5000ms');
      if (node === app.nodeName) throw badRequest('Cannot invite self');
      throw runsAlone(node, 'invite');
    },
  });

  route(app, 'put', '/cluster/{node}/invite_async', {
    schema: {},
    handler: async (req) => {
      const node = nodeName(req.params.node);
      if (node === app.nodeName) throw badRequest("Can't invite self");
      throw runsAlone(node, 'invite');
    },
  });

  route(app, 'delete', '/cluster/{node}/force_leave', {
    handler: async (req) => {
      const node = nodeName(req.params.node);
      if (node === app.nodeName) throw badRequest("Can't leave self");
      throw runsAlone(node, 'remove');
    },
  });
}
