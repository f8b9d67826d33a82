package dev.modelsphere.swiss.testing;

import dev.modelsphere.swiss.config.CanaryKeys;
import dev.modelsphere.swiss.llmsvc.LlmService;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A SIMULATION of the Canary controller, for tests only: no controller runs here. It serves a
 * minimal {@code LLMCanary} API and takes an LLMService as an arm of an experiment the way the
 * controller does: it owns an arm it created, with a real owner object (the cluster's garbage
 * collector deletes a service whose controlling owner does not exist, once the owner's kind is
 * served), and borrows a user's service with the assignment annotation. Both are idempotent.
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
   * Makes experiment {@code name} the controlling owner of the service, with the ownership labels,
   * as the controller does for an experiment arm it created. The experiment is created unless it
   * exists, so owning again changes nothing.
   *
   * @return the experiment's uid
   */
  public String own(String service, String name, String arm) {
    String uid = experiment(name);
    client
        .resources(LlmService.class)
        .inNamespace(namespace)
        .withName(service)
        .edit(
            svc -> {
              labels(svc).put(KEYS.nameLabel(), name);
              labels(svc).put(KEYS.armLabel(), arm);
              svc.getMetadata()
                  .setOwnerReferences(
                      List.of(
                          new OwnerReferenceBuilder()
                              .withApiVersion(KEYS.apiVersion())
                              .withKind(KEYS.kind())
                              .withName(name)
                              .withUid(uid)
                              .withController(true)
                              .build()));
              return svc;
            });
    return uid;
  }

  /**
   * Assigns the user's service to experiment {@code name} as one arm, as the controller does for a
   * service it borrows: only the assignment annotation, the service stays the user's. The
   * experiment is created unless it exists.
   */
  public void borrow(String service, String name, String arm) {
    experiment(name);
    client
        .resources(LlmService.class)
        .inNamespace(namespace)
        .withName(service)
        .edit(
            svc -> {
              annotations(svc).put(KEYS.assignmentAnnotation(), assignment(name, arm));
              return svc;
            });
  }

  /** Whether the service carries the marks {@link #own} writes for experiment {@code name}. */
  public static boolean isOwnedBy(LlmService svc, String name) {
    return name.equals(labelsOrEmpty(svc).get(KEYS.nameLabel()))
        && svc.getMetadata().getOwnerReferences() != null
        && svc.getMetadata().getOwnerReferences().stream()
            .anyMatch(ref -> KEYS.kind().equals(ref.getKind()) && name.equals(ref.getName()));
  }

  /** Whether the service carries the annotation {@link #borrow} writes for that experiment arm. */
  public static boolean isBorrowedBy(LlmService svc, String name, String arm) {
    Map<String, String> annotations = svc.getMetadata().getAnnotations();
    return annotations != null
        && assignment(name, arm).equals(annotations.get(KEYS.assignmentAnnotation()));
  }

  /** Experiment {@code name}, created unless it exists; returns its uid. */
  private String experiment(String name) {
    var experiments =
        client.genericKubernetesResources(KEYS.apiVersion(), KEYS.kind()).inNamespace(namespace);
    GenericKubernetesResource existing = experiments.withName(name).get();
    if (existing != null) {
      return existing.getMetadata().getUid();
    }
    return experiments
        .resource(
            new GenericKubernetesResourceBuilder()
                .withApiVersion(KEYS.apiVersion())
                .withKind(KEYS.kind())
                .withNewMetadata()
                .withName(name)
                .endMetadata()
                .build())
        .create()
        .getMetadata()
        .getUid();
  }

  /** The annotation's value for an experiment in the service's own namespace. */
  private static String assignment(String name, String arm) {
    return name + ":" + arm;
  }

  private static Map<String, String> labels(LlmService svc) {
    if (svc.getMetadata().getLabels() == null) {
      svc.getMetadata().setLabels(new HashMap<>());
    }
    return svc.getMetadata().getLabels();
  }

  private static Map<String, String> labelsOrEmpty(LlmService svc) {
    return svc.getMetadata().getLabels() == null ? Map.of() : svc.getMetadata().getLabels();
  }

  private static Map<String, String> annotations(LlmService svc) {
    if (svc.getMetadata().getAnnotations() == null) {
      svc.getMetadata().setAnnotations(new HashMap<>());
    }
    return svc.getMetadata().getAnnotations();
  }

  private static CustomResourceDefinition crd() {
    return Crds.schemaless(KEYS.group(), KEYS.version(), KEYS.kind(), KEYS.plural());
  }
}
