package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.plan.Plan;
import java.util.List;

/**
 * The current plan of every release swiss manages in scope: listed live on each call (the CLI), or
 * read from the watches the server keeps ({@code deploy.view.FleetPlans}).
 */
@FunctionalInterface
public interface ManagedPlans {

  /**
   * @throws RuntimeException when the cluster cannot be read; preflight reports it as a problem
   */
  List<Plan> current();
}
