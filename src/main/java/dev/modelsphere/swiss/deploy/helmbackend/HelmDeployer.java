package dev.modelsphere.swiss.deploy.helmbackend;

import static dev.modelsphere.swiss.error.ErrorKind.CONFLICT;
import static dev.modelsphere.swiss.error.ErrorKind.INVALID;

import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.DiffResult;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.backend.NamespaceLabels;
import dev.modelsphere.swiss.deploy.backend.PlanArchive;
import dev.modelsphere.swiss.deploy.backend.PlanDiffer;
import dev.modelsphere.swiss.deploy.backend.PlanRenders;
import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.deploy.backend.Preconditions;
import dev.modelsphere.swiss.deploy.backend.ReleaseBackend;
import dev.modelsphere.swiss.deploy.backend.ReleaseRecords;
import dev.modelsphere.swiss.deploy.backend.ReleaseState;
import dev.modelsphere.swiss.deploy.backend.Rollback;
import dev.modelsphere.swiss.deploy.backend.TargetNamespace;
import dev.modelsphere.swiss.deploy.backend.UninstallResult;
import dev.modelsphere.swiss.deploy.writes.ReleaseLeases;
import dev.modelsphere.swiss.deploy.writes.ReleaseLocks;
import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.helm.ChartMovedException;
import dev.modelsphere.swiss.helm.HelmException;
import dev.modelsphere.swiss.helm.HelmOutcome;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.helm.ManifestObjects;
import dev.modelsphere.swiss.helm.PlanCharts;
import dev.modelsphere.swiss.helm.ReleaseRecord;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import dev.modelsphere.swiss.helm.RenderRequest;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanFiles;
import io.fabric8.kubernetes.api.model.ConfigMap;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The helm backend: installs, upgrades, rolls back and uninstalls releases with the plan recorded
 * beside each one. Apply writes the plan first and helm second; uninstall removes the release first
 * and the plan second, so a crash in between never loses track of a release.
 */
public final class HelmDeployer implements ReleaseBackend {

  private static final Logger LOG = LoggerFactory.getLogger(HelmDeployer.class);
  private static final String DEPLOYED = "deployed";

  private final Kube kube;
  private final ReleaseStorage storage;
  private final PlanRenders renders;
  private final HelmReleases helm;
  private final PlanArchive archive;
  private final HelmReads reads;
  private final ReleaseLocks locks;
  private final ReleaseLeases leases;
  private final PlanRecord records;
  private final InterruptedApplies interrupted;
  private final PlanDiffer differ;
  private final ReleaseRecords firstLooks;
  private final String chartRoot;
  private final TargetNamespace targetNamespace;
  private final Clock clock;

  /**
   * @param renders shared with preflight's chart-schema rule, so an install whose preflight
   *     rendered the plan does not render it again before writing
   * @param leases the cluster-wide lock of a release, taken after {@code locks}, this process's own
   * @param differ compares a plan with the release and the cluster when the release already runs
   *     it; must read helm's storage live, as the lease holder sees it
   * @param firstLooks where a write first looks for the release's newest revision, before its lease
   *     (the server's watch of helm's storage, or the storage listed live); read again by name
   *     under the lease
   * @param chartRoot a folder of chart directories for plans that name no chart source
   * @param namespaceLabels what a namespace the plan asks to create is labelled with
   */
  public HelmDeployer(
      Kube kube,
      HelmReleases helm,
      PlanRenders renders,
      HelmRecords records,
      HelmReads reads,
      ReleaseLocks locks,
      ReleaseLeases leases,
      PlanDiffer differ,
      ReleaseRecords firstLooks,
      String chartRoot,
      NamespaceLabels namespaceLabels,
      Clock clock) {
    this.kube = kube;
    this.targetNamespace = new TargetNamespace(kube, namespaceLabels);
    this.renders = renders;
    this.storage = records.releases();
    this.helm = helm;
    this.archive = records.archive();
    this.reads = reads;
    this.locks = locks;
    this.leases = leases;
    this.records = records.plan();
    this.interrupted = records.interrupted();
    this.differ = differ;
    this.firstLooks = firstLooks;
    this.chartRoot = chartRoot;
    this.clock = clock;
  }

  /**
   * Settles every apply whose writer died before it finished, among the releases whose plan
   * ConfigMaps {@code planConfigMaps} holds (a watch's copy); returns how many it settled.
   */
  public int sweepInterrupted(Collection<ConfigMap> planConfigMaps) {
    return interrupted.sweep(planConfigMaps);
  }

