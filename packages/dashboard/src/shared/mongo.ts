// MongoDB topology as EMQX 5.8 models it (mongo_type picks the schema: *.mongo_single, _sharded, _rs),
// shared by the authentication and authorization MongoDB forms.
export const MONGO_TYPES = ['single', 'sharded', 'rs'] as const;
export type MongoType = (typeof MONGO_TYPES)[number];

/** Fields that belong to only some mongo_type schemas: EMQX refuses them under the others. */
const MONGO_ONLY: Record<string, readonly MongoType[]> = { server: ['single'], servers: ['sharded', 'rs'], replica_set_name: ['rs'], r_mode: ['rs'] };

/** Drops the fields the chosen mongo_type's schema does not have (mutates and returns the body). */
export function pruneMongoTopology<T extends Record<string, unknown>>(c: T): T {
  const type = (c.mongo_type ?? 'single') as MongoType;
  for (const [k, types] of Object.entries(MONGO_ONLY)) if (!types.includes(type)) delete c[k];
  return c;
}
