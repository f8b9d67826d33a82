package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.deploy.view.DeploymentsView;
import dev.modelsphere.swiss.deploy.view.Paging;
import dev.modelsphere.swiss.kube.GpuUseHistory;
import dev.modelsphere.swiss.kube.NodeInventory;
import dev.modelsphere.swiss.server.auth.Actor;
import dev.modelsphere.swiss.server.http.Deadline;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import dev.modelsphere.swiss.server.state.CatalogLookups;
import dev.modelsphere.swiss.server.state.CopyAge;
import dev.modelsphere.swiss.sitestate.SiteProfiles;
import io.javalin.http.Context;

/**
 * The fleet at a glance: {@code GET /api/deployments} (every release in scope, paged, with its
 * drift and Canary relationship) and {@code GET /api/nodes} (the GPU inventory) with {@code
 * /api/nodes/history} (its allocation over the last hours). All are computed from the server's
 * watches, so a page costs the API server nothing.
 */
public final class DeploymentRoutes implements RouteGroup {
  private final DeploymentsView deployments;
  private final NodeInventory nodes;
  private final GpuUseHistory gpuHistory;
  private final CopyAge copyAge;
  private final SiteProfiles profiles;
  private final CatalogLookups catalogs;

  public DeploymentRoutes(
      DeploymentsView deployments,
      NodeInventory nodes,
      GpuUseHistory gpuHistory,
      CopyAge copyAge,
      SiteProfiles profiles,
      CatalogLookups catalogs) {
    this.deployments = deployments;
    this.nodes = nodes;
    this.gpuHistory = gpuHistory;
    this.copyAge = copyAge;
    this.profiles = profiles;
    this.catalogs = catalogs;
  }

  @Override
  public void register(Routes routes) {
    routes.get("/api/deployments", Deadline.CLUSTER_READ, this::deployments);
    routes.get("/api/nodes", Deadline.CLUSTER_READ, this::nodes);
    routes.get("/api/nodes/history", Deadline.CLUSTER_READ, this::gpuHistory);
  }

  private void deployments(Context ctx) {
    markAge(ctx);
    Paging paging = Paging.parse(ctx.queryParam("page"), ctx.queryParam("perPage"));
    // Releases swiss does not manage are the admin role's to see until they are adopted.
    boolean untracked = Actor.isAdmin(ctx);
    Json.answer(ctx, () -> deployments.page(clusterName(), paging, catalogs.refs(), untracked));
  }

  private void nodes(Context ctx) {
    markAge(ctx);
    Json.answer(ctx, () -> nodes.report(clusterName()));
  }

  private void gpuHistory(Context ctx) {
    markAge(ctx);
    Json.answer(ctx, gpuHistory::report);
  }

  /**
   * Says how current the copy is, so a client can tell a cached answer from a fresh one while the
   * API server is away. A header rather than a member: the JSON is the reference's.
   */
  private void markAge(Context ctx) {
    copyAge.asOf().ifPresent(asOf -> ctx.header(CopyAge.HEADER, asOf.toString()));
  }

  /** The site's name; an unreadable profile leaves it empty rather than failing the page. */
  private String clusterName() {
    return profiles
        .cachedName()
        .orElseGet(() -> profiles.profileIfReadable().map(p -> p.name()).orElse(""));
  }
}
