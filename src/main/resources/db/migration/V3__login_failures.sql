-- Failed logins per client, so every replica counts the same ones: ten wrong passwords spread over
-- three servers trip the throttle as they would on one. Times are epoch milliseconds, which order
-- as numbers in both dialects (RFC 3339 text with a varying fraction does not order as text).
CREATE TABLE IF NOT EXISTS login_failures (
  client    TEXT   NOT NULL,
  failed_at BIGINT NOT NULL
);

CREATE INDEX IF NOT EXISTS login_failures_client ON login_failures (client, failed_at);
CREATE INDEX IF NOT EXISTS login_failures_at ON login_failures (failed_at);
