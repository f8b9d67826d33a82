package dev.modelsphere.swiss.server.http;

import io.javalin.Javalin;
import io.javalin.http.Handler;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import org.eclipse.jetty.server.handler.GracefulHandler;

/**
 * The HTTP application with the middleware every route gets, in the reference's order: recover
 * (every failure becomes a JSON error), one log line and the metrics per request, the body cap,
 * then the auth guard, then the routes with their deadlines.
 */
public final class HttpApp {
  /** How long a stopping server lets requests in flight finish, as the reference drains. */
  public static final Duration DRAIN = Duration.ofSeconds(20);

  private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(60);

  private HttpApp() {}

  /**
   * @param guard runs before routing on every request; it may answer and skip the rest
   * @param groups every route of the server, registered in this order
   */
  public static Javalin create(Handler guard, MeterRegistry meters, List<RouteGroup> groups) {
    return Javalin.create(
        config -> {
          config.startup.showJavalinBanner = false;
          config.startup.showOldJavalinVersionWarning = false;
          config.http.maxRequestSize = BodyLimit.MAX_BYTES;
          config.router.handlerWrapper(new DeadlineWrapper());
          config.requestLogger.http(new RequestLog());
          config.requestLogger.http(new HttpMetrics(meters));
          ErrorReplies.install(config);
          config.routes.before(new BodyLimit());
          config.routes.before(guard);
          Routes routes = new Routes(config.routes);
          groups.forEach(group -> group.register(routes));
          config.jetty.modifyServer(
              server -> {
                server.setStopTimeout(DRAIN.toMillis());
                // Without it Jetty closes connections with requests still running on stop.
                server.insertHandler(new GracefulHandler());
              });
          config.jetty.modifyHttpConfiguration(
              http -> http.setIdleTimeout(IDLE_TIMEOUT.toMillis()));
        });
  }
}
