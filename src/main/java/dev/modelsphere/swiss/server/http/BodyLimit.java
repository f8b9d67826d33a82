package dev.modelsphere.swiss.server.http;

import io.javalin.http.Context;
import io.javalin.http.Handler;
import java.io.IOException;
import java.io.InputStream;

/**
 * Refuses a request whose declared body is larger than {@link #MAX_BYTES} before anything reads it.
 * Bodies sent without a length are held to the same cap when a route reads them (Javalin's {@code
 * maxRequestSize}).
 */
public final class BodyLimit implements Handler {
  /** No request this API takes comes near it: the largest is a profile or a plan's overrides. */
  public static final long MAX_BYTES = 1L << 20;

  /**
   * A refused body up to this size is read and dropped before the answer: a server that closes a
   * connection with the body unread resets it, and the client then loses the 413 it was sent
   * (Tomcat's maxSwallowSize does the same). A larger one is not worth the reading.
   */
  static final long SWALLOW_BYTES = 8L << 20;

  @Override
  public void handle(Context ctx) {
    long length = ctx.req().getContentLengthLong();
    if (length > MAX_BYTES) {
      if (length <= SWALLOW_BYTES) {
        swallow(ctx);
      }
      Json.error(
          ctx,
          413,
          "the request body is %d bytes; this server takes at most %d (1 MiB)"
              .formatted(length, MAX_BYTES));
      ctx.skipRemainingHandlers();
    }
  }

  /**
   * Reads and drops what is left of the request's body, up to {@link #SWALLOW_BYTES}: a body sent
   * without a length could otherwise keep the server reading for as long as the client sends.
   */
  static void swallow(Context ctx) {
    try (InputStream body = ctx.req().getInputStream()) {
      byte[] chunk = new byte[8192];
      long left = SWALLOW_BYTES;
      int read;
      while (left > 0 && (read = body.read(chunk, 0, (int) Math.min(chunk.length, left))) > 0) {
        left -= read;
      }
    } catch (IOException e) {
      // The client went away or broke off: there is nobody left to answer.
    }
  }
}
