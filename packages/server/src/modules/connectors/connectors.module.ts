// Not a route area: starts data integration (connectors.service: load the stored connectors, actions and sources,
// start what is enabled) and decorates the root app with `app.integration`; registers the service with the rule
// engine as the provider of "<type>:<name>" actions. Registered after rules.module (it needs `app.rules`) and
// without encapsulation (Symbol.for('skip-override')) so the decoration reaches every module.
import type { FastifyInstance } from 'fastify';
import { IntegrationService } from './connectors.service';

declare module 'fastify' {
  interface FastifyInstance {
    integration: IntegrationService;
  }
}

async function connectorsModule(app: FastifyInstance): Promise<void> {
  const svc = new IntegrationService(app);
  app.decorate('integration', svc);
  const off = app.hasDecorator('rules') ? app.rules.registerActionProvider(svc) : undefined;
  app.addHook('onReady', async () => {
    await svc.load();
  });
  app.addHook('onClose', async () => {
    off?.();
    await svc.close();
  });
}

(connectorsModule as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export default connectorsModule;
