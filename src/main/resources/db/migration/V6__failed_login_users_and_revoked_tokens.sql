-- Shared by both dialects (db/migration runs on SQLite and PostgreSQL alike), so every replica on
-- one database throttles and revokes alike. Times are epoch milliseconds, as in V3.

-- The username each failed login tried, so guessing one user's password is slowed however many
-- addresses the guesses come from. Rows from before this migration tried no name anyone knows.
ALTER TABLE login_failures ADD COLUMN username TEXT NOT NULL DEFAULT '';

CREATE INDEX IF NOT EXISTS login_failures_username ON login_failures (username, failed_at);

-- Session tokens revoked by a logout, by their id (the jti claim), kept until no token of that
-- session can still be valid; expired rows are pruned as new ones are written.
CREATE TABLE IF NOT EXISTS revoked_tokens (
  token_id   TEXT   PRIMARY KEY,
  expires_at BIGINT NOT NULL
);

CREATE INDEX IF NOT EXISTS revoked_tokens_expiry ON revoked_tokens (expires_at);
