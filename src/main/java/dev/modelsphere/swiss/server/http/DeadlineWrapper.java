package dev.modelsphere.swiss.server.http;

import io.javalin.http.Handler;
import io.javalin.router.Endpoint;
import io.javalin.router.HandlerWrapper;

/**
 * Runs each route that declares a {@link Deadline} off the request thread and answers 503 when it
 * is not done in time. The work is not killed: it finishes on its own (its own calls carry
 * timeouts), but the client is not kept waiting for it.
 */
public final class DeadlineWrapper implements HandlerWrapper {
  /** Javalin wraps the endpoint again on every request: what is built here is built per request. */
  @Override
  public Handler wrap(Endpoint endpoint) {
    Deadline deadline = endpoint.metadata(Deadline.class);
    if (deadline == null) {
      return endpoint.handler;
    }
    long millis = deadline.budget().toMillis();
    return ctx ->
        ctx.async(
            async -> {
              async.timeout = millis;
              async.onTimeout(late -> Json.error(late, 503, lateMessage(endpoint, deadline)));
            },
            () -> endpoint.handler.handle(ctx));
  }

  private static String lateMessage(Endpoint endpoint, Deadline deadline) {
    return "%s %s did not finish within %s; the cluster or a backend is slow -- try again"
        .formatted(endpoint.method, endpoint.path, deadline);
  }
}
