// Not a route area: makes the `durable_sessions` zone settings real. When enabled, persistent sessions are
// written to SQLite (sqlite-session-store.ts) and restored at start, before the MQTT listeners open. Their QoS 1/2
// messages stay in the store until acknowledged or older than message_retention_period (read back batch_size at a
// time); the GC runs every session_gc_interval.
import type { FastifyInstance } from 'fastify';
import { attachSessionStore, type DurableHandle } from '@mqdeck/broker';
import { parseDuration } from '../../config/units';
import { anyZoneDurable } from '../../config/zones';
import { SqliteSessionStore } from './sqlite-session-store';
import { durableSessionsRoutes } from './durable-sessions.routes';

/** messages the retention GC deletes per run at most (one transaction: short enough not to stall deliveries) */
const RETENTION_GC_BATCH = 10_000;

interface DurableConfig {
  enable?: boolean;
  batch_size?: number;
  idle_poll_interval?: string;
  session_gc_interval?: string;
  session_gc_batch_size?: number;
  message_retention_period?: string;
}

export default async function durableSessionsModule(app: FastifyInstance): Promise<void> {
  const store = new SqliteSessionStore(app.db);
  durableSessionsRoutes(app, store);
  let handle: DurableHandle | undefined;
  let gcTimer: NodeJS.Timeout | undefined;

  const apply = (atStart: boolean) => {
    const c = app.config.get<DurableConfig>('durable_sessions');
    store.batchSize = Math.max(1, Number(c.batch_size ?? 100));
    // the store is on when any zone enables durable sessions (emqx_persistent_message:init); each session asks its
    // own zone (emqx_session:choose_impl_candidates): the global zone's answer is set here, custom zones' by zones
    app.broker.updateSettings({ durableSessions: c.enable === true });
    const on = anyZoneDurable(c.enable, app.config.get<unknown>('zones'));
    if (on && !handle) {
      // at start the store holds what earlier runs kept; switched on later, it is rewritten from memory
      handle = attachSessionStore(app.broker, store, atStart ? 'restore' : 'snapshot');
      if (atStart && handle.restored > 0) app.log.info(`durable sessions: restored ${handle.restored} sessions`);
    } else if (!on && handle) {
      handle.detach(true);
      handle = undefined;
    }
    if (gcTimer) clearInterval(gcTimer);
    gcTimer = undefined;
    const retention = parseDuration(c.message_retention_period) ?? null;
    handle?.configure({ batchSize: store.batchSize, idlePollMs: parseDuration(c.idle_poll_interval) ?? 10_000, retentionMs: retention });
    const every = parseDuration(c.session_gc_interval) ?? 0;
    if (handle && every > 0) {
      const limit = Math.max(1, Number(c.session_gc_batch_size ?? 100));
      const durable = handle;
      gcTimer = setInterval(() => {
        try {
          const now = Date.now();
          store.gc(now, limit, null);
          // the retention GC goes through the broker: it knows which messages it already sent
          durable.expire(now, RETENTION_GC_BATCH);
        } catch (err) {
          app.log.error({ err }, 'durable sessions: GC failed');
        }
      }, every);
      gcTimer.unref();
    }
  };
  apply(true);
  const unwatch = ['durable_sessions', 'zones'].map((root) => app.config.watch(root, () => apply(false)));
  app.addHook('onClose', async () => {
    for (const stop of unwatch) stop();
    if (gcTimer) clearInterval(gcTimer);
    store.close();
  });
}
