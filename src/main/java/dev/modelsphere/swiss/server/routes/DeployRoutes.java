package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.deploy.ApplyOptions;
import dev.modelsphere.swiss.deploy.ApplyRequest;
import dev.modelsphere.swiss.deploy.ApplyResult;
import dev.modelsphere.swiss.deploy.DetachedRuns;
import dev.modelsphere.swiss.deploy.DiffResult;
import dev.modelsphere.swiss.deploy.Mode;
import dev.modelsphere.swiss.deploy.PlanComposer;
import dev.modelsphere.swiss.deploy.PlanDiffer;
import dev.modelsphere.swiss.deploy.PlanRequest;
import dev.modelsphere.swiss.deploy.ReleaseWrites;
import dev.modelsphere.swiss.deploy.RollbackRequest;
import dev.modelsphere.swiss.deploy.UninstallResult;
import dev.modelsphere.swiss.deploy.WriteAnswers;
import dev.modelsphere.swiss.deploy.preflight.Preflight;
import dev.modelsphere.swiss.deploy.preflight.PreflightGate;
import dev.modelsphere.swiss.deploy.preflight.PreflightReport;
import dev.modelsphere.swiss.deploy.preflight.Problem;
import dev.modelsphere.swiss.deploy.view.RevisionsView;
import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanDocument;
import dev.modelsphere.swiss.plan.Shadow;
import dev.modelsphere.swiss.server.auth.Actor;
import dev.modelsphere.swiss.server.http.ApiException;
import dev.modelsphere.swiss.server.http.Deadline;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import dev.modelsphere.swiss.store.Store;
import dev.modelsphere.swiss.store.StoreException;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The write path (reference server.md §4): compose and store a plan, diff it, install or apply it,
 * roll back to an archived plan, uninstall. Each is behind {@code server.allowDeploy}; without it
 * every one answers 403 whatever its body. The cluster-changing half of a write runs detached and
 * is recorded in the audit log ({@link DetachedRuns}).
 */
public final class DeployRoutes implements RouteGroup {
  static final String READ_ONLY =
      "this swiss serve is read-only: set server.allowDeploy and grant rbac.allowDeploy";

  private static final String REVISION = ReleasePaths.RELEASE + "/revisions/{revision}";

