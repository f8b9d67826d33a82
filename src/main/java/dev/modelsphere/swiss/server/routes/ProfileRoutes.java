package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.server.http.Deadline;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import dev.modelsphere.swiss.sitestate.ProfileWriter;
import dev.modelsphere.swiss.sitestate.SiteProfiles;

/**
 * The site profile: {@code GET /api/profile} (its text, and the profile or why it does not parse),
 * {@code PUT /api/profile} (check and store a new one in its ConfigMap) and {@code GET
 * /api/profile/template} (the default that pre-fills the setup form).
 */
public final class ProfileRoutes implements RouteGroup {
  private final SiteProfiles profiles;
  private final ProfileWriter writer;

  public ProfileRoutes(SiteProfiles profiles, ProfileWriter writer) {
    this.profiles = profiles;
    this.writer = writer;
  }

  @Override
  public void register(Routes routes) {
    routes.get("/api/profile", Deadline.QUICK_READ, ctx -> Json.answer(ctx, profiles::answer));
    // Not behind allowDeploy: a server that deploys nothing still sets its own site up.
    routes.put(
        "/api/profile",
        Deadline.CLUSTER_READ,
        ctx -> Json.answer(ctx, () -> writer.write(ctx.body())));
    routes.get(
        "/api/profile/template", Deadline.QUICK_READ, ctx -> Json.answer(ctx, profiles::template));
  }
}
