package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.deploy.PlanReviews;
import dev.modelsphere.swiss.deploy.ReleaseWrites;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.backend.UninstallResult;
import dev.modelsphere.swiss.deploy.preflight.PreflightReport;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.server.api.ApplyRequest;
import dev.modelsphere.swiss.server.api.PlanRequest;
import dev.modelsphere.swiss.server.api.RollbackRequest;
import dev.modelsphere.swiss.server.api.WriteAnswers;
import dev.modelsphere.swiss.server.auth.Actor;
import dev.modelsphere.swiss.server.http.ApiException;
import dev.modelsphere.swiss.server.http.Deadline;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The write path (reference server.md §4): compose and store a plan, diff it, install or apply it,
 * roll back to an archived plan, uninstall. Each is behind {@code server.allowDeploy}; without it
 * every one answers 403 whatever its body. The cluster-changing half of a write runs detached and
 * is recorded in the audit log ((the deploy package's {@code ReleaseWrites})).
 */
public final class DeployRoutes implements RouteGroup {
  static final String READ_ONLY =
      "this swiss serve is read-only: set server.allowDeploy and grant rbac.allowDeploy";

  private static final String REVISION = ReleasePaths.RELEASE + "/revisions/{revision}";

  /** What the write routes work with; absent on a read-only server. */
  public record Parts(PlanReviews reviews, ReleaseWrites writes) {}

  private final Optional<Parts> parts;

  public DeployRoutes(Optional<Parts> parts) {
    this.parts = parts;
  }

  @Override
  public void register(Routes routes) {
    routes.post("/api/plans", Deadline.CLUSTER_READ, gated(this::plan));
    routes.post("/api/diff", Deadline.DIFF, gated(this::diff));
    routes.post("/api/apply", Deadline.DEPLOY, gated((ctx, p) -> apply(ctx, p, Mode.UPGRADE)));
    routes.post("/api/install", Deadline.DEPLOY, gated((ctx, p) -> apply(ctx, p, Mode.INSTALL)));
    routes.delete(ReleasePaths.RELEASE, Deadline.DEPLOY, gated(this::uninstall));
    routes.post(REVISION + "/diff", Deadline.DIFF, gated(this::revisionDiff));
    routes.post(ReleasePaths.RELEASE + "/rollback", Deadline.DEPLOY, gated(this::rollback));
  }

  private interface Write {
    void handle(Context ctx, Parts parts);
  }

  private Handler gated(Write write) {
    return ctx -> {
      if (parts.isEmpty()) {
        throw new ApiException(403, READ_ONLY);
      }
      write.handle(ctx, parts.get());
    };
  }

  /** Composes, stores by hash, answers the plan with what it shadowed and any warnings. */
  private void plan(Context ctx, Parts p) {
    PlanReviews.Proposed proposed = p.reviews().propose(Json.body(ctx, PlanRequest.class).input());
    PreflightReport report = proposed.preflight();
    // Members after the plan's own, each left out when empty; a record is written as its fields.
    Map<String, Object> notes = new LinkedHashMap<>();
    notes.put("shadowed", proposed.plan().shadowed());
    notes.put("warnings", proposed.warnings());
    notes.put("preflight", PreflightAnswer.of(report));
    ctx.status(200).contentType(Json.CONTENT_TYPE).result(proposed.document().withMembers(notes));
  }

  /** The preflight member of a plan's answer: whether it passed, and every problem. */
  public record PreflightAnswer(boolean ok, List<ProblemAnswer> problems) {
    static PreflightAnswer of(PreflightReport report) {
      return new PreflightAnswer(
          report.ok(),
          report.problems().stream()
              .map(p -> new ProblemAnswer(p.rule(), p.field(), p.message()))
              .toList());
    }
  }

  /** One problem as the answer gives it; its kind is the status a write would be refused with. */
  public record ProblemAnswer(String rule, String field, String message) {}

  /** A stored plan by hash, or one composed from the fields (not stored); writes nothing. */
  private void diff(Context ctx, Parts p) {
    PlanReviews.Reviewed reviewed = p.reviews().review(Json.body(ctx, PlanRequest.class).input());
    WriteAnswers.Diffed answer = WriteAnswers.Diffed.of(reviewed.diff());
    PreflightReport preflight = reviewed.preflight();
    // What would stop an apply, shown before anyone tries one.
    Json.ok(ctx, preflight.ok() ? answer : answer.warning(preflight.warnings()));
  }

  private void apply(Context ctx, Parts p, Mode mode) {
    ApplyRequest request = Json.body(ctx, ApplyRequest.class);
    Plan plan = p.reviews().planToWrite(request.planHash());
    if (request.adopt()) {
      Json.ok(ctx, WriteAnswers.Applied.of(adopt(ctx, p, mode, request, plan)));
      return;
    }
    String action = mode == Mode.INSTALL ? "install" : "apply";
    ApplyOptions options =
        new ApplyOptions(
            request.expectRevision(),
            action,
            request.note(),
            request.forceConflicts(),
            request.expectChartDigest(),
            "");
    Json.ok(ctx, WriteAnswers.Applied.of(p.writes().apply(Actor.of(ctx), plan, mode, options)));
  }

  private static ApplyResult adopt(
      Context ctx, Parts p, Mode mode, ApplyRequest request, Plan plan) {
    if (mode != Mode.INSTALL) {
      throw new ApiException(
          400, "adopt is an install's: send it to POST /api/install; nothing was written");
    }
    ApplyOptions options =
        new ApplyOptions(
            request.expectRevision(),
            ReleaseWrites.ADOPT,
            request.note(),
            request.forceConflicts());
    return p.writes().adopt(Actor.of(ctx), plan, options);
  }

  private void rollback(Context ctx, Parts p) {
    RollbackRequest request = Json.body(ctx, RollbackRequest.class);
    ApplyResult result =
        p.writes()
            .rollback(
                Actor.of(ctx),
                ctx.pathParam("namespace"),
                ctx.pathParam("release"),
                request.rollback());
    Json.ok(ctx, WriteAnswers.Applied.of(result));
  }

  private void revisionDiff(Context ctx, Parts p) {
    String ns = ctx.pathParam("namespace");
    String release = ctx.pathParam("release");
    int revision = revisionNumber(ctx.pathParam("revision"));
    Json.ok(
        ctx,
        WriteAnswers.Diffed.of(p.reviews().reviewRevision(ns, release, revision))
            .toRevision(revision));
  }

  /** Uninstalls through the release's owner; an unmanaged helm release can be removed too. */
  private void uninstall(Context ctx, Parts p) {
    UninstallResult result =
        p.writes().uninstall(Actor.of(ctx), ctx.pathParam("namespace"), ctx.pathParam("release"));
    Json.ok(ctx, WriteAnswers.Uninstalled.of(result));
  }

  private static int revisionNumber(String text) {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new ApiException(400, "revision must be a number");
    }
  }
}
