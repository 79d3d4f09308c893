// GET /mqdeck/durable_sessions (docs/api-extensions.md, extension `durable_store`): what the durable session store
// holds now, for the console's Durable Sessions screen. Registered by durable-sessions.module.ts, which owns the store.
import type { FastifyInstance } from 'fastify';
import { route } from '../../contract/route';
import { rfc3339 } from '../../shared/time';
import type { SqliteSessionStore } from './sqlite-session-store';

export function durableSessionsRoutes(app: FastifyInstance, store: SqliteSessionStore): void {
  route(app, 'get', '/mqdeck/durable_sessions', {
    // an MQDeck extension (not in the 5.8.1 document) without parameters: nothing to validate
    schema: {},
    // the answer is checked against ExtensionPaths['/mqdeck/durable_sessions'] (DurableStoreView) by the route helper
    handler: async () => {
      const c = app.config.get<{ enable?: boolean; message_retention_period?: string }>('durable_sessions');
      // switched off, the store is emptied: nothing to read
      const stats = c.enable === true ? store.messageStats() : { messages: 0, sessions: 0, oldest: null };
      return {
        enable: c.enable === true,
        messages: stats.messages,
        sessions: stats.sessions,
        oldest_at: stats.oldest === null ? null : rfc3339(stats.oldest),
        message_retention_period: String(c.message_retention_period ?? '1d'),
        retention_expired: app.broker.metrics()['delivery.dropped.retention'] ?? 0,
      };
    },
  });
}
