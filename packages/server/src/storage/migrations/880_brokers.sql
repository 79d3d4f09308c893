-- Brokers the console manages besides this node (modules/brokers, an MQDeck extension): an EMQX 5.8 cluster or another
-- MQDeck node reached over its /api/v5. The credential is sealed (AES-256-GCM under the node key, "enc:v1:<base64>").
CREATE TABLE brokers (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  url TEXT NOT NULL,
  auth_type TEXT NOT NULL,
  username TEXT NOT NULL,
  secret TEXT NOT NULL,
  ca TEXT NOT NULL,
  insecure INTEGER NOT NULL,
  version TEXT NOT NULL,
  edition TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
