package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/** {@code /metrics} in Prometheus's text format, open like the health routes for the scraper. */
public final class MetricsRoutes implements RouteGroup {
  static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private final PrometheusMeterRegistry registry;

  public MetricsRoutes(PrometheusMeterRegistry registry) {
    this.registry = registry;
  }

  @Override
  public void register(Routes routes) {
    routes.getLocal("/metrics", ctx -> ctx.contentType(CONTENT_TYPE).result(registry.scrape()));
  }
}
