-- Approval requests on sites whose profile says requireApproval (db/postgresql/V4 is the same in
-- PostgreSQL's words). Times are epoch milliseconds, which order as numbers in both dialects; 0
-- means "not yet". A request is decided once and spent once: the updates that do it name the state
-- they leave, so two replicas can never both approve, or both spend, one request.
CREATE TABLE IF NOT EXISTS approvals (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  action        TEXT    NOT NULL,
  namespace     TEXT    NOT NULL,
  release       TEXT    NOT NULL,
  plan_hash     TEXT    NOT NULL DEFAULT '',
  to_revision   INTEGER NOT NULL DEFAULT 0,
  note          TEXT    NOT NULL DEFAULT '',
  revision      INTEGER NOT NULL DEFAULT 0,
  state         TEXT    NOT NULL,
  requested_by  TEXT    NOT NULL,
  requested_at  BIGINT  NOT NULL,
  expires_at    BIGINT  NOT NULL,
  decided_by    TEXT    NOT NULL DEFAULT '',
  decided_at    BIGINT  NOT NULL DEFAULT 0,
  decision_note TEXT    NOT NULL DEFAULT '',
  spent_at      BIGINT  NOT NULL DEFAULT 0
);

CREATE INDEX IF NOT EXISTS approvals_release ON approvals (namespace, release, state);

-- Who approved the write a run records; empty where the site asks for no approval.
ALTER TABLE runs ADD COLUMN approved_by TEXT NOT NULL DEFAULT '';
