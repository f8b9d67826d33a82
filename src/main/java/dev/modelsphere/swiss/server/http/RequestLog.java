package dev.modelsphere.swiss.server.http;

import io.javalin.http.Context;
import io.javalin.http.RequestLogger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One log line per request: method, path, status and milliseconds. */
public final class RequestLog implements RequestLogger {
  private static final Logger LOG = LoggerFactory.getLogger("dev.modelsphere.swiss.server.access");

  @Override
  public void handle(Context ctx, Float millis) {
    LOG.info("{} {} {} {}ms", ctx.method(), ctx.path(), ctx.statusCode(), Math.round(millis));
  }
}
