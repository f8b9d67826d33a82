package dev.modelsphere.swiss.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.helm.ChartLocation;
import dev.modelsphere.swiss.helm.HelmSecrets;
import dev.modelsphere.swiss.helm.RenderRequest;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.helm.ValuesDocument;
import dev.modelsphere.swiss.kube.ManagedRef;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Releases installed by hand, without a plan, are seen and can be removed. */
class UntrackedReleaseTest {

  @RegisterExtension static final KubeCluster cluster = new KubeCluster();
  private HelmTestbed bed;

  @BeforeEach
  void start() {
    bed = HelmTestbed.on(cluster);
  }

  @Test
  void aHandInstalledReleaseIsPresentAndUntrackedAndCanBeUninstalled() {
    bed.helm.install(
        new RenderRequest(
            ChartLocation.local(TestCharts.exampleCharts().resolve("vllm")),
            "by-hand",
            bed.namespace,
            List.of(new ValuesDocument("mine", Map.of("replicaCount", 2L)))),
        false);

    ReleaseStatus status = bed.deployer.status(bed.namespace, "by-hand");
    assertThat(status.exists()).isTrue();
    assertThat(status.tracked()).isFalse();
    assertThat(status.revision()).isEqualTo(1);
    assertThat(status.helmStatus()).isEqualTo("deployed");
    assertThat(status.chart()).isEqualTo("vllm-0.8.0");
    assertThat(bed.kube.managedRefs(List.of(bed.namespace))).isEmpty();
    assertThatThrownBy(() -> bed.deployer.current(bed.namespace, "by-hand"))
        .hasMessageContaining("has no plan beside it");

    bed.deployer.uninstall(bed.namespace, "by-hand");

    assertThat(bed.deployer.status(bed.namespace, "by-hand").exists()).isFalse();
    assertThat(bed.client.apps().deployments().inNamespace(bed.namespace).list().getItems())
        .isEmpty();
  }

  @Test
  void aReleaseWhosePayloadCannotBeDecodedIsStillPresent() {
    HelmSecrets.storeRaw(bed.kube, bed.namespace, "garbled", 3, "bm90IGEgcmVsZWFzZQ==");

    ReleaseStatus status = bed.deployer.status(bed.namespace, "garbled");

    assertThat(status.exists()).isTrue();
    assertThat(status.revision()).isEqualTo(3);
    assertThat(status.helmStatus()).isEmpty();
  }

  @Test
  void managedReleasesAreListedFromPlanConfigMapsPerNamespace() {
    bed.deployer.apply(bed.plan("alpha", "replicaCount: 1"), Mode.INSTALL, ApplyOptions.install());
    bed.deployer.apply(bed.plan("beta", "replicaCount: 1"), Mode.INSTALL, ApplyOptions.install());
    bed.kube.putConfigMap(bed.namespace, "unrelated", Map.of("a", "b"));

    assertThat(bed.kube.managedRefs(List.of(bed.namespace)))
        .extracting(r -> r.namespace() + "/" + r.release())
        .containsExactly(bed.namespace + "/alpha", bed.namespace + "/beta");
    assertThat(bed.kube.managedRefs(List.of()))
        .contains(new ManagedRef(bed.namespace, "alpha"), new ManagedRef(bed.namespace, "beta"));
  }

  @Test
  void uninstallOfAReleaseThatDoesNotExistIsRefusedAndLeavesAnyPlanAlone() {
    bed.kube.putConfigMap(bed.namespace, "swiss-plan-ghost", Map.of("plan.yaml", "x"));

    assertThatThrownBy(() -> bed.deployer.uninstall(bed.namespace, "ghost"))
        .isInstanceOfSatisfying(
            DeployException.class,
            e -> assertThat(e.reason()).isEqualTo(DeployException.Reason.NOT_FOUND));
    assertThat(bed.kube.configMap(bed.namespace, "swiss-plan-ghost")).isPresent();
  }
}
