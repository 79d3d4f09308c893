// Not a route area: attaches the $SYS publisher to the node (registered with the route modules so it
// starts with the app and stops on close).
import type { FastifyInstance } from 'fastify';
import { SysTopicsPublisher } from './publisher';

export default async function sysTopicsModule(app: FastifyInstance): Promise<void> {
  const publisher = new SysTopicsPublisher(app.broker, app.config, app.startedAt);
  app.addHook('onClose', async () => publisher.close());
}
