package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.catalog.Requires;
import dev.modelsphere.swiss.deploy.ApplyOptions;
import dev.modelsphere.swiss.deploy.ApplyResult;
import dev.modelsphere.swiss.deploy.BackendChoice;
import dev.modelsphere.swiss.deploy.BackendResolver;
import dev.modelsphere.swiss.deploy.DeployException;
import dev.modelsphere.swiss.deploy.DiffResult;
import dev.modelsphere.swiss.deploy.HelmDeployer;
import dev.modelsphere.swiss.deploy.LlmServiceDeployer;
import dev.modelsphere.swiss.deploy.LlmServiceUninstaller;
import dev.modelsphere.swiss.deploy.Mode;
import dev.modelsphere.swiss.deploy.PlanDiffer;
import dev.modelsphere.swiss.deploy.UninstallOutcome;
import dev.modelsphere.swiss.deploy.UninstallResult;
import dev.modelsphere.swiss.deploy.preflight.Preflight;
import dev.modelsphere.swiss.deploy.preflight.PreflightReport;
import dev.modelsphere.swiss.deploy.preflight.Problem;
import dev.modelsphere.swiss.deploy.preflight.Proposal;
import dev.modelsphere.swiss.deploy.view.RevisionsView;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanJson;
import dev.modelsphere.swiss.plan.Shadow;
import dev.modelsphere.swiss.server.auth.Actor;
import dev.modelsphere.swiss.server.http.ApiException;
import dev.modelsphere.swiss.server.http.Deadline;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import dev.modelsphere.swiss.server.write.ApplyRequest;
import dev.modelsphere.swiss.server.write.DetachedRuns;
import dev.modelsphere.swiss.server.write.PlanComposer;
import dev.modelsphere.swiss.server.write.PlanRequest;
import dev.modelsphere.swiss.server.write.RollbackRequest;
import dev.modelsphere.swiss.store.Store;
import dev.modelsphere.swiss.store.StoreException;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

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
      HelmDeployer helm,
      LlmServiceDeployer llmServices,
      PlanDiffer differ,
      RevisionsView revisions,
      BackendResolver backends,
      LlmServiceAccess access,
      String applyWith,
      LlmServiceUninstaller services,
      DetachedRuns runs,
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
    PlanComposer.Composed composed = p.composer().compose(Json.body(ctx, PlanRequest.class));
    Plan plan = composed.plan();
    p.store()
        .ifPresent(
            store -> {
              try {
                store.putPlan(plan, p.clock().instant());
              } catch (StoreException e) {
                throw new ApiException(500, "plan not stored: %s".formatted(e.getMessage()));
              }
            });
    PreflightReport preflight =
        p.preflight().check(proposal(plan, composed.requires(), composed.upgrade()));
    Map<String, Object> extras = new LinkedHashMap<>();
    extras.put("shadowed", plan.shadowed().stream().map(DeployRoutes::shadow).toList());
    extras.put("warnings", composed.warnings());
    extras.put("preflight", preflightMember(preflight));
    ctx.status(200).contentType(Json.CONTENT_TYPE).result(PlanJson.toJson(plan, extras));
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

  private static Proposal proposal(Plan plan, Requires requires, boolean upgrade) {
    return upgrade ? Proposal.upgrade(plan, requires) : Proposal.install(plan, requires);
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
            ? p.composer().compose(request).plan()
            : storedPlan(p, request.planHash(), 400);
    DiffResult diff = compare(p, plan);
    PreflightReport preflight =
        p.preflight().check(proposal(plan, p.composer().requiresOf(plan), diff.exists()));
    Map<String, Object> answer = diffAnswer(diff, null);
    if (!preflight.ok()) {
      // What would stop an apply, shown before anyone tries one.
      answer.put("warnings", preflight.warnings());
    }
    Json.ok(ctx, answer);
  }

  private void apply(Context ctx, Parts p, Mode mode) {
    ApplyRequest request = Json.body(ctx, ApplyRequest.class);
    if (p.store().isEmpty()) {
      throw new ApiException(503, "no database: apply needs a stored plan");
    }
    if (request.planHash().isEmpty()) {
      throw new ApiException(400, "planHash is required: compose the plan first (POST /api/plans)");
    }
    Plan plan = storedPlan(p, request.planHash(), 404);
    String ns = plan.release().namespace();
    String release = plan.release().name();
    BackendChoice.Owner backend = writer(p, ns, release, mode);
    if (request.forceConflicts() && backend == BackendChoice.Owner.HELM) {
      throw new ApiException(
          400,
          "forceConflicts is not available for helm releases: swiss applies them through the Helm"
              + " SDK, which has no server-side apply -- resolve the conflicting field managers,"
              + " then apply");
    }
    PreflightReport preflight =
        p.preflight().check(proposal(plan, p.composer().requiresOf(plan), mode == Mode.UPGRADE));
    if (!preflight.ok()) {
      throw new ApiException(409, preflight.summary());
    }
    String action = mode == Mode.INSTALL ? "install" : "apply";
    ApplyOptions options =
        new ApplyOptions(
            request.expectRevision(), action, request.note(), request.forceConflicts());
    ApplyResult result =
        p.runs()
            .run(
                attempt(ctx, action, ns, release, plan.hash(), request.note()),
                () -> {
                  ApplyResult done =
                      backend == BackendChoice.Owner.LLMSVC
                          ? p.llmServices().apply(plan, mode, options)
                          : p.helm().apply(plan, mode, options);
                  return new DetachedRuns.Done<>(done, done.revision(), done.output());
                });
    Json.ok(ctx, applyAnswer(result));
  }

  private void rollback(Context ctx, Parts p) {
    RollbackRequest request = Json.body(ctx, RollbackRequest.class);
    String ns = ctx.pathParam("namespace");
    String release = ctx.pathParam("release");
    if (request.toRevision() <= 0) {
      throw new ApiException(400, "toRevision is required");
    }
    Plan archived = archivedPlan(p, ns, release, request.toRevision());
    if (request.expectRevision() <= 0) {
      throw new ApiException(
          400,
          "expectRevision is required: send the revision you were looking at, so a rollback"
              + " cannot overwrite an apply that landed in between");
    }
    BackendChoice.Owner backend = writer(p, ns, release, Mode.UPGRADE);
    ApplyResult result =
        p.runs()
            .run(
                attempt(ctx, "rollback", ns, release, archived.hash(), request.note()),
                () -> {
                  int to = request.toRevision();
                  int expect = request.expectRevision();
                  ApplyResult done =
                      backend == BackendChoice.Owner.LLMSVC
                          ? p.llmServices().rollback(ns, release, to, expect, request.note())
                          : p.helm().rollback(ns, release, to, expect, request.note());
                  return new DetachedRuns.Done<>(done, done.revision(), done.output());
                });
    Json.ok(ctx, applyAnswer(result));
  }

  private void revisionDiff(Context ctx, Parts p) {
    String ns = ctx.pathParam("namespace");
    String release = ctx.pathParam("release");
    int revision = revisionNumber(ctx.pathParam("revision"));
    Plan archived = archivedPlan(p, ns, release, revision);
    Json.ok(ctx, diffAnswer(compare(p, archived), revision));
  }

  /** Uninstalls through the release's owner; an unmanaged helm release can be removed too. */
  private void uninstall(Context ctx, Parts p) {
    String ns = ctx.pathParam("namespace");
    String release = ctx.pathParam("release");
    BackendChoice owner = owner(p, ns, release);
    if (owner.owner() == BackendChoice.Owner.LLMSVC) {
      uninstallService(ctx, p, ns, release);
      return;
    }
    String planHash = currentHash(p, ns, release);
    UninstallResult result =
        p.runs()
            .run(
                attempt(ctx, "uninstall", ns, release, planHash, ""),
                () -> {
                  UninstallResult done = p.helm().uninstall(ns, release);
                  return new DetachedRuns.Done<>(done, 0, done.output());
                });
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("release", result.release());
    answer.put("namespace", result.namespace());
    answer.put("output", result.output());
    answer.put("planError", result.planError());
    Json.ok(ctx, answer);
  }

  /** spec/canary.md §6: the guarded delete; its outcome says what to answer and to record. */
  private void uninstallService(Context ctx, Parts p, String ns, String release) {
    DetachedRuns.Attempt attempt =
        attempt(ctx, "uninstall", ns, release, currentHash(p, ns, release), "");
    Instant started = p.clock().instant();
    UninstallOutcome outcome;
    try {
      outcome = p.services().uninstall(ns, release);
    } catch (DeployException e) {
      // Held by another writer (409) or unreadable (502) is a refusal; a delete that was
      // accepted and never finished is a failed attempt.
      if (e.reason() == DeployException.Reason.FAILED) {
        p.runs().recordFailure(attempt, started, e.getMessage());
      }
      throw new ApiException(e.reason().httpStatus(), e.getMessage());
    }
    switch (outcome.runToRecord()) {
      case SUCCEEDED -> p.runs().recordSuccess(attempt, started, deletedOutput(ns, release));
      case FAILED -> p.runs().recordFailure(attempt, started, outcome.message());
      case NONE -> {}
    }
    if (outcome.result() != UninstallOutcome.Result.UNINSTALLED) {
      throw new ApiException(outcome.apiStatus(), outcome.message());
    }
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("release", release);
    answer.put("namespace", ns);
    answer.put("output", deletedOutput(ns, release));
    answer.put("planError", outcome.planError());
    Json.ok(ctx, answer);
  }

  private static String deletedOutput(String ns, String release) {
    return "deleted LLMService %s/%s".formatted(ns, release);
  }

  /**
   * The backend that writes the release: the one that owns it, else for a new install the one
   * {@code server.applyWith} names when the LLMService API is visible, else helm.
   */
  private static BackendChoice.Owner writer(Parts p, String ns, String release, Mode mode) {
    return BackendChoice.forApply(
        owner(p, ns, release).owner(), mode, p.applyWith(), p.access().current().visible());
  }

  /** The plan that produced {@code revision}, from whichever backend keeps it; 404 when none. */
  private static Plan archivedPlan(Parts p, String ns, String release, int revision) {
    return deployRead(() -> p.revisions().plan(ns, release, Integer.toString(revision)));
  }

  private static BackendChoice owner(Parts p, String ns, String release) {
    try {
      return p.backends().backendFor(ns, release);
    } catch (KubeException e) {
      throw new ApiException(502, e.getMessage());
    }
  }

  /** The hash of the plan beside the release; empty when it has none (never made up). */
  private static String currentHash(Parts p, String ns, String release) {
    try {
      return p.helm().current(ns, release).hash();
    } catch (DeployException e) {
      return "";
    }
  }

  private static DiffResult compare(Parts p, Plan plan) {
    return deployRead(() -> p.differ().diff(plan));
  }

  private static Plan storedPlan(Parts p, String hash, int unknownStatus) {
    Store store =
        p.store()
            .orElseThrow(
                () -> new ApiException(400, "no database: pass a model instead of a planHash"));
    try {
      return store
          .plan(hash)
          .orElseThrow(() -> new ApiException(unknownStatus, "no plan %s".formatted(hash)));
    } catch (StoreException e) {
      throw new ApiException(500, e.getMessage());
    }
  }

  private static <T> T deployRead(Supplier<T> read) {
    return ReleaseAnswers.read(read);
  }

  private static int revisionNumber(String text) {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new ApiException(400, "revision must be a number");
    }
  }

  private static DetachedRuns.Attempt attempt(
      Context ctx, String action, String ns, String release, String planHash, String note) {
    return new DetachedRuns.Attempt(Actor.of(ctx), action, ns, release, planHash, note);
  }

  private static Map<String, Object> applyAnswer(ApplyResult result) {
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("planHash", result.planHash());
    answer.put("release", result.release());
    answer.put("revision", result.revision());
    answer.put("output", result.output());
    answer.put("status", result.status());
    answer.put("statusError", result.statusError());
    return answer;
  }

  /**
   * The reference's diff answer, plus each object's own diff; {@code toRevision} for a rollback.
   */
  private static Map<String, Object> diffAnswer(DiffResult diff, Integer toRevision) {
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("planHash", diff.planHash());
    if (toRevision != null) {
      answer.put("toRevision", toRevision);
    }
    answer.put("changed", diff.changed());
    answer.put("output", diff.render());
    answer.put("revision", diff.revision());
    answer.put("exists", diff.exists());
    return answer;
  }
}
