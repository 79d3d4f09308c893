// /relup/* (EMQX emqx_mgmt_api_relup): hot upgrade of a running node with an uploaded relup package. This node is
// upgraded by installing a new version, never in place, so it never holds a package: its status is idle with no
// history, the package routes answer what EMQX answers with no package installed, and uploading one is refused with a
// sentence that says why.
import type { FastifyInstance } from 'fastify';
import type { ReplyOf } from '@mqdeck/api';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { assertNode } from '../../shared/assert-node';
import { NODE_VERSION } from '../nodes/node-info';

/** EMQX's own answers while no relup package is installed */
const NO_PACKAGE = 'No relup package is installed';

export const UPLOAD_REFUSED =
  'This node does not run hot upgrades: relup packages are built for EMQX and cannot be installed here. To upgrade, install the new MQDeck version and restart the node.';

type Status = ReplyOf<'/relup/status/{node}', 'get', 200>;

function nodeStatus(app: FastifyInstance): Status {
  return {
    node: app.nodeName,
    role: 'core',
    live_connections: app.broker.clientCount().liveConnections,
    current_vsn: NODE_VERSION,
    status: 'idle',
    upgrade_history: [],
  };
}

export default async function hotUpgradeRoutes(app: FastifyInstance): Promise<void> {
  // an uploaded package is read to its end and dropped: nothing of it is kept
  app.addContentTypeParser(/^multipart\/form-data/i, (_req, payload, done) => {
    payload.on('data', () => undefined);
    payload.on('end', () => done(null, undefined));
    payload.on('error', (err) => done(err, undefined));
  });

  route(app, 'get', '/relup/status', { handler: async () => [nodeStatus(app)] });

  route(app, 'get', '/relup/status/{node}', {
    handler: async (req) => {
      assertNode(app, req.params.node);
      return nodeStatus(app);
    },
  });

  route(app, 'get', '/relup/package', {
    handler: async () => {
      throw new ApiError(404, 'NOT_FOUND', NO_PACKAGE);
    },
  });

  // EMQX deletes whatever is installed and answers 204, also when nothing is
  route(app, 'delete', '/relup/package', { handler: async (_req, reply) => reply.code(204).send() });

  route(app, 'post', '/relup/package/upload', {
    // a multipart body of any shape is refused the same way
    schema: {},
    handler: async () => {
      throw new ApiError(400, 'BAD_REQUEST', UPLOAD_REFUSED);
    },
  });

  route(app, 'post', '/relup/upgrade', {
    handler: async () => {
      throw new ApiError(400, 'BAD_REQUEST', NO_PACKAGE);
    },
  });

  route(app, 'post', '/relup/upgrade/{node}', {
    handler: async () => {
      throw new ApiError(400, 'BAD_REQUEST', NO_PACKAGE);
    },
  });
}
