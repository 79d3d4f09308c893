// GET /metrics, /stats, /nodes/{node}/metrics, /nodes/{node}/stats.
// ⚠ /metrics defaults to aggregate=false (an array of per-node objects) although the swagger text says
// otherwise; the EMQX code and its test suite answer the array.
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { assertNode } from '../../shared/assert-node';
import { single } from '../../shared/paging';
import { nodeMetrics, nodeStats } from './metrics.service';

export default async function metricsRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'get', '/metrics', {
    handler: async (req) => {
      if (req.query?.aggregate === true) return nodeMetrics(app);
      // `node` is a 5.8.2+ filter the 5.8.1 document lacks (QueryPatch); undeclared keys reach us unvalidated
      const node = single(req.query?.node);
      // An unknown node name filters everything out: [] rather than an error (EMQX 5.8.2+).
      if (node !== undefined && node !== app.nodeName) return [];
      return [{ node: app.nodeName, ...nodeMetrics(app) }];
    },
  });

  route(app, 'get', '/stats', {
    handler: async (req) => {
      if (req.query?.aggregate === true) return nodeStats(app);
      return [{ node: app.nodeName, ...nodeStats(app) }];
    },
  });

  route(app, 'get', '/nodes/{node}/metrics', {
    handler: async (req) => {
      assertNode(app, req.params.node);
      return { node: app.nodeName, ...nodeMetrics(app) };
    },
  });

  route(app, 'get', '/nodes/{node}/stats', {
    handler: async (req) => {
      assertNode(app, req.params.node);
      return nodeStats(app);
    },
  });
}
