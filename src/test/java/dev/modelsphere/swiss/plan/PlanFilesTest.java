package dev.modelsphere.swiss.plan;

import static dev.modelsphere.swiss.plan.TestPlans.layers;
import static dev.modelsphere.swiss.plan.TestPlans.plan;
import static dev.modelsphere.swiss.plan.TestPlans.tree;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlanFilesTest {

  @Test
  void aPlanIsOneFilePerLayerAHelmfileAndPlanYaml() {
    Map<String, String> files = PlanFiles.files(TestPlans.composed(), "");

    assertThat(files.keySet())
        .containsExactlyInAnyOrder(
            "catalog.yaml", "site.yaml", "derived.yaml", "form.yaml", "helmfile.yaml", "plan.yaml");
    assertThat(files.get("form.yaml")).contains("replicaCount: 2");
    assertThat(files.get("helmfile.yaml")).contains("chart: charts/sglang");
  }

  @Test
  void planYamlHoldsTheIdentityButNeitherLayersNorHelmfile() {
    Plan plan = TestPlans.composed();
    String meta = PlanFiles.files(plan.withHelmfile(), "").get(PlanFiles.META_FILE);

    assertThat(meta).contains("apiVersion: plan.swiss/v1", "name: glm-53", "hash: " + plan.hash());
    assertThat(meta).doesNotContain("layers", "helmfile", "replicaCount");
  }

  @Test
  void planYamlIsWrittenWithSortedKeysAndFourSpacesAsTheReferenceWritesIt() {
    String meta = PlanFiles.files(TestPlans.composed(), "").get(PlanFiles.META_FILE);
    List<String> topKeys = meta.lines().filter(l -> !l.startsWith(" ")).toList();

    assertThat(topKeys).isSortedAccordingTo(CanonicalJson.KEY_ORDER);
    assertThat(topKeys.get(0)).isEqualTo("apiVersion: plan.swiss/v1");
    assertThat(meta).contains("release:\n    name: glm-53\n    namespace: models\n");
  }

  @Test
  void filesRoundTripKeepsTheHash() {
    Plan plan = TestPlans.composed();
    Plan back = PlanFiles.fromFiles(PlanFiles.files(plan, ""));

    assertThat(back.hash()).isEqualTo(plan.hash());
    assertThat(back.computeHash()).isEqualTo(plan.hash());
    assertThatCode(back::verifyHash).doesNotThrowAnyException();
    assertThat(back.layers()).isEqualTo(plan.layers());
    assertThat(back.helmfile()).isEqualTo(Helmfile.render(plan, ""));
  }

  @Test
  void stringsThatLookLikeOtherTypesStayStringsThroughTheFiles() {
    Map<String, Object> form = new LinkedHashMap<>();
    List<String> tricky =
        List.of(
            "8",
            "0.8.0",
            "1.5",
            "1e3",
            "1e+3",
            "true",
            "yes",
            "off",
            "null",
            "~",
            "",
            "0x10",
            "0o17",
            "017",
            "1_000",
            ".inf",
            "-.Inf",
            ".NaN",
            "+1",
            "2026-01-01",
            "12:30",
            "#x",
            "a: b",
            " x",
            "--tp",
            "-");
    for (int i = 0; i < tricky.size(); i++) {
      form.put("s" + i, tricky.get(i));
    }
    form.put("floats", List.of(0.85, 1e-7, 1e21, 100.0, -0.5));
    Plan plan = plan(layers("form", form));

    Plan back = PlanFiles.fromFiles(PlanFiles.files(plan, ""));

    for (int i = 0; i < tricky.size(); i++) {
      assertThat(back.layer("form").get("s" + i)).as("s%d", i).isEqualTo(tricky.get(i));
    }
    assertThat(back.computeHash()).isEqualTo(plan.hash());
  }

  @Test
  void anExplicitNullSurvivesTheFilesAndKeepsTheHash() {
    Plan plan =
        plan(
            layers(
                "catalog", tree("{startupProbe: {periodSeconds: 10}}"),
                "edit", tree("{startupProbe: {periodSeconds: null}}")));

    Plan back = PlanFiles.fromFiles(PlanFiles.files(plan, ""));

    assertThat(back.layerOf("startupProbe.periodSeconds")).isEqualTo("edit");
    assertThat(back.values()).containsEntry("startupProbe", nullPeriod());
    assertThat(back.computeHash()).isEqualTo(plan.hash());
  }

  private static Map<String, Object> nullPeriod() {
    Map<String, Object> probe = new LinkedHashMap<>();
    probe.put("periodSeconds", null);
    return probe;
  }

  @Test
  void anUnrenderablePlanHasNoHelmfileFile() {
    Plan plan = plan(TestPlans.NO_SOURCE_CHART, TestPlans.composed().layers());

    assertThat(PlanFiles.files(plan, "")).doesNotContainKey(PlanFiles.HELMFILE_FILE);
    assertThat(PlanFiles.files(plan, "/srv/charts").get(PlanFiles.HELMFILE_FILE))
        .contains("chart: /srv/charts/sglang");
  }

  @Test
  void filesWithoutPlanYamlAreNotAPlan() {
    assertThatThrownBy(() -> PlanFiles.fromFiles(Map.of("form.yaml", "replicaCount: 2\n")))
        .isInstanceOf(PlanException.class)
        .hasMessageContaining("plan.yaml");
  }

  @Test
  void aBadLayerFileIsNamedInTheError() {
    Map<String, String> files = new LinkedHashMap<>(PlanFiles.files(TestPlans.composed(), ""));
    files.put("site.yaml", "image: [unclosed\n");

    assertThatThrownBy(() -> PlanFiles.fromFiles(files))
        .isInstanceOf(PlanException.class)
        .hasMessageStartingWith("site.yaml: ");
  }

  @Test
  void emptyLayerFilesAreDropped() {
    Map<String, String> files = new LinkedHashMap<>(PlanFiles.files(TestPlans.composed(), ""));
    files.put("edit.yaml", "{}\n");
    files.put("derived.yaml", "");

    assertThat(PlanFiles.fromFiles(files).layers().keySet())
        .containsExactly("catalog", "site", "form");
  }

  @Test
  void anEditedLayerFileIsCaughtByVerification() {
    Map<String, String> files = new LinkedHashMap<>(PlanFiles.files(TestPlans.composed(), ""));
    files.put("form.yaml", files.get("form.yaml").replace("replicaCount: 2", "replicaCount: 3"));

    assertThatThrownBy(() -> PlanFiles.fromFiles(files).verifyHash())
        .isInstanceOf(PlanException.class)
        .hasMessageContaining("edited in place");
  }
}
