package dev.modelsphere.swiss.plan;

import static dev.modelsphere.swiss.plan.TestPlans.layers;
import static dev.modelsphere.swiss.plan.TestPlans.plan;
import static dev.modelsphere.swiss.plan.TestPlans.tree;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ShadowTest {

  @Test
  void shadowedNamesTheLayerThatWonAndTheOnesItOvercame() {
    Plan plan =
        plan(
            layers(
                "catalog", tree("{extraArgs: [--tp, \"2\"], env: [{name: A, value: b}]}"),
                "form", tree("{extraArgs: [--tp, \"4\"], replicaCount: 2}"),
                "edit", tree("{extraArgs: [--tp, \"8\"]}")));

    assertThat(plan.shadowed())
        .containsExactly(new Shadow("extraArgs", "edit", List.of("catalog", "form")));
    assertThat(plan.layerOf("extraArgs")).isEqualTo(plan.shadowed().get(0).by());
  }

  @Test
  void shadowedIgnoresSiblingKeysInTheSameMap() {
    Plan plan =
        plan(
            layers(
                "catalog", tree("{model: {mountPath: /models}}"),
                "site", tree("{model: {localPath: /data/models/kimi}}")));

    assertThat(plan.shadowed()).isEmpty();
  }

  @Test
  void shadowedIsEmptyWhenNothingOverlaps() {
    Plan plan =
        plan(
            layers(
                "catalog", tree("{progressDeadlineSeconds: 7200}"),
                "site", tree("{image: {repository: mirror.example.com/sglang}}"),
                "form", tree("{replicaCount: 1}")));

    assertThat(plan.shadowed()).isEmpty();
  }

  @Test
  void shadowedReportsAFormOverrideOfADerivedDefault() {
    Plan plan =
        plan(
            layers(
                "derived", tree("{model: {localPath: /data/derived}}"),
                "form", tree("{model: {localPath: /scratch/mine}}")));

    assertThat(plan.shadowed())
        .containsExactly(new Shadow("model.localPath", "form", List.of("derived")));
  }

  @Test
  void shadowedReportsAMirroredImageAndAFormLocalPathSortedByPath() {
    assertThat(TestPlans.composed().shadowed())
        .containsExactly(
            new Shadow("image.repository", "site", List.of("catalog")),
            new Shadow("model.localPath", "form", List.of("site")));
  }

  @Test
  void anExplicitNullCountsAsSettingThePath() {
    Plan plan =
        plan(
            layers(
                "catalog", tree("{startupProbe: {periodSeconds: 10}}"),
                "edit", tree("{startupProbe: {periodSeconds: null}}")));

    assertThat(plan.shadowed())
        .containsExactly(new Shadow("startupProbe.periodSeconds", "edit", List.of("catalog")));
  }
}
