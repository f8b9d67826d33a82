package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.server.http.Deadline;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import dev.modelsphere.swiss.server.state.Readiness;

/** {@code /healthz}: the process runs. {@code /readyz}: it can serve (see {@link Readiness}). */
public final class HealthRoutes implements RouteGroup {
  private final String version;
  private final Readiness readiness;

  public HealthRoutes(String version, Readiness readiness) {
    this.version = version;
    this.readiness = readiness;
  }

  @Override
  public void register(Routes routes) {
    routes.getLocal("/healthz", ctx -> Json.ok(ctx, ReadAnswers.Health.ok(version)));
    routes.get(
        "/readyz",
        Deadline.READINESS,
        ctx -> {
          Readiness.Report report = readiness.check();
          Json.reply(
              ctx,
              report.ready() ? 200 : 503,
              new ReadAnswers.Readiness(report.ready(), report.checks()));
        });
  }
}
