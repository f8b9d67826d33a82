package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.server.http.Deadline;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import dev.modelsphere.swiss.server.state.Readiness;
import io.javalin.http.Context;
import java.util.function.Predicate;

/**
 * {@code /healthz}: the process runs. {@code /readyz}: it can serve (see {@link Readiness}). Both
 * are open, for probes; {@code /readyz} tells why only to a caller who may read the API, since its
 * checks name the API server's address, the catalogs, the database and the leading replica.
 */
public final class HealthRoutes implements RouteGroup {
  /** {@code /readyz} as a stranger sees it: the status and nothing about what is behind it. */
  record BareReadiness(boolean ready) {}

  private final String version;
  private final Readiness readiness;
  private final Predicate<Context> mayReadDetails;

  /**
   * @param mayReadDetails whether a request may see the checks behind the status: a logged-in
   *     caller, or anyone the server answers to when it runs with no login
   */
  public HealthRoutes(String version, Readiness readiness, Predicate<Context> mayReadDetails) {
    this.version = version;
    this.readiness = readiness;
    this.mayReadDetails = mayReadDetails;
  }

  @Override
  public void register(Routes routes) {
    routes.getLocal("/healthz", ctx -> Json.ok(ctx, ReadAnswers.Health.ok(version)));
    routes.get("/readyz", Deadline.READINESS, this::readiness);
  }

  private void readiness(Context ctx) {
    if (!mayReadDetails.test(ctx)) {
      boolean ready = readiness.gatesPass();
      Json.reply(ctx, ready ? 200 : 503, new BareReadiness(ready));
      return;
    }
    Readiness.Report report = readiness.check();
    Json.reply(
        ctx,
        report.ready() ? 200 : 503,
        new ReadAnswers.Readiness(report.ready(), report.checks()));
  }
}
