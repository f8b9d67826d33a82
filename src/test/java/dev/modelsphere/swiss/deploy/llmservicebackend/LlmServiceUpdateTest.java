package dev.modelsphere.swiss.deploy.llmservicebackend;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.llmsvc.Chart;
import dev.modelsphere.swiss.llmsvc.LayerSpec;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceSpec;
import dev.modelsphere.swiss.llmsvc.OperatorAnnotations;
import dev.modelsphere.swiss.llmsvc.SwissAnnotations;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The annotation merge and generation prediction of backends.md §3.7, without a cluster. */
class LlmServiceUpdateTest {
  private static final Chart CHART =
      new Chart("sglang", "oci://charts.example/serving", "0.8.0", null);

  private static LlmServiceSpec spec(Object replicas) {
    return new LlmServiceSpec(
        CHART, List.of(new LayerSpec("form", Map.of("replicaCount", replicas))), null, null);
  }

  private static LlmService atGeneration(long generation, LlmServiceSpec spec) {
    LlmService svc = new LlmService();
    svc.setMetadata(new ObjectMetaBuilder().withGeneration(generation).build());
    svc.setSpec(spec);
    return svc;
  }

  @Test
  void theMergeKeepsOtherOwnersKeysReplacesSwissKeysAndDropsAStaleForce() {
    Map<String, String> current =
        Map.of(
            OperatorAnnotations.DELETION_POLICY,
            "Orphan",
            "kubectl.kubernetes.io/last-applied-configuration",
            "{}",
            "canary.modelsphere.dev/assigned-to",
            "exp-1",
            SwissAnnotations.NOTE,
            "old note",
            SwissAnnotations.ACTION,
            "install",
            OperatorAnnotations.FORCE_CONFLICTS,
            "3");
    Map<String, String> fresh =
        Map.of(SwissAnnotations.ACTION, "apply", SwissAnnotations.PLAN_HASH, "sha256:new");

    assertThat(LlmServiceUpdate.mergeAnnotations(current, fresh, ""))
        .containsOnly(
            Map.entry(OperatorAnnotations.DELETION_POLICY, "Orphan"),
            Map.entry("kubectl.kubernetes.io/last-applied-configuration", "{}"),
            Map.entry("canary.modelsphere.dev/assigned-to", "exp-1"),
            Map.entry(SwissAnnotations.ACTION, "apply"),
            Map.entry(SwissAnnotations.PLAN_HASH, "sha256:new"));
  }

  @Test
  void aForcedWriteNamesTheGenerationItForces() {
    assertThat(LlmServiceUpdate.mergeAnnotations(Map.of(), Map.of(), "5"))
        .containsOnly(Map.entry(OperatorAnnotations.FORCE_CONFLICTS, "5"));
  }

  @Test
  void nothingToMergeIsNoAnnotationsAtAll() {
    assertThat(LlmServiceUpdate.mergeAnnotations(null, null, "")).isNull();
    assertThat(
            LlmServiceUpdate.mergeAnnotations(
                Map.of(OperatorAnnotations.FORCE_CONFLICTS, "2"), Map.of(), ""))
        .isNull();
  }

  @Test
  void aNewObjectIsGenerationOne() {
    assertThat(LlmServiceUpdate.predictGeneration(null, spec(1))).isEqualTo(1);
  }

  @Test
  void theSameSpecKeepsTheGenerationHoweverItsNumbersAreTyped() {
    assertThat(LlmServiceUpdate.predictGeneration(atGeneration(4, spec(1)), spec(1L))).isEqualTo(4);
  }

  @Test
  void aChangedSpecIsOneGenerationMore() {
    assertThat(LlmServiceUpdate.predictGeneration(atGeneration(4, spec(1)), spec(2))).isEqualTo(5);
  }
}
