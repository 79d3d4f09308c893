-- Durable sessions (modules/durable-sessions): persistent sessions and their undelivered QoS 1/2 messages.
CREATE TABLE durable_sessions (
  clientid TEXT PRIMARY KEY,
  identity TEXT NOT NULL,            -- ClientIdentity as JSON
  expiry_interval INTEGER NOT NULL,  -- seconds, 4294967295 = never
  created_at INTEGER NOT NULL,       -- epoch ms
  disconnected_at INTEGER,           -- epoch ms, NULL while connected
  subs TEXT NOT NULL                 -- SubscriptionInfo[] as JSON
);
CREATE TABLE durable_messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, -- delivery order; AUTOINCREMENT: never reused after deletes
  clientid TEXT NOT NULL,
  msg TEXT NOT NULL,                 -- PublishMessage without payload as JSON (buffers base64)
  payload BLOB NOT NULL,
  qos INTEGER NOT NULL,              -- delivery QoS for this subscriber
  retain INTEGER NOT NULL,           -- delivery RETAIN flag
  subids TEXT,                       -- subscription identifiers as JSON
  publish_at INTEGER NOT NULL        -- epoch ms the broker accepted it (message_retention_period)
);
CREATE INDEX durable_messages_client ON durable_messages (clientid, seq);
CREATE INDEX durable_messages_publish_at ON durable_messages (publish_at);
