package dev.modelsphere.swiss.server.http;

import io.javalin.Javalin;
import io.javalin.http.Handler;
import io.javalin.util.JavalinException;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP application with the middleware every route gets, in the reference's order: recover
 * (every failure becomes a JSON error), one log line and the metrics per request, the body cap,
 * then the refusals of requests from elsewhere (a name the server does not answer to, a write from
 * another site, a body that is not JSON), then the auth guard, then the routes with their
 * deadlines, each group on its own bounded pool. Every answer carries the {@link SecurityHeaders}.
 */
public final class HttpApp {
  /** How long a stopping server lets requests in flight finish, as the reference drains. */
  public static final Duration DRAIN = Duration.ofSeconds(20);

  private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(60);

  private static final int ANSWER_COPY_BYTES = 8 * 1024;

  private static final Logger LOG = LoggerFactory.getLogger(HttpApp.class);

  private HttpApp() {}

  /**
   * Stops taking requests, lets those in flight finish (up to {@link #DRAIN}), stops. Jetty reports
   * a drain that ran out as an error after it has closed what was left; the server is stopped
   * either way, so that is a warning, not a failure of the stop.
   */
  public static void stop(Javalin app) {
    try {
      app.stop();
    } catch (JavalinException e) {
      if (!(e.getCause() instanceof TimeoutException)) {
        throw e;
      }
      LOG.warn("requests still running after the drain were cut off: {}", e.getMessage());
    }
  }

  /**
   * @param guard runs before routing on every request; it may answer and skip the rest
   * @param groups every route of the server, registered in this order
   */
  public static Javalin create(Handler guard, MeterRegistry meters, List<RouteGroup> groups) {
    return create(guard, meters, groups, Map.of(), "", ServedHosts.any());
  }

  /**
   * @param rules what each named path parameter must look like ({@link Routes})
   * @param basePath the prefix a proxy may leave on the path ({@link BasePath}); empty for none
   * @param hosts the names the server answers to and the origins it takes writes from
   */
  public static Javalin create(
      Handler guard,
      MeterRegistry meters,
      List<RouteGroup> groups,
      Map<String, ParamRule> rules,
      String basePath,
      ServedHosts hosts) {
    KnownPaths known = new KnownPaths();
    List<WorkerPool> pools = new ArrayList<>();
    return Javalin.create(
        config -> {
          config.startup.showJavalinBanner = false;
          config.startup.showOldJavalinVersionWarning = false;
          config.http.maxRequestSize = BodyLimit.MAX_BYTES;
          // Javalin copies each answer into Jetty's buffer through a fresh array of this size
          // (Jetty's 32 KB output buffer when unset): most answers are a few KB.
          config.http.responseBufferSize = ANSWER_COPY_BYTES;
          config.router.handlerWrapper(new DeadlineWrapper());
          config.requestLogger.http(new RequestLog());
          config.requestLogger.http(new HttpMetrics(meters));
          ErrorReplies.install(config, known);
          config.routes.before(new BodyLimit());
          config.routes.before(new HostCheck(hosts));
          config.routes.before(new OriginCheck(hosts));
          config.routes.before(new JsonBodyCheck());
          config.routes.before(guard);
          for (RouteGroup group : groups) {
            WorkerPool pool = new WorkerPool(poolName(group), group.workers());
            pools.add(pool);
            group.register(new Routes(config.routes, known, rules, pool));
          }
          // After the drain: what still runs then has been answered already.
          config.events.serverStopped(() -> pools.forEach(WorkerPool::close));
          config.jetty.modifyServer(
              server -> {
                server.setStopTimeout(DRAIN.toMillis());
                // Without it Jetty closes connections with requests still running on stop.
                server.insertHandler(new GracefulHandler());
                server.insertHandler(new BasePath(basePath));
                server.insertHandler(new SecurityHeaders());
              });
          config.jetty.modifyHttpConfiguration(
              http -> http.setIdleTimeout(IDLE_TIMEOUT.toMillis()));
        });
  }

  /** {@code DeployRoutes} is {@code deploy}; a group written in place is named after its class. */
  private static String poolName(RouteGroup group) {
    String name = group.getClass().getSimpleName().replaceFirst("\\$.*", "");
    return name.replaceFirst("Routes$", "").toLowerCase(Locale.ROOT);
  }
}
