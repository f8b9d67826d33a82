package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.deploy.ReleaseWrites;
import dev.modelsphere.swiss.deploy.approval.ApprovalAsk;
import dev.modelsphere.swiss.plan.ReleaseRef;
import dev.modelsphere.swiss.server.api.ApplyRequest;
import dev.modelsphere.swiss.server.api.RollbackRequest;

/**
 * The approval request of each write through a server: exactly the write, with the flags and the
 * chart digest it sends, since the server approves nothing less; the write's note goes to the
 * approver.
 */
final class ApprovalAsks {
  private ApprovalAsks() {}

  /**
   * An install, apply or adopt of the stored plan {@code request} names, for {@code release}. An
   * adoption writes nothing to the release, so it carries no flags.
   */
  static ApprovalAsk ofPlan(ReleaseRef release, ApplyRequest request, String action) {
    boolean adopt = action.equals(ReleaseWrites.ADOPT);
    return new ApprovalAsk(
        action,
        release.namespace(),
        release.name(),
        request.planHash(),
        0,
        "",
        adopt ? "" : request.expectChartDigest(),
        !adopt && request.forceConflicts(),
        false,
        request.note());
  }

  static ApprovalAsk ofRollback(ReleaseRef release, RollbackRequest request) {
    return new ApprovalAsk(
        "rollback",
        release.namespace(),
        release.name(),
        "",
        request.toRevision(),
        "",
        "",
        false,
        request.forceChart(),
        request.note());
  }

  static ApprovalAsk ofUninstall(ReleaseRef release) {
    return new ApprovalAsk(
        "uninstall", release.namespace(), release.name(), "", 0, "", "", false, false, "");
  }
}
