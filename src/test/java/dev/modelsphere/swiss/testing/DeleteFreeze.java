package dev.modelsphere.swiss.testing;

import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.llmsvc.LlmService;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;

/**
 * A ValidatingAdmissionPolicy and its binding that refuse every DELETE of an LLMService in one
 * namespace, as a cluster policy freezing a namespace would.
 */
public final class DeleteFreeze {
  public static final String MESSAGE = "deletes of LLMServices are frozen here";

  private DeleteFreeze() {}

  public static List<HasMetadata> install(KubernetesClient client, String namespace) {
    String name = "swiss-test-freeze-" + namespace;
    String policy =
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata:
          name: %1$s
        spec:
          failurePolicy: Fail
          matchConstraints:
            resourceRules:
            - apiGroups: ["%2$s"]
              apiVersions: ["*"]
              operations: ["DELETE"]
              resources: ["llmservices"]
          validations:
          - expression: "false"
            message: "%3$s"
        """
            .formatted(name, LlmService.GROUP, MESSAGE);
    String binding =
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata:
          name: %1$s
        spec:
          policyName: %1$s
          validationActions: [Deny]
          matchResources:
            namespaceSelector:
              matchLabels:
                kubernetes.io/metadata.name: %2$s
        """
            .formatted(name, namespace);
    return List.of(client.resource(policy).create(), client.resource(binding).create());
  }

  /** A dry-run delete goes through admission but deletes nothing: refused means in force. */
  public static void awaitEffective(KubernetesClient client, String namespace, String name) {
    String path =
        "/apis/"
            + LlmService.GROUP
            + "/"
            + LlmService.VERSION
            + "/namespaces/"
            + namespace
            + "/llmservices/"
            + name;
    String dryRun = "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"dryRun\":[\"All\"]}";
    await("delete freeze in force in " + namespace)
        .atMost(Duration.ofSeconds(20))
        .pollInterval(Duration.ofMillis(100))
        .until(() -> RawHttp.delete(client, path, dryRun).code() >= 400);
  }

  public static void remove(KubernetesClient client, List<HasMetadata> objects) {
    // The binding first, so the policy is never left bound to nothing.
    for (int i = objects.size() - 1; i >= 0; i--) {
      client.resource(objects.get(i)).delete();
    }
  }
}
