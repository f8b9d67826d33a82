package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.deploy.ReleasePlans;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.Serving;
import dev.modelsphere.swiss.server.http.ApiException;
import dev.modelsphere.swiss.server.http.Deadline;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import dev.modelsphere.swiss.server.upstream.ChatApi;
import dev.modelsphere.swiss.server.upstream.Entrypoint;
import dev.modelsphere.swiss.server.upstream.Entrypoints;
import dev.modelsphere.swiss.server.upstream.ModelChecks;
import dev.modelsphere.swiss.server.upstream.UpstreamException;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.sitestate.SiteProfiles;
import dev.modelsphere.swiss.sitestate.SiteStateException;
import io.javalin.http.Context;

/**
 * {@code POST .../probe} (the model list) and {@code POST .../chat} (one real inference request)
 * through the entrypoint the site profile names. Neither changes the cluster, so neither needs
 * {@code allowDeploy}. Once the plan and the entrypoint are known the answer is 200 whatever the
 * model server did: what it did is the result.
 */
public final class ReleaseCheckRoutes implements RouteGroup {
  private final ReleasePlans plans;
  private final SiteProfiles profiles;
  private final Entrypoints entrypoints;
  private final ModelChecks checks;

  public ReleaseCheckRoutes(
      ReleasePlans plans, SiteProfiles profiles, Entrypoints entrypoints, ModelChecks checks) {
    this.plans = plans;
    this.profiles = profiles;
    this.entrypoints = entrypoints;
    this.checks = checks;
  }

  @Override
  public void register(Routes routes) {
    routes.post(ReleasePaths.RELEASE + "/probe", Deadline.CLUSTER_READ, this::probe);
    routes.post(ReleasePaths.RELEASE + "/chat", Deadline.INFERENCE, this::chat);
  }

  private void probe(Context ctx) {
    CheckRequest request = request(ctx);
    Entrypoint entrypoint = entrypoint(ReleasePaths.currentPlan(plans, ctx), request);
    Json.ok(ctx, checks.probe(entrypoint));
  }

  private void chat(Context ctx) {
    CheckRequest request = request(ctx);
    Plan plan = ReleasePaths.currentPlan(plans, ctx);
    Entrypoint entrypoint = entrypoint(plan, request);
    ChatApi api =
        ChatApi.named(request.api())
            .orElseThrow(
                () ->
                    new ApiException(
                        400,
                        "unknown api \"%s\": want chat, completions or messages"
                            .formatted(request.api())));
    String model = request.model().isEmpty() ? Serving.modelName(plan) : request.model();
    Json.ok(ctx, checks.chat(entrypoint, api, model, request.prompt(), request.maxTokens()));
  }

  /** An empty body asks for the defaults; a body that is not JSON is refused. */
  private static CheckRequest request(Context ctx) {
    return ctx.body().isBlank() ? CheckRequest.DEFAULTS : Json.body(ctx, CheckRequest.class);
  }

  /** 412: the release is known, but the site is not set up to reach it. */
  private Entrypoint entrypoint(Plan plan, CheckRequest request) {
    Profile profile;
    try {
      profile = profiles.profile();
    } catch (SiteStateException unreadable) {
      throw new ApiException(412, unreadable.getMessage());
    }
    try {
      return entrypoints.resolve(profile, plan, request.auth());
    } catch (UpstreamException e) {
      throw new ApiException(412, e.getMessage());
    }
  }
}
