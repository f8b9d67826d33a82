package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.kube.ClusterCache;
import dev.modelsphere.swiss.kube.ResourceVersions;
import dev.modelsphere.swiss.llmsvc.LlmService;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Turns what the fleet's watches hear into the releases it touches. A pod is matched to a release
 * the way {@link StatusView#podSelector} selects them, backwards: helm's instance label names the
 * release; the charts' {@code app=<release>-<engine>} label is matched against the releases the
 * fleet holds, since a release name may itself contain dashes.
 */
final class ReleaseChanges {
  private static final String INSTANCE = "app.kubernetes.io/instance";
  private static final String APP = "app";

  private final Fleet fleet;
  private final Consumer<ReleaseChange> listener;

  ReleaseChanges(Fleet fleet, Consumer<ReleaseChange> listener) {
    this.fleet = fleet;
    this.listener = listener;
  }

  void listen(ClusterCache cache, LlmServiceWatch services) {
    cache.planConfigMaps().listen((before, after) -> records(before, after, Fleet::planned));
    cache.helmSecrets().listen((before, after) -> records(before, after, ClusterCache::releaseOf));
    services.listen((before, after) -> records(before, after, ReleaseChanges::nameOf));
    cache.runningPods().listen((before, after) -> pod(after == null ? before : after));
  }

  private <T extends HasMetadata> void records(
      T before, T after, Function<T, Optional<String>> releaseOf) {
    T changed = after == null ? before : after;
    releaseOf
        .apply(changed)
        .ifPresent(
            release ->
                listener.accept(
                    new ReleaseChange(
                        changed.getMetadata().getNamespace(),
                        release,
                        true,
                        ResourceVersions.of(changed))));
  }

  private void pod(Pod pod) {
    String namespace = pod.getMetadata().getNamespace();
    releaseOf(pod, namespace)
        .ifPresent(
            release ->
                listener.accept(
                    new ReleaseChange(namespace, release, false, ResourceVersions.of(pod))));
  }

  private Optional<String> releaseOf(Pod pod, String namespace) {
    Map<String, String> labels = pod.getMetadata().getLabels();
    if (labels == null) {
      return Optional.empty();
    }
    String instance = labels.get(INSTANCE);
    if (instance != null && fleet.holds(namespace, instance)) {
      return Optional.of(instance);
    }
    String app = labels.getOrDefault(APP, "");
    for (int dash = app.lastIndexOf('-'); dash > 0; dash = app.lastIndexOf('-', dash - 1)) {
      String release = app.substring(0, dash);
      if (fleet.holds(namespace, release)) {
        return Optional.of(release);
      }
    }
    return Optional.empty();
  }

  private static Optional<String> nameOf(LlmService service) {
    return Optional.of(service.getMetadata().getName());
  }
}
