package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.deploy.ProfileChanges;
import dev.modelsphere.swiss.server.auth.Actor;
import dev.modelsphere.swiss.server.http.Deadline;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import dev.modelsphere.swiss.sitestate.SiteProfiles;

/**
 * The site profile: {@code GET /api/profile} (its text, and the profile or why it does not parse),
 * {@code PUT /api/profile} (check and store a new one in its ConfigMap) and {@code GET
 * /api/profile/template} (the default that pre-fills the setup form). The profile is the site's
 * policy, so changing it needs the admin role, and on a site that requires approval an approval.
 */
public final class ProfileRoutes implements RouteGroup {
  private final SiteProfiles profiles;
  private final ProfileChanges changes;

  public ProfileRoutes(SiteProfiles profiles, ProfileChanges changes) {
    this.profiles = profiles;
    this.changes = changes;
  }

  @Override
  public void register(Routes routes) {
    routes.get("/api/profile", Deadline.QUICK_READ, ctx -> Json.answer(ctx, profiles::answer));
    // Not behind allowDeploy: a server that deploys nothing still sets its own site up.
    routes.put(
        "/api/profile",
        Deadline.CLUSTER_READ,
        ctx -> {
          Actor.requireAdmin(ctx, "change the site profile");
          Json.answer(ctx, () -> changes.write(Actor.of(ctx), ctx.body()));
        });
    routes.get(
        "/api/profile/template", Deadline.QUICK_READ, ctx -> Json.answer(ctx, profiles::template));
  }
}
