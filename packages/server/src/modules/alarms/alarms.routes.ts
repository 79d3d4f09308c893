// Alarms: GET /alarms?activated=true|false (default true: current alarms) with paging, DELETE /alarms
// (clears the history only), POST /alarms/force_deactivate {name} (5.8.2+, absent from the 5.8.1 document).
// The alarm service and the sysmon checks start in alarms.module.ts (registered before this one).
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../../contract/route-schema';
import { ApiError } from '../../errors';
import { boolParam, pageArray, parsePaging } from '../../shared/paging';
import { rfc3339 } from '../../shared/time';
import type { Alarm } from './alarms.service';

export default async function alarmsRoutes(app: FastifyInstance): Promise<void> {
  const alarms = app.alarms;

  const format = (a: Alarm) => {
    const out: Record<string, unknown> = {
      node: app.nodeName,
      name: a.name,
      message: a.message,
      details: a.details,
      duration: (a.deactivateAt ?? Date.now()) - a.activateAt,
      activate_at: rfc3339(a.activateAt),
    };
    if (a.deactivateAt !== null) out.deactivate_at = rfc3339(a.deactivateAt);
    return out;
  };

  app.get<{ Querystring: Record<string, unknown> }>('/alarms', { schema: routeSchema('get', '/alarms') }, async (req) => {
    const paging = parsePaging(req.query);
    const activated = boolParam(req.query, 'activated') ?? true;
    return pageArray((activated ? alarms.active() : alarms.history()).map(format), paging);
  });

  app.delete('/alarms', { schema: routeSchema('delete', '/alarms') }, async (_req, reply) => {
    alarms.clearHistory();
    return reply.code(204).send();
  });

  app.post<{ Body: { name?: unknown } | undefined }>('/alarms/force_deactivate', async (req, reply) => {
    const name = req.body?.name;
    if (typeof name !== 'string' || name === '') throw new ApiError(400, 'INVALID_PARAMETER', 'name is required');
    if (!alarms.deactivate(name)) throw new ApiError(400, 'NOT_FOUND', 'Alarm not found or already deactivated');
    return reply.code(204).send();
  });
}
