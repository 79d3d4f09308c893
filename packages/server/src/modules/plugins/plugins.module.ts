// Plugins in the node: the service (plugins.service.ts) decorated as app.plugins, the enabled plugins started in boot
// order when the node is ready and stopped when it closes, and the broker's hook points (every one ExHook serves,
// through the same wiring: exhook/broker-hooks.ts) given to the running plugins (plugins.hooks.ts, docs/plugins.md).
// With no plugin running, each hook point costs one size check.
import type { FastifyInstance } from 'fastify';
import { PluginsService } from './plugins.service';
import { pluginsExtension } from './plugins.hooks';
import { wireBrokerHooks } from '../exhook/broker-hooks';
import { dataDirOf } from '../backup/cluster-config';

export { applyAnswer, type PluginMessage } from './plugins.hooks';

declare module 'fastify' {
  interface FastifyInstance {
    plugins: PluginsService;
  }
}

/** after ExHook (-200): a plugin sees what the hook servers let through */
const PLUGINS_PRIORITY = -300;

async function pluginsModule(app: FastifyInstance): Promise<void> {
  const svc = new PluginsService(app, dataDirOf(app));
  app.decorate('plugins', svc);
  const unwire = wireBrokerHooks(app, pluginsExtension(app, svc), { priority: PLUGINS_PRIORITY, source: 'plugin' });

  app.addHook('onReady', async () => {
    // a plugin that fails to start does not hold the node's start: it is reported stopped with the reason
    void svc.boot();
  });
  app.addHook('preClose', async () => {
    unwire();
    await svc.close();
  });
}

// not encapsulated (what fastify-plugin sets): app.plugins reaches the routes
(pluginsModule as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export default pluginsModule;
