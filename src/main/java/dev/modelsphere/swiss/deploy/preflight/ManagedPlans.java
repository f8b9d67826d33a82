package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.plan.Plan;
import java.util.List;

/** The current plan of every release swiss manages in scope, read from the cluster on each call. */
@FunctionalInterface
public interface ManagedPlans {

  /**
   * @throws RuntimeException when the cluster cannot be read; preflight reports it as a problem
   */
  List<Plan> current();
}
