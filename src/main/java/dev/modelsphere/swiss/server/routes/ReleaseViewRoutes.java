package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.deploy.view.ObjectsView;
import dev.modelsphere.swiss.deploy.view.RevisionsView;
import dev.modelsphere.swiss.deploy.view.StatusView;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.server.auth.Actor;
import dev.modelsphere.swiss.server.http.Deadline;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import dev.modelsphere.swiss.server.state.CatalogLookups;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.sitestate.SiteProfiles;
import io.javalin.http.Context;
import java.util.Optional;

/**
 * One release as it runs: its {@code status} (pods and their startup progress, the route), the
 * routing and scaling {@code objects} its manifest made, and its {@code revisions} with the plan
 * and values of each. Every answer reads the release live, by name. The values of a release swiss
 * does not manage are for the admin role only.
 */
public final class ReleaseViewRoutes implements RouteGroup {
  private static final String REVISION = ReleasePaths.RELEASE + "/revisions/{revision}";

  private final StatusView status;
  private final ObjectsView objects;
  private final RevisionsView revisions;
  private final SiteProfiles profiles;
  private final CatalogLookups catalogs;

  public ReleaseViewRoutes(
      StatusView status,
      ObjectsView objects,
      RevisionsView revisions,
      SiteProfiles profiles,
      CatalogLookups catalogs) {
    this.status = status;
    this.objects = objects;
    this.revisions = revisions;
    this.profiles = profiles;
    this.catalogs = catalogs;
  }

  @Override
  public void register(Routes routes) {
    routes.get(ReleasePaths.RELEASE + "/status", Deadline.CLUSTER_READ, this::status);
    routes.get(ReleasePaths.RELEASE + "/objects", Deadline.QUICK_READ, this::objects);
    routes.get(ReleasePaths.RELEASE + "/revisions", Deadline.CLUSTER_READ, this::revisions);
    routes.get(REVISION + "/values", Deadline.HELM_VALUES, this::revisionValues);
    routes.get(REVISION + "/plan", Deadline.CLUSTER_READ, this::revisionPlan);
  }

  private void status(Context ctx) {
    Optional<Profile> profile = profiles.profileIfReadable();
    Json.answer(ctx, () -> status.read(namespace(ctx), release(ctx), profile, catalogs.digests()));
  }

  private void objects(Context ctx) {
    Json.answer(ctx, () -> objects.objects(namespace(ctx), release(ctx)));
  }

  private void revisions(Context ctx) {
    Json.answer(ctx, () -> revisions.list(namespace(ctx), release(ctx)));
  }

  private void revisionValues(Context ctx) {
    Json.answer(
        ctx,
        () ->
            revisions.values(
                namespace(ctx), release(ctx), ctx.pathParam("revision"), Actor.isAdmin(ctx)));
  }

  /** Written by the plan's own encoder, as {@code GET .../plan} writes the current one. */
  private void revisionPlan(Context ctx) {
    Plan plan = revisions.plan(namespace(ctx), release(ctx), ctx.pathParam("revision"));
    ctx.status(200).contentType(Json.CONTENT_TYPE).result(PlanJson.toJson(plan));
  }

  private static String namespace(Context ctx) {
    return ctx.pathParam("namespace");
  }

  private static String release(Context ctx) {
    return ctx.pathParam("release");
  }
}
