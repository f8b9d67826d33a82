package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.deploy.ReleasePlans;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.server.http.ApiException;
import io.javalin.http.Context;

/** The per-release routes' shared path, and what they all need first: the release's plan. */
final class ReleasePaths {
  static final String RELEASE = "/api/releases/{namespace}/{release}";

  private ReleasePaths() {}

  /**
   * The current plan of the release the path names.
   *
   * @throws ApiException 404 with the reason for any failure, as the reference answers: a release
   *     with no readable plan is, to these routes, one swiss does not know
   */
  static Plan currentPlan(ReleasePlans plans, Context ctx) {
    try {
      return plans.current(ctx.pathParam("namespace"), ctx.pathParam("release"));
    } catch (DeployException e) {
      throw new ApiException(404, e.getMessage());
    }
  }
}
