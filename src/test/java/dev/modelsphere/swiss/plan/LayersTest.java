package dev.modelsphere.swiss.plan;

import static dev.modelsphere.swiss.plan.TestPlans.layers;
import static dev.modelsphere.swiss.plan.TestPlans.plan;
import static dev.modelsphere.swiss.plan.TestPlans.tree;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.values.Tree;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LayersTest {

  @Test
  void layerOrderIsCatalogSiteDerivedFormEdit() {
    assertThat(Layer.ORDER).containsExactly("catalog", "site", "derived", "form", "edit");
    assertThat(Layer.FORM.wireName()).isEqualTo("form");
  }

  @Test
  void valuesIsTheUnionOfTheLayers() {
    Map<String, Object> values = TestPlans.composed().values();

    assertThat(Tree.get(values, "replicaCount").value()).isEqualTo(2L);
    assertThat(Tree.get(values, "model.mountPath").value()).isEqualTo("/models");
    assertThat(Tree.get(values, "image.repository").value()).isEqualTo("mirror.example.com/sglang");
    assertThat(Tree.get(values, "image.tag").value()).isEqualTo("v0.5.15-cu129");
  }

  @Test
  void valuesIsAFreshTreeEachTime() {
    Plan plan = TestPlans.composed();
    plan.values().put("replicaCount", 99L);
    assertThat(plan.values().get("replicaCount")).isEqualTo(2L);
  }

  @Test
  void layerOfReplacesProvenance() {
    Plan plan = TestPlans.composed();

    assertThat(plan.layerOf("replicaCount")).isEqualTo("form");
    assertThat(plan.layerOf("model.mountPath")).isEqualTo("catalog");
    assertThat(plan.layerOf("image.repository")).isEqualTo("site");
    assertThat(plan.layerOf("nowhere.at.all")).isEmpty();
  }

  @Test
  void storedPlanCarriesNeitherValuesNorProvenance() {
    Plan plan = TestPlans.composed();
    for (String stored : List.of(PlanJson.toYaml(plan), PlanJson.toJson(plan))) {
      assertThat(stored).contains("layers");
      for (String removed : List.of("values", "provenance", "overrides", "edits")) {
        assertThat(stored).doesNotContainPattern("(?m)^\\s*\"?" + removed + "\"?:");
      }
    }
    Plan back = PlanJson.fromYaml(PlanJson.toYaml(plan));
    assertThat(back.layers()).isEqualTo(plan.layers());
  }

  @Test
  void overriddenValuesSurviveInTheirOwnLayer() {
    Plan plan =
        plan(
            layers(
                "catalog", tree("{replicaCount: 1}"),
                "form", tree("{replicaCount: 2}"),
                "edit", tree("{replicaCount: 5}")));

    assertThat(plan.values().get("replicaCount")).isEqualTo(5L);
    assertThat(plan.layerOf("replicaCount")).isEqualTo("edit");
    assertThat(plan.layer("catalog").get("replicaCount")).isEqualTo(1L);
    assertThat(plan.layer("form").get("replicaCount")).isEqualTo(2L);
  }

  @Test
  void emptyLayersAreDroppedAndTheRestKeepMergeOrder() {
    Plan plan =
        plan(
            layers(
                "edit", tree("{a: 1}"),
                "site", Map.of(),
                "catalog", tree("{b: 2}")));

    assertThat(plan.layers().keySet()).containsExactly("catalog", "edit");
    assertThat(plan.valuesFiles()).containsExactly("catalog.yaml", "edit.yaml");
  }

  @Test
  void aPlanWithNoLayersHasNoValuesFiles() {
    assertThat(plan(Map.of()).valuesFiles()).isEmpty();
  }

  @Test
  void byLayerListsEachLayersSortedLeafPaths() {
    Map<String, List<String>> byLayer = TestPlans.composed().byLayer();

    assertThat(byLayer.keySet()).containsExactly("catalog", "site", "derived", "form");
    assertThat(byLayer.get("site")).containsExactly("image.repository", "model.localPath");
    assertThat(byLayer.get("catalog"))
        .containsExactly(
            "extraArgs",
            "image.repository",
            "image.tag",
            "model.gpus",
            "model.mountPath",
            "model.name",
            "progressDeadlineSeconds");
  }

  @Test
  void anUnknownLayerNameIsRefused() {
    assertThatThrownBy(() -> plan(layers("chart", tree("{a: 1}"))))
        .isInstanceOf(PlanException.class)
        .hasMessageContaining("chart");
  }

  @Test
  void thePlansLayersCannotBeChangedFromOutside() {
    Map<String, Map<String, Object>> given = layers("form", tree("{replicaCount: 2}"));
    Plan plan = plan(given);
    given.get("form").put("replicaCount", 9L);

    assertThat(plan.layer("form").get("replicaCount")).isEqualTo(2L);
    assertThatThrownBy(() -> plan.layers().put("edit", Map.of()))
        .isInstanceOf(UnsupportedOperationException.class);
  }
}
