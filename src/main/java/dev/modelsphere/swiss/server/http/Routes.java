package dev.modelsphere.swiss.server.http;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import io.javalin.router.Endpoint;

/**
 * Where route groups declare their routes. An API route always names its {@link Deadline}, so no
 * route can hang a client; only process-local routes (health, metrics, static files) may go without
 * one, and streams ({@link #stream}), which last as long as the client listens.
 */
public final class Routes {
  private final RoutesConfig javalin;

  public Routes(RoutesConfig javalin) {
    this.javalin = javalin;
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

  private Routes withoutDeadline(String path, Handler handler) {
    javalin.addEndpoint(new Endpoint(HandlerType.GET, path, handler));
    return this;
  }

  private Routes add(HandlerType method, String path, Deadline deadline, Handler handler) {
    javalin.addEndpoint(Endpoint.create(method, path).addMetadata(deadline).handler(handler));
    return this;
  }
}
