package dev.modelsphere.swiss.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.chartrepo.ChartRepoServer;
import dev.modelsphere.swiss.chartrepo.OciRegistryServer;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.writes.ReleaseLocks;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.helm.HelmSecrets;
import dev.modelsphere.swiss.plan.ChartRef;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.ExamplePlans;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Bad input is refused with a message naming the problem, and the cluster is left as it was. */
@ClusterTest
class RefusalsTest {

  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @Test
  void aPlanWhoseHashWasTamperedWithIsRefused() {
    Plan plan = cluster.plan("qwen", "replicaCount: 1");
    Plan tampered = plan.withLayers(cluster.plan("qwen", "replicaCount: 9").layers());

    assertThatThrownBy(
            () -> cluster.deployer().apply(tampered, Mode.INSTALL, ApplyOptions.install()))
        .isInstanceOfSatisfying(
            DeployException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ErrorKind.INVALID);
              assertThat(e.getMessage()).contains("does not match", plan.hash());
            });
    assertNothingWritten("qwen");
  }

  @Test
  void aChartVersionTheRepositoryDoesNotHaveIsRefused() {
    try (ChartRepoServer repo = ChartRepoServer.serving(List.of("sglang"), List.of("0.8.0"))) {
      Plan plan =
          ExamplePlans.plan(
              "qwen",
              cluster.namespace(),
              "replicaCount: 1",
              new ChartRef("sglang", "0.9.9", repo.url(), ""),
              false);

      assertThatThrownBy(() -> cluster.deployer().apply(plan, Mode.INSTALL, ApplyOptions.install()))
          .isInstanceOfSatisfying(
              DeployException.class,
              e -> {
                assertThat(e.kind()).isEqualTo(ErrorKind.INVALID);
                assertThat(e.getMessage()).contains("0.9.9", "0.8.0", "nothing applied");
              });
      assertNothingWritten("qwen");
    }
  }

  @Test
  void aChartFromARepositoryInstallsAtThePlansVersion() {
    try (ChartRepoServer repo =
        ChartRepoServer.serving(List.of("sglang"), List.of("0.7.9", "0.8.0"))) {
      Plan plan =
          ExamplePlans.plan(
              "qwen",
              cluster.namespace(),
              "replicaCount: 1",
              new ChartRef("sglang", "0.7.9", repo.url(), ""),
              false);

      ApplyResult result = cluster.deployer().apply(plan, Mode.INSTALL, ApplyOptions.install());

      assertThat(result.revision()).isEqualTo(1);
      assertThat(cluster.deployer().status(cluster.namespace(), "qwen").chart())
          .isEqualTo("sglang-0.7.9");
    }
  }

  @Test
  void aChartFromAnOciRegistryInstallsAndUpgradesAtThePlansVersion() {
    try (OciRegistryServer registry =
        OciRegistryServer.serving(List.of("sglang"), List.of("0.7.9", "0.8.0"))) {
      Plan first =
          ExamplePlans.plan(
              "qwen",
              cluster.namespace(),
              "replicaCount: 1",
              new ChartRef("sglang", "0.7.9", registry.url(), ""),
              false);
      Plan second =
          ExamplePlans.plan(
              "qwen",
              cluster.namespace(),
              "replicaCount: 1",
              new ChartRef("sglang", "0.8.0", registry.url(), ""),
              false);

      cluster.deployer().apply(first, Mode.INSTALL, ApplyOptions.install());
      assertThat(cluster.deployer().status(cluster.namespace(), "qwen").chart())
          .isEqualTo("sglang-0.7.9");
      ApplyResult upgraded = cluster.deployer().apply(second, Mode.UPGRADE, ApplyOptions.apply(1));

      assertThat(upgraded.revision()).isEqualTo(2);
      assertThat(cluster.deployer().status(cluster.namespace(), "qwen").chart())
          .isEqualTo("sglang-0.8.0");
    }
  }

  @Test
  void anUnreachableRepositoryIsRefused() throws IOException {
    int closed;
    try (ServerSocket socket = new ServerSocket(0)) {
      closed = socket.getLocalPort();
    }
    String url = "http://127.0.0.1:" + closed + "/charts";
    Plan plan =
        ExamplePlans.plan(
            "qwen",
            cluster.namespace(),
            "replicaCount: 1",
            new ChartRef("sglang", "0.8.0", url, ""),
            false);

    assertThatThrownBy(() -> cluster.deployer().apply(plan, Mode.INSTALL, ApplyOptions.install()))
        .isInstanceOfSatisfying(
            DeployException.class,
            e -> {
              assertThat(e.getMessage()).contains("unreachable", url);
            });
    assertNothingWritten("qwen");
  }

  @Test
  void aReleaseInAPendingStateIsRefused() {
    Plan plan = cluster.plan("qwen", "replicaCount: 1");
    cluster.deployer().apply(plan, Mode.INSTALL, ApplyOptions.install());
    HelmSecrets.store(cluster.kube(), cluster.namespace(), "qwen", 2, "pending-upgrade");
    String before =
        cluster.kube().configMap(cluster.namespace(), "swiss-plan-qwen").orElseThrow().toString();

    assertThatThrownBy(
            () ->
                cluster
                    .deployer()
                    .apply(
                        cluster.plan("qwen", "replicaCount: 2"),
                        Mode.UPGRADE,
                        ApplyOptions.apply(0)))
        .isInstanceOfSatisfying(
            DeployException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT);
              assertThat(e.getMessage()).contains(cluster.namespace() + "/qwen", "pending-upgrade");
            });
    assertThat(
            cluster
                .kube()
                .configMap(cluster.namespace(), "swiss-plan-qwen")
                .orElseThrow()
                .toString())
        .isEqualTo(before);
    assertThat(cluster.deployer().archivedRevisions(cluster.namespace(), "qwen")).isEmpty();
  }

  @Test
  void aSecondOperationOnTheSameReleaseWhileOneHoldsItsLockIsRefusedAtOnce() {
    ReleaseLocks locks = new ReleaseLocks();
    try (ReleaseLocks.Held held = locks.acquire(cluster.namespace(), "qwen")) {
      Thread other =
          new Thread(
              () ->
                  assertThatThrownBy(() -> locks.acquire(cluster.namespace(), "qwen"))
                      .isInstanceOfSatisfying(
                          DeployException.class,
                          e -> assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT)));
      other.start();
      join(other);
      locks.acquire(cluster.namespace(), "other-release").close();
    }
    locks.acquire(cluster.namespace(), "qwen").close();
  }

  private void assertNothingWritten(String release) {
    assertThat(cluster.kube().configMap(cluster.namespace(), "swiss-plan-" + release)).isEmpty();
    assertThat(cluster.admin().secrets().inNamespace(cluster.namespace()).list().getItems())
        .noneMatch(s -> s.getMetadata().getName().contains(release));
    assertThat(
            cluster.admin().apps().deployments().inNamespace(cluster.namespace()).list().getItems())
        .isEmpty();
  }

  private static void join(Thread t) {
    try {
      t.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
