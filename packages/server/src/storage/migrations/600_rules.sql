-- Rule engine (modules/rules): one row per rule, as EMQX keeps them under rule_engine.rules.<id>.
CREATE TABLE rules (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL DEFAULT '',
  sql TEXT NOT NULL,
  actions TEXT NOT NULL,             -- JSON: the actions as the API took them ("<type>:<name>" or {function, args})
  enable INTEGER NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,       -- epoch ms
  last_modified_at INTEGER NOT NULL  -- epoch ms
);
