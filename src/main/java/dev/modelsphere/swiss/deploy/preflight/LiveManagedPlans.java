package dev.modelsphere.swiss.deploy.preflight;

import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.MappingException;
import dev.modelsphere.swiss.llmsvc.PlanMapping;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanFiles;
import dev.modelsphere.swiss.plan.ReleaseRef;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The current plans of the managed releases, read live in one list per source: swiss's plan
 * ConfigMaps and the LLMServices. Where a release has both, the LLMService's plan stands, as it
 * does for {@code ReleasePlans}: the operator deploys what its spec says.
 *
 * <p>A plan that cannot be read (a ConfigMap edited by hand) claims nothing: it is skipped rather
 * than blocking every deploy on the cluster.
 */
public final class LiveManagedPlans implements ManagedPlans {
  private final ClusterScope scope;

  public LiveManagedPlans(ClusterScope scope) {
    this.scope = scope;
  }

  @Override
  public List<Plan> current() {
    Map<ReleaseRef, Plan> byRelease = new LinkedHashMap<>();
    for (ConfigMap configMap : planConfigMaps()) {
      PlanFiles.readable(configMap.getData())
          .ifPresent(plan -> byRelease.put(releaseOf(configMap), plan));
    }
    for (LlmService service : scope.llmServices()) {
      try {
        byRelease.put(
            new ReleaseRef(service.getMetadata().getName(), service.getMetadata().getNamespace()),
            PlanMapping.toPlan(service));
      } catch (MappingException unreadable) {
        // Claims nothing, as an unreadable ConfigMap claims nothing.
      }
    }
    return new ArrayList<>(byRelease.values());
  }

  private List<ConfigMap> planConfigMaps() {
    List<ConfigMap> found = new ArrayList<>();
    try {
      for (var op : scope.perNamespace(scope.kube().client().configMaps())) {
        found.addAll(op.withLabel(Kube.MANAGED_BY, Kube.SWISS).list().getItems());
      }
    } catch (KubernetesClientException e) {
      throw KubeException.of("list plan configmaps in " + scope.describe(), e);
    }
    return found.stream().filter(cm -> isPlan(cm.getMetadata().getName())).toList();
  }

  private static boolean isPlan(String name) {
    return PlanConfigMapName.parse(name).isPresent();
  }

  private static ReleaseRef releaseOf(ConfigMap configMap) {
    return new ReleaseRef(
        PlanConfigMapName.parse(configMap.getMetadata().getName()).orElseThrow().release(),
        configMap.getMetadata().getNamespace());
  }
}
