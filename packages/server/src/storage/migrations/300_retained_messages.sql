-- Retained messages when retainer.backend.storage_type = disc (modules/configs/retainer-disk.ts).
-- seq keeps the paging order stable (newest last, as the RAM store); properties is JSON (buffers base64).
CREATE TABLE retained_messages (
  topic TEXT PRIMARY KEY,
  seq INTEGER NOT NULL,
  id TEXT NOT NULL,
  payload BLOB NOT NULL,
  qos INTEGER NOT NULL,
  from_clientid TEXT,
  from_username TEXT,
  timestamp INTEGER NOT NULL,
  properties TEXT
);

CREATE INDEX retained_messages_seq ON retained_messages (seq);
