package dev.modelsphere.swiss.deploy.backend;

import dev.modelsphere.swiss.plan.Plan;

/**
 * What applying a plan would change in its release: the diff a review shows before a write. {@link
 * PlanDiffer} renders the plan and compares it with helm's stored release and the live objects; the
 * use cases depend on this port only, so they run without a cluster as well.
 */
@FunctionalInterface
public interface ReleaseDiffs {

  /**
   * @throws DeployException {@code INVALID} when the plan does not render, {@code UPSTREAM_FAILED}
   *     when the release or its objects cannot be read
   */
  DiffResult diff(Plan plan);
}
