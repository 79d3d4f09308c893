-- Dashboard monitor samples (GET /monitor): one row per node and sampling instant, kept 7 days.
-- received/sent/dropped/persisted/validation_*/transformation_*/*_bytes are deltas over the interval;
-- the other columns are gauges read at the sampling instant.
CREATE TABLE monitor_samples (
  node TEXT NOT NULL,
  time_stamp INTEGER NOT NULL,
  connections INTEGER NOT NULL DEFAULT 0,
  live_connections INTEGER NOT NULL DEFAULT 0,
  subscriptions INTEGER NOT NULL DEFAULT 0,
  subscriptions_durable INTEGER NOT NULL DEFAULT 0,
  disconnected_durable_sessions INTEGER NOT NULL DEFAULT 0,
  topics INTEGER NOT NULL DEFAULT 0,
  received INTEGER NOT NULL DEFAULT 0,
  sent INTEGER NOT NULL DEFAULT 0,
  dropped INTEGER NOT NULL DEFAULT 0,
  persisted INTEGER NOT NULL DEFAULT 0,
  validation_succeeded INTEGER NOT NULL DEFAULT 0,
  validation_failed INTEGER NOT NULL DEFAULT 0,
  transformation_succeeded INTEGER NOT NULL DEFAULT 0,
  transformation_failed INTEGER NOT NULL DEFAULT 0,
  received_bytes INTEGER NOT NULL DEFAULT 0,
  sent_bytes INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (node, time_stamp)
) WITHOUT ROWID;

CREATE INDEX monitor_samples_time ON monitor_samples (time_stamp);
