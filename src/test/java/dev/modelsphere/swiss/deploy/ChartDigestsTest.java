package dev.modelsphere.swiss.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.chartrepo.ChartRepoServer;
import dev.modelsphere.swiss.chartrepo.OciRegistryServer;
import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.DeploySettings;
import dev.modelsphere.swiss.deploy.backend.DiffResult;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.backend.PlanRenders;
import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.deploy.backend.RevisionList;
import dev.modelsphere.swiss.deploy.backend.Rollback;
import dev.modelsphere.swiss.deploy.helmbackend.ReleaseStatus;
import dev.modelsphere.swiss.deploy.writes.ReleaseLocks;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.plan.ChartRef;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.ExamplePlans;
import dev.modelsphere.swiss.testing.KubeCluster;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What was reviewed is what runs: the chart archive's digest is recorded with each apply, an apply
 * after a re-push of its chart version is refused naming both digests, and a rollback to a revision
 * whose archive the repository no longer serves needs to be forced, which is recorded.
 */
@ClusterTest
class ChartDigestsTest {

  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private ChartRepoServer repo;

  @BeforeEach
  void serveTheChart() {
    repo = ChartRepoServer.serving(List.of("sglang"), List.of("0.8.0"));
  }

  @AfterEach
  void stopServing() {
    repo.close();
  }

  @Test
  void aDiffNamesTheArchivesDigestAndTheApplyRecordsItForStatusAndTheRevisionList() {
    String served = repo.digestOf("sglang", "0.8.0");
    Plan plan = plan("replicaCount: 1");

    DiffResult diff = cluster.differ().diff(plan);
    cluster.deployer().apply(plan, Mode.INSTALL, ApplyOptions.install().expectingChart(served));

    assertThat(diff.chartDigest()).isEqualTo(served).startsWith("sha256:");
    assertThat(cluster.deployer().status(ns(), "qwen").plan().chartDigest()).isEqualTo(served);
    assertThat(cluster.deployer().reads().revisions(ns(), "qwen"))
        .singleElement()
        .extracting(RevisionList.Revision::chartDigest)
        .isEqualTo(served);
  }

