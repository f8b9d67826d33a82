package dev.modelsphere.swiss.deploy;

import dev.modelsphere.swiss.deploy.approval.GuardedWrite;
import dev.modelsphere.swiss.deploy.approval.WriteApprovals;
import dev.modelsphere.swiss.deploy.approval.WriteFlags;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.BackendChoice;
import dev.modelsphere.swiss.deploy.backend.Backends;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.backend.ReleaseBackend;
import dev.modelsphere.swiss.deploy.backend.Rollback;
import dev.modelsphere.swiss.deploy.backend.UninstallResult;
import dev.modelsphere.swiss.deploy.writes.DetachedRuns;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.plan.Plan;
import java.util.List;

/**
 * The use cases that change a release: install, apply, roll back, uninstall. Both front ends call
 * them the same way: the server with the signed-in user as actor, the CLI with the local user. Each
 * picks the backend that writes the release, checks what must hold, and runs the write detached and
 * recorded ({@link DetachedRuns}).
 *
 * <p>A helm release swiss does not manage (installed by hand, no plan beside it) is read-only to
 * swiss until it is adopted: swiss knows nothing of what it should run, so neither a user's apply
 * nor an uninstall through swiss may decide its fate; helm itself still can, with the cluster's own
 * credentials.
 */
public final class ReleaseWrites {
  /** The action an adoption is recorded as. */
  public static final String ADOPT = "adopt";

  /** What the run of an apply written without preflight says before the backend's output. */
  public static final String PREFLIGHT_SKIPPED = "preflight skipped (--skip-preflight)";

  private final Backends backends;
  private final ApplyGate gate;
  private final DetachedRuns runs;
  private final WriteApprovals approvals;
  private final List<String> namespaces;

  /**
   * @param approvals what a write on a site that requires approval spends before it runs
   * @param namespaces the only namespaces releases are written in; empty means any
   */
  public ReleaseWrites(
      Backends backends,
      ApplyGate gate,
      DetachedRuns runs,
      WriteApprovals approvals,
      List<String> namespaces) {
    this.backends = backends;
    this.gate = gate;
    this.runs = runs;
    this.approvals = approvals;
    this.namespaces = List.copyOf(namespaces);
  }

  /**
   * Installs ({@link Mode#INSTALL}) or upgrades ({@link Mode#UPGRADE}) the release to the plan,
   * checked by the gate first unless the options skip it ({@code --skip-preflight}, which the
   * backend records beside the release).
   */
  public ApplyResult apply(String actor, Plan plan, Mode mode, ApplyOptions options) {
    String ns = plan.release().namespace();
    String release = plan.release().name();
    requireServed(ns);
    BackendChoice owner = backends.choice(ns, release);
    ReleaseBackend backend = backends.writer(owner, mode);
    if (mode != Mode.INSTALL) {
      // An install never writes over a release that exists: preflight's claim rule and helm both
      // refuse a name already taken. So only an upgrade pays the look at helm's storage.
      requireManaged(owner, backend, ns, release, options.action());
    }
    if (!options.skipPreflight()) {
      gate.check(plan, mode);
    }
    WriteFlags flags = new WriteFlags(options.expectChartDigest(), options.forceConflicts(), false);
    String approver =
        approvals.spend(
            actor,
            GuardedWrite.ofPlan(options.action(), plan, flags),
            () -> liveRevision(backend, ns, release));
    DetachedRuns.Attempt attempt =
        new DetachedRuns.Attempt(
            actor, options.action(), ns, release, plan.hash(), options.note(), approver);
    return runs.run(attempt, () -> done(backend.apply(plan, mode, options), options));
  }

  /**
   * Adopts a release installed without swiss ({@code swiss install --adopt}): its owner decides,
   * and only a helm release swiss does not keep, whose diff against the plan is empty, is adopted.
   * On a site that requires approval it spends one, as an install does: from then on swiss writes
   * the release. Recorded as {@code adopt} with {@code changed: false}.
   *
   * @param requested the caller's expected revision and note; forcing conflicts is refused, since
   *     an adoption writes nothing to the release that could take a field over
   */
  public ApplyResult adopt(String actor, Plan plan, ApplyOptions requested) {
    if (requested.forceConflicts()) {
      throw new DeployException(
          ErrorKind.INVALID,
          "adopt writes nothing to the release, so it cannot force conflicts: drop one");
    }
    String ns = plan.release().namespace();
    String release = plan.release().name();
    requireServed(ns);
    ReleaseBackend backend = backends.owner(ns, release);
    ApplyOptions options = new ApplyOptions(requested.expectRevision(), ADOPT, requested.note());
    String approver =
        approvals.spend(
            actor,
            GuardedWrite.ofPlan(ADOPT, plan, WriteFlags.NONE),
            () -> liveRevision(backend, ns, release));
    DetachedRuns.Attempt attempt =
        new DetachedRuns.Attempt(
            actor, ADOPT, ns, release, plan.hash(), requested.note(), approver);
    return runs.run(attempt, () -> done(backend.adopt(plan, options)));
  }

