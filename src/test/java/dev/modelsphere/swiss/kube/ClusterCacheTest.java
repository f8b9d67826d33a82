package dev.modelsphere.swiss.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.helm.HelmSecrets;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.MovableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The watches the read routes list from, scoped to the configured namespaces. */
@ClusterTest
class ClusterCacheTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @Test
  void theCacheListsSwisssObjectsInScopeAndFollowsChangesAsTheyHappen() {
    Kube kube = cluster.kube();
    kube.putConfigMap(cluster.namespace(), "swiss-plan-glm", Map.of("plan.yaml", "x"));
    kube.putConfigMap(cluster.namespace(), "not-swiss", Map.of());
    cluster
        .admin()
        .configMaps()
        .inNamespace(cluster.namespace())
        .withName("not-swiss")
        .edit(
            cm -> {
              cm.getMetadata().getLabels().clear();
              return cm;
            });
    HelmSecrets.store(kube, cluster.namespace(), "glm", 1, "superseded");
    HelmSecrets.store(kube, cluster.namespace(), "glm", 2, "deployed");
    MovableClock clock = new MovableClock(Instant.parse("2026-12-01T10:00:00Z"));

    try (ClusterCache cache =
        ClusterCache.start(cluster.admin(), List.of(cluster.namespace()), clock)) {
      assertThat(cache.awaitSettled(Duration.ofSeconds(30))).isTrue();

      assertThat(cache.planConfigMaps().items())
          .extracting(cm -> cm.getMetadata().getName())
          .containsExactly("swiss-plan-glm");
      assertThat(cache.helmSecrets(cluster.namespace(), "glm")).hasSize(2);
      assertThat(cache.sizes())
          .containsEntry("plan configmaps", 1)
          .containsEntry("helm release secrets", 2)
          .containsKeys("nodes", "running pods");
      assertThat(cache.sizes().get("nodes")).isGreaterThanOrEqualTo(4);
      assertThat(cache.asOf()).as("watching: current as of now").contains(clock.instant());

      kube.putConfigMap(cluster.namespace(), "swiss-plan-qwen", Map.of("plan.yaml", "x"));
      await()
          .atMost(Duration.ofSeconds(10))
          .until(
              () -> cache.planConfigMaps().get(cluster.namespace(), "swiss-plan-qwen").isPresent());
    }
  }
}
