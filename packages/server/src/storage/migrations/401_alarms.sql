-- Alarms (modules/alarms): active ones have deactivate_at NULL (one per name); the others are history,
-- trimmed to alarm.size_limit and alarm.validity_period.
CREATE TABLE alarms (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  message TEXT NOT NULL,
  details TEXT NOT NULL,        -- JSON object
  activate_at INTEGER NOT NULL, -- epoch ms
  deactivate_at INTEGER         -- epoch ms, NULL while active
);
CREATE UNIQUE INDEX alarms_active_name ON alarms (name) WHERE deactivate_at IS NULL;
CREATE INDEX alarms_history ON alarms (deactivate_at);
