package dev.modelsphere.swiss.llmsvc;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.List;
import java.util.Map;

/** Sample LLMService objects for tests against the API server. */
public final class LlmServices {
  private LlmServices() {}

  public static LlmService sample(String namespace, String name) {
    LlmService svc = new LlmService();
    svc.setMetadata(new ObjectMetaBuilder().withNamespace(namespace).withName(name).build());
    svc.setSpec(
        new LlmServiceSpec(
            new Chart("vllm-serving", "oci://charts.example/serving", "^1.4.0", null),
            List.of(new LayerSpec("base", Map.of("replicas", 1, "engine", Map.of("tp", 8)))),
            new Model("glm", "5.3", "h100x8", "zai-org/GLM-5.3", "vllm"),
            false));
    return svc;
  }

  /** Every status field set, as the operator would write it after a first install. */
  public static LlmServiceStatus appliedStatus() {
    String at = "2026-11-30T02:00:00Z";
    String hash = "sha256:" + "ab".repeat(32);
    Condition applied =
        new ConditionBuilder()
            .withType("Applied")
            .withStatus("True")
            .withReason("Installed")
            .withMessage("")
            .withLastTransitionTime(at)
            .withObservedGeneration(1L)
            .build();
    HistoryEntry first =
        new HistoryEntry(
            1,
            hash,
            at,
            "glm-53-abababab",
            Map.of("swiss.modelsphere.dev/action", "install"),
            false,
            "install");
    return new LlmServiceStatus(
        1L,
        Phase.Applied,
        List.of(applied),
        "",
        new ResolvedChart("vllm-serving", "1.4.2"),
        hash,
        new HelmRelease(1, "deployed"),
        List.of(first));
  }
}
