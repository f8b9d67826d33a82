package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.server.http.ApiException;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.sitestate.SiteStateException;
import io.javalin.http.Context;
import java.util.function.Supplier;

/**
 * Answers a route with what {@code sitestate} computes; a refusal there carries the reference's
 * status, which becomes the route's error status.
 */
final class SiteAnswers {
  private SiteAnswers() {}

  static void reply(Context ctx, Supplier<?> answer) {
    Object body;
    try {
      body = answer.get();
    } catch (SiteStateException e) {
      throw new ApiException(e.reason().httpStatus(), e.getMessage());
    }
    Json.ok(ctx, body);
  }
}
