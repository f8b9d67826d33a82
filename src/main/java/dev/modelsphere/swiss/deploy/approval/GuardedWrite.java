package dev.modelsphere.swiss.deploy.approval;

import dev.modelsphere.swiss.plan.Plan;
import java.util.Optional;

/**
 * One write as an approval names it: what it does to which release (or to the site), with which
 * plan (install, apply, adopt), to which revision (rollback) or with which content (the profile's
 * text, a release's SLO thresholds), and how ({@link WriteFlags}).
 *
 * @param namespace empty for a write of the site's own (its profile)
 * @param release empty for a write of the site's own
 * @param contentHash {@code sha256:<hex>} of what a profile or SLO write stores
 * @param plan the plan an install, apply or adopt writes, whole: its hash leaves members out that
 *     the write uses, and the approval binds those too ({@link PlanDifferences})
 */
public record GuardedWrite(
    String action,
    String namespace,
    String release,
    String planHash,
    int toRevision,
    String contentHash,
    WriteFlags flags,
    Optional<Plan> plan) {

  /** An install, apply or adopt of one plan, to the release the plan names. */
  public static GuardedWrite ofPlan(String action, Plan plan, WriteFlags flags) {
    return new GuardedWrite(
        action,
        plan.release().namespace(),
        plan.release().name(),
        plan.hash(),
        0,
        "",
        flags,
        Optional.of(plan));
  }

  public static GuardedWrite rollback(
      String namespace, String release, int toRevision, boolean forceChart) {
    return new GuardedWrite(
        GuardedAction.ROLLBACK.wire(),
        namespace,
        release,
        "",
        toRevision,
        "",
        new WriteFlags("", false, forceChart),
        Optional.empty());
  }

  /** A write that names nothing but its release (an uninstall, an SLO reset). */
  public static GuardedWrite ofRelease(String action, String namespace, String release) {
    return new GuardedWrite(
        action, namespace, release, "", 0, "", WriteFlags.NONE, Optional.empty());
  }

  /** A write of content: a release's SLO thresholds, or (with no release) the site profile. */
  public static GuardedWrite ofContent(
      String action, String namespace, String release, String contentHash) {
    return new GuardedWrite(
        action, namespace, release, "", 0, contentHash, WriteFlags.NONE, Optional.empty());
  }

  /** The site profile's new text. */
  public static GuardedWrite ofProfile(String contentHash) {
    return ofContent(GuardedAction.PROFILE.wire(), "", "", contentHash);
  }

  public String ref() {
    return release.isEmpty() ? "the site" : namespace + "/" + release;
  }

  /** Whether it writes a release, rather than the site's own profile. */
  public boolean ofARelease() {
    return !release.isEmpty();
  }
}
