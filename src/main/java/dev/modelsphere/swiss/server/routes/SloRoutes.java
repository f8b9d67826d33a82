package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.server.http.ApiException;
import dev.modelsphere.swiss.server.http.Deadline;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import dev.modelsphere.swiss.server.upstream.SloServer;
import dev.modelsphere.swiss.server.upstream.UpstreamException;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.site.Scaler;
import dev.modelsphere.swiss.sitestate.SiteProfiles;
import dev.modelsphere.swiss.sitestate.SiteStateException;
import io.javalin.http.Context;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code GET /api/releases/{namespace}/{release}/slo}: the release's SLO thresholds, read through
 * the SLO server the site profile names. Changing them is a write and belongs with the write
 * routes.
 */
public final class SloRoutes implements RouteGroup {
  private final SiteProfiles profiles;
  private final SloServer slo;

  public SloRoutes(SiteProfiles profiles, SloServer slo) {
    this.profiles = profiles;
    this.slo = slo;
  }

  @Override
  public void register(Routes routes) {
    routes.get(ReleasePaths.RELEASE + "/slo", Deadline.QUICK_READ, this::read);
  }

  private void read(Context ctx) {
    Profile profile;
    try {
      profile = profiles.profile();
    } catch (SiteStateException unreadable) {
      throw new ApiException(502, unreadable.getMessage());
    }
    Scaler scaler = profile.scaler();
    String token;
    try {
      token = slo.token(scaler);
    } catch (UpstreamException e) {
      // The site's setup, not the request, is missing something: the reference answers 409.
      throw new ApiException(409, e.getMessage());
    }
    SloServer.Answer answer;
    try {
      answer = slo.config(scaler.sloServer(), ctx.pathParam("release"), token);
    } catch (UpstreamException e) {
      throw new ApiException(502, e.getMessage());
    }
    if (answer.status() == 404) {
      Json.ok(ctx, Map.of("found", false));
      return;
    }
    if (answer.status() != 200) {
      throw new ApiException(answer.status(), answer.refusal());
    }
    Map<String, Object> config = new TreeMap<>(answer.body());
    config.put("found", true);
    Json.ok(ctx, config);
  }
}
