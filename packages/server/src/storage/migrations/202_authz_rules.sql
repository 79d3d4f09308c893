-- Built-in-database authorization rules: one row per client id, per username, or the single 'all' row.
-- `rules` is the JSON array as the API shows it ([{topic, permission, action, qos, retain}]), in order.
CREATE TABLE authz_rules (
  who_type TEXT NOT NULL CHECK (who_type IN ('clientid', 'username', 'all')),
  who TEXT NOT NULL,
  rules TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (who_type, who)
) WITHOUT ROWID;
