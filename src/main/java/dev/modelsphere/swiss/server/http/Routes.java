package dev.modelsphere.swiss.server.http;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import io.javalin.router.Endpoint;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Where route groups declare their routes. An API route always names its {@link Deadline}, so no
 * route can hang a client; only process-local routes (health, metrics, static files) may go without
 * one, and streams ({@link #stream}), which last as long as the client listens.
 */
public final class Routes {
  private final RoutesConfig javalin;
  private final KnownPaths known;
  private final Map<String, ParamRule> rules;
  private final WorkerPool pool;

  /**
   * @param known where every route but the {@link #fallback} is recorded
   * @param rules by path parameter name: checked on every route whose path has that parameter
   * @param pool where the routes with a deadline run (their group's)
   */
  public Routes(
      RoutesConfig javalin, KnownPaths known, Map<String, ParamRule> rules, WorkerPool pool) {
    this.javalin = javalin;
    this.known = known;
    this.rules = Map.copyOf(rules);
    this.pool = pool;
  }

  public Routes get(String path, Deadline deadline, Handler handler) {
    return add(HandlerType.GET, path, deadline, handler);
  }

  public Routes post(String path, Deadline deadline, Handler handler) {
    return add(HandlerType.POST, path, deadline, handler);
  }

  public Routes put(String path, Deadline deadline, Handler handler) {
    return add(HandlerType.PUT, path, deadline, handler);
  }

  public Routes delete(String path, Deadline deadline, Handler handler) {
    return add(HandlerType.DELETE, path, deadline, handler);
  }

  /** A GET answered from this process alone (no cluster, no disk beyond the jar): no deadline. */
  public Routes getLocal(String path, Handler handler) {
    return withoutDeadline(path, handler);
  }

  /**
   * A GET that stays open to stream to the client (server-sent events): no deadline, which would
   * cut it off. The handler must end the stream itself, at the latest when the server stops.
   */
  public Routes stream(String path, Handler handler) {
    return withoutDeadline(path, handler);
  }

  /**
   * A GET that serves whatever no other route does (the web UI's pages): no deadline, and not a
   * known path, so another method on an unknown path is 404, not 405.
   */
  public Routes fallback(String path, Handler handler) {
    Handler guarded =
        ctx -> {
          // A GET of a path served only with other methods lands here: that is 405, not a page.
          Set<String> allowed = known.allowed(ctx.path());
          if (allowed.isEmpty()) {
            handler.handle(ctx);
          } else {
            ErrorReplies.methodNotAllowed(ctx, allowed);
          }
        };
    javalin.addEndpoint(new Endpoint(HandlerType.GET, path, guarded));
    return this;
  }

  private Routes withoutDeadline(String path, Handler handler) {
    known.add(HandlerType.GET, path);
    javalin.addEndpoint(new Endpoint(HandlerType.GET, path, checked(path, handler)));
    return this;
  }

  private Routes add(HandlerType method, String path, Deadline deadline, Handler handler) {
    known.add(method, path);
    javalin.addEndpoint(
        Endpoint.create(method, path)
            .addMetadata(deadline)
            .addMetadata(pool)
            .handler(checked(path, handler)));
    return this;
  }

  /** The handler behind the rules of the parameters {@code path} has. */
  private Handler checked(String path, Handler handler) {
    Map<String, ParamRule> applying = new LinkedHashMap<>();
    rules.forEach(
        (name, rule) -> {
          if (path.contains("{" + name + "}")) {
            applying.put(name, rule);
          }
        });
    if (applying.isEmpty()) {
      return handler;
    }
    return ctx -> {
      for (Map.Entry<String, ParamRule> rule : applying.entrySet()) {
        Optional<String> problem = rule.getValue().problem(ctx.pathParam(rule.getKey()));
        if (problem.isPresent()) {
          throw new ApiException(400, problem.get());
        }
      }
      handler.handle(ctx);
    };
  }
}