  @Test
  void anApplyAfterItsChartVersionWasPushedAgainIsRefusedNamingBothDigestsAndWritesNothing() {
    Plan first = plan("replicaCount: 1");
    cluster.deployer().apply(first, Mode.INSTALL, ApplyOptions.install());
    Plan next = plan("replicaCount: 2");
    String reviewed = cluster.differ().diff(next).chartDigest();

    String pushed = repo.pushAgain("sglang", "0.8.0");

    assertThat(pushed).isNotEqualTo(reviewed);
    assertThatThrownBy(
            () ->
                cluster
                    .deployer()
                    .apply(next, Mode.UPGRADE, ApplyOptions.apply(1).expectingChart(reviewed)))
        .isInstanceOfSatisfying(
            DeployException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT);
              assertThat(e.getMessage())
                  .contains("sglang 0.8.0", reviewed, pushed, "nothing was written");
            });
    ReleaseStatus status = cluster.deployer().status(ns(), "qwen");
    assertThat(status.revision()).isEqualTo(1);
    assertThat(status.planHash()).isEqualTo(first.hash());

    // Diffed again, the new archive is what the apply expects, and what it records.
    String again = cluster.differ().diff(next).chartDigest();
    ApplyResult applied =
        cluster.deployer().apply(next, Mode.UPGRADE, ApplyOptions.apply(1).expectingChart(again));
    assertThat(again).isEqualTo(pushed);
    assertThat(applied.revision()).isEqualTo(2);
    assertThat(cluster.deployer().status(ns(), "qwen").plan().chartDigest()).isEqualTo(pushed);
  }

  @Test
  void aRollbackToARevisionWhoseArchiveWasReplacedIsRefusedUnlessForcedAndTheForceIsRecorded() {
    String ran = repo.digestOf("sglang", "0.8.0");
    cluster.deployer().apply(plan("replicaCount: 1"), Mode.INSTALL, ApplyOptions.install());
    cluster.deployer().apply(plan("replicaCount: 2"), Mode.UPGRADE, ApplyOptions.apply(1));
    String now = repo.pushAgain("sglang", "0.8.0");

    assertThatThrownBy(() -> cluster.deployer().rollback(ns(), "qwen", new Rollback(1, 2, "back")))
        .isInstanceOfSatisfying(
            DeployException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT);
              assertThat(e.getMessage())
                  .contains("revision 1", ran, now, "forceChart", "nothing was written");
            });
    assertThat(cluster.deployer().status(ns(), "qwen").revision()).isEqualTo(2);

    ApplyResult forced =
        cluster.deployer().rollback(ns(), "qwen", new Rollback(1, 2, "back", true));

    PlanStatus recorded = cluster.deployer().status(ns(), "qwen").plan();
    assertThat(forced.revision()).isEqualTo(3);
    assertThat(recorded.chartDigest()).isEqualTo(now);
    assertThat(recorded.chartForcedFrom()).isEqualTo(ran);
    assertThat(recorded.action()).isEqualTo("rollback");
  }

  @Test
  void aRollbackWhoseArchiveIsStillServedNeedsNoForce() {
    cluster.deployer().apply(plan("replicaCount: 1"), Mode.INSTALL, ApplyOptions.install());
    cluster.deployer().apply(plan("replicaCount: 2"), Mode.UPGRADE, ApplyOptions.apply(1));

    ApplyResult back = cluster.deployer().rollback(ns(), "qwen", new Rollback(1, 2, ""));

    assertThat(back.revision()).isEqualTo(3);
    assertThat(cluster.deployer().status(ns(), "qwen").plan().chartForcedFrom()).isEmpty();
  }

  @Test
  void anOciChartPushedAgainIsRefusedAsARepositorysIsAndItsArchiveDigestIsRecorded() {
    try (OciRegistryServer registry =
        OciRegistryServer.serving(List.of("sglang"), List.of("0.8.0"))) {
      ChartRef chart = new ChartRef("sglang", "0.8.0", registry.url(), "");
      Plan first = ExamplePlans.plan("qwen", ns(), "replicaCount: 1", chart, false);
      String reviewed = cluster.differ().diff(first).chartDigest();
      cluster
          .deployer()
          .apply(first, Mode.INSTALL, ApplyOptions.install().expectingChart(reviewed));
      Plan next = ExamplePlans.plan("qwen", ns(), "replicaCount: 2", chart, false);

      String pushed = registry.pushAgain("sglang", "0.8.0");

      assertThat(reviewed).startsWith("sha256:").isNotEqualTo(pushed);
      assertThat(cluster.deployer().status(ns(), "qwen").plan().chartDigest()).isEqualTo(reviewed);
      assertThatThrownBy(
              () ->
                  cluster
                      .deployer()
                      .apply(next, Mode.UPGRADE, ApplyOptions.apply(1).expectingChart(reviewed)))
          .isInstanceOfSatisfying(
              DeployException.class,
              e -> assertThat(e.getMessage()).contains(reviewed, pushed, "nothing was written"));
      assertThat(cluster.differ().diff(next).chartDigest()).isEqualTo(pushed);
    }
  }

  @Test
  void aChartPushedAgainAfterTheCheckIsRefusedAtHelmsWriteAndTheReleaseRunsWhatItRan()
      throws IOException {
    Plan first = plan("replicaCount: 1");
    cluster.deployer().apply(first, Mode.INSTALL, ApplyOptions.install());
    AtomicReference<String> pushed = new AtomicReference<>("");
    // SIMULATION of the repository's owner pushing the version again in the moment between the
    // apply's check of the chart and helm's write: on the wire, as swiss writes its record ahead.
    KubernetesClient client =
        beforeRecordWrites(
            cluster.admin(),
            () -> {
              if (pushed.get().isEmpty()) {
                pushed.set(repo.pushAgain("sglang", "0.8.0"));
              }
            });
    String checked = repo.digestOf("sglang", "0.8.0");
    try (DeployCore core = coreOn(client)) {
      assertThatThrownBy(
              () ->
                  core.helm()
                      .apply(
                          plan("replicaCount: 2"),
                          Mode.UPGRADE,
                          ApplyOptions.apply(1).expectingChart(checked)))
          .isInstanceOfSatisfying(
              DeployException.class,
              e -> {
                assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT);
                assertThat(e.getMessage()).contains(checked, pushed.get(), "nothing was written");
              });
    } finally {
      client.close();
    }
    ReleaseStatus status = cluster.deployer().status(ns(), "qwen");
    assertThat(status.revision()).isEqualTo(1);
    assertThat(status.planHash()).isEqualTo(first.hash());
    assertThat(status.plan().error()).contains(pushed.get());
  }

  /** A client that runs {@code change} before each write of a plan record ConfigMap. */
  private static KubernetesClient beforeRecordWrites(KubernetesClient admin, Runnable change) {
    Interceptor interceptor =
        new Interceptor() {
          @Override
          public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
            if (Set.of("PUT", "PATCH").contains(request.method())
                && request.uri().getPath().contains("/configmaps/swiss-plan-")) {
              change.run();
            }
          }
        };
    return new KubernetesClientBuilder()
        .withConfig(admin.getConfiguration())
        .withHttpClientBuilderConsumer(http -> http.addOrReplaceInterceptor("pusher", interceptor))
        .build();
  }

  /** The deploy core as the CLI wires it, talking to the cluster through {@code client}. */
  private DeployCore coreOn(KubernetesClient client) throws IOException {
    Kube kube = new Kube(client);
    LlmServiceClient services = new LlmServiceClient(client);
    ChartRenderer renderer =
        new ChartRenderer(new ChartArchives(Files.createTempDirectory("swiss-digest-charts-")));
    return new DeployCore(
        new DeployCore.Cluster(
            kube,
            services,
            LlmServiceAccess.of(services, Clock.systemUTC()),
            new HelmReleases(renderer, Files.readString(cluster.kubeconfig()))),
        PlanRenders.of(renderer),
        new ReleaseLocks(),
        new DeploySettings(TestCharts.exampleCharts().toString(), 5),
        Optional.empty(),
        Clock.systemUTC());
  }

  private Plan plan(String form) {
    return ExamplePlans.plan(
        "qwen", ns(), form, new ChartRef("sglang", "0.8.0", repo.url(), ""), false);
  }

  private static String ns() {
    return cluster.namespace();
  }
}
