package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.Serving;
import java.util.List;

/**
 * The route a plan publishes on the site's entrypoint is not already another release's: two
 * releases on one route would each take the other's traffic. The route is {@link Serving#route},
 * the one rule every view uses, so a plan with routing off claims none.
 */
public final class RouteCollisionRule implements PreflightRule {
  public static final String NAME = "route-collision";
  public static final String FIELD = "modelRoute.nginx.route";

  private final ManagedPlans plans;

  public RouteCollisionRule(ManagedPlans plans) {
    this.plans = plans;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public List<Problem> check(Proposal proposal) {
    Plan plan = proposal.plan();
    String route = Serving.route(plan);
    return Claims.holders(plan, plans.current(), Serving::route).stream()
        .map(
            holder ->
                problem(
                    FIELD,
                    "route \"%s\" is already claimed by release %s: set %s to another route, or uninstall %s first"
                        .formatted(route, holder, FIELD, holder)))
        .toList();
  }
}
