package dev.modelsphere.swiss.deploy.backend;

/**
 * A successful install, apply or rollback.
 *
 * @param revision the helm revision it produced, or the one that runs when nothing changed
 * @param statusError non-empty when the final status.yaml write failed although helm succeeded
 * @param changed false when the release already ran the plan and nothing differed: no revision was
 *     made and nothing was written
 */
public record ApplyResult(
    String namespace,
    String release,
    String planHash,
    int revision,
    String output,
    String statusError,
    boolean changed) {

  /** The answer of a write that made nothing: {@code revision} already runs the plan. */
  public static ApplyResult unchanged(
      String namespace, String release, String planHash, int revision, String why) {
    String output =
        "no changes: %s/%s revision %d already runs plan %s and %s; nothing was applied"
            .formatted(namespace, release, revision, planHash, why);
    return new ApplyResult(namespace, release, planHash, revision, output, "", false);
  }

  public String status() {
    return PlanStatus.APPLIED;
  }
}
