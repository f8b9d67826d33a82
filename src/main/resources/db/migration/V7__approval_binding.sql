-- What an approval binds beyond its plan or revision (issue 38): the content a profile or SLO
-- change stores, the chart digest an install or apply expects, and the force flags. A write whose
-- flags differ from the approved ones is refused. One file for both dialects: each reads these
-- statements alike.
ALTER TABLE approvals ADD COLUMN content_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE approvals ADD COLUMN chart_digest TEXT NOT NULL DEFAULT '';
ALTER TABLE approvals ADD COLUMN force_conflicts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE approvals ADD COLUMN force_chart INTEGER NOT NULL DEFAULT 0;
