// ExHook in the node: the manager (exhook.service.ts) decorated as app.exhook, its servers loaded when the node is
// ready and unloaded (OnProviderUnloaded) when it closes, and the broker's hook points wired to it (hook-points.ts).
import type { FastifyInstance } from 'fastify';
import { ExhookService } from './exhook.service';
import { wireHookPoints } from './hook-points';

declare module 'fastify' {
  interface FastifyInstance {
    exhook: ExhookService;
  }
}

async function exhookModule(app: FastifyInstance): Promise<void> {
  const svc = new ExhookService(app);
  app.decorate('exhook', svc);
  const unwire = wireHookPoints(app, svc);
  app.addHook('onReady', async () => {
    // a dead server does not hold the start: it loads (or waits for its reconnect) on its own
    void svc.start();
  });
  app.addHook('preClose', async () => {
    unwire();
    await svc.close();
  });
}

// not encapsulated (what fastify-plugin sets): app.exhook reaches the routes
(exhookModule as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export default exhookModule;
