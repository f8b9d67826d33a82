package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.llmsvc.LlmServiceForbiddenException;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.client.dsl.FilterWatchListDeletable;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.util.List;

/**
 * Where swiss's releases live and how to read them: the cluster, the LLMServices while they are
 * visible, and the namespaces the server was granted.
 *
 * @param services may be null for a process without an LLMService client, with {@link
 *     LlmServiceAccess#withoutClient()}
 * @param namespaces {@code cluster.namespaces}; empty means cluster-wide. With namespaces every
 *     read is per namespace, because a namespaced grant allows no cluster-wide list.
 */
public record ClusterScope(
    Kube kube, LlmServiceClient services, LlmServiceAccess access, List<String> namespaces) {
  public ClusterScope {
    namespaces = namespaces == null ? List.of() : List.copyOf(namespaces);
  }

  /** Helm releases only, for a process that never sees LLMServices. */
  public static ClusterScope helmOnly(Kube kube, List<String> namespaces) {
    return new ClusterScope(kube, null, LlmServiceAccess.withoutClient(), namespaces);
  }

  /**
   * The LLMServices in scope, none while they are not visible. A Forbidden read is noted in the
   * access cache and counts as none, as {@code BackendResolver} counts it: swiss then deploys with
   * helm, where those objects cannot be its releases.
   */
  List<LlmService> llmServices() {
    if (services == null || !access.current().visible()) {
      return List.of();
    }
    try {
      return services.list(namespaces);
    } catch (LlmServiceForbiddenException e) {
      access.noteForbidden();
      return List.of();
    }
  }

  /**
   * One operation per namespace in scope on {@code kind}, or one over every namespace when the
   * scope is the whole cluster.
   */
  <T extends HasMetadata, L extends KubernetesResourceList<T>>
      List<FilterWatchListDeletable<T, L, Resource<T>>> perNamespace(
          MixedOperation<T, L, Resource<T>> kind) {
    if (namespaces.isEmpty()) {
      return List.of(kind.inAnyNamespace());
    }
    return namespaces.stream()
        .<FilterWatchListDeletable<T, L, Resource<T>>>map(kind::inNamespace)
        .toList();
  }

  /** The scope as a message names it. */
  String describe() {
    return namespaces.isEmpty()
        ? "the cluster scope"
        : "namespace " + String.join(", ", namespaces);
  }
}
