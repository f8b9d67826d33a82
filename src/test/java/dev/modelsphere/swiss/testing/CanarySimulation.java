package dev.modelsphere.swiss.testing;

import dev.modelsphere.swiss.config.CanaryKeys;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;

/**
 * A SIMULATION of the Canary controller, for tests only: no controller runs here. It serves a
 * minimal {@code LLMCanary} API and takes an LLMService as an arm of an experiment the way the
 * controller does, with a real owner object: the cluster's garbage collector deletes a service
 * whose controlling owner does not exist, once the owner's kind is served.
 */
public final class CanarySimulation {
  private static final CanaryKeys KEYS = CanaryKeys.defaults();

  private final KubernetesClient client;
  private final String namespace;

  public CanarySimulation(KubernetesClient client, String namespace) {
    this.client = client;
    this.namespace = namespace;
    Crds.install(client, crd());
  }

  /**
   * Creates experiment {@code name} and makes it the controlling owner of the service, with the
   * ownership label, as the controller does for an experiment arm it created.
   *
   * @return the experiment's uid
   */
  public String own(String service, String name, String arm) {
    GenericKubernetesResource canary =
        client
            .genericKubernetesResources(KEYS.apiVersion(), KEYS.kind())
            .inNamespace(namespace)
            .resource(
                new GenericKubernetesResourceBuilder()
                    .withApiVersion(KEYS.apiVersion())
                    .withKind(KEYS.kind())
                    .withNewMetadata()
                    .withName(name)
                    .endMetadata()
                    .build())
            .create();
    client
        .resources(dev.modelsphere.swiss.llmsvc.LlmService.class)
        .inNamespace(namespace)
        .withName(service)
        .edit(
            svc -> {
              svc.getMetadata().getLabels().put(KEYS.nameLabel(), name);
              svc.getMetadata().getLabels().put(KEYS.armLabel(), arm);
              svc.getMetadata()
                  .setOwnerReferences(
                      List.of(
                          new OwnerReferenceBuilder()
                              .withApiVersion(KEYS.apiVersion())
                              .withKind(KEYS.kind())
                              .withName(name)
                              .withUid(canary.getMetadata().getUid())
                              .withController(true)
                              .build()));
              return svc;
            });
    return canary.getMetadata().getUid();
  }

  private static CustomResourceDefinition crd() {
    return Crds.schemaless(KEYS.group(), KEYS.version(), KEYS.kind(), KEYS.plural());
  }
}
