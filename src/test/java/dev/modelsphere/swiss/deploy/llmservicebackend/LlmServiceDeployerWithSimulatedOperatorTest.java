package dev.modelsphere.swiss.deploy.llmservicebackend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.modelsphere.swiss.config.CanaryKeys;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.DeploySettings;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.backend.NamespaceLabels;
import dev.modelsphere.swiss.deploy.backend.PlanArchive;
import dev.modelsphere.swiss.deploy.writes.LeaseRenewals;
import dev.modelsphere.swiss.deploy.writes.ReleaseLeases;
import dev.modelsphere.swiss.deploy.writes.ReleaseLocks;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.llmsvc.LayerSpec;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.llmsvc.LlmServiceSpec;
import dev.modelsphere.swiss.llmsvc.OperatorAnnotations;
import dev.modelsphere.swiss.llmsvc.Phase;
import dev.modelsphere.swiss.llmsvc.SwissAnnotations;
import dev.modelsphere.swiss.plan.ChartRef;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.ExamplePlans;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.OtherPartyBeforeWrites;
import dev.modelsphere.swiss.testing.ReconcilingOperatorSimulation;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The LLMService write path against the real API server, with a SIMULATION of the operator ({@link
 * ReconcilingOperatorSimulation}) writing the status a real one would.
 */
