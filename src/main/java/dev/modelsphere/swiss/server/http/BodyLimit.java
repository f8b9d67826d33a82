package dev.modelsphere.swiss.server.http;

import io.javalin.http.Context;
import io.javalin.http.Handler;

/**
 * Refuses a request whose declared body is larger than {@link #MAX_BYTES} before anything reads it.
 * Bodies sent without a length are held to the same cap when a route reads them (Javalin's {@code
 * maxRequestSize}).
 */
public final class BodyLimit implements Handler {
  /** No request this API takes comes near it: the largest is a profile or a plan's overrides. */
  public static final long MAX_BYTES = 1L << 20;

  @Override
  public void handle(Context ctx) {
    long length = ctx.req().getContentLengthLong();
    if (length > MAX_BYTES) {
      Json.error(
          ctx,
          413,
          "the request body is %d bytes; this server takes at most %d (1 MiB)"
              .formatted(length, MAX_BYTES));
      ctx.skipRemainingHandlers();
    }
  }
}
