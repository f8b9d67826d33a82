package dev.modelsphere.swiss.server.http;

import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import java.util.Locale;
import java.util.Set;

/**
 * Refuses with 415 a request body that is not declared as JSON: every body this API takes is JSON,
 * and a browser sends a body to another site without asking first only as a form or plain text.
 * Requiring {@code Content-Type: application/json} (a charset parameter may follow) makes every
 * cross-site write one the browser must ask the server about, which it never allows. A request
 * without a body (a DELETE, a bare POST) needs no type.
 */
public final class JsonBodyCheck implements Handler {
  static final String JSON = "application/json";

  private static final Set<HandlerType> WITH_BODIES =
      Set.of(HandlerType.POST, HandlerType.PUT, HandlerType.PATCH, HandlerType.DELETE);

  @Override
  public void handle(Context ctx) {
    if (!WITH_BODIES.contains(ctx.method())) {
      return;
    }
    String declared = ctx.header("Content-Type");
    if (declared == null ? !hasBody(ctx) : isJson(declared)) {
      return;
    }
    Refusal.answer(
        ctx,
        415,
        "%s %s takes a JSON body sent as Content-Type: %s; this request sent %s -- send the body as JSON with that header"
            .formatted(
                ctx.method().name(),
                ctx.path(),
                JSON,
                declared == null ? "a body without a Content-Type" : "Content-Type: " + declared));
  }

  /** {@code application/json}, with or without parameters, in any case. */
  static boolean isJson(String contentType) {
    String type = contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
    return type.equals(JSON);
  }

  private static boolean hasBody(Context ctx) {
    return ctx.req().getContentLengthLong() > 0 || ctx.header("Transfer-Encoding") != null;
  }
}
