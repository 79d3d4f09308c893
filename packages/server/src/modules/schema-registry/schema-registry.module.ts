// Not a route area: builds the schema registry (schema-registry.service), decorates the root app with
// `app.schemaRegistry` (schema validation and message transformation look schemas up through it) and hands it to
// the rule runtime, whose schema_decode/encode/check and sparkplug_* functions call it. Registered without
// encapsulation (Symbol.for('skip-override')) so the decoration reaches every module; after the rules module.
import type { FastifyInstance } from 'fastify';
import { SchemaRegistry } from './schema-registry.service';

declare module 'fastify' {
  interface FastifyInstance {
    schemaRegistry: SchemaRegistry;
  }
}

async function schemaRegistryModule(app: FastifyInstance): Promise<void> {
  const registry = new SchemaRegistry(app);
  app.decorate('schemaRegistry', registry);
  if (app.hasDecorator('rules')) app.rules.runtime.schemas = { call: (fn, args) => registry.callRuleFunction(fn, args) };
}

(schemaRegistryModule as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export default schemaRegistryModule;
