package dev.modelsphere.swiss.deploy.approval;

import dev.modelsphere.swiss.values.Nulls;

/**
 * The body of {@code POST /api/approvals}: which write is asked for.
 *
 * @param planHash the plan an install or apply would write
 * @param toRevision the revision a rollback would restore
 * @param note why, for the approver
 */
public record ApprovalAsk(
    String action, String namespace, String release, String planHash, int toRevision, String note) {
  public ApprovalAsk {
    action = Nulls.orEmpty(action);
    namespace = Nulls.orEmpty(namespace);
    release = Nulls.orEmpty(release);
    planHash = Nulls.orEmpty(planHash);
    note = Nulls.orEmpty(note);
  }
}
