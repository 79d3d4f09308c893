// Not a route area: starts the rule engine (rules.service: load, compile, attach to the broker's events) and
// decorates the root app with `app.rules`, so other modules reach it (data integration registers its actions
// with `app.rules.registerActionProvider`). Registered without encapsulation (Symbol.for('skip-override'), what
// fastify-plugin sets) so the decoration reaches every module; rules.routes.ts serves the API over it.
import type { FastifyInstance } from 'fastify';
import { RulesService } from './rules.service';
import { stopJq } from './funcs/jq';

declare module 'fastify' {
  interface FastifyInstance {
    rules: RulesService;
  }
}

async function rulesModule(app: FastifyInstance): Promise<void> {
  const rules = new RulesService(app);
  app.decorate('rules', rules);
  // EMQX's alarm.activated / alarm.deactivated hooks: the alarms module registers before this one
  const offAlarms = app.hasDecorator('alarms') ? app.alarms.onChange((op, alarm) => rules.inputs.applyAlarm(op, alarm)) : undefined;
  app.addHook('onClose', async () => {
    offAlarms?.();
    rules.close();
    await stopJq(); // the jq worker, started when a rule using jq was added
  });
}

(rulesModule as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export default rulesModule;