  /**
   * Installs ({@link Mode#INSTALL}) or upgrades ({@link Mode#UPGRADE}) the release to the plan.
   * Helm applies server-side; with {@code forceConflicts} it takes fields other field managers own,
   * and the record beside the release says it forced.
   */
  @Override
  public ApplyResult apply(Plan plan, Mode mode, ApplyOptions options) {
    Preconditions.checkHash(plan);
    String ns = plan.release().namespace();
    String release = plan.release().name();
    if (ns.isEmpty() || release.isEmpty()) {
      throw new DeployException(INVALID, "the plan names no release or no namespace");
    }
    try (ReleaseLocks.Held held = locks.acquire(ns, release, options.action())) {
      // A first look, before rendering: a request that cannot succeed costs no render.
      ReleaseState first = firstLook(ns, release, state -> checkState(state, mode, options));
      PlanRenders.Render rendered = render(plan);
      checkChart(plan, rendered.chartDigest(), options.expectChartDigest());
      // Pinned: helm installs the archive that was rendered and checked, or nothing.
      RenderRequest request = PlanCharts.request(plan, chartRoot).pinnedTo(rendered.chartDigest());
      if (!first.exists()) {
        // A release's namespace exists while the release does: only a new one can lack it.
        targetNamespace.require(plan);
      }
      try (ReleaseLeases.Held lease = leases.take(ns, release, options.action())) {
        // Looked at again under the lease: only now can no other process move the release.
        ReleaseState before = lookupSince(ns, release, first);
        checkState(before, mode, options);
        PlanRecord.Seen seen = interrupted.settleHolding(ns, release, records.read(ns, release));
        if (mode == Mode.UPGRADE
            && !options.forceConflicts()
            && runsAlready(plan, rendered.chartDigest(), before, seen)) {
          return ApplyResult.unchanged(
              ns, release, plan.hash(), before.revision(), "the cluster matches it");
        }
        if (before.exists()) {
          archiveLive(ns, release, before.revision(), seen.files());
        }
        if (options.forceConflicts()) {
          LOG.warn(
              "{} {}/{} forces conflicts with other field managers", options.action(), ns, release);
        }
        PlanStatus applying =
            PlanStatus.applying(options.action(), now(), options.note(), options.forceConflicts())
                .withChart(rendered.chartDigest(), options.chartForcedFrom())
                .withPreflightSkipped(options.skipPreflight());
        Attempt attempt = new Attempt(plan, applying, before.revision(), seen);
        attempt.writeAhead();
        lease.requireHeld();
        return run(attempt, mode, request, options.forceConflicts());
      }
    }
  }

  /**
   * Whether the release already runs {@code plan} and nothing differs, as helmfile apply finds it
   * before it upgrades (reference server.md §4.8): then a new revision would change nothing in the
   * cluster and only bury the history. Another plan that renders the same still makes a revision,
   * so that the record and the archive keep saying which plan made each one, and so does a chart
   * re-pushed since, so the record names the archive that runs. A forced apply is never skipped:
   * forcing is how a user takes back fields another manager owns.
   */
  private boolean runsAlready(
      Plan plan, String chartDigest, ReleaseState before, PlanRecord.Seen seen) {
    PlanStatus status = seen.status();
    boolean recorded =
        seen.exists()
            && PlanStatus.APPLIED.equals(status.phase())
            && status.revision() == before.revision()
            && status.chartDigest().equals(chartDigest)
            && PlanFiles.readable(seen.files()).map(Plan::hash).orElse("").equals(plan.hash());
    // The diff renders and reads every object, so it is asked only of the plan that runs.
    return recorded && DEPLOYED.equals(before.status()) && !differ.diff(plan).changed();
  }

