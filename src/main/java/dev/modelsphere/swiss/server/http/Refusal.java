package dev.modelsphere.swiss.server.http;

import io.javalin.http.Context;

/**
 * How the checks that run before routing refuse a request: its body (up to the cap) is read and
 * dropped first, as {@link BodyLimit} does, so the client gets the answer rather than a reset
 * connection; then {@code {"error": message}} with the status, and no route runs.
 */
final class Refusal {
  private Refusal() {}

  static void answer(Context ctx, int status, String message) {
    BodyLimit.swallow(ctx);
    Json.error(ctx, status, message);
    ctx.skipRemainingHandlers();
  }
}
