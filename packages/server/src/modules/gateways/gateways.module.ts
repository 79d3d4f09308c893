// The gateways in the node: the core (gateways.service.ts) decorated as app.gateways, the stored gateways loaded
// when the node is ready and stopped (their clients kicked) when it closes.
import type { FastifyInstance } from 'fastify';
import { GatewayService } from './gateways.service';

declare module 'fastify' {
  interface FastifyInstance {
    gateways: GatewayService;
  }
}

async function gatewaysModule(app: FastifyInstance): Promise<void> {
  const svc = new GatewayService(app);
  app.decorate('gateways', svc);
  app.addHook('onReady', async () => {
    await svc.start();
  });
  app.addHook('preClose', async () => {
    await svc.close();
  });
}

// not encapsulated (what fastify-plugin sets): app.gateways reaches the routes
(gatewaysModule as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export default gatewaysModule;