  /**
   * Adopts a helm release installed by hand: when the plan's diff against the release and the
   * cluster is empty, writes the plan record (applied at the live revision) and its archive beside
   * the release. No helm call: the release keeps its revision and every object stays as it is. A
   * non-empty diff is refused with the diff, so what swiss records is what runs.
   */
  @Override
  public ApplyResult adopt(Plan plan, ApplyOptions options) {
    Preconditions.checkHash(plan);
    String ns = plan.release().namespace();
    String release = plan.release().name();
    String ref = ns + "/" + release;
    try (ReleaseLocks.Held held = locks.acquire(ns, release, options.action());
        ReleaseLeases.Held lease = leases.take(ns, release, options.action())) {
      ReleaseState live = lookup(ns, release);
      if (!live.exists()) {
        throw new DeployException(
            CONFLICT, "no release %s to adopt: use `swiss install` to create it".formatted(ref));
      }
      if (!DEPLOYED.equals(live.status())) {
        throw new DeployException(
            CONFLICT,
            ("release %s is %s: only a deployed release can be adopted; nothing was written")
                .formatted(ref, live.status().isEmpty() ? "in an unknown state" : live.status()));
      }
      Preconditions.checkRevision(live, options.expectRevision());
      PlanRecord.Seen seen = records.read(ns, release);
      if (seen.exists()) {
        throw new DeployException(
            CONFLICT,
            ("release %s already has a plan beside it (%s): swiss keeps it, so there is nothing"
                    + " to adopt; use `swiss apply` to change it")
                .formatted(ref, PlanConfigMapName.of(release)));
      }
      DiffResult diff = differ.diff(plan);
      if (diff.changed()) {
        throw new DeployException(
            CONFLICT,
            ("adoption of %s refused, nothing was written: the plan %s differs from what runs at"
                    + " revision %d. Adopt only a plan whose diff is empty -- compose it with the"
                    + " values the release was installed with -- or install it anew:%n%s")
                .formatted(ref, plan.hash(), live.revision(), diff.render()));
      }
      lease.requireHeld();
      PlanStatus adopted =
          PlanStatus.applying(options.action(), now(), options.note(), false)
              .withChart(diff.chartDigest(), "")
              .finished(live.revision(), now(), "");
      Map<String, String> files = files(plan, adopted);
      records.write(ns, release, seen, files, OptionalInt.empty());
      archiveLive(ns, release, live.revision(), files);
      String output =
          "adopted %s at revision %d: plan %s now describes it; the release was not changed"
              .formatted(ref, live.revision(), plan.hash());
      return new ApplyResult(ns, release, plan.hash(), live.revision(), output, "", false);
    }
  }

  /**
   * Refuses an apply whose chart moved since the diff the caller reviewed: the same version can be
   * pushed again with other contents, and what was reviewed is what must run.
   */
  private static void checkChart(Plan plan, String now, String expected) {
    if (!expected.isEmpty() && !expected.equals(now)) {
      throw new DeployException(
          CONFLICT,
          ("chart %s %s changed since the diff this apply follows: the diff showed digest %s, the"
                  + " chart has %s now (the version was pushed again); nothing was written. Diff"
                  + " again, review what the new archive changes, and apply with its digest")
              .formatted(
                  plan.chart().name(),
                  plan.chart().version(),
                  expected,
                  now.isEmpty() ? "no digest" : now));
    }
  }

  private static void checkState(ReleaseState state, Mode mode, ApplyOptions options) {
    Preconditions.check(state, mode);
    Preconditions.checkRevision(state, options.expectRevision());
  }

  /**
   * Re-applies the plan archived for {@code toRevision} as a new revision. The revision lock is
   * required: a rollback must not overwrite an apply that landed after the caller looked. The chart
   * must be the archive the revision ran: a rollback restores what ran, and a version pushed again
   * since would install something nobody has seen run, so it is refused unless forced.
   */
  @Override
  public ApplyResult rollback(String ns, String release, Rollback request) {
    int toRevision = request.toRevision();
    if (toRevision <= 0) {
      throw new DeployException(INVALID, "toRevision is required");
    }
    Map<String, String> files = archive.files(ns, release, toRevision);
    Plan plan = PlanArchive.planOf(files, ns, release, toRevision);
    if (request.expectRevision() <= 0) {
      throw new DeployException(
          INVALID,
          "expectRevision is required: send the revision you"
              + " were looking at, so a rollback cannot overwrite an apply that landed in between");
    }
    String ran = PlanStatus.in(files).chartDigest();
    String now = render(plan).chartDigest();
    ApplyOptions options = new ApplyOptions(request.expectRevision(), "rollback", request.note());
    if (ran.isEmpty() || ran.equals(now)) {
      return apply(plan, Mode.UPGRADE, options.expectingChart(ran));
    }
    if (!request.forceChart()) {
      throw new DeployException(
          CONFLICT,
          ("rollback of %s/%s to revision %d refused, nothing was written: that revision ran chart"
                  + " %s %s with digest %s, and the chart has %s now (the version was pushed"
                  + " again). Roll back anyway with forceChart (swiss rollback --force-chart),"
                  + " which is recorded, or apply a plan with a chart version you have reviewed")
              .formatted(
                  ns,
                  release,
                  toRevision,
                  plan.chart().name(),
                  plan.chart().version(),
                  ran,
                  now.isEmpty() ? "no digest" : now));
    }
    LOG.warn(
        "rollback of {}/{} to revision {} forced past its chart: ran {}, now {}",
        ns,
        release,
        toRevision,
        ran,
        now);
    ApplyOptions forced =
        new ApplyOptions(request.expectRevision(), "rollback", request.note(), false, now, ran);
    return apply(plan, Mode.UPGRADE, forced);
  }

