-- Data integration (modules/connectors, actions, sources): EMQX's `connectors`, `actions` and `sources` config roots,
-- one row per `<type>:<name>`. `config` is the raw config as the API took it (without type/name), JSON, with every
-- secret leaf sealed (AES-256-GCM under the node key <dataDir>/data-integration.key: "enc:v1:<base64>").
CREATE TABLE connectors (
  type TEXT NOT NULL,
  name TEXT NOT NULL,
  config TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_modified_at INTEGER NOT NULL,
  PRIMARY KEY (type, name)
);

CREATE TABLE actions (
  type TEXT NOT NULL,
  name TEXT NOT NULL,
  config TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_modified_at INTEGER NOT NULL,
  PRIMARY KEY (type, name)
);

CREATE TABLE sources (
  type TEXT NOT NULL,
  name TEXT NOT NULL,
  config TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_modified_at INTEGER NOT NULL,
  PRIMARY KEY (type, name)
);
