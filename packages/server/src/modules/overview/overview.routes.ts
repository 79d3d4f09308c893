// Dashboard monitor: GET /monitor, /monitor/nodes/{node} (history), DELETE /monitor (5.8.2+, hidden),
// GET /monitor_current and /monitor_current/nodes/{node} (live figures).
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../../contract/route-schema';
import { assertNode } from '../../shared/assert-node';
import { intParam, single } from '../../shared/paging';
import { MonitorService, sampleIntervalMs } from './overview.service';

type Query = { Querystring: Record<string, unknown> };
type NodeParams = { Params: { node: string } };

function latest(query: Record<string, unknown>): number | undefined {
  return single(query.latest) === undefined ? undefined : intParam(query, 'latest', 0, 1);
}

export default async function overviewRoutes(app: FastifyInstance): Promise<void> {
  const monitor = new MonitorService(app, sampleIntervalMs(app));
  monitor.start();
  app.addHook('onClose', async () => monitor.stop());

  app.get<Query>('/monitor', { schema: routeSchema('get', '/monitor') }, async (req) => monitor.history(undefined, latest(req.query)));

  app.get<Query & NodeParams>('/monitor/nodes/:node', { schema: routeSchema('get', '/monitor/nodes/{node}') }, async (req) => {
    assertNode(app, req.params.node);
    return monitor.history(req.params.node, latest(req.query));
  });

  app.delete('/monitor', async (_req, reply) => {
    monitor.store.clear();
    return reply.code(204).send();
  });

  app.get('/monitor_current', { schema: routeSchema('get', '/monitor_current') }, async () => monitor.current(false));

  app.get<NodeParams>('/monitor_current/nodes/:node', { schema: routeSchema('get', '/monitor_current/nodes/{node}') }, async (req) => {
    assertNode(app, req.params.node);
    return monitor.current(true);
  });
}
