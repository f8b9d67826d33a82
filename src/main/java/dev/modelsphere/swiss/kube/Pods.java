package dev.modelsphere.swiss.kube;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/** Reads a release's pods live, by label selector in its namespace, as its status shows them. */
public final class Pods {
  private final KubernetesClient client;
  private final Clock clock;

  public Pods(KubernetesClient client, Clock clock) {
    this.client = client;
    this.clock = clock;
  }

  /**
   * The pods in {@code namespace} that {@code selector} ({@code key=value,...}) matches, by name.
   *
   * @throws KubeException naming the namespace and selector when they cannot be listed
   */
  public List<PodView> matching(String namespace, String selector) {
    Instant now = clock.instant();
    try {
      return client
          .pods()
          .inNamespace(namespace)
          .withLabelSelector(selector)
          .list()
          .getItems()
          .stream()
          .map(pod -> PodView.of(pod, now))
          .sorted(Comparator.comparing(PodView::name))
          .toList();
    } catch (KubernetesClientException e) {
      throw KubeException.of("list pods in %s matching %s".formatted(namespace, selector), e);
    }
  }
}
