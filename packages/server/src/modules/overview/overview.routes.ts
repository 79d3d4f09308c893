// Dashboard monitor: GET /monitor, /monitor/nodes/{node} (history), DELETE /monitor (5.8.2+, hidden),
// GET /monitor_current and /monitor_current/nodes/{node} (live figures).
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { assertNode } from '../../shared/assert-node';
import { MonitorService, sampleIntervalMs } from './overview.service';

export default async function overviewRoutes(app: FastifyInstance): Promise<void> {
  const monitor = new MonitorService(app, sampleIntervalMs(app));
  monitor.start();
  app.addHook('onClose', async () => monitor.stop());

  // `latest` is an integer ≥ 1 by the contract's schema (0 or -1 → 400 BAD_REQUEST)
  route(app, 'get', '/monitor', { handler: async (req) => monitor.history(undefined, req.query?.latest) });

  route(app, 'get', '/monitor/nodes/{node}', {
    handler: async (req) => {
      assertNode(app, req.params.node);
      return monitor.history(req.params.node, req.query?.latest);
    },
  });

  route(app, 'delete', '/monitor', {
    // 5.8.2+ (API.md §3.19, absent from the 5.8.1 document), without parameters
    schema: {},
    handler: async (_req, reply) => {
      monitor.store.clear();
      return reply.code(204).send();
    },
  });

  route(app, 'get', '/monitor_current', { handler: async () => monitor.current() });

  route(app, 'get', '/monitor_current/nodes/{node}', {
    handler: async (req) => {
      assertNode(app, req.params.node);
      return monitor.currentOfNode();
    },
  });
}
