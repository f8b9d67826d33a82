package dev.modelsphere.swiss.deploy.assembly;

import dev.modelsphere.swiss.deploy.ApplyGate;
import dev.modelsphere.swiss.deploy.ReleasePlans;
import dev.modelsphere.swiss.deploy.ReleaseWrites;
import dev.modelsphere.swiss.deploy.approval.WriteApprovals;
import dev.modelsphere.swiss.deploy.backend.BackendResolver;
import dev.modelsphere.swiss.deploy.backend.Backends;
import dev.modelsphere.swiss.deploy.backend.ClusterBackends;
import dev.modelsphere.swiss.deploy.backend.DeploySettings;
import dev.modelsphere.swiss.deploy.backend.PlanArchive;
import dev.modelsphere.swiss.deploy.backend.PlanDiffer;
import dev.modelsphere.swiss.deploy.backend.PlanRenders;
import dev.modelsphere.swiss.deploy.backend.ReleaseRecords;
import dev.modelsphere.swiss.deploy.helmbackend.HelmDeployer;
import dev.modelsphere.swiss.deploy.helmbackend.HelmReads;
import dev.modelsphere.swiss.deploy.helmbackend.HelmRecords;
import dev.modelsphere.swiss.deploy.helmbackend.InterruptedApplies;
import dev.modelsphere.swiss.deploy.helmbackend.InterruptedApplySweep;
import dev.modelsphere.swiss.deploy.helmbackend.PlanRecord;
import dev.modelsphere.swiss.deploy.llmservicebackend.LlmServiceBackend;
import dev.modelsphere.swiss.deploy.llmservicebackend.LlmServiceDeployer;
import dev.modelsphere.swiss.deploy.llmservicebackend.LlmServiceReads;
import dev.modelsphere.swiss.deploy.llmservicebackend.LlmServiceRevisions;
import dev.modelsphere.swiss.deploy.llmservicebackend.LlmServiceUninstaller;
import dev.modelsphere.swiss.deploy.llmservicebackend.OperatorWait;
import dev.modelsphere.swiss.deploy.writes.DetachedRuns;
import dev.modelsphere.swiss.deploy.writes.LeaseRenewals;
import dev.modelsphere.swiss.deploy.writes.ReleaseLeases;
import dev.modelsphere.swiss.deploy.writes.ReleaseLocks;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import dev.modelsphere.swiss.kube.KindCache;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.PreconditionedDelete;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.store.Store;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The deploy core of one process, {@code swiss serve} or one CLI command, wired: the one place its
 * collaborators are built, each once, and passed in, the same for both front ends. It owns the
 * threads they share and stops them on {@link #close}: the lease renewals ({@link LeaseRenewals})
 * and the detached runs ({@link DetachedRuns}). Helm reaches the cluster with the API server's
 * silence limit ({@link HelmReleases#withApiServerSilence}).
 */
public final class DeployCore implements AutoCloseable {
  /** How long closing waits for writes still running, renewing their leases until they end. */
  static final Duration WRITES_END = Duration.ofSeconds(30);

  /** How long closing then waits for the writes whose helm calls it cancelled to record it. */
  static final Duration CANCELLED_END = Duration.ofSeconds(5);

  private static final Logger LOG = LoggerFactory.getLogger(DeployCore.class);

  private final Kube kube;
  private final ReleaseStorage storage;
  private final PlanRenders renders;
  private final DeploySettings settings;
  private final LeaseRenewals renewals = new LeaseRenewals();
  private final DetachedRuns runs;
  private final HelmDeployer helm;
  private final Backends backends;
  private final ReleasePlans plans;
  private final ReleaseRecords releases;
  private final HelmReleases helmCalls;

  /**
   * What the process reaches the cluster with: one client under swiss's wrappers, and helm's own
   * connection to the same cluster as the same user.
   *
   * @param access whether the LLMService API is visible; the process's one cache of it
   * @param releases where a diff and a write's first look read a release's newest revision: the
   *     server's watch of helm's storage, or (the CLI, which keeps no watches) the storage listed
   */
  public record Cluster(
      Kube kube,
      LlmServiceClient services,
      LlmServiceAccess access,
      HelmReleases helm,
      ReleaseRecords releases) {

    /** Reads helm's storage live. */
    public Cluster(
        Kube kube, LlmServiceClient services, LlmServiceAccess access, HelmReleases helm) {
      this(kube, services, access, helm, new ReleaseStorage(kube.client())::newest);
    }
  }

  /**
   * @param renders shared with preflight's chart-schema rule, so an install renders its plan once
   * @param locks this process's release locks, which name it to other writers
   * @param store the audit log the writes are recorded in; empty records nothing
   * @param clock the writers' clock, which stamps records and leases
   */
  public DeployCore(
      Cluster cluster,
      PlanRenders renders,
      ReleaseLocks locks,
      DeploySettings settings,
      Optional<Store> store,
      Clock clock) {
    this.kube = cluster.kube();
    this.settings = settings;
    this.releases = cluster.releases();
    KubernetesClient client = kube.client();
    DeploySettings.Times times = settings.times();
    this.storage = new ReleaseStorage(client);
    this.renders = renders;
    this.runs = new DetachedRuns(store, clock);
    ReleaseLeases leases = new ReleaseLeases(client, locks.writer(), times, clock, renewals);
    // Pruned to the plan history by the helm writes; everything else only reads it.
    PlanArchive archive = new PlanArchive(kube, settings.planHistory());
    PlanRecord record = new PlanRecord(kube);
    HelmRecords records =
        new HelmRecords(
            storage,
            record,
            archive,
            new InterruptedApplies(record, storage, archive, leases, clock));
    this.helmCalls = cluster.helm().withApiServerSilence(times.apiServerSilence());
    this.helm =
        new HelmDeployer(
            kube,
            helmCalls,
            renders,
            records,
            new HelmReads(storage, records.interrupted(), archive),
            locks,
            leases,
            new PlanDiffer(kube, renders, storage::newest, settings.chartRoot()),
            releases,
            settings.chartRoot(),
            settings.namespaceLabels(),
            clock);
    LlmServiceRevisions revisions = new LlmServiceRevisions(cluster.services(), archive);
    LlmServiceBackend llmServices =
        new LlmServiceBackend(
            new LlmServiceDeployer(
                kube,
                cluster.services(),
                storage,
                locks,
                leases,
                revisions,
                new OperatorWait(client, times.operatorDeadline()),
                settings.namespaceLabels()),
            new LlmServiceUninstaller(
                client, locks, leases, new PreconditionedDelete(client), times.goneTimeout()),
            new LlmServiceReads(kube, cluster.services(), revisions));
    this.backends =
        new ClusterBackends(
            new BackendResolver(kube, cluster.access(), cluster.services()),
            cluster.access(),
            helm,
            llmServices,
            settings.applyWith());
    this.plans = new ReleasePlans(backends);
  }

  /** The cluster this core writes to, for what asks the API server itself (preflight's dry run). */
  public Kube kube() {
    return kube;
  }

  /**
   * One round of settling the helm backend's applies whose writer is gone, read off {@code
   * planConfigMaps} (a watch's copy), each round waiting at most a lease for the copy's first list:
   * for the one replica elected to run it, every lease.
   */
  public Runnable interruptedApplySweep(KindCache<ConfigMap> planConfigMaps) {
    return new InterruptedApplySweep(helm, planConfigMaps, settings.times().lease());
  }

  /** The helm backend itself, for the tests that prove it against a cluster. */
  public HelmDeployer helm() {
    return helm;
  }

  /** helm's storage of releases, read live. */
  public ReleaseStorage storage() {
    return storage;
  }

  /** How this core runs, as the config says. */
  public DeploySettings settings() {
    return settings;
  }

  /** The renders the writes and the differ share, for preflight to share too. */
  public PlanRenders renders() {
    return renders;
  }

  /** The backends, and which one a release belongs to. */
  public Backends backends() {
    return backends;
  }

  public ReleasePlans plans() {
    return plans;
  }

  /** The write use cases, each checked by {@code gate} before it is run; no approvals. */
  public ReleaseWrites writes(ApplyGate gate) {
    return writes(gate, WriteApprovals.NONE);
  }

  /** Where writes that are not a release's (the profile, SLO thresholds) run and are recorded. */
  public DetachedRuns runs() {
    return runs;
  }

  /**
   * The write use cases, each checked by {@code gate} and, on a site that requires approval,
   * spending its approval from {@code approvals} before it is run.
   */
  public ReleaseWrites writes(ApplyGate gate, WriteApprovals approvals) {
    return new ReleaseWrites(backends, gate, runs, approvals, settings.namespaces());
  }

  /** Diffs plans against releases with the core's renders and its reads of helm's storage. */
  public PlanDiffer differ() {
    return new PlanDiffer(kube, renders, releases, settings.chartRoot());
  }

  /**
   * Takes no more writes, waits (a while) for those still running so their leases are renewed until
   * they end, then stops the threads.
   */
  @Override
  public void close() {
    runs.close();
    try {
      if (!runs.awaitTermination(WRITES_END)) {
        // Helm would otherwise run on in the library after the process stopped answering for it:
        // cancelled, each write ends now and records its release as failed.
        LOG.warn("writes still running after {}: their helm calls are cancelled", WRITES_END);
        helmCalls.cancelRunning();
        runs.awaitTermination(CANCELLED_END);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      renewals.close();
    }
  }
}