  /**
   * Re-applies the plan of {@code toRevision} as a new revision. {@code expectRevision} is required
   * so a rollback cannot overwrite an apply that landed after the caller looked.
   */
  public ApplyResult rollback(String actor, String ns, String release, Rollback request) {
    int toRevision = request.toRevision();
    if (toRevision <= 0) {
      throw new DeployException(ErrorKind.INVALID, "toRevision is required");
    }
    requireServed(ns);
    BackendChoice owner = backends.choice(ns, release);
    ReleaseBackend backend = backends.writer(owner, Mode.UPGRADE);
    requireManaged(owner, backend, ns, release, "rollback");
    Plan archived = backend.reads().revisionPlan(ns, release, toRevision);
    if (request.expectRevision() <= 0) {
      throw new DeployException(
          ErrorKind.INVALID,
          "expectRevision is required: send the revision you were looking at, so a rollback"
              + " cannot overwrite an apply that landed in between");
    }
    String approver =
        approvals.spend(
            actor,
            GuardedWrite.rollback(ns, release, toRevision, request.forceChart()),
            () -> liveRevision(backend, ns, release));
    DetachedRuns.Attempt attempt =
        new DetachedRuns.Attempt(
            actor, "rollback", ns, release, archived.hash(), request.note(), approver);
    return runs.run(attempt, () -> done(backend.rollback(ns, release, request)));
  }

  /**
   * Uninstalls through the release's owner; a helm release swiss does not manage is refused until
   * it is adopted. The run records the hash of the plan the release ran, as its backend keeps it.
   */
  public UninstallResult uninstall(String actor, String ns, String release) {
    requireServed(ns);
    BackendChoice owner = backends.choice(ns, release);
    ReleaseBackend backend = backends.owner(owner);
    requireManaged(owner, backend, ns, release, "uninstall");
    String approver =
        approvals.spend(
            actor,
            GuardedWrite.ofRelease("uninstall", ns, release),
            () -> liveRevision(backend, ns, release));
    DetachedRuns.Attempt attempt =
        new DetachedRuns.Attempt(
            actor, "uninstall", ns, release, backend.reads().planHash(ns, release), "", approver);
    return runs.run(
        attempt,
        () -> {
          UninstallResult done = backend.uninstall(ns, release);
          return new DetachedRuns.Done<>(done, 0, done.output(), true);
        });
  }

  /**
   * A swiss limited to some namespaces is granted those alone (the chart's Roles): a write
   * elsewhere would fail part way at the API server, so it is refused before anything is read or
   * written, naming the setting that grants it.
   */
  private void requireServed(String ns) {
    if (!namespaces.isEmpty() && !namespaces.contains(ns)) {
      throw new DeployException(
          ErrorKind.FORBIDDEN,
          ("namespace %s is not one this swiss serves (cluster.namespaces: %s), and its service"
                  + " account holds no grant there; nothing applied. Add %s to cluster.namespaces"
                  + " (rbac.namespaces in the swiss chart, which grants it) and restart swiss")
              .formatted(ns, String.join(", ", namespaces), ns));
    }
  }

  /**
   * Refuses a write of a release helm keeps and swiss does not manage: {@code swiss install
   * --adopt} makes it swiss's first. A release that does not exist at all is nobody's yet, and an
   * install may create it.
   */
  private static void requireManaged(
      BackendChoice owner, ReleaseBackend backend, String ns, String release, String action) {
    if (owner.managed() || liveRevision(backend, ns, release) == 0) {
      return;
    }
    throw new DeployException(
        ErrorKind.CONFLICT,
        ("%s/%s is a helm release swiss does not manage (there is no swiss plan beside it), so"
                + " swiss refuses its %s; nothing was written. Adopt it first: swiss install"
                + " --adopt with a plan that matches what runs (POST /api/install with adopt:"
                + " true); or change it with helm itself")
            .formatted(ns, release, action));
  }

  /** The release's revision as its owner reads it; 0 when it does not exist. */
  private static int liveRevision(ReleaseBackend backend, String ns, String release) {
    return backend.reads().live(ns, release).revision();
  }

  private static DetachedRuns.Done<ApplyResult> done(ApplyResult result) {
    return new DetachedRuns.Done<>(result, result.revision(), result.output(), result.changed());
  }

  /**
   * The same, for an apply that may have skipped preflight: the run's output says so first, so the
   * audit log shows it beside what the backend printed.
   */
  private static DetachedRuns.Done<ApplyResult> done(ApplyResult result, ApplyOptions options) {
    String output =
        options.skipPreflight() ? PREFLIGHT_SKIPPED + "\n" + result.output() : result.output();
    return new DetachedRuns.Done<>(result, result.revision(), output, result.changed());
  }
}
