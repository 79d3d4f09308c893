// Not a route area: the `overload_protection` root (hidden in EMQX 5.8: GET /configs?key=overload_protection,
// PUT /configs). With enable and backoff_new_conn, new connections are closed at accept while the event loop
// runs late (lag-monitor.ts), as EMQX closes them while its run queue is overloaded, and counted in
// overload_protection.new_conn. backoff_delay, backoff_gc and backoff_hibernation act on Erlang background
// tasks, forced GC and process hibernation, which have no counterpart here (docs/node-counterparts.md).
import type { FastifyInstance } from 'fastify';
import { LagMonitor } from './lag-monitor';

interface OverloadConfig {
  enable?: boolean;
  backoff_new_conn?: boolean;
}

export default async function overloadModule(app: FastifyInstance): Promise<void> {
  const monitor = new LagMonitor();
  let closeNew = false;

  const apply = () => {
    const c = app.config.get<OverloadConfig>('overload_protection') ?? {};
    closeNew = c.enable === true && c.backoff_new_conn !== false;
    if (closeNew) monitor.start();
    else monitor.stop();
  };
  apply();

  const removeHook = app.broker.addHooks({
    accept: () => {
      if (!closeNew || !monitor.overloaded()) return true;
      app.broker.incr('overload_protection.new_conn');
      return false;
    },
  });
  const unwatch = app.config.watch('overload_protection', () => apply());
  app.addHook('onClose', async () => {
    unwatch();
    removeHook();
    monitor.stop();
  });
}
