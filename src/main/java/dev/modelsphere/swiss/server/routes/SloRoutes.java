package dev.modelsphere.swiss.server.routes;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import dev.modelsphere.swiss.deploy.SloChanges;
import dev.modelsphere.swiss.server.auth.Actor;
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
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code /api/releases/{namespace}/{release}/slo} (reference server.md §6.5): the release's SLO
 * thresholds, read, written and reset through the SLO server the site profile names. The SLO server
 * keys a requirement by the release name. Writing and resetting change what the scaler does, so
 * they need {@code allowDeploy}, spend an approval on a site that requires one, and are recorded in
 * the audit log ({@link SloChanges}); swiss never writes the LLMSLORequirement itself.
 */
public final class SloRoutes implements RouteGroup {
  private final SiteProfiles profiles;
  private final SloServer slo;
  private final boolean allowDeploy;
  private final SloChanges changes;

  public SloRoutes(SiteProfiles profiles, SloServer slo, boolean allowDeploy, SloChanges changes) {
    this.profiles = profiles;
    this.slo = slo;
    this.allowDeploy = allowDeploy;
    this.changes = changes;
  }

  @Override
  public void register(Routes routes) {
    routes.get(ReleasePaths.RELEASE + "/slo", Deadline.QUICK_READ, this::read);
    routes.put(ReleasePaths.RELEASE + "/slo", Deadline.QUICK_READ, this::write);
    routes.delete(ReleasePaths.RELEASE + "/slo", Deadline.QUICK_READ, this::reset);
  }

  private void read(Context ctx) {
    Upstream upstream;
    try {
      upstream = upstream(profile().scaler());
    } catch (UpstreamException notSetUp) {
      // The reference's SLO card waits for an answer it can show: a site with no SLO server set up
      // has no thresholds, and the reason says what to set. Writes still answer 409.
      Json.ok(ctx, new NotFound(false, notSetUp.getMessage()));
      return;
    }
    answer(ctx, upstream.config(ctx.pathParam("release")));
  }

  /**
   * {@code found: false}: the SLO server keeps nothing for the release, or (with {@code reason})
   * the site has no SLO server to ask.
   */
  record NotFound(boolean found, @JsonInclude(Include.NON_EMPTY) String reason) {}

  private void write(Context ctx) {
    requireDeploy();
    String release = ctx.pathParam("release");
    Map<String, Object> config = new LinkedHashMap<>(Json.bodyObject(ctx));
    Object route = config.get("route");
    if (route != null && !release.equals(route)) {
      throw new ApiException(
          400,
          "body route \"%s\" does not match this release (%s) -- leave route out, or send %s"
              .formatted(route, release, release));
    }
    config.put("route", release);
    Upstream upstream = upstream();
    SloServer.Answer put =
        changes.put(
            Actor.of(ctx),
            ctx.pathParam("namespace"),
            release,
            config,
            () ->
                taken(
                    upstream.call(
                        () -> slo.putConfig(upstream.base, release, upstream.token, config)),
                    200,
                    404));
    answer(ctx, put);
  }

  private void reset(Context ctx) {
    requireDeploy();
    String release = ctx.pathParam("release");
    Upstream upstream = upstream();
    changes.delete(
        Actor.of(ctx),
        ctx.pathParam("namespace"),
        release,
        () ->
            taken(
                upstream.call(() -> slo.deleteConfig(upstream.base, release, upstream.token)),
                200,
                204));
    answer(ctx, upstream.config(release));
  }

  /**
   * The SLO server's answer to a write, thrown as its refusal unless its status is one of {@code
   * accepted}, so that only a write the SLO server took is recorded as done.
   */
  private static SloServer.Answer taken(SloServer.Answer answer, int... accepted) {
    if (java.util.Arrays.stream(accepted).noneMatch(status -> status == answer.status())) {
      throw new ApiException(answer.status(), answer.refusal());
    }
    return answer;
  }

  private void requireDeploy() {
    if (!allowDeploy) {
      throw new ApiException(403, DeployRoutes.READ_ONLY);
    }
  }

  /** The SLO server and its token, as the profile names them; 409 when it names none. */
  private Upstream upstream() {
    try {
      return upstream(profile().scaler());
    } catch (UpstreamException e) {
      // The site's setup, not the request, is missing something: the reference answers 409.
      throw new ApiException(409, e.getMessage());
    }
  }

  /**
   * @throws UpstreamException when the profile names no SLO server or its token cannot be read
   */
  private Upstream upstream(Scaler scaler) {
    return new Upstream(scaler.sloServer(), slo.token(scaler));
  }

  private Profile profile() {
    try {
      return profiles.profile();
    } catch (SiteStateException unreadable) {
      throw new ApiException(502, unreadable.getMessage());
    }
  }

  private final class Upstream {
    private final String base;
    private final String token;

    Upstream(String base, String token) {
      this.base = base;
      this.token = token;
    }

    SloServer.Answer config(String release) {
      return call(() -> slo.config(base, release, token));
    }

    SloServer.Answer call(java.util.function.Supplier<SloServer.Answer> exchange) {
      try {
        return exchange.get();
      } catch (UpstreamException e) {
        throw new ApiException(502, e.getMessage());
      }
    }
  }

  /**
   * Not found upstream is {@code found: false}; any other refusal keeps the SLO server's status.
   */
  private static void answer(Context ctx, SloServer.Answer answer) {
    if (answer.status() == 404) {
      Json.ok(ctx, new NotFound(false, ""));
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
