// Not a route area: starts the alarm service and the sysmon checks, and decorates the root app with
// `app.alarms` so any module can raise or clear an alarm. Registered without encapsulation
// (Symbol.for('skip-override'), what fastify-plugin sets) so the decoration reaches every module.
import type { FastifyInstance } from 'fastify';
import { AlarmService } from './alarms.service';
import { Sysmon } from './sysmon';

declare module 'fastify' {
  interface FastifyInstance {
    alarms: AlarmService;
  }
}

async function alarmsModule(app: FastifyInstance): Promise<void> {
  const alarms = new AlarmService(app);
  const sysmon = new Sysmon(app, alarms);
  app.decorate('alarms', alarms);
  app.addHook('onClose', async () => {
    sysmon.close();
    alarms.close();
  });
}

(alarmsModule as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export default alarmsModule;
