// Health answer shared by GET /status and GET /api/v5/status (API.md §3.2).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REL_VSN } from './version';

export function replyStatus(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const running = !app.closing;
  const appStatus = running ? 'running' : 'not_running';
  reply.header('retry-after', '15').code(running ? 200 : 503);
  if ((request.query as { format?: string }).format === 'json') {
    return reply.type('application/json').send({ node_name: app.nodeName, rel_vsn: REL_VSN, broker_status: 'started', app_status: appStatus });
  }
  return reply.type('text/plain').send(`Node ${app.nodeName} is started\nemqx is ${appStatus}`);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** set while app.close() runs, so /status can answer 503 */
    closing?: boolean;
  }
}
