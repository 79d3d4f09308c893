-- Dashboard users, their bearer tokens (stored as SHA-256 of the opaque token) and API keys.
CREATE TABLE dashboard_users (
  username TEXT PRIMARY KEY,
  password_hash TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  role TEXT NOT NULL DEFAULT 'administrator',
  created_at INTEGER NOT NULL
);

CREATE TABLE dashboard_tokens (
  token_hash TEXT PRIMARY KEY,
  username TEXT NOT NULL REFERENCES dashboard_users(username) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL
);
CREATE INDEX dashboard_tokens_user ON dashboard_tokens(username);

CREATE TABLE api_keys (
  name TEXT PRIMARY KEY,
  api_key TEXT NOT NULL UNIQUE,
  secret_hash TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  enable INTEGER NOT NULL DEFAULT 1,
  expired_at INTEGER,
  created_at INTEGER NOT NULL,
  role TEXT NOT NULL DEFAULT 'administrator'
);
