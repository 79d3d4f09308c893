// GET /metrics, /stats, /nodes/{node}/metrics, /nodes/{node}/stats.
// ⚠ /metrics defaults to aggregate=false (an array of per-node objects) although the swagger text says
// otherwise; the EMQX code and its test suite answer the array.
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../../contract/route-schema';
import { assertNode } from '../../shared/assert-node';
import { boolParam, single } from '../../shared/paging';
import { nodeMetrics, nodeStats } from './metrics.service';

type Query = { Querystring: Record<string, unknown> };
type NodeParams = { Params: { node: string } };

export default async function metricsRoutes(app: FastifyInstance): Promise<void> {
  app.get<Query>('/metrics', { schema: routeSchema('get', '/metrics') }, async (req) => {
    if (boolParam(req.query, 'aggregate') === true) return nodeMetrics(app);
    const node = single(req.query.node);
    // An unknown node name filters everything out: [] rather than an error (EMQX 5.8.2+).
    if (node !== undefined && node !== app.nodeName) return [];
    return [{ node: app.nodeName, ...nodeMetrics(app) }];
  });

  app.get<Query>('/stats', { schema: routeSchema('get', '/stats') }, async (req) => {
    if (boolParam(req.query, 'aggregate') === true) return nodeStats(app);
    return [{ node: app.nodeName, ...nodeStats(app) }];
  });

  app.get<NodeParams>('/nodes/:node/metrics', { schema: routeSchema('get', '/nodes/{node}/metrics') }, async (req) => {
    assertNode(app, req.params.node);
    return { node: app.nodeName, ...nodeMetrics(app) };
  });

  app.get<NodeParams>('/nodes/:node/stats', { schema: routeSchema('get', '/nodes/{node}/stats') }, async (req) => {
    assertNode(app, req.params.node);
    return nodeStats(app);
  });
}
