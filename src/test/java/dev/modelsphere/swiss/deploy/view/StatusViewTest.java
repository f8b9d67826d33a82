package dev.modelsphere.swiss.deploy.view;

import static dev.modelsphere.swiss.kube.StartupProgressTest.runningSince;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.canary.CanaryState;
import dev.modelsphere.swiss.canary.Relationships;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.kube.PodView;
import dev.modelsphere.swiss.kube.Pods;
import dev.modelsphere.swiss.kube.StartupProgress;
import dev.modelsphere.swiss.llmsvc.Phase;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A release's status read live from the real API server (reference server.md §6.1). */
@ClusterTest
class StatusViewTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final Profile SITE =
      Profile.parse(
          """
          name: prod
          model: {pathTemplate: "/models/{{name}}"}
          route: {gateway: "https://llm.example.com/"}
          """,
          "test profile");

  private final ReleaseSeeds seeds = new ReleaseSeeds(cluster);

  private StatusView view() {
    return new StatusView(
        cluster.core().backends(),
        new Pods(cluster.admin(), Clock.systemUTC()),
        new Relationships(ReleaseSeeds.CANARY));
  }

  private StatusReport status(String release) {
    return view().read(cluster.namespace(), release, Optional.of(SITE), EntryDigests.unknown());
  }

  @Test
  void aHelmReleaseReportsItsReadyPodsItsPlanStatusAndWhereItIsReached() {
    Plan first = seeds.plan("glm");
    cluster.deployer().apply(first, Mode.INSTALL, ApplyOptions.install());
    // Another plan (a catalog entry republished under a new digest), so the apply makes revision 2.
    Plan second = first.withSource(first.source().withDigest("sha256:next")).withHash();
    cluster.deployer().apply(second, Mode.UPGRADE, new ApplyOptions(1, "apply", ""));

    await().atMost(Duration.ofSeconds(90)).until(() -> status("glm").ready() == 1);
    StatusReport report = status("glm");

    assertThat(report.exists()).isTrue();
    assertThat(report.revision()).isEqualTo(2);
    assertThat(report.helmStatus()).isEqualTo("deployed");
    assertThat(report.backend()).isEqualTo("helm");
    assertThat(report.planStatus().phase()).isEqualTo("applied");
    assertThat(report.planStatus().action()).isEqualTo("apply");
    assertThat(report.route()).isEqualTo("glm");
    assertThat(report.url()).isEqualTo("https://llm.example.com/glm");
    assertThat(report.model()).isEqualTo("qwen3-8b");
    assertThat(report.authHeader()).isEqualTo("Authorization");
    assertThat(report.authPrefix()).isEqualTo("Bearer ");
    assertThat(report.total()).isEqualTo(1);
    PodView pod = report.pods().get(0);
    assertThat(pod.ready()).isTrue();
    assertThat(pod.phase()).isEqualTo("Running");
    assertThat(pod.node()).isNotEmpty();
    assertThat(pod.startup()).as("a ready pod has no startup to report").isNull();
    assertThat(report.canary().canaryState()).isEqualTo(CanaryState.STANDALONE);
    assertThat(report.drift()).isEmpty();
  }

  @Test
  void theEntryDigestMovingInTheCatalogIsReportedAsDrift() {
    Plan plan = seeds.plan("glm");
    plan = plan.withSource(plan.source().withDigest("sha256:deployed")).withHash();
    seeds.recordPlan(plan, ReleaseSeeds.status("applied", ""));

    StatusReport report =
        view()
            .read(
                cluster.namespace(),
                "glm",
                Optional.of(SITE),
                p -> Optional.of("sha256:upstream-moved"));

    assertThat(report.drift())
        .isEqualTo(
            "version 1.0.0 variant sglang-tp1: upstream digest changed since this was deployed");
  }

  /** SIMULATION: pods whose status is written as a kubelet writes it while a model loads. */
  @Test
  void simulatedPodsStillLoadingOrOverTheirStartupBudgetReadAsSuch() {
    seeds.recordPlan(seeds.plan("glm"), ReleaseSeeds.status("applied", ""));
    Instant now = Instant.now();
    seeds.startingPod(
        "glm-sglang", "glm-loading", runningSince(now.minusSeconds(120).toString(), false));
    seeds.startingPod(
        "glm-sglang", "glm-stuck", runningSince(now.minusSeconds(700).toString(), false));
    seeds.startingPod(
        "glm-sglang", "glm-warm", runningSince(now.minusSeconds(400).toString(), true));

    StatusReport report = status("glm");

    Map<String, PodView> pods =
        report.pods().stream().collect(Collectors.toMap(PodView::name, Function.identity()));
    assertThat(report.total()).isEqualTo(3);
    assertThat(report.ready()).isZero();
    StartupProgress loading = pods.get("glm-loading").startup();
    assertThat(loading.state()).isEqualTo(StartupProgress.State.LOADING);
    assertThat(loading.budgetSeconds()).isEqualTo(630);
    assertThat(loading.elapsedSeconds()).isBetween(120L, 180L);
    assertThat(pods.get("glm-loading").message()).contains("unready");
    assertThat(pods.get("glm-stuck").startup().state()).isEqualTo(StartupProgress.State.FAILING);
    assertThat(pods.get("glm-warm").startup().state()).isEqualTo(StartupProgress.State.READY);
  }

  @Test
  void anLlmServiceReleaseReportsTheOperatorsStatusItsParentsAndUnfinishedCleanUp() {
    Crds.installLlmService(cluster.admin());
    String uid =
        seeds
            .service(
                seeds.repoPlan("qwen"),
                Map.of(),
                Map.of(ReleaseSeeds.CANARY.assignmentAnnotation(), "exp-1:candidate"))
            .getMetadata()
            .getUid();
    seeds.operatorReports("qwen", Phase.Failed, 6, "helm: upgrade failed");
    seeds.recordPlan(seeds.plan("qwen"), ReleaseSeeds.status("applied", ""));

    StatusReport report = status("qwen");

    assertThat(report.backend()).isEqualTo("llmsvc");
    assertThat(report.exists()).isTrue();
    assertThat(report.revision()).isEqualTo(6);
    assertThat(report.helmStatus()).isEqualTo("failed");
    assertThat(report.llmservice().phase()).isEqualTo("Failed");
    assertThat(report.llmservice().message()).isEqualTo("helm: upgrade failed");
    assertThat(report.llmservice().revision()).isEqualTo(6);
    assertThat(report.planStatus()).as("no status.yaml for an LLMService").isNull();
    assertThat(report.cleanupPending()).isTrue();
    assertThat(report.warning()).contains("clean-up is unfinished");
    assertThat(report.canary().canaryState()).isEqualTo(CanaryState.REFERENCED);
    assertThat(report.canary().assignedTo().namespace()).isEqualTo(cluster.namespace());
    assertThat(report.canary().assignedTo().arm()).isEqualTo("candidate");
    assertThat(report.uid()).isEqualTo(uid);
    assertThat(report.route()).isEqualTo("qwen");
  }

  @Test
  void anUnknownReleaseDoesNotExistAndHasNoPods() {
    StatusReport report = status("nothing-here");

    assertThat(report.exists()).isFalse();
    assertThat(report.pods()).isEmpty();
    assertThat(report.backend()).isEmpty();
    assertThat(report.authPrefix()).isEmpty();
    assertThat(report.planStatus()).isNull();
  }
}
