package dev.modelsphere.swiss.deploy;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.plan.Plan;

/**
 * What must hold before a plan is written to the cluster, beyond the backend's own preconditions
 * (the server's preflight rules: schema, claims, GPU fit).
 */
public interface ApplyGate {
  /** No checks beyond the backend's own. */
  ApplyGate NONE = (plan, mode) -> {};

  /**
   * @throws DeployException {@code CONFLICT} naming every problem when the plan must not be applied
   */
  void check(Plan plan, Mode mode);
}
