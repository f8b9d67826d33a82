package dev.modelsphere.swiss.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.DeploySettings;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.backend.PlanRenders;
import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.deploy.backend.Rollback;
import dev.modelsphere.swiss.deploy.backend.UninstallResult;
import dev.modelsphere.swiss.deploy.writes.ReleaseLocks;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.helm.PlanCharts;
import dev.modelsphere.swiss.helm.RenderRequest;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.helm.ValuesDocument;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.store.Run;
import dev.modelsphere.swiss.store.RunFilter;
import dev.modelsphere.swiss.store.Store;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.HelmCli;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import dev.modelsphere.swiss.values.Yaml;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.dsl.RollableScalableResource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The write use cases as both front ends call them, with no HTTP server: the backend each picks,
 * what each records in the audit log, and what stops a write before it starts.
 */
@ClusterTest
class ReleaseWritesTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster().withLlmServiceCrd();

  @TempDir Path dir;

  private final ReleaseSeeds seeds = new ReleaseSeeds(cluster);
  private Store store;
  private DeployCore core;

  /** The deploy core as the CLI wires it, recording in an audit log as the server does. */
  @BeforeEach
  void wire() throws IOException {
    store = Store.open(dir.resolve("swiss.db"));
    Kube kube = cluster.kube();
    LlmServiceClient services = new LlmServiceClient(kube.client());
    ChartRenderer renderer =
        new ChartRenderer(new ChartArchives(Files.createDirectories(dir.resolve("charts"))));
    core =
        new DeployCore(
            new DeployCore.Cluster(
                kube,
                services,
                LlmServiceAccess.of(services, Clock.systemUTC()),
                new HelmReleases(renderer, Files.readString(cluster.kubeconfig()))),
            PlanRenders.of(renderer),
            new ReleaseLocks("release writes test"),
            new DeploySettings(
                TestCharts.exampleCharts().toString(),
                5,
                "helm",
                DeploySettings.Times.DEFAULTS
                    .withOperatorDeadline(Duration.ofSeconds(5))
                    .withGoneTimeout(Duration.ofSeconds(20)),
                List.of()),
            Optional.of(store),
            Clock.systemUTC());
  }

  @AfterEach
  void closeTheCore() {
    core.close();
    store.close();
  }

  private ReleaseWrites writes(ApplyGate gate) {
    return core.writes(gate);
  }

  private List<Run> recorded(String release) {
    return store.runs(new RunFilter(cluster.namespace(), release, "", 10));
  }

  @Test
  void uninstallingAnLlmServiceReleaseRecordsThePlanHashItsLlmServiceRan() {
    Plan plan = seeds.repoPlan("svc-gone");
    seeds.service(plan, Map.of(), Map.of());

    UninstallResult result =
        writes(ApplyGate.NONE).uninstall("alice", cluster.namespace(), "svc-gone");

    assertThat(result.output())
        .isEqualTo("deleted LLMService " + cluster.namespace() + "/svc-gone");
    assertThat(cluster.llmServices().withName("svc-gone").get()).isNull();
    assertThat(recorded("svc-gone"))
        .singleElement()
        .satisfies(
            run -> {
              assertThat(run.action()).isEqualTo("uninstall");
              assertThat(run.actor()).isEqualTo("alice");
              assertThat(run.planHash()).isEqualTo(plan.hash());
              assertThat(run.error()).isEmpty();
            });
  }

  @Test
  void aHelmInstallIsRecordedWithItsActorRevisionAndPlanHash() {
    Plan plan = cluster.plan("writes-helm", "replicaCount: 1");

    ApplyResult result =
        writes(ApplyGate.NONE).apply("bob", plan, Mode.INSTALL, ApplyOptions.install());

    assertThat(result.revision()).isEqualTo(1);
    assertThat(recorded("writes-helm"))
        .singleElement()
        .satisfies(
            run -> {
              assertThat(run.action()).isEqualTo("install");
              assertThat(run.actor()).isEqualTo("bob");
              assertThat(run.revision()).isEqualTo(1);
              assertThat(run.planHash()).isEqualTo(plan.hash());
            });
  }

  @Test
  void aStaleApplyIsRefusedAsAConflictAndNotRecorded() {
    ReleaseWrites writes = writes(ApplyGate.NONE);
    Plan one = cluster.plan("writes-stale", "replicaCount: 1");
    writes.apply("bob", one, Mode.INSTALL, ApplyOptions.install());
    Plan two = cluster.plan("writes-stale", "replicaCount: 2");
    writes.apply("bob", two, Mode.UPGRADE, ApplyOptions.apply(1));

    assertThatThrownBy(() -> writes.apply("carol", one, Mode.UPGRADE, ApplyOptions.apply(1)))
        .isInstanceOfSatisfying(
            DeployException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT))
        .hasMessageContaining("moved from revision 1 to 2");
    assertThat(recorded("writes-stale")).extracting(Run::actor).containsOnly("bob").hasSize(2);
  }

  @Test
  void forcingConflictsReachesTheHelmBackendAndIsRecordedBesideTheRelease() {
    Plan plan = cluster.plan("writes-force", "replicaCount: 1");

    writes(ApplyGate.NONE)
        .apply("bob", plan, Mode.INSTALL, ApplyOptions.install().forcingConflicts());

    assertThat(cluster.kube().configMap(cluster.namespace(), "swiss-plan-writes-force"))
        .hasValueSatisfying(files -> assertThat(files.get("status.yaml")).contains("forced: true"));
    assertThat(recorded("writes-force")).extracting(Run::actor).containsExactly("bob");
  }

  @Test
  void aGateThatRefusesStopsTheApplyBeforeTheBackendIsAsked() {
    Plan plan = cluster.plan("writes-gated", "replicaCount: 1");
    AtomicInteger checked = new AtomicInteger();
    ApplyGate refuses =
        (p, mode) -> {
          checked.incrementAndGet();
          throw new DeployException(ErrorKind.CONFLICT, "route taken by another release");
        };

    assertThatThrownBy(
            () -> writes(refuses).apply("bob", plan, Mode.INSTALL, ApplyOptions.install()))
        .hasMessageContaining("route taken");
    assertThat(checked).hasValue(1);
    assertThat(cluster.kube().configMap(cluster.namespace(), "swiss-plan-writes-gated")).isEmpty();
    assertThat(recorded("writes-gated")).isEmpty();
  }

  @Test
  void aRollbackNeedsTheRevisionItWasLookingAtAndRecordsTheArchivedPlansHash() {
    ReleaseWrites writes = writes(ApplyGate.NONE);
    Plan one = cluster.plan("writes-back", "replicaCount: 1");
    writes.apply("bob", one, Mode.INSTALL, ApplyOptions.install());
    writes.apply(
        "bob", cluster.plan("writes-back", "replicaCount: 3"), Mode.UPGRADE, ApplyOptions.apply(1));

    assertThatThrownBy(
            () ->
                writes.rollback("dan", cluster.namespace(), "writes-back", new Rollback(1, 0, "")))
        .isInstanceOfSatisfying(
            DeployException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.INVALID))
        .hasMessageContaining("expectRevision is required");
    ApplyResult back =
        writes.rollback("dan", cluster.namespace(), "writes-back", new Rollback(1, 2, "undo"));

    assertThat(back.revision()).isEqualTo(3);
    Run rollback = recorded("writes-back").get(0);
    assertThat(rollback.action()).isEqualTo("rollback");
    assertThat(rollback.actor()).isEqualTo("dan");
    assertThat(rollback.planHash()).isEqualTo(one.hash());
    assertThat(rollback.note()).isEqualTo("undo");
  }

  @Test
  void applyingThePlanTheReleaseRunsMakesNoRevisionAndIsRecordedUnchanged() {
    ReleaseWrites writes = writes(ApplyGate.NONE);
    Plan plan = cluster.plan("writes-same", "replicaCount: 1");
    writes.apply("bob", plan, Mode.INSTALL, ApplyOptions.install());
    String recordVersion = planRecordVersion("writes-same");

    ApplyResult again =
        writes.apply("carol", plan, Mode.UPGRADE, new ApplyOptions(1, "apply", "same again"));

    assertThat(again.changed()).isFalse();
    assertThat(again.revision()).isEqualTo(1);
    assertThat(again.output()).contains("no changes", "revision 1", plan.hash());
    assertThat(helmRevision("writes-same")).as("no helm revision was made").isEqualTo(1);
    assertThat(planRecordVersion("writes-same"))
        .as("the plan record beside the release is not rewritten")
        .isEqualTo(recordVersion);
    Run run = recorded("writes-same").get(0);
    assertThat(run.actor()).isEqualTo("carol");
    assertThat(run.changed()).isFalse();
    assertThat(run.revision()).isEqualTo(1);
    assertThat(run.note()).isEqualTo("same again");
  }

  @Test
  void aRollbackToTheRevisionWhosePlanAlreadyRunsChangesNothing() {
    ReleaseWrites writes = writes(ApplyGate.NONE);
    Plan one = cluster.plan("writes-back-twice", "replicaCount: 1");
    writes.apply("bob", one, Mode.INSTALL, ApplyOptions.install());
    writes.apply(
        "bob",
        cluster.plan("writes-back-twice", "replicaCount: 2"),
        Mode.UPGRADE,
        ApplyOptions.apply(1));
    assertThat(writes.rollback("dan", ns(), "writes-back-twice", new Rollback(1, 2, "")).revision())
        .isEqualTo(3);

    ApplyResult again =
        writes.rollback("dan", ns(), "writes-back-twice", new Rollback(1, 3, "again"));

    assertThat(again.changed()).isFalse();
    assertThat(again.revision()).isEqualTo(3);
    assertThat(helmRevision("writes-back-twice")).isEqualTo(3);
    assertThat(recorded("writes-back-twice").get(0).changed()).isFalse();
  }

  @Test
  void aReleaseChangedByHandIsWrittenAgainThoughItsPlanIsTheSame() {
    ReleaseWrites writes = writes(ApplyGate.NONE);
    Plan plan = cluster.plan("writes-drift", "replicaCount: 1");
    writes.apply("bob", plan, Mode.INSTALL, ApplyOptions.install());
    // Someone scales the model by hand: the cluster no longer matches the plan that runs.
    deployment("writes-drift").scale(4);

    // The write reaches helm, whose server-side apply finds the hand's field manager.
    assertThatThrownBy(() -> writes.apply("bob", plan, Mode.UPGRADE, ApplyOptions.apply(1)))
        .isInstanceOfSatisfying(
            DeployException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT))
        .hasMessageContaining(".spec.replicas");
    // helm stored the refused upgrade as failed revision 2.
    ApplyResult forced =
        writes.apply("bob", plan, Mode.UPGRADE, ApplyOptions.apply(2).forcingConflicts());

    assertThat(forced.changed()).isTrue();
    assertThat(forced.revision()).isEqualTo(3);
    assertThat(deployment("writes-drift").get().getSpec().getReplicas())
        .as("the apply took the replicas back to the plan's")
        .isEqualTo(1);
  }

  @Test
  void aForcedApplyOfThePlanTheReleaseRunsStillWrites() {
    ReleaseWrites writes = writes(ApplyGate.NONE);
    Plan plan = cluster.plan("writes-force-same", "replicaCount: 1");
    writes.apply("bob", plan, Mode.INSTALL, ApplyOptions.install());

    ApplyResult again =
        writes.apply("bob", plan, Mode.UPGRADE, ApplyOptions.apply(1).forcingConflicts());

    assertThat(again.changed()).isTrue();
    assertThat(again.revision()).isEqualTo(2);
  }

  private String ns() {
    return cluster.namespace();
  }

  private RollableScalableResource<Deployment> deployment(String release) {
    return cluster.admin().apps().deployments().inNamespace(ns()).withName(release + "-sglang");
  }

  private int helmRevision(String release) {
    return core.storage().newest(ns(), release).orElseThrow().revision();
  }

  private String planRecordVersion(String release) {
    return cluster
        .admin()
        .configMaps()
        .inNamespace(ns())
        .withName("swiss-plan-" + release)
        .get()
        .getMetadata()
        .getResourceVersion();
  }

  @Test
  void aReleaseInstalledWithHelmIsAdoptedWhenItsDiffIsEmptyAndNothingInItChanges()
      throws IOException {
    Plan plan = cluster.plan("adopted", "replicaCount: 1");
    installWithHelmCli(plan);
    // Its generation, not its resourceVersion: the deployment controller writes its status.
    long generation = deployment("adopted").get().getMetadata().getGeneration();

    ApplyResult adopted =
        writes(ApplyGate.NONE)
            .adopt("erin", plan, new ApplyOptions(1, ReleaseWrites.ADOPT, "ours now"));

    assertThat(adopted.changed()).isFalse();
    assertThat(adopted.revision()).isEqualTo(1);
    assertThat(adopted.output()).contains("adopted", "revision 1", plan.hash());
    assertThat(helmRevision("adopted")).as("no helm revision was made").isEqualTo(1);
    assertThat(deployment("adopted").get().getMetadata().getGeneration())
        .as("nothing in the release was written")
        .isEqualTo(generation);
    assertThat(core.helm().current(ns(), "adopted").hash()).isEqualTo(plan.hash());
    PlanStatus status =
        PlanStatus.parse(
            cluster.kube().configMap(ns(), "swiss-plan-adopted").orElseThrow().get("status.yaml"));
    assertThat(status.phase()).isEqualTo(PlanStatus.APPLIED);
    assertThat(status.action()).isEqualTo("adopt");
    assertThat(status.revision()).isEqualTo(1);
    assertThat(core.helm().archivedRevisions(ns(), "adopted")).containsExactly(1);
    Run run = recorded("adopted").get(0);
    assertThat(run.action()).isEqualTo("adopt");
    assertThat(run.actor()).isEqualTo("erin");
    assertThat(run.changed()).isFalse();
    assertThat(run.note()).isEqualTo("ours now");
  }

  @Test
  void adoptingWithAPlanThatDiffersIsRefusedWithTheDiffAndWritesNothing() throws IOException {
    installWithHelmCli(cluster.plan("not-adopted", "replicaCount: 2"));
    Plan other = cluster.plan("not-adopted", "replicaCount: 1");

    assertThatThrownBy(() -> writes(ApplyGate.NONE).adopt("erin", other, adoption()))
        .isInstanceOfSatisfying(
            DeployException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT))
        .hasMessageContaining("refused, nothing was written")
        .hasMessageContaining("replicas");
    assertThat(cluster.kube().configMap(ns(), "swiss-plan-not-adopted")).isEmpty();
    assertThat(recorded("not-adopted")).isEmpty();
    assertThat(helmRevision("not-adopted")).isEqualTo(1);
  }

  @Test
  void aReleaseSwissAlreadyKeepsIsNotAdoptedAgain() {
    ReleaseWrites writes = writes(ApplyGate.NONE);
    Plan plan = cluster.plan("kept", "replicaCount: 1");
    writes.apply("bob", plan, Mode.INSTALL, ApplyOptions.install());

    assertThatThrownBy(() -> writes.adopt("erin", plan, adoption()))
        .isInstanceOfSatisfying(
            DeployException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT))
        .hasMessageContaining("already has a plan beside it");
  }

  @Test
  void adoptingWhileForcingConflictsIsRefusedBeforeAnythingIsRead() throws IOException {
    Plan plan = cluster.plan("forced-adoption", "replicaCount: 1");
    installWithHelmCli(plan);

    assertThatThrownBy(
            () -> writes(ApplyGate.NONE).adopt("erin", plan, adoption().forcingConflicts()))
        .isInstanceOfSatisfying(
            DeployException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.INVALID))
        .hasMessageContaining("cannot force conflicts");
    assertThat(cluster.kube().configMap(ns(), "swiss-plan-forced-adoption")).isEmpty();
    assertThat(recorded("forced-adoption")).isEmpty();
  }

  /** An adoption that asserts no revision and notes nothing. */
  private static ApplyOptions adoption() {
    return new ApplyOptions(0, ReleaseWrites.ADOPT, "");
  }

  /** Installs the plan's chart and values with Helm's own CLI, as someone did before swiss. */
  private void installWithHelmCli(Plan plan) throws IOException {
    RenderRequest request = PlanCharts.request(plan, TestCharts.exampleCharts().toString());
    List<String> args = new ArrayList<>(List.of("install", plan.release().name()));
    args.add(TestCharts.exampleCharts().resolve(plan.engine()).toString());
    args.addAll(List.of("-n", ns()));
    for (ValuesDocument values : request.values()) {
      Path file = dir.resolve(plan.release().name() + "-" + values.name() + ".yaml");
      Files.writeString(file, Yaml.write(values.values()));
      args.addAll(List.of("-f", file.toString()));
    }
    new HelmCli(cluster.kubeconfig()).ok(args.toArray(String[]::new));
  }
}
