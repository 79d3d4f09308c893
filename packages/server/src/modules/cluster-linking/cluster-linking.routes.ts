// /cluster/links* (EMQX EE emqx_cluster_link_api). Cluster linking joins EMQX clusters to one another; this node runs
// alone and links to nothing, so the list is empty, every named link answers EMQX's own 404, and creating a link is
// refused with a sentence that says why, instead of storing a link nothing would ever open.
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';

const notFound = () => new ApiError(404, 'NOT_FOUND', 'Cluster link not found');

export const LINKS_REFUSED =
  'This node does not run cluster linking: it runs alone and cannot link to other clusters. To link clusters, run EMQX 5.8 Enterprise; this console manages it through the same API.';

export default async function clusterLinkingRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'get', '/cluster/links', { handler: async () => [] });

  route(app, 'post', '/cluster/links', {
    // any body is refused with the same sentence, so no schema check comes first
    schema: {},
    handler: async () => {
      throw new ApiError(400, 'BAD_REQUEST', LINKS_REFUSED);
    },
  });

  const link = '/cluster/links/link/{name}' as const;
  route(app, 'get', link, {
    handler: async () => {
      throw notFound();
    },
  });
  route(app, 'put', link, {
    schema: ({ params }) => ({ params }),
    handler: async () => {
      throw notFound();
    },
  });
  route(app, 'delete', link, {
    handler: async () => {
      throw notFound();
    },
  });
  route(app, 'get', '/cluster/links/link/{name}/metrics', {
    handler: async () => {
      throw notFound();
    },
  });
  route(app, 'put', '/cluster/links/link/{name}/metrics/reset', {
    handler: async () => {
      throw notFound();
    },
  });
}
