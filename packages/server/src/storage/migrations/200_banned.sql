-- Banned clients (GET/POST/DELETE /banned). `kind` is EMQX's `as`; `who` is kept as submitted
-- (regex or CIDR text). Times are epoch ms; until NULL = infinity.
CREATE TABLE banned (
  kind TEXT NOT NULL,
  who TEXT NOT NULL,
  by TEXT NOT NULL DEFAULT 'mgmt_api',
  reason TEXT NOT NULL DEFAULT '',
  at INTEGER NOT NULL,
  until INTEGER,
  PRIMARY KEY (kind, who)
) WITHOUT ROWID;
