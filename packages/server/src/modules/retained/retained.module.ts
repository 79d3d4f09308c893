// Not a route area: puts the enforced retained-message store (retained.store.ts) in front of the broker
// and keeps it in step with the `retainer` config root; stops with the app.
import type { FastifyInstance } from 'fastify';
import { installRetainer } from './retained.store';

export default async function retainedEnforcementModule(app: FastifyInstance): Promise<void> {
  const retainer = installRetainer(app.broker, app.config, app.db, app.log);
  app.addHook('onClose', async () => retainer.close());
}
