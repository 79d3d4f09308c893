// Data integration in cluster.hocon, where EMQX keeps it: connectors.<type>.<name>, actions.<type>.<name>,
// sources.<type>.<name> (raw configs, secrets in clear) and schema_registry.schemas.<name>. They come from the
// areas' own services (app.integration, app.schemaRegistry) and go back through them, schemas first, then
// connectors before the actions and sources that use them (EMQX's IMPORT_ORDER), all before the rules.
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { isObject } from '../../config/tree';
import { badArchive } from './archive';
import { applyItems, type Counts, type Item } from './counts';

const KINDS = ['connectors', 'actions', 'sources'] as const;
type Json = Record<string, unknown>;
type Resource = { type: string; name: string; config: Json };

/** the roots this file adds to cluster.hocon (and that an export's root_keys may name) */
export const INTEGRATION_ROOTS = [...KINDS, 'schema_registry'];

const hasIntegration = (app: FastifyInstance) => app.hasDecorator('integration');
const hasSchemas = (app: FastifyInstance) => app.hasDecorator('schemaRegistry');

export function exportIntegration(app: FastifyInstance): Json {
  const out: Json = {};
  if (hasIntegration(app)) {
    const all = app.integration.exportAll();
    for (const kind of KINDS) {
      const byType: Record<string, Json> = {};
      for (const r of all[kind]) (byType[r.type] ??= {})[r.name] = r.config;
      out[kind] = byType;
    }
  }
  if (hasSchemas(app)) {
    const schemas = Object.fromEntries(app.schemaRegistry.list().map((s) => [s.name, { type: s.type, source: s.source, description: s.description }]));
    out.schema_registry = { schemas };
  }
  return out;
}

export interface IntegrationPlan {
  schemas: Item<Json>[];
  connectors: Item<Resource>[];
  actions: Item<Resource>[];
  sources: Item<Resource>[];
}

/** cluster.hocon's integration roots read; 400 when one is not shaped as an export writes it */
export function planIntegration(doc: Json): IntegrationPlan {
  const plan: IntegrationPlan = { schemas: [], connectors: [], actions: [], sources: [] };
  for (const kind of KINDS) {
    const root = doc[kind];
    if (root === undefined) continue;
    if (!isObject(root)) throw badArchive(`cluster.hocon: ${kind} must be an object of types`);
    for (const [type, byName] of Object.entries(root)) {
      if (!isObject(byName)) throw badArchive(`cluster.hocon: ${kind}.${type} must be an object of names`);
      for (const [name, config] of Object.entries(byName)) {
        const id = `${type}:${name}`;
        plan[kind].push(isObject(config) ? { name: id, value: { type, name, config } } : { name: id, error: 'expected an object' });
      }
    }
  }
  const registry = doc.schema_registry;
  if (registry !== undefined) {
    if (!isObject(registry)) throw badArchive('cluster.hocon: schema_registry must be an object');
    const schemas = registry.schemas ?? {};
    if (!isObject(schemas)) throw badArchive('cluster.hocon: schema_registry.schemas must be an object of schemas by name');
    for (const [name, s] of Object.entries(schemas)) {
      if (!isObject(s) || typeof s.type !== 'string' || typeof s.source !== 'string') plan.schemas.push({ name, error: 'expected {type, source}' });
      else plan.schemas.push({ name, value: s });
    }
  }
  return plan;
}

const unavailable = (what: string) => new Error(`this node has no ${what}`);

export async function applyIntegration(app: FastifyInstance, plan: IntegrationPlan, errors: string[]): Promise<Record<string, Counts>> {
  const out: Record<string, Counts> = {};
  out.schemas = await applyItems(
    plan.schemas,
    async (s, name) => {
      if (!hasSchemas(app)) throw unavailable('schema registry');
      const input = { type: s.type as never, source: s.source as string, description: typeof s.description === 'string' ? s.description : '' };
      const old = app.schemaRegistry.get(name);
      if (old && old.type === input.type && old.source === input.source && old.description === input.description) return 'skipped';
      if (old) app.schemaRegistry.update(name, input);
      else app.schemaRegistry.create(name, input);
      return old ? 'override' : 'success';
    },
    errors,
    'schema',
  );
  for (const kind of KINDS) {
    const existing = hasIntegration(app) ? new Map(app.integration.exportAll()[kind].map((r) => [`${r.type}:${r.name}`, r.config])) : new Map<string, Json>();
    out[kind] = await applyItems(
      plan[kind],
      async (r, id) => {
        if (!hasIntegration(app)) throw unavailable('data integration');
        const old = existing.get(id);
        if (old && isDeepStrictEqual(old, r.config)) return 'skipped';
        await app.integration.importOne(kind, r);
        return old ? 'override' : 'success';
      },
      errors,
      kind.slice(0, -1),
    );
  }
  return out;
}
