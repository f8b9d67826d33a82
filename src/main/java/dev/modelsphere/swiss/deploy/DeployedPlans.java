package dev.modelsphere.swiss.deploy;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.plan.Plan;

/**
 * Where an upgrade ({@code fromRelease}) reads the plan a release runs: the backends ({@link
 * ReleasePlans}). An interface so a composer that never upgrades (an offline {@code swiss plan})
 * needs no cluster to be built.
 */
@FunctionalInterface
public interface DeployedPlans {
  /**
   * @throws DeployException {@code NOT_FOUND} when there is no release or no plan beside it
   */
  Plan current(String namespace, String release);
}
