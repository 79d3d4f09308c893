// /actions… /action_types /actions_probe /actions_summary (EMQX emqx_bridge_v2_api, the `actions` root): the shared
// handlers of connectors/channels.routes.ts over the data-integration service.
import type { FastifyInstance } from 'fastify';
import { channelRoutes } from '../connectors/channels.routes';

export default async function actionsRoutes(app: FastifyInstance): Promise<void> {
  channelRoutes(app, 'actions');
}
