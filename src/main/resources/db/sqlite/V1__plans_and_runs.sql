-- The reference's schema. "IF NOT EXISTS" lets a database the reference server wrote be adopted
-- as it is: its tables are kept, and V2 adds the columns an older one lacks.
CREATE TABLE IF NOT EXISTS plans (
  hash       TEXT PRIMARY KEY,
  namespace  TEXT NOT NULL,
  release    TEXT NOT NULL,
  model      TEXT NOT NULL,
  variant    TEXT NOT NULL,
  document   TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS runs (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  namespace  TEXT NOT NULL,
  release    TEXT NOT NULL,
  action     TEXT NOT NULL,
  plan_hash  TEXT NOT NULL,
  actor      TEXT NOT NULL DEFAULT '',
  changed    INTEGER NOT NULL DEFAULT 0,
  error      TEXT NOT NULL DEFAULT '',
  output     TEXT NOT NULL DEFAULT '',
  note       TEXT NOT NULL DEFAULT '',
  revision   INTEGER NOT NULL DEFAULT 0,
  started_at TEXT NOT NULL,
  ended_at   TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS runs_release ON runs (namespace, release, id DESC);
