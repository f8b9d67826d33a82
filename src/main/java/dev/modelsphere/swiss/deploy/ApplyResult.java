package dev.modelsphere.swiss.deploy;

/**
 * A successful install, apply or rollback.
 *
 * @param revision the helm revision it produced
 * @param statusError non-empty when the final status.yaml write failed although helm succeeded
 */
public record ApplyResult(
    String namespace,
    String release,
    String planHash,
    int revision,
    String output,
    String statusError) {

  public String status() {
    return PlanStatus.APPLIED;
  }
}
