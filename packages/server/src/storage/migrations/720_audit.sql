-- Audit log (modules/audit): one row per change made through the API (POST/PUT/DELETE), as EMQX's
-- emqx_audit table; trimmed to log.audit.max_filter_size rows, oldest first.
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  created_at INTEGER NOT NULL,    -- epoch microseconds
  node TEXT NOT NULL,
  "from" TEXT NOT NULL,           -- dashboard | rest_api | cli | erlang_console | unknown
  source TEXT NOT NULL,           -- username or API key name
  source_ip TEXT NOT NULL,
  operation_id TEXT NOT NULL,     -- the contract path, e.g. /rules/{id}
  operation_type TEXT NOT NULL,   -- its first segment
  operation_result TEXT NOT NULL, -- success | failure
  http_status_code INTEGER NOT NULL,
  http_method TEXT NOT NULL,      -- post | put | delete
  duration_ms INTEGER NOT NULL,
  failure TEXT NOT NULL,          -- JSON: the error body, or []
  http_request TEXT NOT NULL      -- JSON: {method, bindings, headers, body} with secrets masked
);
CREATE INDEX audit_log_created ON audit_log (created_at);
