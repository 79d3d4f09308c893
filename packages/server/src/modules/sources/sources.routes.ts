// /sources… /source_types /sources_probe /sources_summary (EMQX emqx_bridge_v2_api, the `sources` root): the shared
// handlers of connectors/channels.routes.ts over the data-integration service.
import type { FastifyInstance } from 'fastify';
import { channelRoutes } from '../connectors/channels.routes';

export default async function sourcesRoutes(app: FastifyInstance): Promise<void> {
  channelRoutes(app, 'sources');
}
