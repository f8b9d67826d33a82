-- The plan document an install, apply or adopt approval was asked for (issue 39). A plan composed
-- again under the same hash replaces the stored one (decision 0011), so the hash alone no longer
-- names one document: the write is compared with this copy, and one that differs (createNamespace,
-- profile, engine, catalogName, hf, helmfile, layers) is refused. Empty for other actions, and for
-- requests made before this migration, which bind no document and are refused for plan writes
-- (decision 0013). One file for both dialects: each reads this statement alike.
ALTER TABLE approvals ADD COLUMN plan_document TEXT NOT NULL DEFAULT '';
