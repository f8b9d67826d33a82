// A release's revisions as a timeline: one entry per revision helm keeps, newest first, with the
// run the audit log has for it where there is one (action, actor, note, time), and what moved
// against the revision before it. Revisions come from beside the release, so one made by the
// CLI, or by another server, is there too, its action inferred when nothing recorded it.
import type { Plan } from "../../api/plans";
import type { PlanStatus, Revision } from "../../api/releases";
import type { Run } from "../../api/runs";
import { describeValueChange, valueChanges } from "../../deploy/valueChanges";
import { shortHash } from "../../lib/shortHash";

export interface TimelineEntry {
  revision: number;
  current: boolean;
  /** `install`, `apply`, `rollback` as a run or the release's status says; else inferred. */
  action: string;
  /** True when nothing recorded the action and it was read from the revisions themselves. */
  inferred: boolean;
  actor?: string;
  /** Who approved the write, on a site that requires approval. */
  approvedBy?: string;
  note?: string;
  at?: string;
  runId?: number;
  /** `sha256:<hex>` of the chart archive the revision installed, when swiss recorded it. */
  chartDigest?: string;
  /** Identity moves, then value changes, against the revision before; empty for the first. */
  moved: string[];
}

/** How many value changes an entry lists before counting the rest. */
const VALUES_SHOWN = 4;

function identityMoves(before: Revision, after: Revision): string[] {
  const pairs: Array<[string, string | undefined, string | undefined]> = [
    ["version", before.version, after.version],
    ["variant", before.variant, after.variant],
    ["chart", before.chart, after.chart],
  ];
  const moves = pairs.filter(([, from, to]) => (from ?? "") !== (to ?? "")).map(([label, from, to]) => `${label} ${from || "none"} → ${to || "none"}`);
  // The same chart version under another digest is a version pushed again: what the chart label
  // alone would hide. Only when both were recorded (a revision from before swiss kept digests has none).
  if (before.chart === after.chart && before.chartDigest && after.chartDigest && before.chartDigest !== after.chartDigest) {
    moves.push(`chart digest ${shortHash(before.chartDigest)} → ${shortHash(after.chartDigest)}`);
  }
  return moves;
}

function valueMoves(before: Plan | undefined, after: Plan | undefined): string[] {
  if (!before || !after) {
    return [];
  }
  const changes = valueChanges(before.layers, after.layers).map(describeValueChange);
  return changes.length > VALUES_SHOWN ? [...changes.slice(0, VALUES_SHOWN), `${changes.length - VALUES_SHOWN} more values`] : changes;
}

/** Without a record: the first revision was an install, one whose plan an older revision had is a rollback. */
function inferredAction(revision: Revision, older: Revision[]): string {
  if (revision.revision === 1) {
    return "install";
  }
  return revision.planHash && older.some((o) => o.planHash === revision.planHash) ? "rollback" : "apply";
}

/** The newest successful run that left the release at each revision. */
function runsByRevision(runs: readonly Run[]): Map<number, Run> {
  const byRevision = new Map<number, Run>();
  for (const run of [...runs].sort((a, b) => a.id - b.id)) {
    // An approval's own rows (approval-request, -approve, ...) made no revision, whatever they carry.
    if (run.revision && !run.error && run.action !== "uninstall" && !run.action.startsWith("approval-")) {
      byRevision.set(run.revision, run);
    }
  }
  return byRevision;
}

export function buildTimeline(revisions: readonly Revision[], runs: readonly Run[], planStatus: PlanStatus | undefined, plans: ReadonlyMap<number, Plan>): TimelineEntry[] {
  const oldestFirst = [...revisions].sort((a, b) => a.revision - b.revision);
  const recorded = runsByRevision(runs);
  const entries = oldestFirst.map((revision, index) => {
    const older = oldestFirst.slice(0, index);
    const before = older[older.length - 1];
    const run = recorded.get(revision.revision);
    // status.yaml beside the release is rewritten by every apply, the CLI's too: it knows the last one.
    const status = planStatus && planStatus.revision === revision.revision && planStatus.phase === "applied" ? planStatus : undefined;
    const action = run?.action ?? status?.action;
    return {
      revision: revision.revision,
      current: revision.current === true,
      action: action ?? inferredAction(revision, older),
      inferred: action === undefined,
      actor: run?.actor,
      approvedBy: run?.approvedBy,
      note: run?.note || status?.note || undefined,
      at: run?.endedAt ?? status?.updatedAt,
      runId: run?.id,
      chartDigest: revision.chartDigest,
      moved: before ? [...identityMoves(before, revision), ...valueMoves(plans.get(before.revision), plans.get(revision.revision))] : [],
    };
  });
  return entries.reverse();
}