  /** What the write routes work with; absent on a read-only server. */
  public record Parts(
      PlanComposer composer,
      Preflight preflight,
      Optional<Store> store,
      PlanDiffer differ,
      RevisionsView revisions,
      ReleaseWrites writes,
      Clock clock) {}

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
    PlanRequest request = Json.body(ctx, PlanRequest.class);
    PlanComposer.Composed composed =
        ComposeRefusals.compose(() -> p.composer().compose(request), true);
    Plan plan = composed.plan();
    PlanDocument document = PlanDocument.of(plan);
    p.store()
        .ifPresent(
            store -> {
              try {
                store.putPlan(document, p.clock().instant());
              } catch (StoreException e) {
                // 503 while the database cannot be reached, so a client retries; else 500.
                throw new DomainException(
                    e.kind(), "plan not stored: %s".formatted(e.getMessage()), e);
              }
            });
    PreflightReport preflight =
        p.preflight()
            .check(PreflightGate.proposal(plan, composed.requires(), mode(composed.upgrade())));
    Map<String, Object> extras = new LinkedHashMap<>();
    extras.put("shadowed", plan.shadowed().stream().map(DeployRoutes::shadow).toList());
    extras.put("warnings", composed.warnings());
    extras.put("preflight", preflightMember(preflight));
    ctx.status(200).contentType(Json.CONTENT_TYPE).result(document.withMembers(extras));
  }

  /** The report as plain maps and lists, so it can follow the plan's own members. */
  private static Map<String, Object> preflightMember(PreflightReport report) {
    List<Map<String, Object>> problems = new ArrayList<>();
    for (Problem problem : report.problems()) {
      Map<String, Object> item = new LinkedHashMap<>();
      item.put("rule", problem.rule());
      item.put("field", problem.field());
      item.put("message", problem.message());
      problems.add(item);
    }
    Map<String, Object> member = new LinkedHashMap<>();
    member.put("ok", report.ok());
    member.put("problems", problems);
    return member;
  }

  private static Mode mode(boolean upgrade) {
    return upgrade ? Mode.UPGRADE : Mode.INSTALL;
  }

  private static Map<String, Object> shadow(Shadow s) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("path", s.path());
    out.put("by", s.by());
    out.put("under", s.under());
    return out;
  }

  /** A stored plan by hash, or one composed from the fields (not stored); writes nothing. */
  private void diff(Context ctx, Parts p) {
    PlanRequest request = Json.body(ctx, PlanRequest.class);
    Plan plan =
        request.planHash().isEmpty()
            ? ComposeRefusals.compose(() -> p.composer().compose(request), false).plan()
            : storedPlan(p, request.planHash(), 400);
    DiffResult diff = compare(p, plan);
    PreflightReport preflight =
        p.preflight()
            .check(
                PreflightGate.proposal(plan, p.composer().requiresOf(plan), mode(diff.exists())));
    WriteAnswers.Diffed answer = WriteAnswers.Diffed.of(diff);
    // What would stop an apply, shown before anyone tries one.
    Json.ok(ctx, preflight.ok() ? answer : answer.warning(preflight.warnings()));
  }

  private void apply(Context ctx, Parts p, Mode mode) {
    ApplyRequest request = Json.body(ctx, ApplyRequest.class);
    if (p.store().isEmpty()) {
      throw new ApiException(503, "no database: apply needs a stored plan");
    }
    if (request.planHash().isEmpty()) {
      // The reference looks the empty hash up like any other and finds no plan.
      throw new ApiException(404, "no plan: send the planHash that POST /api/plans answered");
    }
    Plan plan = storedPlan(p, request.planHash(), 404);
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
    if (request.forceConflicts()) {
      throw new ApiException(
          400, "adopt writes nothing to the release, so it cannot force conflicts: drop one");
    }
    return p.writes().adopt(Actor.of(ctx), plan, request.expectRevision(), request.note());
  }

  private void rollback(Context ctx, Parts p) {
    RollbackRequest request = Json.body(ctx, RollbackRequest.class);
    ApplyResult result =
        p.writes()
            .rollback(Actor.of(ctx), ctx.pathParam("namespace"), ctx.pathParam("release"), request);
    Json.ok(ctx, WriteAnswers.Applied.of(result));
  }

  private void revisionDiff(Context ctx, Parts p) {
    String ns = ctx.pathParam("namespace");
    String release = ctx.pathParam("release");
    int revision = revisionNumber(ctx.pathParam("revision"));
    Plan archived = archivedPlan(p, ns, release, revision);
    Json.ok(ctx, WriteAnswers.Diffed.of(compare(p, archived)).toRevision(revision));
  }

  /** Uninstalls through the release's owner; an unmanaged helm release can be removed too. */
  private void uninstall(Context ctx, Parts p) {
    UninstallResult result =
        p.writes().uninstall(Actor.of(ctx), ctx.pathParam("namespace"), ctx.pathParam("release"));
    Json.ok(ctx, WriteAnswers.Uninstalled.of(result));
  }

  /** The plan that produced {@code revision}, from whichever backend keeps it; 404 when none. */
  private static Plan archivedPlan(Parts p, String ns, String release, int revision) {
    return p.revisions().plan(ns, release, revision);
  }

  private static DiffResult compare(Parts p, Plan plan) {
    return p.differ().diff(plan);
  }

  private static Plan storedPlan(Parts p, String hash, int unknownStatus) {
    Store store =
        p.store()
            .orElseThrow(
                () -> new ApiException(400, "no database: pass a model instead of a planHash"));
    // A store that fails answers as its kind says: 503 while the database is unreachable.
    return store
        .plan(hash)
        .orElseThrow(() -> new ApiException(unknownStatus, "no plan %s".formatted(hash)));
  }

  private static int revisionNumber(String text) {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new ApiException(400, "revision must be a number");
    }
  }
}