  /** The plan's manifest, rendered as the install will render it (the render is shared). */
  @Override
  public List<Map<String, Object>> objects(Plan plan) {
    return List.copyOf(
        ManifestObjects.parse(renders.render(plan, chartRoot).manifest(), "").values());
  }

  /** Removes the release, then its archived plans, then its plan ConfigMap. */
  @Override
  public UninstallResult uninstall(String ns, String release) {
    try (ReleaseLocks.Held held = locks.acquire(ns, release, "uninstall")) {
      ReleaseState first = firstLook(ns, release, Preconditions::checkUninstall);
      try (ReleaseLeases.Held lease = leases.take(ns, release, "uninstall")) {
        Preconditions.checkUninstall(lookupSince(ns, release, first));
        return uninstallHolding(ns, release);
      }
    }
  }

  private UninstallResult uninstallHolding(String ns, String release) {
    // Should it fail, the plan stays: the release is still there and still swiss's.
    String output = helm.uninstall(ns, release);
    for (String failure : archive.deleteAll(ns, release)) {
      LOG.warn("archived plan not removed: {}", failure);
    }
    String planError = "";
    try {
      kube.deleteConfigMap(ns, PlanConfigMapName.of(release).toString());
    } catch (KubeException e) {
      LOG.warn("plan configmap not removed: {}", e.getMessage());
      planError = e.getMessage();
    }
    return new UninstallResult(ns, release, output, planError);
  }

  /** The plan the live release was deployed from. */
  public Plan current(String ns, String release) {
    return reads.current(ns, release);
  }

  @Override
  public HelmReads reads() {
    return reads;
  }

  /** The archived plan that produced {@code revision}, hash verified. */
  public Plan archived(String ns, String release, int revision) {
    return reads.archived(ns, release, revision);
  }

  public List<Integer> archivedRevisions(String ns, String release) {
    return reads.archivedRevisions(ns, release);
  }

  /**
   * What helm and swiss know about the release. An apply whose writer died is settled first, so it
   * reads as failed and the record describes the revision that runs.
   */
  public ReleaseStatus status(String ns, String release) {
    return reads.status(ns, release);
  }

  private ApplyResult run(
      Attempt attempt, Mode mode, RenderRequest request, boolean forceConflicts) {
    Plan plan = attempt.plan;
    String ns = plan.release().namespace();
    String release = plan.release().name();
    String failure = "";
    HelmException refused = null;
    HelmOutcome outcome = null;
    try {
      // Given up by helm itself, with an error that says so, should the API server fall silent.
      // The namespace is there (TargetNamespace made it); helm's own creation of it would be a
      // server-side apply, a patch, which the chart's grants hold to no namespace.
      outcome =
          mode == Mode.INSTALL
              ? helm.install(request, false, forceConflicts)
              : helm.upgrade(request, forceConflicts);
    } catch (HelmException e) {
      refused = e;
      failure = e.getMessage();
    }
    // Helm names the revision it stored; only a failure leaves swiss to look which one runs.
    int live =
        outcome != null && outcome.revision() > 0 ? outcome.revision() : lookupQuietly(ns, release);
    String statusError = attempt.finish(live, failure);
    if (refused instanceof ChartMovedException) {
      // The chart was pushed again after it was checked; helm was given nothing to install.
      throw new DeployException(refused.kind(), refused.getMessage(), refused);
    }
    if (refused != null) {
      // The write reached the cluster: recorded like a failure, answered with helm's own kind (a
      // field conflict CONFLICT, objects the API server found invalid INVALID, the rest FAILED).
      throw DeployException.refusedByCluster(refused.kind(), refused.getMessage());
    }
    return new ApplyResult(ns, release, plan.hash(), live, outcome.output(), statusError, true);
  }

