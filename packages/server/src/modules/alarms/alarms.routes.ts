// Alarms: GET /alarms?activated=true|false (default true: current alarms) with paging, DELETE /alarms
// (clears the history only), POST /alarms/force_deactivate {name} (5.8.2+, absent from the 5.8.1 document).
// The alarm service and the sysmon checks start in alarms.module.ts (registered before this one).
import type { FastifyInstance } from 'fastify';
import type { AlarmView } from '@mqdeck/api';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';
import { boolParam, pageArray, parsePaging } from '../../shared/paging';
import { rfc3339 } from '../../shared/time';
import type { Alarm } from './alarms.service';

export default async function alarmsRoutes(app: FastifyInstance): Promise<void> {
  const alarms = app.alarms;

  const format = (a: Alarm): AlarmView => {
    const out: AlarmView = {
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

  route(app, 'get', '/alarms', {
    handler: async (req) => {
      const paging = parsePaging(req.query);
      const activated = boolParam(req.query, 'activated') ?? true;
      return pageArray((activated ? alarms.active() : alarms.history()).map(format), paging);
    },
  });

  route(app, 'delete', '/alarms', {
    handler: async (_req, reply) => {
      alarms.clearHistory();
      return reply.code(204).send();
    },
  });

  route(app, 'post', '/alarms/force_deactivate', {
    // 5.8.2+ (absent from the 5.8.1 document): the handler checks `name` itself, as before
    schema: {},
    handler: async (req, reply) => {
      const name = req.body?.name;
      if (typeof name !== 'string' || name === '') throw new ApiError(400, 'INVALID_PARAMETER', 'name is required');
      if (!alarms.deactivate(name)) throw new ApiError(400, 'NOT_FOUND', 'Alarm not found or already deactivated');
      return reply.code(204).send();
    },
  });
}