@ClusterTest
class LlmServiceDeployerWithSimulatedOperatorTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster().withLlmServiceCrd();

  private static final String NAME = "qwen";
  private static final Duration DEADLINE = Duration.ofSeconds(20);
  private static final ChartRef REPO_CHART =
      new ChartRef("sglang", "0.8.0", "oci://charts.example/serving", "");
  private static final CanaryKeys CANARY = CanaryKeys.defaults();

  /** The renewing thread of the deployers the tests wire. */
  private static final LeaseRenewals RENEWALS = new LeaseRenewals();

  @AfterAll
  static void stopRenewing() {
    RENEWALS.close();
  }

  private ReconcilingOperatorSimulation operator;

  @BeforeEach
  void startSimulatedOperator() {
    operator = new ReconcilingOperatorSimulation(cluster.admin(), cluster.namespace());
  }

  @AfterEach
  void stopSimulatedOperator() {
    operator.close();
  }

  private static Plan plan(String form) {
    return ExamplePlans.plan(NAME, cluster.namespace(), form, REPO_CHART, false);
  }

  private static LlmServiceDeployer deployer() {
    return deployer(DEADLINE, () -> {});
  }

  /** SIMULATION: {@code betweenReadAndWrite} plays whoever acts before each update is sent. */
  private static LlmServiceDeployer deployer(Duration deadline, Runnable betweenReadAndWrite) {
    Kube kube = new Kube(OtherPartyBeforeWrites.client(cluster.admin(), betweenReadAndWrite));
    LlmServiceClient services = new LlmServiceClient(kube.client());
    ReleaseLocks locks = new ReleaseLocks();
    return new LlmServiceDeployer(
        kube,
        services,
        new ReleaseStorage(kube.client()),
        locks,
        new ReleaseLeases(
            kube.client(),
            locks.writer(),
            DeploySettings.Times.DEFAULTS,
            Clock.systemUTC(),
            RENEWALS),
        new LlmServiceRevisions(
            services, new PlanArchive(kube, DeploySettings.DEFAULT_PLAN_HISTORY)),
        new OperatorWait(kube.client(), deadline),
        NamespaceLabels.NONE);
  }

  private static Resource<LlmService> object() {
    return cluster.llmServices().withName(NAME);
  }

  private static Map<String, String> annotations() {
    return object().get().getMetadata().getAnnotations();
  }

  private static ApplyResult install(Plan plan) {
    return deployer().apply(plan, Mode.INSTALL, new ApplyOptions(0, "install", "first"));
  }

  private static ApplyResult upgrade(Plan plan, int expectRevision) {
    return deployer().apply(plan, Mode.UPGRADE, ApplyOptions.apply(expectRevision));
  }

  private static Object formValue(LlmService svc, String key) {
    return svc.getSpec().layers().stream()
        .filter(l -> l.name().equals("form"))
        .map(LayerSpec::values)
        .findFirst()
        .orElseThrow()
        .get(key);
  }

  private static void assertRefused(Runnable write, ErrorKind reason, String... facts) {
    assertThatThrownBy(write::run)
        .isInstanceOfSatisfying(
            DeployException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(reason);
              assertThat(e.getMessage()).contains(facts);
            });
  }

  @Test
  void anInstallCreatesTheServiceAndAnswersRevisionOnceTheSimulatedOperatorAppliedIt() {
    Plan plan = plan("replicaCount: 1");

    ApplyResult result = install(plan);

    assertThat(result.revision()).isEqualTo(1);
    assertThat(result.planHash()).isEqualTo(plan.hash());
    assertThat(result.status()).isEqualTo("applied");
    assertThat(result.output()).contains("created LLMService", "phase Applied", "helm revision 1");
    LlmService svc = object().get();
    assertThat(svc.getSpec().chart().repo()).isEqualTo("oci://charts.example/serving");
    assertThat(svc.getSpec().model().name()).isEqualTo("qwen3-8b");
    assertThat(svc.getMetadata().getAnnotations())
        .containsEntry(SwissAnnotations.ACTION, "install")
        .containsEntry(SwissAnnotations.NOTE, "first")
        .containsEntry(SwissAnnotations.PLAN_HASH, plan.hash());
    assertThat(cluster.kube().configMap(cluster.namespace(), "swiss-plan-" + NAME))
        .as("the LLMService backend writes no plan ConfigMap")
        .isEmpty();
  }

  @Test
  void anApplyWithTheExpectedRevisionReplacesTheSpecAndAnswersRevisionTwo() {
    install(plan("replicaCount: 1"));
    Plan next = plan("replicaCount: 3");

    ApplyResult result = upgrade(next, 1);

    assertThat(result.revision()).isEqualTo(2);
    assertThat(result.output())
        .contains("spec (generation 1 to 2)", "phase Applied", "helm revision 2");
    LlmService svc = object().get();
    assertThat(svc.getMetadata().getGeneration()).isEqualTo(2);
    assertThat(formValue(svc, "replicaCount")).isEqualTo(3);
    assertThat(svc.getMetadata().getAnnotations())
        .containsEntry(SwissAnnotations.ACTION, "apply")
        .containsEntry(SwissAnnotations.PLAN_HASH, next.hash())
        .as("the install's note is not carried into an apply without one")
        .doesNotContainKey(SwissAnnotations.NOTE);
  }

  @Test
  void anApplyOfThePlanTheSimulatedOperatorAppliedWritesNothingAndAnswersUnchanged() {
    Plan plan = plan("replicaCount: 1");
    install(plan);

    ApplyResult result =
        deployer().apply(plan, Mode.UPGRADE, new ApplyOptions(1, "apply", "same again"));

    assertThat(result.changed()).isFalse();
    assertThat(result.revision()).isEqualTo(1);
    assertThat(result.output()).contains("no changes", "revision 1", plan.hash());
    assertThat(object().get().getMetadata().getGeneration()).isEqualTo(1);
    assertThat(annotations())
        .as("the object still says what the install wrote")
        .containsEntry(SwissAnnotations.ACTION, "install")
        .containsEntry(SwissAnnotations.NOTE, "first");
  }

  @Test
  void aPlanWhoseGenerationFailedIsWrittenAgainWhenItIsApplied() {
    install(plan("replicaCount: 1"));
    operator.failWith("chart pull denied");
    Plan next = plan("replicaCount: 3");
    assertRefused(() -> upgrade(next, 1), ErrorKind.FAILED, "chart pull denied");
    operator.succeed();

    catchThrowable(
        () -> deployer().apply(next, Mode.UPGRADE, new ApplyOptions(0, "apply", "retry")));

    assertThat(annotations())
        .as("a failed generation is no reason to skip the write")
        .containsEntry(SwissAnnotations.NOTE, "retry");
  }

  @Test
  void aStaleExpectRevisionIsAConflictAndNothingIsWritten() {
    install(plan("replicaCount: 1"));
    String before = object().get().getMetadata().getResourceVersion();

    assertRefused(
        () -> upgrade(plan("replicaCount: 3"), 9),
        ErrorKind.CONFLICT,
        cluster.namespace() + "/" + NAME,
        "revision 9 to 1");

    assertThat(object().get().getMetadata().getResourceVersion()).isEqualTo(before);
  }

  @Test
  void anUpgradeOfAServiceThatDoesNotExistIsAConflictPointingAtInstall() {
    assertRefused(() -> upgrade(plan("replicaCount: 1"), 0), ErrorKind.CONFLICT, "swiss install");
    assertThat(object().get()).isNull();
  }

  @Test
  void anInstallOntoAnExistingServiceIsAConflictNamingItsRevision() {
    install(plan("replicaCount: 1"));

    assertRefused(
        () -> install(plan("replicaCount: 2")), ErrorKind.CONFLICT, "already exists at revision 1");
  }

  @Test
  void anInstallOntoAnExistingHelmReleaseIsAConflictAndCreatesNoService() {
    new ReleaseSeeds(cluster).storeRevision(NAME, 2, "deployed");

    assertRefused(
        () -> install(plan("replicaCount: 1")), ErrorKind.CONFLICT, "already exists at revision 2");
    assertThat(object().get()).isNull();
  }

  @Test
  void aChartPathPlanIsRefusedAsTheCallersToFixBeforeAnythingIsWritten() {
    Plan local = ExamplePlans.sglang(NAME, cluster.namespace(), "replicaCount: 1");

    assertRefused(() -> install(local), ErrorKind.INVALID, "chartPath", "no path");
    assertThat(object().get()).isNull();
  }

  @Test
  void whenTheSimulatedOperatorFailsTheApplyFailsWithItsMessage() {
    install(plan("replicaCount: 1"));
    operator.failWith("chart pull denied");

    assertRefused(
        () -> upgrade(plan("replicaCount: 3"), 1),
        ErrorKind.FAILED,
        "chart pull denied",
        cluster.namespace() + "/" + NAME);

    assertThat(object().get().getStatus().phase()).isEqualTo(Phase.Failed);
  }

  @Test
  void
      whileTheSimulatedOperatorStallsInApplyingTheDeadlineFailsNamingTheReleaseAndAnotherApplyIsRefused() {
    install(plan("replicaCount: 1"));
    operator.stallInApplying();
    LlmServiceDeployer impatient = deployer(Duration.ofSeconds(2), () -> {});

    assertRefused(
        () -> impatient.apply(plan("replicaCount: 3"), Mode.UPGRADE, ApplyOptions.apply(1)),
        ErrorKind.FAILED,
        cluster.namespace() + "/" + NAME,
        "generation 2",
        "PT2S",
        "Applying");
    long generation = object().get().getMetadata().getGeneration();

    assertRefused(
        () -> upgrade(plan("replicaCount: 4"), 1),
        ErrorKind.CONFLICT,
        cluster.namespace() + "/" + NAME,
        "is Applying");
    assertThat(object().get().getMetadata().getGeneration())
        .as("the refused apply wrote nothing")
        .isEqualTo(generation);
  }

  @Test
  void aStatusWriteBetweenReadAndUpdateIsDecidedAgainOnAFreshReadAndTheApplyGoesThrough() {
    install(plan("replicaCount: 1"));
    AtomicInteger updates = new AtomicInteger();
    LlmServiceDeployer racing =
        deployer(
            DEADLINE,
            () -> {
              if (updates.incrementAndGet() == 1) {
                operator.touchStatus(NAME);
              }
            });

    ApplyResult result = racing.apply(plan("replicaCount: 3"), Mode.UPGRADE, ApplyOptions.apply(1));

    assertThat(result.revision()).isEqualTo(2);
    assertThat(updates).as("update requests: the conflicted one and the retry").hasValue(2);
    assertThat(formValue(object().get(), "replicaCount")).isEqualTo(3);
  }

  @Test
  void aSpecChangeBetweenReadAndUpdateIsAConflictAndSwissWritesNothing() {
    Plan installed = plan("replicaCount: 1");
    install(installed);
    LlmServiceDeployer racing =
        deployer(
            DEADLINE,
            () ->
                object()
                    .edit(
                        o -> {
                          List<LayerSpec> layers = new ArrayList<>(o.getSpec().layers());
                          layers.add(new LayerSpec("edit", Map.of("someoneElse", true)));
                          o.setSpec(
                              new LlmServiceSpec(
                                  o.getSpec().chart(), layers, o.getSpec().model(), null));
                          return o;
                        }));

    assertRefused(
        () -> racing.apply(plan("replicaCount: 3"), Mode.UPGRADE, ApplyOptions.apply(1)),
        ErrorKind.CONFLICT,
        "the release moved under you; diff again",
        "generation 1 is now 2");

    LlmService svc = object().get();
    assertThat(formValue(svc, "replicaCount")).isEqualTo(1);
    assertThat(svc.getMetadata().getAnnotations())
        .containsEntry(SwissAnnotations.PLAN_HASH, installed.hash())
        .containsEntry(SwissAnnotations.ACTION, "install");
  }

  @Test
  void otherOwnersAnnotationsAreKeptWhileSwissReplacesItsOwn() {
    install(plan("replicaCount: 1"));
    object()
        .edit(
            o -> {
              Map<String, String> a = new HashMap<>(o.getMetadata().getAnnotations());
              a.put(OperatorAnnotations.DELETION_POLICY, "Orphan");
              a.put("kubectl.kubernetes.io/last-applied-configuration", "{}");
              a.put("example.com/team", "serving");
              a.put(SwissAnnotations.PREFIX + "stale", "left by an older swiss");
              o.getMetadata().setAnnotations(a);
              return o;
            });
    Plan next = plan("replicaCount: 2");

    upgrade(next, 1);

    assertThat(annotations())
        .containsEntry(OperatorAnnotations.DELETION_POLICY, "Orphan")
        .containsEntry("kubectl.kubernetes.io/last-applied-configuration", "{}")
        .containsEntry("example.com/team", "serving")
        .containsEntry(SwissAnnotations.PLAN_HASH, next.hash())
        .containsEntry(SwissAnnotations.ACTION, "apply")
        .doesNotContainKeys(
            SwissAnnotations.NOTE,
            SwissAnnotations.PREFIX + "stale",
            OperatorAnnotations.FORCE_CONFLICTS);
  }

  @Test
  void anExternalServiceIsRefusedForUpgradeAndLeftAlone() {
    LlmService external =
        dev.modelsphere.swiss.llmsvc.PlanMapping.fromPlan(plan("replicaCount: 1"), "", "");
    external.getMetadata().setAnnotations(Map.of(OperatorAnnotations.DELETION_POLICY, "Orphan"));
    cluster.llmServices().resource(external).create();
    String before = object().get().getMetadata().getResourceVersion();

    assertRefused(
        () -> upgrade(plan("replicaCount: 2"), 0),
        ErrorKind.CONFLICT,
        cluster.namespace() + "/" + NAME,
        "external");

    LlmService svc = object().get();
    assertThat(svc.getMetadata().getGeneration()).isEqualTo(1);
    assertThat(formValue(svc, "replicaCount")).isEqualTo(1);
  }

  @Test
  void aRollbackReappliesRevisionOnesPlanAsRevisionThree() {
    Plan first = plan("replicaCount: 1");
    install(first);
    upgrade(plan("replicaCount: 7\nextra: {debug: true}"), 1);

    ApplyResult result = deployer().rollback(cluster.namespace(), NAME, 1, 2, "back");

    assertThat(result.revision()).isEqualTo(3);
    assertThat(result.planHash()).isEqualTo(first.hash());
    LlmService svc = object().get();
    assertThat(formValue(svc, "replicaCount")).isEqualTo(1);
    assertThat(formValue(svc, "extra")).isNull();
    assertThat(svc.getMetadata().getAnnotations())
        .containsEntry(SwissAnnotations.ACTION, "rollback")
        .containsEntry(SwissAnnotations.NOTE, "back")
        .containsEntry(SwissAnnotations.PLAN_HASH, first.hash());
  }

  @Test
  void aRollbackNeedsTheRevisionTheCallerLookedAt() {
    install(plan("replicaCount: 1"));

    assertRefused(
        () -> deployer().rollback(cluster.namespace(), NAME, 1, 0, ""),
        ErrorKind.INVALID,
        "expectRevision");
    assertRefused(
        () -> deployer().rollback(cluster.namespace(), NAME, 1, 5, ""),
        ErrorKind.CONFLICT,
        "revision 5 to 1");
  }

  @Test
  void forceConflictsNamesTheGenerationItForcesAndAnUnforcedApplyDropsIt() {
    Plan plan = plan("replicaCount: 1");
    deployer().apply(plan, Mode.INSTALL, new ApplyOptions(0, "install", "", true));
    assertThat(annotations()).containsEntry(OperatorAnnotations.FORCE_CONFLICTS, "1");

    deployer()
        .apply(plan("replicaCount: 2"), Mode.UPGRADE, ApplyOptions.apply(1).forcingConflicts());
    assertThat(annotations()).containsEntry(OperatorAnnotations.FORCE_CONFLICTS, "2");

    deployer().apply(plan("replicaCount: 3"), Mode.UPGRADE, ApplyOptions.apply(2));
    assertThat(annotations()).doesNotContainKey(OperatorAnnotations.FORCE_CONFLICTS);
  }

  @Test
  void ownedAndReferencedServicesAreAppliedAndRolledBackLikeStandaloneOnesAdaptiveKeysIncluded() {
    for (String state : List.of("owned", "referenced")) {
      String name = NAME + "-" + state;
      Plan first =
          ExamplePlans.plan(
              name,
              cluster.namespace(),
              "replicaCount: 1\nmodelRoute: {nginx: {values: {adaptive_cc: false}}}",
              REPO_CHART,
              false);
      deployer().apply(first, Mode.INSTALL, ApplyOptions.install());
      cluster
          .llmServices()
          .withName(name)
          .edit(
              o -> {
                if (state.equals("owned")) {
                  o.getMetadata()
                      .setLabels(
                          Map.of(
                              CANARY.nameLabel(), "exp-1",
                              CANARY.namespaceLabel(), cluster.namespace(),
                              CANARY.armLabel(), "candidate"));
                } else {
                  Map<String, String> a = new HashMap<>(o.getMetadata().getAnnotations());
                  a.put(CANARY.assignmentAnnotation(), "exp-1:baseline");
                  o.getMetadata().setAnnotations(a);
                }
                return o;
              });
      Plan tuned =
          ExamplePlans.plan(
              name,
              cluster.namespace(),
              "replicaCount: 2\nmodelRoute: {nginx: {values: {adaptive_cc: true,"
                  + " adaptive_cc_max_concurrency: 64}}}",
              REPO_CHART,
              false);

      ApplyResult applied = deployer().apply(tuned, Mode.UPGRADE, ApplyOptions.apply(1));
      assertThat(formValue(cluster.llmServices().withName(name).get(), "modelRoute"))
          .as(state)
          .isEqualTo(
              Map.of(
                  "nginx",
                  Map.of(
                      "values", Map.of("adaptive_cc", true, "adaptive_cc_max_concurrency", 64))));
      ApplyResult rolledBack = deployer().rollback(cluster.namespace(), name, 1, 2, "");

      assertThat(applied.revision()).as(state).isEqualTo(2);
      assertThat(rolledBack.revision()).as(state).isEqualTo(3);
      assertThat(rolledBack.planHash()).as(state).isEqualTo(first.hash());
      LlmService svc = cluster.llmServices().withName(name).get();
      if (state.equals("owned")) {
        assertThat(svc.getMetadata().getLabels())
            .containsEntry(CANARY.nameLabel(), "exp-1")
            .containsEntry(CANARY.armLabel(), "candidate");
      } else {
        assertThat(svc.getMetadata().getAnnotations())
            .containsEntry(CANARY.assignmentAnnotation(), "exp-1:baseline");
      }
      assertThat(formValue(svc, "modelRoute"))
          .as(state)
          .isEqualTo(Map.of("nginx", Map.of("values", Map.of("adaptive_cc", false))));
    }
  }
}
