// Health answer shared by GET /status and GET /api/v5/status (API.md §3.2).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { REL_VSN } from './version';

/** `format` of /status: json, or the plain text EMQX writes by default */
export function replyStatus(app: FastifyInstance, format: unknown, reply: FastifyReply) {
  const running = !app.closing;
  const appStatus = running ? 'running' : 'not_running';
  reply.header('retry-after', '15').code(running ? 200 : 503);
  if (format === 'json') {
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
