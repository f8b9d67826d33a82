package dev.modelsphere.swiss.deploy;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.plan.Plan;

/**
 * The port through which an upgrade ({@code fromRelease}) reads the plan a release runs: {@link
 * ReleasePlans} asks the backend that owns the release. The composer depends on this alone, so one
 * that never upgrades (an offline {@code swiss plan}) needs no cluster, and the use cases' tests
 * read the plans their in-memory backend keeps.
 */
@FunctionalInterface
public interface DeployedPlans {
  /**
   * @throws DeployException {@code NOT_FOUND} when there is no release or no plan beside it
   */
  Plan current(String namespace, String release);
}
