package dev.modelsphere.swiss.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.values.Tree;
import dev.modelsphere.swiss.values.Yaml;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FormTest {
  private static final String LABEL = "nvidia.com/gpu.product";

  @Test
  void theYamlFragmentIsMergedFirstAndTheFieldsWin() {
    var form =
        Form.assemble(
            new FormInput(
                "replicaCount: 1\nenv: {A: x}",
                Yaml.tree("t", "replicaCount: 3"),
                null,
                null,
                List.of()),
            LABEL);
    assertThat(form).isEqualTo(Yaml.tree("t", "replicaCount: 3\nenv: {A: x}"));
  }

  @Test
  void gpuProductsBecomeARequiredNodeAffinityOnTheVariantsLabel() {
    var form =
        Form.assemble(
            new FormInput(
                null, Map.of(), null, null, List.of("NVIDIA-H100-80GB-HBM3", "NVIDIA-H200")),
            LABEL);
    Object terms =
        Tree.get(
                form,
                "affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms")
            .value();
    assertThat(terms)
        .isEqualTo(
            List.of(
                Map.of(
                    "matchExpressions",
                    List.of(
                        Map.of(
                            "key",
                            LABEL,
                            "operator",
                            "In",
                            "values",
                            List.of("NVIDIA-H100-80GB-HBM3", "NVIDIA-H200"))))));
  }

  @Test
  void anExplicitlyEnabledScalerTakesOverTheReplicaCount() {
    var form =
        Form.assemble(
            FormInput.of(Yaml.tree("t", "replicaCount: 3\nscaler: {enabled: true}")), LABEL);
    assertThat(form).doesNotContainKey("replicaCount");
  }

  @Test
  void aScalerSwitchedOnOnlyByTouchingLeavesTheReplicaCount() {
    var form =
        Form.assemble(
            FormInput.of(Yaml.tree("t", "replicaCount: 3\nscaler: {maxReplicas: 4}")), LABEL);
    assertThat(form).containsEntry("replicaCount", 3L);
  }

  @Test
  void theLocalPathMergesOverAModelValueThatIsNoMapRatherThanFailing() {
    var form =
        Form.assemble(
            new FormInput(null, Yaml.tree("t", "model: x\nreplicaCount: 2"), null, "/p", List.of()),
            LABEL);

    assertThat(form).isEqualTo(Yaml.tree("t", "model: {localPath: /p}\nreplicaCount: 2"));
  }

  @Test
  void theLocalPathKeepsTheOtherModelKeysTheFormGave() {
    var form =
        Form.assemble(
            new FormInput(null, Yaml.tree("t", "model: {mountPath: /w}"), "123", "/p", List.of()),
            LABEL);

    assertThat(form)
        .isEqualTo(Yaml.tree("t", "model: {mountPath: /w, localPath: /p}\nserviceId: '123'"));
  }

  @Test
  void malformedYamlIsRefusedNamingTheField() {
    assertThatThrownBy(
            () ->
                Form.assemble(
                    new FormInput("a: [unclosed", Map.of(), null, null, List.of()), LABEL))
        .isInstanceOf(ComposeException.class)
        .hasMessageContaining("advanced overrides");
  }
}
