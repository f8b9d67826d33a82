package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.ReleaseRef;
import dev.modelsphere.swiss.plan.Serving;

/**
 * The route a plan publishes on the site's entrypoint is not already another release's: two
 * releases on one route would each take the other's traffic. The route is {@link Serving#route},
 * the one rule every view uses, so a plan with routing off claims none.
 */
public final class RouteCollisionRule extends ClaimRule {
  public static final String NAME = "route-collision";
  public static final String FIELD = "modelRoute.nginx.route";

  public RouteCollisionRule(ManagedPlans plans) {
    super(NAME, FIELD, plans);
  }

  @Override
  String claimOf(Plan plan) {
    return Serving.route(plan);
  }

  @Override
  String message(String route, ReleaseRef holder) {
    return "route \"%s\" is already claimed by release %s: set %s to another route, or uninstall %s first"
        .formatted(route, holder, FIELD, holder);
  }
}
