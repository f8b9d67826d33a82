package dev.modelsphere.swiss.plan;

import static dev.modelsphere.swiss.plan.TestPlans.layers;
import static dev.modelsphere.swiss.plan.TestPlans.plan;
import static dev.modelsphere.swiss.plan.TestPlans.tree;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.values.Yaml;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HelmfileTest {
  private static Map<String, Object> parse(String document) {
    return Yaml.tree("helmfile.yaml", document);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> onlyRelease(Map<String, Object> doc) {
    List<Map<String, Object>> releases = (List<Map<String, Object>>) doc.get("releases");
    assertThat(releases).hasSize(1);
    return releases.get(0);
  }

  @Test
  void classicChartRepoBecomesARepositoriesEntry() throws Exception {
    Map<String, Object> doc = parse(Helmfile.render(TestPlans.composed(), ""));

    assertThat(doc.get("repositories"))
        .isEqualTo(List.of(Map.of("name", "charts", "url", "https://charts.example.com")));
    assertThat(onlyRelease(doc))
        .containsEntry("chart", "charts/sglang")
        .containsEntry("version", "0.8.0");
  }

  @Test
  void ociRegistryIsAddressedDirectly() throws Exception {
    Map<String, Object> doc = parse(Helmfile.render(plan(TestPlans.OCI_CHART, Map.of()), ""));

    assertThat(doc).doesNotContainKey("repositories");
    assertThat(onlyRelease(doc))
        .containsEntry("chart", "oci://harbor.4pd.io/hardcore-tech/sglang")
        .containsEntry("version", "0.8.0");
  }

  @Test
  void localChartPathIsAbsolute() throws Exception {
    Plan plan = plan(new ChartRef("sglang", "0.8.0", "", "charts"), Map.of());
    Map<String, Object> release = onlyRelease(parse(Helmfile.render(plan, "/elsewhere")));

    Path expected = Path.of(System.getProperty("user.dir"), "charts", "sglang").normalize();
    assertThat(release).containsEntry("chart", expected.toString()).doesNotContainKey("version");
  }

  @Test
  void aChartPathWinsOverARepositoryAsInSwisssOwnRender() throws Exception {
    Plan plan =
        plan(new ChartRef("sglang", "0.8.0", "https://charts.example.com/", "charts"), Map.of());
    Map<String, Object> doc = parse(Helmfile.render(plan, ""));

    Path expected = Path.of(System.getProperty("user.dir"), "charts", "sglang").normalize();
    assertThat(doc).doesNotContainKey("repositories");
    assertThat(onlyRelease(doc))
        .containsEntry("chart", expected.toString())
        .doesNotContainKey("version");
  }

  @Test
  void chartRootIsUsedWhenThePlanNamesNoRepoOrPath() throws Exception {
    Plan plan = plan(TestPlans.NO_SOURCE_CHART, Map.of());
    Map<String, Object> release = onlyRelease(parse(Helmfile.render(plan, "/srv/charts/")));

    assertThat(release).containsEntry("chart", "/srv/charts/sglang").doesNotContainKey("version");
  }

  @Test
  void noChartSourceIsAnError() {
    Plan plan = plan(TestPlans.NO_SOURCE_CHART, Map.of());

    assertThatThrownBy(() -> Helmfile.render(plan, ""))
        .isInstanceOf(PlanException.class)
        .hasMessageContaining("no chart source")
        .hasMessageContaining("--chart-root");
  }

  @Test
  @SuppressWarnings("unchecked")
  void helmDefaultsMatchTheRepo() throws Exception {
    Map<String, Object> defaults =
        (Map<String, Object>) parse(Helmfile.render(TestPlans.composed(), "")).get("helmDefaults");

    assertThat(defaults)
        .containsExactly(
            Map.entry("wait", false),
            Map.entry("atomic", false),
            Map.entry("cleanupOnFail", false),
            Map.entry("createNamespace", false),
            Map.entry("historyMax", 20L),
            Map.entry("diffArgs", List.of("--three-way-merge", "--server-side=true")));
  }

  @Test
  void theReleaseListsThePresentLayerFilesInMergeOrder() throws Exception {
    Plan plan = plan(layers("edit", tree("{a: 1}"), "catalog", tree("{b: 1}")));
    Map<String, Object> release = onlyRelease(parse(Helmfile.render(plan, "")));

    assertThat(release)
        .containsEntry("name", "glm-53")
        .containsEntry("namespace", "models")
        .containsEntry("values", List.of("catalog.yaml", "edit.yaml"));
  }

  @Test
  void theDocumentKeysComeInTheReferenceOrder() throws Exception {
    assertThat(parse(Helmfile.render(TestPlans.composed(), "")).keySet())
        .containsExactly("repositories", "helmDefaults", "releases");
    assertThat(onlyRelease(parse(Helmfile.render(TestPlans.composed(), ""))).keySet())
        .containsExactly("name", "namespace", "chart", "version", "values");
  }

  @Test
  void theDocumentIsLaidOutAsTheReferencesYamlLibraryLaysItOut() {
    assertThat(Helmfile.render(TestPlans.composed(), ""))
        .isEqualTo(
            """
            repositories:
                - name: charts
                  url: https://charts.example.com
            helmDefaults:
                wait: false
                atomic: false
                cleanupOnFail: false
                createNamespace: false
                historyMax: 20
                diffArgs:
                    - --three-way-merge
                    - --server-side=true
            releases:
                - name: glm-53
                  namespace: models
                  chart: charts/sglang
                  version: 0.8.0
                  values:
                    - catalog.yaml
                    - site.yaml
                    - derived.yaml
                    - form.yaml
            """);
  }
}
