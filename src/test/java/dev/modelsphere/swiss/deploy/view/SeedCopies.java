package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.testing.KubeCluster;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.awaitility.Awaitility;

/**
 * Waits until a {@link Fleet}'s copies hold what a test seeded. A watch's first list may come from
 * the API server's cache a moment behind objects just written (fabric8's informers list at
 * resourceVersion 0), and the rest then arrives by the watch: a test that reads right after {@link
 * Fleet#awaitSettled} can miss a seed.
 */
final class SeedCopies {
  private static final Duration SYNC = Duration.ofSeconds(30);

  private SeedCopies() {}

  /**
   * Until the copies hold every plan ConfigMap and helm Secret of the test's namespace, each at the
   * version a consistent list gives.
   */
  static void await(Fleet fleet, KubeCluster cluster) {
    Map<String, String> configMaps =
        versions(
            cluster
                .admin()
                .configMaps()
                .inNamespace(cluster.namespace())
                .withLabel(Kube.MANAGED_BY, Kube.SWISS)
                .list()
                .getItems());
    Map<String, String> secrets =
        versions(
            cluster
                .admin()
                .secrets()
                .inNamespace(cluster.namespace())
                .withLabel("owner", "helm")
                .list()
                .getItems());
    Awaitility.await()
        .atMost(SYNC)
        .until(
            () ->
                versions(fleet.cache().planConfigMaps().items())
                        .entrySet()
                        .containsAll(configMaps.entrySet())
                    && versions(fleet.cache().helmSecrets().items())
                        .entrySet()
                        .containsAll(secrets.entrySet()));
  }

  private static Map<String, String> versions(List<? extends HasMetadata> objects) {
    return objects.stream()
        .collect(
            Collectors.toMap(
                o -> o.getMetadata().getNamespace() + "/" + o.getMetadata().getName(),
                o -> o.getMetadata().getResourceVersion()));
  }
}
