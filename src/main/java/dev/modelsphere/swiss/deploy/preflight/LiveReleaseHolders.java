package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.api.model.PartialObjectMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.FilterWatchListDeletable;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * Where a release name is taken, read live: swiss's {@code swiss-plan-<release>} ConfigMaps, helm's
 * release Secrets ({@code owner=helm,name=<release>}, so a release installed by hand counts too)
 * and the LLMServices of that name. Metadata only: a name is all this needs.
 */
public final class LiveReleaseHolders implements ReleaseHolders {
  private final ClusterScope scope;

  public LiveReleaseHolders(ClusterScope scope) {
    this.scope = scope;
  }

  @Override
  public List<String> namespacesHolding(String release) {
    KubernetesClient client = scope.kube().client();
    TreeSet<String> namespaces = new TreeSet<>();
    String planName = PlanConfigMapName.of(release).toString();
    namespaces.addAll(
        namespacesOf(
            "plan configmaps " + planName,
            client.configMaps(),
            op -> op.withField("metadata.name", planName)));
    namespaces.addAll(
        namespacesOf(
            "helm release secrets of " + release,
            client.secrets(),
            op -> op.withLabels(Map.of("owner", "helm", "name", release))));
    scope.llmServices().stream()
        .filter(service -> release.equals(service.getMetadata().getName()))
        .forEach(service -> namespaces.add(service.getMetadata().getNamespace()));
    return List.copyOf(namespaces);
  }

  private <T extends HasMetadata, L extends KubernetesResourceList<T>> List<String> namespacesOf(
      String what,
      MixedOperation<T, L, Resource<T>> kind,
      UnaryOperator<FilterWatchListDeletable<T, L, Resource<T>>> select) {
    TreeSet<String> found = new TreeSet<>();
    try {
      for (var op : scope.perNamespace(kind)) {
        List<PartialObjectMetadata> items =
            select.apply(op).listAsPartialObjectMetadata().getItems();
        // The API server sends an empty metadata-only list without its items.
        if (items != null) {
          items.forEach(item -> found.add(item.getMetadata().getNamespace()));
        }
      }
    } catch (KubernetesClientException e) {
      throw KubeException.of("list %s in %s".formatted(what, scope.describe()), e);
    }
    return List.copyOf(found);
  }
}
