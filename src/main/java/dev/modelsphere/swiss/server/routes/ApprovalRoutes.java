package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.deploy.approval.ApprovalAsk;
import dev.modelsphere.swiss.deploy.approval.Approvals;
import dev.modelsphere.swiss.server.auth.Actor;
import dev.modelsphere.swiss.server.http.ApiException;
import dev.modelsphere.swiss.server.http.Deadline;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import dev.modelsphere.swiss.store.Approval;
import dev.modelsphere.swiss.values.Nulls;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Approvals on protected sites: {@code GET/POST /api/approvals}, {@code GET /api/approvals/{id}},
 * {@code POST /api/approvals/{id}/approve} and {@code /reject}. Like the write routes they need
 * {@code server.allowDeploy}: a read-only server answers 403.
 */
public final class ApprovalRoutes implements RouteGroup {
  private static final String ONE = "/api/approvals/{id}";
  private static final Set<String> STATES =
      Set.of(
          Approval.PENDING, Approval.APPROVED, Approval.REJECTED, Approval.SPENT, Approval.EXPIRED);

  private final Optional<Approvals> approvals;

  public ApprovalRoutes(Optional<Approvals> approvals) {
    this.approvals = approvals;
  }

  /** The list's answer. */
  public record Listed(List<Approval> approvals) {}

  /** The body of an approve or a reject; it may be left out. */
  public record Decision(String note) {}

  private interface Use {
    void handle(Context ctx, Approvals approvals);
  }

  @Override
  public void register(Routes routes) {
    routes.get("/api/approvals", Deadline.QUICK_READ, gated(this::list));
    routes.post("/api/approvals", Deadline.QUICK_READ, gated(this::request));
    routes.get(ONE, Deadline.QUICK_READ, gated(this::one));
    routes.post(ONE + "/approve", Deadline.QUICK_READ, gated(this::approve));
    routes.post(ONE + "/reject", Deadline.QUICK_READ, gated(this::reject));
  }

  private Handler gated(Use use) {
    return ctx ->
        use.handle(ctx, approvals.orElseThrow(() -> new ApiException(403, DeployRoutes.READ_ONLY)));
  }

  private void list(Context ctx, Approvals a) {
    String state = Nulls.orEmpty(ctx.queryParam("state"));
    if (!state.isEmpty() && !STATES.contains(state)) {
      throw new ApiException(
          400,
          "state \"%s\" is none of pending, approved, rejected, spent, expired".formatted(state));
    }
    Json.ok(
        ctx,
        new Listed(
            a.list(
                Nulls.orEmpty(ctx.queryParam("namespace")),
                Nulls.orEmpty(ctx.queryParam("release")),
                state)));
  }

  private void request(Context ctx, Approvals a) {
    Json.ok(ctx, a.request(Actor.of(ctx), Json.body(ctx, ApprovalAsk.class)));
  }

  private void one(Context ctx, Approvals a) {
    Json.ok(ctx, a.get(id(ctx)));
  }

  private void approve(Context ctx, Approvals a) {
    Json.ok(ctx, a.approve(Actor.approver(ctx), id(ctx), note(ctx)));
  }

  private void reject(Context ctx, Approvals a) {
    Json.ok(ctx, a.reject(Actor.of(ctx), id(ctx), note(ctx)));
  }

  private static String note(Context ctx) {
    return ctx.body().isBlank() ? "" : Nulls.orEmpty(Json.body(ctx, Decision.class).note());
  }

  private static long id(Context ctx) {
    try {
      return Long.parseLong(ctx.pathParam("id"));
    } catch (NumberFormatException e) {
      throw new ApiException(
          400, "an approval's id is a number, not \"%s\"".formatted(ctx.pathParam("id")));
    }
  }
}
