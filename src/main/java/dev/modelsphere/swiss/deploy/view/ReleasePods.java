package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.kube.GpuResources;
import dev.modelsphere.swiss.kube.KindCache;
import dev.modelsphere.swiss.plan.Plan;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The pods of one page's releases as the server's watch of unfinished pods holds them: how many are
 * ready and how many GPUs the scheduled ones hold, so the list reads "1/2 ready · 4 GPUs" without a
 * request per release. Pods are matched as the release page matches them ({@link
 * StatusView#podSelector}).
 */
final class ReleasePods {
  /**
   * @param ready pods whose Ready condition is True
   * @param total unfinished pods, scheduled or not
   * @param gpus GPUs held by the pods bound to a node
   */
  record Count(int ready, int total, int gpus) {}

  private final GpuResources gpus;
  private final Map<String, List<Pod>> byNamespace;

  private ReleasePods(GpuResources gpus, Map<String, List<Pod>> byNamespace) {
    this.gpus = gpus;
    this.byNamespace = byNamespace;
  }

  /**
   * The pods as they are now, grouped once per page; empty when the watch was refused (swiss may
   * not list pods cluster-wide): the counts are then unknown, not zero.
   */
  static Optional<ReleasePods> of(KindCache<Pod> running, GpuResources gpus) {
    if (!running.refusal().isEmpty() || !running.settled()) {
      return Optional.empty();
    }
    Map<String, List<Pod>> byNamespace = new HashMap<>();
    for (Pod pod : running.items()) {
      byNamespace
          .computeIfAbsent(pod.getMetadata().getNamespace(), n -> new ArrayList<>())
          .add(pod);
    }
    return Optional.of(new ReleasePods(gpus, byNamespace));
  }

  /**
   * The pods of {@code namespace/release}.
   *
   * @param plan the release's plan; null when it has none (or it is unreadable)
   */
  Count of(String namespace, String release, Plan plan) {
    String[] selector = StatusView.podSelector(release, plan).split("=", 2);
    int ready = 0;
    int total = 0;
    int held = 0;
    for (Pod pod : byNamespace.getOrDefault(namespace, List.of())) {
      Map<String, String> labels = pod.getMetadata().getLabels();
      if (labels == null || !selector[1].equals(labels.get(selector[0]))) {
        continue;
      }
      total++;
      ready += ready(pod) ? 1 : 0;
      held += bound(pod) ? gpus.podGpus(pod) : 0;
    }
    return new Count(ready, total, held);
  }

  private static boolean ready(Pod pod) {
    List<PodCondition> conditions =
        pod.getStatus() == null ? null : pod.getStatus().getConditions();
    return conditions != null
        && conditions.stream()
            .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  private static boolean bound(Pod pod) {
    String node = pod.getSpec() == null ? null : pod.getSpec().getNodeName();
    return node != null && !node.isEmpty();
  }
}
