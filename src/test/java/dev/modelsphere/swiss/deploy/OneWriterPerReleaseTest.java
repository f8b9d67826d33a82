package dev.modelsphere.swiss.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.DeploySettings;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.backend.PlanArchive;
import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.deploy.helmbackend.HelmDeployer;
import dev.modelsphere.swiss.deploy.helmbackend.HelmReads;
import dev.modelsphere.swiss.deploy.helmbackend.InterruptedApplies;
import dev.modelsphere.swiss.deploy.helmbackend.PlanRecord;
import dev.modelsphere.swiss.deploy.helmbackend.ReleaseStatus;
import dev.modelsphere.swiss.deploy.writes.LeaseRenewals;
import dev.modelsphere.swiss.deploy.writes.ReleaseLeases;
import dev.modelsphere.swiss.deploy.writes.Writer;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.kube.ConfigMapVersion;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanFiles;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import io.fabric8.kubernetes.api.model.ConfigMap;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * One writer per release across processes, and a plan record that always describes the revision
 * that runs. Separate deployers play separate processes: each has its own in-process locks, so only
 * the cluster's lease stands between them.
 */
@ClusterTest
class OneWriterPerReleaseTest {

  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  /** The renewing thread of the processes the test plays with leases of their own. */
  private static final LeaseRenewals RENEWALS = new LeaseRenewals();

  @AfterAll
  static void stopRenewing() {
    RENEWALS.close();
  }

  @Test
  void anApplyWhileAnotherProcessHoldsTheReleaseIsRefusedNamingItAndChangesNothing() {
    Plan one = cluster.plan("qwen", "replicaCount: 1");
    cluster.deployer().apply(one, Mode.INSTALL, ApplyOptions.install());
    String recorded = record().resourceVersion();

    try (ReleaseLeases.Held other =
        leases("swiss serve").take(cluster.namespace(), "qwen", "rollback")) {
      assertThatThrownBy(
              () ->
                  cluster
                      .deployer()
                      .apply(
                          cluster.plan("qwen", "replicaCount: 2"),
                          Mode.UPGRADE,
                          ApplyOptions.apply(1)))
          .isInstanceOfSatisfying(
              DeployException.class,
              e -> {
                assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT);
                assertThat(e.getMessage())
                    .contains(cluster.namespace() + "/qwen is being rolled back by swiss serve on");
              });
      assertThatThrownBy(() -> cluster.deployer().uninstall(cluster.namespace(), "qwen"))
          .isInstanceOf(DeployException.class);
    }

