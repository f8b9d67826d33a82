package dev.modelsphere.swiss.deploy;

import dev.modelsphere.swiss.plan.Plan;

/** The plan that produced one revision of a release, from whichever backend keeps it. */
public interface RevisionPlans {
  /**
   * @throws DeployException {@code NOT_FOUND} when no plan of that revision is kept
   */
  Plan plan(String ns, String release, int revision);
}
