package dev.modelsphere.swiss.server.http;

import io.javalin.http.Context;
import io.javalin.http.RequestLogger;
import io.javalin.router.Endpoint;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;

/**
 * Counts and times every request by route template (never the raw path, which would make a series
 * per release name), method and status, as a histogram Prometheus can take quantiles from.
 */
public final class HttpMetrics implements RequestLogger {
  public static final String REQUESTS = "swiss.http.requests";
  static final String UNMATCHED = "unmatched";

  private final MeterRegistry registry;

  public HttpMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  @Override
  public void handle(Context ctx, Float millis) {
    Timer.builder(REQUESTS)
        .description("HTTP requests served, by route template, method and status")
        .tag("route", route(ctx))
        .tag("method", ctx.method().name())
        .tag("status", Integer.toString(ctx.statusCode()))
        .publishPercentileHistogram()
        .register(registry)
        .record(Duration.ofNanos((long) (millis * 1_000_000)));
  }

  private static String route(Context ctx) {
    Endpoint matched = ctx.endpoints().matchedHttpEndpoint();
    return matched == null ? UNMATCHED : matched.path;
  }
}
