-- Durable sessions (modules/durable-sessions): one row per subscription, so a SUBSCRIBE writes only the filters it
-- names instead of the session's whole subscription list.
CREATE TABLE durable_subscriptions (
  clientid TEXT NOT NULL,
  topic TEXT NOT NULL,               -- the filter as subscribed ($share/…, $exclusive/… included)
  sub TEXT NOT NULL,                 -- SubscriptionInfo as JSON
  PRIMARY KEY (clientid, topic)
);
INSERT INTO durable_subscriptions (clientid, topic, sub)
  SELECT s.clientid, json_extract(j.value, '$.topic'), j.value FROM durable_sessions s, json_each(s.subs) j ORDER BY s.clientid, j.key;
ALTER TABLE durable_sessions DROP COLUMN subs;
