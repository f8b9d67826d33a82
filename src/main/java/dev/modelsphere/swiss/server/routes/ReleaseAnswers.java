package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.deploy.DeployException;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.server.http.ApiException;
import dev.modelsphere.swiss.server.http.Json;
import io.javalin.http.Context;
import java.util.function.Supplier;

/**
 * Answers a route with what the release views compute. A refusal from {@code deploy} carries its
 * status; a cluster that cannot be read is the reference's 502.
 */
final class ReleaseAnswers {
  private ReleaseAnswers() {}

  static void reply(Context ctx, Supplier<?> answer) {
    Json.ok(ctx, read(answer));
  }

  /** What {@code answer} computes, its refusals turned into the route's error status. */
  static <T> T read(Supplier<T> answer) {
    try {
      return answer.get();
    } catch (DeployException e) {
      throw new ApiException(e.reason().httpStatus(), e.getMessage());
    } catch (KubeException e) {
      throw new ApiException(502, e.getMessage());
    }
  }
}
