package dev.modelsphere.swiss.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.HelmCli;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.values.JsonMappers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * swiss and Helm 4's own CLI share releases: what swiss installs, helm lists, upgrades and rolls
 * back (both apply server-side as the field manager "helm", so neither conflicts with the other);
 * what helm installs, swiss upgrades.
 */
@ClusterTest
class SharedWithHelmCliTest {

  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private final HelmCli helm = new HelmCli(cluster.kubeconfig());

  @Test
  void aReleaseSwissInstalledIsListedUpgradedAndRolledBackByHelm4sCli() throws Exception {
    cluster
        .deployer()
        .apply(cluster.plan("shared", "replicaCount: 1"), Mode.INSTALL, ApplyOptions.install());

    JsonNode listed = json(helm.ok("list", "-n", ns(), "-o", "json")).get(0);
    assertThat(listed.path("name").asText()).isEqualTo("shared");
    assertThat(listed.path("revision").asText()).isEqualTo("1");
    assertThat(listed.path("status").asText()).isEqualTo("deployed");
    JsonNode metadata = json(helm.ok("get", "metadata", "shared", "-n", ns(), "-o", "json"));
    assertThat(metadata.path("applyMethod").asText()).isEqualTo("ssa");

    helm.ok("upgrade", "shared", chart(), "-n", ns(), "--reuse-values", "--set", "replicaCount=2");
    assertThat(replicas("shared")).isEqualTo(2);

    helm.ok("rollback", "shared", "1", "-n", ns());
    assertThat(replicas("shared")).isEqualTo(1);
    assertThat(cluster.deployer().status(ns(), "shared").revision()).isEqualTo(3);
  }

  @Test
  void aReleaseHelm4sCliInstalledIsUpgradedBySwiss() {
    helm.ok("install", "by-helm", chart(), "-n", ns(), "--set", "replicaCount=1");

    ApplyResult applied =
        cluster
            .deployer()
            .apply(cluster.plan("by-helm", "replicaCount: 2"), Mode.UPGRADE, ApplyOptions.apply(1));

    assertThat(applied.revision()).isEqualTo(2);
    assertThat(replicas("by-helm")).isEqualTo(2);
    assertThat(helm.ok("history", "by-helm", "-n", ns(), "-o", "json"))
        .contains("\"revision\":2", "\"status\":\"deployed\"");
  }

  private static String chart() {
    return TestCharts.exampleCharts().resolve("sglang").toString();
  }

  private static String ns() {
    return cluster.namespace();
  }

  private static JsonNode json(String text) throws Exception {
    return JsonMappers.PLAIN.readTree(text);
  }

  private static int replicas(String release) {
    return cluster
        .admin()
        .apps()
        .deployments()
        .inNamespace(ns())
        .withName(release + "-sglang")
        .get()
        .getSpec()
        .getReplicas();
  }
}
