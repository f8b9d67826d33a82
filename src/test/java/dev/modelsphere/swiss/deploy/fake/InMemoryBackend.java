package dev.modelsphere.swiss.deploy.fake;

import static dev.modelsphere.swiss.error.ErrorKind.NOT_FOUND;

import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.LiveRelease;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.backend.Preconditions;
import dev.modelsphere.swiss.deploy.backend.ReleaseBackend;
import dev.modelsphere.swiss.deploy.backend.ReleaseReads;
import dev.modelsphere.swiss.deploy.backend.ReleaseState;
import dev.modelsphere.swiss.deploy.backend.RevisionList;
import dev.modelsphere.swiss.deploy.backend.Rollback;
import dev.modelsphere.swiss.deploy.backend.UninstallResult;
import dev.modelsphere.swiss.plan.Plan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A backend that keeps its releases in memory: each release a list of revisions, each revision the
 * plan it was written from. It stands for the helm backend ({@code HelmDeployer} with {@code
 * HelmReads}) and keeps its rules through the same {@link Preconditions}: an install needs a free
 * name and an upgrade an existing release, an {@code expectRevision} that is no longer the live one
 * is refused, every write makes the next revision, the plan that runs already makes none, and a
 * rollback writes an archived plan again as a new revision. {@code HelmDeployerTest} and {@code
 * ReleaseWritesTest} prove the real adapter on the test cluster.
 *
 * <p>A test may make the next write fail after it landed ({@link #failNextWriteWith}): the revision
 * stays, {@code failed}, as helm keeps a release whose upgrade failed, and the failure is thrown.
 */
public final class InMemoryBackend implements ReleaseBackend, ReleaseReads {
  private static final String DEPLOYED = "deployed";
  private static final String FAILED = "failed";

  private record Revision(int number, Plan plan, String status) {}

  // Guarded by this: a write reads and appends in one step, as helm's storage under its lock.
  private final Map<String, List<Revision>> releases = new HashMap<>();
  private RuntimeException nextFailure;

  /** Makes the next write fail with {@code failure} after its revision is stored. */
  public synchronized void failNextWriteWith(RuntimeException failure) {
    nextFailure = failure;
  }

  @Override
  public synchronized ApplyResult apply(Plan plan, Mode mode, ApplyOptions options) {
    Preconditions.checkHash(plan);
    String ns = plan.release().namespace();
    String release = plan.release().name();
    ReleaseState state = state(ns, release);
    Preconditions.check(state, mode);
    Preconditions.checkRevision(state, options.expectRevision());
    Optional<Revision> live = newest(ns, release);
    if (mode == Mode.UPGRADE && live.map(r -> runs(r, plan)).orElse(false)) {
      return ApplyResult.unchanged(ns, release, plan.hash(), state.revision(), "nothing differs");
    }
    return write(ns, release, plan, options.action());
  }

  @Override
  public synchronized ApplyResult rollback(String ns, String release, Rollback request) {
    ReleaseState state = state(ns, release);
    Preconditions.check(state, Mode.UPGRADE);
    Preconditions.checkRevision(state, request.expectRevision());
    return write(ns, release, revisionPlan(ns, release, request.toRevision()), "rollback");
  }

  /** Not kept here: every release of this backend is swiss's. {@code UntrackedReleaseTest}. */
  @Override
  public ApplyResult adopt(Plan plan, ApplyOptions options) {
    throw new UnsupportedOperationException("the in-memory backend keeps no unmanaged releases");
  }

  /** Not kept here: only the API server's dry run asks. {@code DryRunRuleOnAClusterTest}. */
  @Override
  public List<Map<String, Object>> objects(Plan plan) {
    throw new UnsupportedOperationException("the in-memory backend makes no objects");
  }

  @Override
  public synchronized UninstallResult uninstall(String ns, String release) {
    Preconditions.checkUninstall(state(ns, release));
    releases.remove(key(ns, release));
    return new UninstallResult(ns, release, "release \"%s\" uninstalled".formatted(release), "");
  }

  @Override
  public ReleaseReads reads() {
    return this;
  }

  @Override
  public synchronized String planHash(String ns, String release) {
    return newest(ns, release).map(r -> r.plan().hash()).orElse("");
  }

  @Override
  public synchronized Plan current(String ns, String release) {
    return newest(ns, release)
        .map(Revision::plan)
        .orElseThrow(
            () -> new DeployException(NOT_FOUND, "no release %s/%s".formatted(ns, release)));
  }

  @Override
  public synchronized LiveRelease live(String ns, String release) {
    return newest(ns, release)
        .map(
            r ->
                new LiveRelease(
                    true, HELM, r.number(), r.status(), null, false, null, null, r.plan()))
        .orElseGet(LiveRelease::absent);
  }

  /** Newest first, as helm lists them. */
  @Override
  public synchronized List<RevisionList.Revision> revisions(String ns, String release) {
    List<Revision> kept = history(ns, release);
    List<RevisionList.Revision> listed = new ArrayList<>();
    for (int i = kept.size() - 1; i >= 0; i--) {
      Revision r = kept.get(i);
      listed.add(RevisionList.Revision.bare(r.number(), r.plan().hash(), i == kept.size() - 1));
    }
    return listed;
  }

  @Override
  public synchronized Plan revisionPlan(String ns, String release, int revision) {
    return history(ns, release).stream()
        .filter(r -> r.number() == revision)
        .map(Revision::plan)
        .findFirst()
        .orElseThrow(
            () ->
                new DeployException(
                    NOT_FOUND, "%s/%s has no revision %d".formatted(ns, release, revision)));
  }

  /** The plan every release runs now, as the managed releases preflight compares against. */
  public synchronized List<Plan> currentPlans() {
    return releases.values().stream().map(kept -> kept.get(kept.size() - 1).plan()).toList();
  }

  /** The namespaces that hold a release of this name, sorted. */
  public synchronized List<String> namespacesHolding(String release) {
    return releases.keySet().stream()
        .filter(key -> key.endsWith("/" + release))
        .map(key -> key.substring(0, key.indexOf('/')))
        .sorted()
        .toList();
  }

  private static boolean runs(Revision live, Plan plan) {
    return DEPLOYED.equals(live.status()) && live.plan().hash().equals(plan.hash());
  }

  private ApplyResult write(String ns, String release, Plan plan, String action) {
    List<Revision> kept = releases.computeIfAbsent(key(ns, release), k -> new ArrayList<>());
    int next = kept.isEmpty() ? 1 : kept.get(kept.size() - 1).number() + 1;
    RuntimeException failure = nextFailure;
    nextFailure = null;
    kept.add(new Revision(next, plan, failure == null ? DEPLOYED : FAILED));
    if (failure != null) {
      throw failure;
    }
    String output = "%s of %s/%s: revision %d".formatted(action, ns, release, next);
    return new ApplyResult(ns, release, plan.hash(), next, output, "", true);
  }

  private ReleaseState state(String ns, String release) {
    return newest(ns, release)
        .map(r -> new ReleaseState(ns, release, true, r.status(), r.number()))
        .orElseGet(() -> new ReleaseState(ns, release, false, "", 0));
  }

  private Optional<Revision> newest(String ns, String release) {
    List<Revision> kept = history(ns, release);
    return kept.isEmpty() ? Optional.empty() : Optional.of(kept.get(kept.size() - 1));
  }

  private List<Revision> history(String ns, String release) {
    return releases.getOrDefault(key(ns, release), List.of());
  }

  private static String key(String ns, String release) {
    return ns + "/" + release;
  }
}
