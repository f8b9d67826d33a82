package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.deploy.ReleasePlans;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.server.http.Deadline;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import io.javalin.http.Context;

/**
 * {@code GET /api/releases/{namespace}/{release}/plan}: the plan the release was last deployed
 * from, as its owning backend keeps it.
 */
public final class ReleasePlanRoutes implements RouteGroup {
  private final ReleasePlans plans;

  public ReleasePlanRoutes(ReleasePlans plans) {
    this.plans = plans;
  }

  @Override
  public void register(Routes routes) {
    routes.get(ReleasePaths.RELEASE + "/plan", Deadline.QUICK_READ, this::plan);
  }

  /** Written by the plan's own encoder, so it is the document {@code swiss plan} writes. */
  private void plan(Context ctx) {
    String document = PlanJson.toJson(ReleasePaths.currentPlan(plans, ctx));
    ctx.status(200).contentType(Json.CONTENT_TYPE).result(document);
  }
}
