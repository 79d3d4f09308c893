-- Users of the built-in-database authenticators, one set per authenticator id
-- (password_based:built_in_database). As in EMQX, the hash is checked with the authenticator's current
-- password_hash_algorithm; `salt` is hex (empty for bcrypt, whose salt is inside the hash).
CREATE TABLE authn_users (
  authenticator TEXT NOT NULL,
  user_id TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  salt TEXT NOT NULL DEFAULT '',
  is_superuser INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (authenticator, user_id)
) WITHOUT ROWID;
