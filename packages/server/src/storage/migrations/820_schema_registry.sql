-- Schema registry (modules/schema-registry): EMQX keeps schemas in its config (schema_registry.schemas.<name>);
-- here one row per registered schema. The built-in Sparkplug B schema is not stored.
CREATE TABLE schema_registry_schemas (
  name TEXT PRIMARY KEY,
  type TEXT NOT NULL,          -- avro | protobuf | json
  source TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL  -- epoch ms
);
