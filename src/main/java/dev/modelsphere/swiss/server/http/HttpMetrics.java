package dev.modelsphere.swiss.server.http;

import io.javalin.http.Context;
import io.javalin.http.RequestLogger;
import io.javalin.router.Endpoint;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Counts and times every request by route template (never the raw path, which would make a series
 * per release name), method and status, as a histogram Prometheus can take quantiles from.
 */
public final class HttpMetrics implements RequestLogger {
  public static final String REQUESTS = "swiss.http.requests";
  static final String UNMATCHED = "unmatched";

  private final MeterRegistry registry;

  /**
   * The timers registered so far. Finding one through the registry builds its identity anew on
   * every request; the routes, methods and statuses are few, so the map stays small.
   */
  private final Map<Series, Timer> timers = new ConcurrentHashMap<>();

  private record Series(String route, String method, int status) {}

  public HttpMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  @Override
  public void handle(Context ctx, Float millis) {
    timers
        .computeIfAbsent(
            new Series(route(ctx), ctx.method().name(), ctx.statusCode()), this::register)
        .record(Duration.ofNanos((long) (millis * 1_000_000)));
  }

  private Timer register(Series series) {
    return Timer.builder(REQUESTS)
        .description("HTTP requests served, by route template, method and status")
        .tag("route", series.route())
        .tag("method", series.method())
        .tag("status", Integer.toString(series.status()))
        .publishPercentileHistogram()
        .register(registry);
  }

  private static String route(Context ctx) {
    Endpoint matched = ctx.endpoints().matchedHttpEndpoint();
    return matched == null ? UNMATCHED : matched.path;
  }
}
