-- External schema registries (modules/schema-registry/external.ts): EMQX keeps them in its config
-- (schema_registry.external.<name>); here one row each, the config as JSON with the password sealed by SecretBox.
CREATE TABLE schema_registry_external (
  name TEXT PRIMARY KEY,
  config TEXT NOT NULL,        -- {"type":"confluent","url":…,"auth":"none"|{mechanism,username,password(sealed)}}
  created_at INTEGER NOT NULL  -- epoch ms
);
