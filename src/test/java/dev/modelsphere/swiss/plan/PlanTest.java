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

class PlanTest {

  @Test
  void theHashIsSha256InLowercaseHex() {
    assertThat(TestPlans.composed().hash()).matches("sha256:[0-9a-f]{64}");
  }

  @Test
  void helmfileIsNotInTheHash() {
    Plan plan = TestPlans.composed();
    Plan rendered = plan.withHelmfile();

    assertThat(rendered.helmfile()).isNotBlank();
    assertThat(rendered.computeHash()).isEqualTo(plan.hash());
    assertThatCode(rendered::verifyHash).doesNotThrowAnyException();
  }

  @Test
  void catalogNameIsNotInTheHash() {
    Plan plan = TestPlans.composed();
    Plan dropped = plan.withoutCatalogName();

    assertThat(plan.source().catalogName()).isEqualTo("prod");
    assertThat(dropped.computeHash()).isEqualTo(plan.hash());
    assertThatCode(dropped::verifyHash).doesNotThrowAnyException();
  }

  @Test
  void apiVersionEngineProfileAndCreateNamespaceAreNotInTheHash() {
    Plan plan = TestPlans.composed();
    Plan other =
        plan.with(
            p ->
                p.apiVersion("plan.swiss/v0")
                    .engine("vllm")
                    .profile("lab")
                    .createNamespace(true)
                    .hash(""));

    assertThat(other.computeHash()).isEqualTo(plan.hash());
  }

  @Test
  void theLayerSplitIsNotInTheHashOnlyTheMergedValues() {
    Plan split =
        plan(
            layers(
                "catalog", tree("{model: {name: kimi}, replicaCount: 1}"),
                "form", tree("{replicaCount: 2}")));
    Plan together = plan(layers("edit", tree("{model: {name: kimi}, replicaCount: 2}")));

    assertThat(together.hash()).isEqualTo(split.hash());
  }

  @Test
  void changingAnyValueChangesTheHash() {
    Plan plan = TestPlans.composed();
    Map<String, Map<String, Object>> edited = new LinkedHashMap<>(plan.layers());
    edited.put("edit", tree("{model: {gpus: \"4\"}}"));

    assertThat(plan.withLayers(edited).computeHash()).isNotEqualTo(plan.hash());
    assertThat(plan(layers("form", tree("{a: 1}"))).hash())
        .isNotEqualTo(plan(layers("form", tree("{a: \"1\"}"))).hash())
        .isNotEqualTo(plan(layers("form", tree("{a: 1.5}"))).hash())
        .isNotEqualTo(plan(layers("form", tree("{a: null}"))).hash());
  }

  @Test
  void releaseSourceAndChartAreInTheHash() {
    Plan plan = TestPlans.composed();
    List<Plan> changed =
        List.of(
            plan.withRelease(new ReleaseRef("glm-54", "models")),
            plan.withSource(plan.source().withVersion("1.0.1")),
            plan.withChart(new ChartRef("sglang", "0.8.1", "https://charts.example.com/", "")));

    for (Plan other : changed) {
      assertThat(other.computeHash()).isNotEqualTo(plan.hash());
    }
  }

  @Test
  void theModelsHfRepositoryIsWrittenButNotHashed() {
    Plan plan = TestPlans.composed();
    Plan otherHf = plan.withSource(plan.source().withHf("someone-else/another-repo"));

    assertThat(otherHf.computeHash()).isEqualTo(plan.hash());
    assertThatCode(otherHf::verifyHash).doesNotThrowAnyException();
    assertThat(plan.hashPayload()).doesNotContain("\"hf\"").doesNotContain("modelforge/Qwen");
    assertThat(PlanJson.toJson(plan)).contains("\"hf\": \"modelforge/Qwen3.6-35B-A3B-793303\"");
  }

  @Test
  void theHashPayloadIsReleaseSourceChartValuesWithoutCatalogNameOrHf() {
    Plan plan = plan(TestPlans.OCI_CHART, layers("form", tree("{b: 1, a: 2}")));

    assertThat(plan.hashPayload())
        .isEqualTo(
            "{\"release\":{\"name\":\"glm-53\",\"namespace\":"
                + "\"models\"},\"source\":{\"catalog\":\"https://models.example.com/swiss-catalog/\","
                + "\"model\":\"modelforge\",\"version\":"
                + "\"1.0.0\",\"digest\":\"sha256:2ddf\",\"variant\":\"sglang-tp2\"},\"chart\":{\"name\":"
                + "\"sglang\",\"version\":\"0.8.0\",\"repo\":\"oci://harbor.4pd.io/hardcore-tech/\"},"
                + "\"values\":{\"a\":2,\"b\":1}}");
  }

  @Test
  void aPlanWithNoValuesHashesAnEmptyObject() {
    assertThat(plan(Map.of()).hashPayload()).endsWith(",\"values\":{}}");
  }

  @Test
  void verifyingAPlanWithoutAHashFails() {
    Plan unhashed = TestPlans.composed().withHash("");

    assertThatThrownBy(unhashed::verifyHash)
        .isInstanceOf(PlanException.class)
        .hasMessageContaining("no hash");
  }

  @Test
  void verifyingAPlanEditedInPlaceNamesBothHashes() {
    Plan plan = TestPlans.composed();
    Plan edited = plan.withLayers(layers("form", tree("{replicaCount: 8}")));

    assertThatThrownBy(edited::verifyHash)
        .isInstanceOf(PlanException.class)
        .hasMessageContaining(plan.hash())
        .hasMessageContaining(edited.computeHash())
        .hasMessageContaining("edited in place");
  }

  @Test
  void aNanValueCannotBeHashed() {
    Map<String, Object> form = new LinkedHashMap<>();
    form.put("ratio", Double.NaN);
    assertThatThrownBy(() -> plan(layers("form", form)))
        .isInstanceOf(PlanException.class)
        .hasMessageContaining("NaN");
  }

  @Test
  void helmfileCarriesTheDeployDeclaration() {
    String helmfile = Helmfile.render(TestPlans.composed(), "");

    assertThat(helmfile)
        .contains(
            "wait: false",
            "atomic: false",
            "historyMax: 20",
            "--three-way-merge",
            "--server-side=true",
            "chart: charts/sglang",
            "version: 0.8.0",
            "namespace: models",
            "values:",
            "- form.yaml");
  }

  @Test
  void noChartSourceLeavesTheDeclarationUnrenderable() {
    Plan plan = plan(TestPlans.NO_SOURCE_CHART, TestPlans.composed().layers());

    assertThatThrownBy(() -> Helmfile.render(plan, ""))
        .isInstanceOf(PlanException.class)
        .hasMessageContaining("no chart source");
    assertThat(plan.withHelmfile().helmfile()).isNull();
    assertThat(Helmfile.render(plan, "../charts")).contains("chart: /");
  }

  @Test
  void createNamespaceIsOptIn() {
    Plan plan = TestPlans.composed();
    Plan opted = plan.withCreateNamespace(true);

    assertThat(Helmfile.render(plan, "")).contains("createNamespace: false");
    assertThat(Helmfile.render(opted, "")).contains("createNamespace: true");
  }
}
