-- Delayed publish (modules/delayed): messages held until expected_at (epoch ms), in release order.
CREATE TABLE delayed_messages (
  msgid TEXT PRIMARY KEY,            -- 32 hex chars, upper case (EMQX message id)
  expected_at INTEGER NOT NULL,      -- epoch ms when it is published
  delayed_interval INTEGER NOT NULL, -- seconds, as written in $delayed/<interval>/
  topic TEXT NOT NULL,               -- the destination topic (without $delayed/<interval>/)
  qos INTEGER NOT NULL,
  retain INTEGER NOT NULL,
  payload BLOB NOT NULL,
  from_clientid TEXT,
  from_username TEXT,
  publish_at INTEGER NOT NULL,       -- epoch ms when the broker accepted the original PUBLISH
  properties TEXT                    -- MQTT 5 properties as JSON (buffers base64)
);
CREATE INDEX delayed_messages_expected ON delayed_messages (expected_at);
CREATE INDEX delayed_messages_topic ON delayed_messages (topic);