    assertThat(record().resourceVersion()).isEqualTo(recorded);
    assertThat(cluster.deployer().status(cluster.namespace(), "qwen").revision()).isEqualTo(1);
  }

  @Test
  void ofFourProcessesApplyingOneReleaseAtOnceOneProceedsAndTheRecordIsThePlanThatRuns()
      throws Exception {
    cluster
        .deployer()
        .apply(cluster.plan("qwen", "replicaCount: 1"), Mode.INSTALL, ApplyOptions.install());
    List<Plan> plans = new ArrayList<>();
    List<HelmDeployer> processes = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      plans.add(cluster.plan("qwen", "replicaCount: " + (i + 2)));
      processes.add(cluster.deployer(DeploySettings.DEFAULT_PLAN_HISTORY));
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<ApplyResult>> applies = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      HelmDeployer process = processes.get(i);
      Plan plan = plans.get(i);
      applies.add(
          pool.submit(
              () -> {
                start.await();
                return process.apply(plan, Mode.UPGRADE, ApplyOptions.apply(1));
              }));
    }
    start.countDown();

    List<ApplyResult> landed = new ArrayList<>();
    for (Future<ApplyResult> apply : applies) {
      try {
        landed.add(apply.get());
      } catch (ExecutionException e) {
        assertThat(e.getCause()).isInstanceOf(DeployException.class);
        assertThat(((DeployException) e.getCause()).kind()).isEqualTo(ErrorKind.CONFLICT);
      }
    }
    pool.shutdown();

    assertThat(landed).hasSize(1);
    ReleaseStatus status = cluster.deployer().status(cluster.namespace(), "qwen");
    assertThat(status.revision()).isEqualTo(2);
    assertThat(status.planHash()).isEqualTo(landed.get(0).planHash());
    assertThat(status.plan().phase()).isEqualTo(PlanStatus.APPLIED);
    assertThat(status.plan().revision()).isEqualTo(2);
  }

  @Test
  void anApplyWhoseWriterDiedBeforeHelmReadsAsFailedAndTheRecordGoesBackToThePlanThatRuns() {
    Plan one = cluster.plan("qwen", "replicaCount: 1");
    Plan two = cluster.plan("qwen", "replicaCount: 2");
    cluster.deployer().apply(one, Mode.INSTALL, ApplyOptions.install());
    diedApplying(two, 1);

    ReleaseStatus status = cluster.deployer().status(cluster.namespace(), "qwen");

    assertThat(status.plan().phase()).isEqualTo(PlanStatus.FAILED);
    assertThat(status.plan().error())
        .contains("interrupted", "the apply started at", "still runs revision 1");
    assertThat(status.planHash()).isEqualTo(one.hash());
    assertThat(status.revision()).isEqualTo(1);
    assertThat(PlanStatus.parse(record().data().get(PlanStatus.FILE)).phase())
        .as("settled in the cluster, not only in the answer")
        .isEqualTo(PlanStatus.FAILED);
    assertThat(record().annotations()).doesNotContainKey(PlanRecord.APPLYING_OVER);
    assertThat(cluster.deployer().current(cluster.namespace(), "qwen").hash())
        .isEqualTo(one.hash());
    assertThat(cluster.deployer().archived(cluster.namespace(), "qwen", 1).hash())
        .isEqualTo(one.hash());

    ApplyResult next = cluster.deployer().apply(two, Mode.UPGRADE, ApplyOptions.apply(1));
    assertThat(next.revision()).isEqualTo(2);
    ReleaseStatus after = cluster.deployer().status(cluster.namespace(), "qwen");
    assertThat(after.planHash()).isEqualTo(two.hash());
    assertThat(after.plan().phase()).isEqualTo(PlanStatus.APPLIED);
  }

  @Test
  void anApplyWhoseWriterDiedAfterHelmDeployedReadsAsAppliedAtTheRevisionHelmWrote() {
    Plan one = cluster.plan("qwen", "replicaCount: 1");
    Plan two = cluster.plan("qwen", "replicaCount: 2");
    cluster.deployer().apply(one, Mode.INSTALL, ApplyOptions.install());
    cluster.deployer().apply(two, Mode.UPGRADE, ApplyOptions.apply(1));
    diedApplying(two, 1);

    ReleaseStatus status = cluster.deployer().status(cluster.namespace(), "qwen");

    assertThat(status.plan().phase()).isEqualTo(PlanStatus.APPLIED);
    assertThat(status.plan().revision()).isEqualTo(2);
    assertThat(status.planHash()).isEqualTo(two.hash());
  }

  @Test
  void anApplyingRecordWhoseWriterStillHoldsTheLeaseReadsAsApplying() {
    Plan one = cluster.plan("qwen", "replicaCount: 1");
    cluster.deployer().apply(one, Mode.INSTALL, ApplyOptions.install());
    try (ReleaseLeases.Held writing =
        leases("swiss serve").take(cluster.namespace(), "qwen", "apply")) {
      writeApplying(cluster.plan("qwen", "replicaCount: 2"), 1);

      ReleaseStatus status = cluster.deployer().status(cluster.namespace(), "qwen");

      assertThat(status.plan().phase()).isEqualTo(PlanStatus.APPLYING);
    }
  }

  @Test
  void aReaderJudgesTheLeaseByTheWritersClockSoAnApplyInFlightIsNotSettledAsInterrupted() {
    Plan one = cluster.plan("qwen", "replicaCount: 1");
    cluster.deployer().apply(one, Mode.INSTALL, ApplyOptions.install());
    // A server whose clock is hours from the wall's (a test's frozen clock, a skewed host): its
    // writer stamps the lease by that clock, so its readers must judge the lease by it too.
    Clock serverClock = Clock.fixed(Instant.parse("2026-12-01T10:00:00Z"), ZoneOffset.UTC);
    ReleaseLeases serverLeases = leases("swiss serve", serverClock);
    try (ReleaseLeases.Held writing = serverLeases.take(cluster.namespace(), "qwen", "apply")) {
      writeApplying(cluster.plan("qwen", "replicaCount: 2"), 1);

      new HelmReads(
              new ReleaseStorage(cluster.admin()),
              interrupted(serverClock),
              new PlanArchive(cluster.kube(), DeploySettings.DEFAULT_PLAN_HISTORY))
          .current(cluster.namespace(), "qwen");

      assertThat(PlanStatus.parse(record().data().get(PlanStatus.FILE)).phase())
          .isEqualTo(PlanStatus.APPLYING);
    }
  }

  @Test
  void aServerStartingSettlesEveryInterruptedApplyInItsNamespaces() {
    Plan one = cluster.plan("qwen", "replicaCount: 1");
    cluster.deployer().apply(one, Mode.INSTALL, ApplyOptions.install());
    diedApplying(cluster.plan("qwen", "replicaCount: 2"), 1);
    InterruptedApplies sweeper = interrupted(Clock.systemUTC());
    List<ConfigMap> copy = planConfigMaps();

    assertThat(sweeper.sweep(copy)).isEqualTo(1);
    assertThat(sweeper.sweep(copy))
        .as("the copy still shows the apply, the record read live is settled")
        .isZero();

    assertThat(PlanStatus.parse(record().data().get(PlanStatus.FILE)).phase())
        .isEqualTo(PlanStatus.FAILED);
    assertThat(PlanFiles.fromFiles(record().data()).hash()).isEqualTo(one.hash());
  }

  @Test
  void aSweepReadsLiveOnlyTheRecordsItsCopyShowsApplying() {
    Plan one = cluster.plan("qwen", "replicaCount: 1");
    cluster.deployer().apply(one, Mode.INSTALL, ApplyOptions.install());
    List<ConfigMap> beforeTheApply = planConfigMaps();
    diedApplying(cluster.plan("qwen", "replicaCount: 2"), 1);
    InterruptedApplies sweeper = interrupted(Clock.systemUTC());

    assertThat(sweeper.sweep(beforeTheApply)).isZero();
    assertThat(PlanStatus.parse(record().data().get(PlanStatus.FILE)).phase())
        .as("a copy that has not seen the apply start leaves it to a later round")
        .isEqualTo(PlanStatus.APPLYING);

    assertThat(sweeper.sweep(planConfigMaps())).isEqualTo(1);
    assertThat(PlanStatus.parse(record().data().get(PlanStatus.FILE)).phase())
        .isEqualTo(PlanStatus.FAILED);
  }

  /** The namespace's plan ConfigMaps as the server's watch holds them: swiss's, by label. */
  private static List<ConfigMap> planConfigMaps() {
    return cluster
        .admin()
        .configMaps()
        .inNamespace(cluster.namespace())
        .withLabel(Kube.MANAGED_BY, Kube.SWISS)
        .list()
        .getItems();
  }

  @Test
  void thePlanRecordIsWrittenOnlyOverTheVersionThatWasRead() {
    PlanRecord records = new PlanRecord(cluster.kube());
    PlanRecord.Seen absent = records.read(cluster.namespace(), "qwen");
    records.write(cluster.namespace(), "qwen", absent, Map.of("a", "1"), OptionalInt.empty());

    assertThatThrownBy(
            () ->
                records.write(
                    cluster.namespace(), "qwen", absent, Map.of("a", "2"), OptionalInt.empty()))
        .isInstanceOfSatisfying(
            DeployException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT);
              assertThat(e.getMessage()).contains(cluster.namespace() + "/swiss-plan-qwen");
            });
    PlanRecord.Seen first = records.read(cluster.namespace(), "qwen");
    records.write(cluster.namespace(), "qwen", first, Map.of("a", "3"), OptionalInt.empty());
    assertThatThrownBy(
            () ->
                records.write(
                    cluster.namespace(), "qwen", first, Map.of("a", "4"), OptionalInt.empty()))
        .isInstanceOf(DeployException.class);
    assertThat(record().data()).containsEntry("a", "3");
  }

  /**
   * Leaves what a writer killed between its write-ahead and helm leaves: the previous plan
   * archived, the record {@code applying} over {@code overRevision}, and a lease it stopped
   * renewing a minute ago.
   */
  private void diedApplying(Plan plan, int overRevision) {
    new PlanArchive(cluster.kube(), DeploySettings.DEFAULT_PLAN_HISTORY)
        .archive(cluster.namespace(), "qwen", overRevision, record().data());
    writeApplying(plan, overRevision);
    new ReleaseSeeds(cluster).lapsedLease("qwen", Duration.ofMinutes(1));
  }

  private void writeApplying(Plan plan, int overRevision) {
    PlanRecord records = new PlanRecord(cluster.kube());
    PlanStatus applying = PlanStatus.applying("apply", "2030-01-01T00:00:00Z", "", false);
    records.write(
        cluster.namespace(),
        "qwen",
        records.read(cluster.namespace(), "qwen"),
        PlanRecord.withStatus(
            PlanFiles.files(plan, TestCharts.exampleCharts().toString()), applying),
        OptionalInt.of(overRevision));
  }

  private static ConfigMapVersion record() {
    return cluster.kube().versionedConfigMap(cluster.namespace(), "swiss-plan-qwen");
  }

  private static ReleaseLeases leases(String kind) {
    return leases(kind, Clock.systemUTC());
  }

  /** The leases of a process that calls itself {@code kind} and keeps time by {@code clock}. */
  private static ReleaseLeases leases(String kind, Clock clock) {
    return new ReleaseLeases(
        cluster.admin(), Writer.thisProcess(kind), DeploySettings.Times.DEFAULTS, clock, RENEWALS);
  }

  /** How a server keeping time by {@code clock} settles applies whose writer died. */
  private static InterruptedApplies interrupted(Clock clock) {
    return new InterruptedApplies(
        new PlanRecord(cluster.kube()),
        new ReleaseStorage(cluster.admin()),
        new PlanArchive(cluster.kube(), DeploySettings.DEFAULT_PLAN_HISTORY),
        leases("swiss serve", clock),
        clock);
  }
}
