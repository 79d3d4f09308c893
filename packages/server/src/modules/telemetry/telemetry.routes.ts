// /telemetry/status and /telemetry/data, as EMQX 5.8 open source serves them (emqx_telemetry_api). The official
// open-source console asks for the status on every page load and fails every screen on a 404. EMQX reports usage to
// EMQ's servers when telemetry is on; this node never does, so the status is always disabled and turning it on is
// refused with a sentence that says why, instead of a switch that would do nothing.
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { ApiError } from '../../errors';

const statusBody = { type: 'object', properties: { enable: {} } };

export default async function telemetryRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'get', '/telemetry/status', { schema: {}, handler: async () => ({ enable: false }) });
  route(app, 'put', '/telemetry/status', {
    schema: { body: statusBody },
    handler: async (req) => {
      const enable = req.body?.enable;
      if (typeof enable !== 'boolean') throw new ApiError(400, 'BAD_REQUEST', 'enable: true or false is required');
      // EMQX's own answer when the status does not change
      if (!enable) throw new ApiError(400, 'BAD_REQUEST', 'Telemetry status is already disabled');
      throw new ApiError(400, 'BAD_REQUEST', 'This node never sends telemetry: there is no telemetry to enable');
    },
  });
  route(app, 'get', '/telemetry/data', {
    schema: {},
    handler: async () => {
      throw new ApiError(404, 'NOT_FOUND', 'Telemetry is not enabled');
    },
  });
}