  /**
   * One apply's record beside the release: written ahead of helm over the record it read, then
   * finished over its own write, each a compare-and-swap, so it never overwrites another writer's.
   */
  private final class Attempt {
    private final Plan plan;
    private final PlanStatus applying;
    private final int over;
    private final Map<String, String> previous;
    private PlanRecord.Seen record;

    /**
     * @param over the release's revision when the apply began
     * @param before the record beside the release before this apply, describing revision {@code
     *     over}
     */
    Attempt(Plan plan, PlanStatus applying, int over, PlanRecord.Seen before) {
      this.plan = plan;
      this.applying = applying;
      this.over = over;
      this.previous = before.files();
      this.record = before;
    }

    void writeAhead() {
      try {
        record =
            records.write(
                ns(), plan.release().name(), record, files(plan, applying), OptionalInt.of(over));
      } catch (DeployException e) {
        throw new DeployException(
            e.kind(), "plan not recorded, nothing applied: " + e.getMessage(), e);
      }
    }

    /** Records the outcome; returns the error of that write, empty on success. */
    String finish(int live, String failure) {
      PlanStatus done = applying.finished(live, now(), failure);
      Map<String, String> files = files(plan, done);
      if (!failure.isEmpty() && live <= over && over > 0 && !previous.isEmpty()) {
        // Helm stored no revision: the release still runs the plan recorded before this one.
        files =
            PlanRecord.withStatus(
                previous,
                applying.finished(
                    live,
                    now(),
                    "the %s of %s failed and the release still runs revision %d: %s"
                        .formatted(applying.action(), plan.hash(), over, failure)));
      }
      try {
        records.write(ns(), plan.release().name(), record, files, OptionalInt.empty());
        return "";
      } catch (DeployException e) {
        LOG.warn("plan status not updated: {}", e.getMessage());
        return e.getMessage();
      }
    }

    private String ns() {
      return plan.release().namespace();
    }
  }

  /**
   * Renders the plan before anything is written: an unreachable repository, a missing chart version
   * or a schema refusal stops the apply while the cluster is untouched. It also leaves a repository
   * chart in the local cache for helm to install from.
   */
  private PlanRenders.Render render(Plan plan) {
    try {
      // Found rendered when this server's preflight passed the same plan a moment ago.
      return renders.render(plan, chartRoot);
    } catch (HelmException e) {
      // Its own kind (INVALID: the plan's chart does not render), said to have applied nothing.
      throw new DeployException(e.kind(), "nothing applied: " + e.getMessage(), e);
    }
  }

  private void archiveLive(String ns, String release, int liveRevision, Map<String, String> files) {
    try {
      if (!files.isEmpty()) {
        archive.archive(ns, release, liveRevision, files);
      }
    } catch (RuntimeException e) {
      LOG.warn(
          "previous plan not archived: {}/{} revision {}: {}",
          ns,
          release,
          liveRevision,
          e.getMessage());
    }
  }

  private Map<String, String> files(Plan plan, PlanStatus status) {
    return PlanRecord.withStatus(PlanFiles.files(plan, chartRoot), status);
  }

  private ReleaseState lookup(String ns, String release) {
    return ReleaseState.of(ns, release, newest(ns, release));
  }

  /**
   * The release as {@code firstLooks} has it, passed by {@code check}. A copy that trails the API
   * server by a moment may let a write on to its lease, where the release is looked at again, but
   * never refuses one alone: what it would refuse is looked at live first.
   */
  private ReleaseState firstLook(String ns, String release, Consumer<ReleaseState> check) {
    ReleaseState seen = ReleaseState.of(ns, release, firstLooks.newest(ns, release));
    try {
      check.accept(seen);
      return seen;
    } catch (DeployException refused) {
      ReleaseState live = lookup(ns, release);
      check.accept(live);
      return live;
    }
  }

  private ReleaseState lookupSince(String ns, String release, ReleaseState seen) {
    return ReleaseState.of(ns, release, storage.newestSince(ns, release, seen.revision()));
  }

  private Optional<ReleaseRecord> newest(String ns, String release) {
    return storage.newest(ns, release);
  }

  private int lookupQuietly(String ns, String release) {
    try {
      return newest(ns, release).map(ReleaseRecord::revision).orElse(0);
    } catch (DomainException e) {
      return 0;
    }
  }

  private String now() {
    return Instant.now(clock).truncatedTo(ChronoUnit.SECONDS).toString();
  }
}
