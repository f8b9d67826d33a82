package dev.modelsphere.swiss.deploy;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import dev.modelsphere.swiss.deploy.approval.ContentHash;
import dev.modelsphere.swiss.deploy.approval.GuardedWrite;
import dev.modelsphere.swiss.deploy.approval.WriteApprovals;
import dev.modelsphere.swiss.deploy.writes.DetachedRuns;
import dev.modelsphere.swiss.sitestate.ProfileAnswer;
import dev.modelsphere.swiss.sitestate.ProfileChange;
import dev.modelsphere.swiss.sitestate.ProfileWriter;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A change of the site profile ({@code PUT /api/profile}), which is the site's policy: who
 * approves, whether writes need approval, where catalogs and charts come from. On a site whose
 * stored profile requires approval, the change spends an approval of exactly its text ({@code
 * profile}, bound to the text's {@link ContentHash}); every change is a run of the audit log
 * ({@code profile}) whose output is the unified diff of the text. Only an admin gets here: the
 * route checks the role.
 */
public final class ProfileChanges {
  /** The action a profile change is approved and recorded as. */
  public static final String ACTION = "profile";

  private static final int CONTEXT_LINES = 3;
  private static final Logger LOG = LoggerFactory.getLogger(ProfileChanges.class);

  private final ProfileWriter writer;
  private final WriteApprovals approvals;
  private final DetachedRuns runs;

  public ProfileChanges(ProfileWriter writer, WriteApprovals approvals, DetachedRuns runs) {
    this.writer = writer;
    this.approvals = approvals;
    this.runs = runs;
  }

  /**
   * Checks the profile {@code body} carries, spends its approval when the stored profile requires
   * one, stores it and records the change.
   */
  public ProfileAnswer write(String actor, String body) {
    ProfileChange change = writer.prepare(body);
    GuardedWrite write = GuardedWrite.ofProfile(ContentHash.of(change.after()));
    // The stored profile, read just now, decides: not the copy held in memory, which a hand edit
    // may have left behind for a while.
    String approver =
        change.requiresApproval() ? approvals.spendRequired(actor, write, () -> 0) : "";
    DetachedRuns.Attempt attempt =
        new DetachedRuns.Attempt(actor, ACTION, "", "", write.contentHash(), "", approver);
    ProfileAnswer stored =
        runs.run(
            attempt,
            () ->
                new DetachedRuns.Done<>(
                    writer.store(change),
                    0,
                    unifiedDiff(change),
                    !change.before().equals(change.after())));
    // Also where the audit log is not kept: a server without a database records no runs.
    LOG.info("{} changed the site profile {} to {}", actor, change.location(), write.contentHash());
    return stored;
  }

  /** What changed in the text, as {@code diff -u} shows it; empty when nothing did. */
  static String unifiedDiff(ProfileChange change) {
    List<String> before = change.before().lines().toList();
    List<String> after = change.after().lines().toList();
    List<String> diff =
        UnifiedDiffUtils.generateUnifiedDiff(
            before.isEmpty() ? "/dev/null" : "a/" + change.location(),
            "b/" + change.location(),
            before,
            DiffUtils.diff(before, after),
            CONTEXT_LINES);
    return diff.isEmpty() ? "" : String.join("\n", diff) + "\n";
  }
}
