package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.deploy.ReleasePlans;
import dev.modelsphere.swiss.plan.Plan;
import io.javalin.http.Context;

/** The per-release routes' shared path, and what they all need first: the release's plan. */
final class ReleasePaths {
  static final String RELEASE = "/api/releases/{namespace}/{release}";

  private ReleasePaths() {}

  /** The current plan of the release the path names ({@link ReleasePlans#served}). */
  static Plan currentPlan(ReleasePlans plans, Context ctx) {
    return plans.served(ctx.pathParam("namespace"), ctx.pathParam("release"));
  }
}
