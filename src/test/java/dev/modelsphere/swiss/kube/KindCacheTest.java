package dev.modelsphere.swiss.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Secret;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Waiting for a watch's first list ends on the informer's own signal, a refusal included. */
@ClusterTest
class KindCacheTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  /** Far longer than either wait below takes, so returning early is the signal's doing. */
  private static final Duration PATIENCE = Duration.ofSeconds(60);

  @Test
  void awaitingAListedKindReturnsOnceItsFirstListIsIn() {
    cluster.kube().putConfigMap(cluster.namespace(), "swiss-plan-one", Map.of("plan.yaml", "x"));

    try (KindCache<ConfigMap> cache =
        KindCache.start(
            "configmaps",
            List.of(cluster.admin().configMaps().inNamespace(cluster.namespace())),
            Map.of(),
            Clock.systemUTC())) {
      assertThat(cache.awaitSettled(PATIENCE)).isTrue();

      assertThat(cache.settled()).isTrue();
      assertThat(cache.refusal()).isEmpty();
      // The first list may be served from the API server's watch cache, which can trail a write
      // made just before it; the object then arrives by the watch, never later than that.
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> cache.get(cluster.namespace(), "swiss-plan-one").isPresent());
    }
  }

  @Test
  void awaitingAKindTheApiServerRefusesReturnsAsSoonAsItIsRefused() {
    long start = System.nanoTime();
    try (KindCache<Secret> cache =
        KindCache.start(
            "secrets",
            List.of(cluster.restricted().secrets().inNamespace(cluster.namespace())),
            Map.of(),
            Clock.systemUTC())) {
      boolean settled = cache.awaitSettled(PATIENCE);
      Duration waited = Duration.ofNanos(System.nanoTime() - start);

      assertThat(settled).isTrue();
      assertThat(cache.forbidden()).isTrue();
      assertThat(cache.refusal()).startsWith("list secrets: ");
      // Without a signal for the refusal the wait would run out its whole patience.
      assertThat(waited).isLessThan(PATIENCE.dividedBy(4));
    }
  }
}
