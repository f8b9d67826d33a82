package dev.modelsphere.swiss.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.helmbackend.ReleaseStatus;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.helm.ChartLocation;
import dev.modelsphere.swiss.helm.HelmSecrets;
import dev.modelsphere.swiss.helm.RenderRequest;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.helm.ValuesDocument;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Releases installed by hand, without a plan, are seen and can be removed. */
@ClusterTest
class UntrackedReleaseTest {

  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @Test
  void aHandInstalledReleaseIsPresentAndUntrackedAndCanBeUninstalled() {
    cluster
        .helmReleases()
        .install(
            new RenderRequest(
                ChartLocation.local(TestCharts.exampleCharts().resolve("vllm")),
                "by-hand",
                cluster.namespace(),
                List.of(new ValuesDocument("mine", Map.of("replicaCount", 2L)))),
            false,
            false);

    ReleaseStatus status = cluster.deployer().status(cluster.namespace(), "by-hand");
    assertThat(status.exists()).isTrue();
    assertThat(status.tracked()).isFalse();
    assertThat(status.revision()).isEqualTo(1);
    assertThat(status.helmStatus()).isEqualTo("deployed");
    assertThat(status.chart()).isEqualTo("vllm-0.8.0");
    assertThat(cluster.kube().configMap(cluster.namespace(), "swiss-plan-by-hand")).isEmpty();
    assertThatThrownBy(() -> cluster.deployer().current(cluster.namespace(), "by-hand"))
        .hasMessageContaining("has no plan beside it");

    cluster.deployer().uninstall(cluster.namespace(), "by-hand");

    assertThat(cluster.deployer().status(cluster.namespace(), "by-hand").exists()).isFalse();
    assertThat(
            cluster.admin().apps().deployments().inNamespace(cluster.namespace()).list().getItems())
        .isEmpty();
  }

  @Test
  void aReleaseWhosePayloadCannotBeDecodedIsStillPresent() {
    HelmSecrets.storeRaw(cluster.kube(), cluster.namespace(), "garbled", 3, "bm90IGEgcmVsZWFzZQ==");

    ReleaseStatus status = cluster.deployer().status(cluster.namespace(), "garbled");

    assertThat(status.exists()).isTrue();
    assertThat(status.revision()).isEqualTo(3);
    assertThat(status.helmStatus()).isEmpty();
  }

  @Test
  void uninstallOfAReleaseThatDoesNotExistIsRefusedAndLeavesAnyPlanAlone() {
    cluster.kube().putConfigMap(cluster.namespace(), "swiss-plan-ghost", Map.of("plan.yaml", "x"));

    assertThatThrownBy(() -> cluster.deployer().uninstall(cluster.namespace(), "ghost"))
        .isInstanceOfSatisfying(
            DeployException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.NOT_FOUND));
    assertThat(cluster.kube().configMap(cluster.namespace(), "swiss-plan-ghost")).isPresent();
  }
}
