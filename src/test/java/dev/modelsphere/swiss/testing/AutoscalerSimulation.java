package dev.modelsphere.swiss.testing;

import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;

/**
 * Plays an autoscaler (there is none in the test cluster): takes a Deployment's {@code
 * spec.replicas} with a server-side apply under its own field manager, as a real HPA-like
 * controller would own the field.
 */
public final class AutoscalerSimulation {

  public static final String MANAGER = "autoscaler-simulation";

  private AutoscalerSimulation() {}

  /** Sets the replicas and becomes the field's only owner. */
  public static void scale(KubernetesClient client, String namespace, String name, int replicas) {
    Deployment replicasOnly =
        new DeploymentBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(namespace)
            .endMetadata()
            .withNewSpec()
            .withReplicas(replicas)
            .endSpec()
            .build();
    client
        .apps()
        .deployments()
        .inNamespace(namespace)
        .resource(replicasOnly)
        .fieldManager(MANAGER)
        .forceConflicts()
        .serverSideApply();
  }

  /** The field managers whose field set names {@code spec.replicas}. */
  public static List<String> replicasOwners(Deployment deployment) {
    return deployment.getMetadata().getManagedFields().stream()
        .filter(m -> m.getFieldsV1() != null)
        .filter(
            m ->
                m.getFieldsV1().getAdditionalProperties().get("f:spec") instanceof Map<?, ?> spec
                    && spec.containsKey("f:replicas"))
        .map(ManagedFieldsEntry::getManager)
        .toList();
  }
}
