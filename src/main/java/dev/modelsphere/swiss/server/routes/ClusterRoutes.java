package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.server.http.Deadline;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import dev.modelsphere.swiss.sitestate.ClusterView;

/**
 * {@code GET /api/cluster} (the navigation header, catalogs, sites and warnings) and {@code GET
 * /api/sites} (the site switcher). Both always answer 200: what cannot be read becomes a warning.
 */
public final class ClusterRoutes implements RouteGroup {
  private final ClusterView view;

  public ClusterRoutes(ClusterView view) {
    this.view = view;
  }

  @Override
  public void register(Routes routes) {
    routes.get("/api/cluster", Deadline.QUICK_READ, ctx -> Json.answer(ctx, view::cluster));
    routes.get("/api/sites", Deadline.QUICK_READ, ctx -> Json.answer(ctx, view::sites));
  }
}
