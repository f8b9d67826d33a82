package dev.modelsphere.swiss.deploy.approval;

import dev.modelsphere.swiss.values.Nulls;

/**
 * The body of {@code POST /api/approvals}: which write is asked for, all of it.
 *
 * @param namespace the release's namespace; empty for a profile change
 * @param release empty for a profile change
 * @param planHash the plan an install, apply or adopt would write
 * @param toRevision the revision a rollback would restore
 * @param contentHash {@code sha256:<hex>} of the profile text or SLO thresholds a write stores
 * @param chartDigest the {@code expectChartDigest} an install or apply will send; empty: none
 * @param forceConflicts an install or apply will force conflicts
 * @param forceChart a rollback will go past a chart archive the repository no longer serves
 * @param note why, for the approver
 */
public record ApprovalAsk(
    String action,
    String namespace,
    String release,
    String planHash,
    int toRevision,
    String contentHash,
    String chartDigest,
    boolean forceConflicts,
    boolean forceChart,
    String note) {
  public ApprovalAsk {
    action = Nulls.orEmpty(action);
    namespace = Nulls.orEmpty(namespace);
    release = Nulls.orEmpty(release);
    planHash = Nulls.orEmpty(planHash);
    contentHash = Nulls.orEmpty(contentHash);
    chartDigest = Nulls.orEmpty(chartDigest);
    note = Nulls.orEmpty(note);
  }

  WriteFlags flags() {
    return new WriteFlags(chartDigest, forceConflicts, forceChart);
  }
}
