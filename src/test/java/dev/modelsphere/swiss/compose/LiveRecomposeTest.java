package dev.modelsphere.swiss.compose;

import static dev.modelsphere.swiss.compose.Fixtures.PROD_PROFILE;
import static dev.modelsphere.swiss.compose.Fixtures.profile;
import static dev.modelsphere.swiss.compose.Fixtures.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.catalog.Catalog;
import dev.modelsphere.swiss.catalog.Entry;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanFiles;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.testing.SharedFixtures;
import dev.modelsphere.swiss.values.Lookup;
import dev.modelsphere.swiss.values.Tree;
import dev.modelsphere.swiss.values.Yaml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** spec/canary.md §5: a new plan from the live one, without the catalog. */
class LiveRecomposeTest {
  private static Map<String, Object> yaml(String text) {
    return Yaml.tree("test", text);
  }

  private static Plan live() {
    return Composer.compose(
        request(
            profile(PROD_PROFILE),
            "sglang-tp8-b300",
            yaml(
                "replicaCount: 2\nmodelRoute: {nginx: {values: {adaptive_cc: true, timeout: 30}}}"),
            yaml("extraArgs: [--tp-size=8, --x]")));
  }

  @Test
  void nothingAskedGivesBackTheLivePlanAndItsHash() {
    Plan live = live();
    Plan again = LiveRecompose.recompose(live, "", Map.of(), "");
    assertThat(again.hash()).isEqualTo(live.hash());
    assertThat(again.layers()).isEqualTo(live.layers());
  }

  @Test
  void identitySourceChartAndTheCatalogSiteAndDerivedLayersAreKeptExactly() {
    Plan live = live();
    Plan next =
        LiveRecompose.recompose(
            live, "replicaCount: 5", Map.of("scaler", Map.of("maxReplicas", 4L)), "");
    assertThat(next.release()).isEqualTo(live.release());
    assertThat(next.createNamespace()).isEqualTo(live.createNamespace());
    assertThat(next.source()).isEqualTo(live.source());
    assertThat(next.chart()).isEqualTo(live.chart());
    assertThat(next.engine()).isEqualTo(live.engine());
    assertThat(next.profile()).isEqualTo(live.profile());
    for (String layer : List.of("catalog", "site", "derived")) {
      assertThat(Yaml.write(next.layer(layer))).as(layer).isEqualTo(Yaml.write(live.layer(layer)));
    }
    next.verifyHash();
    assertThat(next.hash()).isNotEqualTo(live.hash());
  }

  @Test
  void theYamlFragmentThenTheFieldsMergeOverTheLiveFormMapsMergingListsReplacing() {
    Plan next =
        LiveRecompose.recompose(
            live(),
            "replicaCount: 3\nmodelRoute: {nginx: {values: {adaptive_cc_max: 64}}}",
            yaml("replicaCount: 4\ntolerations: [{key: gpu}]"),
            "");
    Map<String, Object> form = next.layer("form");
    assertThat(form).containsEntry("replicaCount", 4L);
    assertThat(Tree.get(form, "modelRoute.nginx.values").value())
        .as("the adaptive-concurrency keys are ordinary form values")
        .isEqualTo(yaml("adaptive_cc: true\ntimeout: 30\nadaptive_cc_max: 64"));
    assertThat(form.get("tolerations")).isEqualTo(List.of(Map.of("key", "gpu")));
  }

  @Test
  void anExplicitNullIsKeptAsAnExplicitNullForHelmToDelete() throws Exception {
    Map<String, Object> overrides = Tree.empty();
    Tree.set(overrides, "modelRoute.nginx.values.adaptive_cc", null);
    Plan next = LiveRecompose.recompose(live(), "", overrides, "resources: null");
    assertThat(Tree.get(next.values(), "modelRoute.nginx.values.adaptive_cc"))
        .isEqualTo(new Lookup(true, null));
    assertThat(next.layer("edit")).containsEntry("resources", null);
    assertThat(PlanFiles.files(next, "").get("form.yaml")).contains("adaptive_cc: null");
    assertThat(next.hash()).isNotEqualTo(live().hash());
  }

  @Test
  void editsMergeOverTheLiveEditLayer() {
    Plan next = LiveRecompose.recompose(live(), "", Map.of(), "extraArgs: [--y]\nsomethingNew: 1");
    assertThat(next.layer("edit")).isEqualTo(yaml("extraArgs: [--y]\nsomethingNew: 1"));
    assertThat(next.layerOf("extraArgs")).isEqualTo("edit");
  }

  @Test
  void itNeedsNoCatalogAtAll(@TempDir Path dir) throws IOException {
    Path catalogDir = dir.resolve("catalog");
    SharedFixtures.copyModelCatalog(catalogDir);
    Catalog catalog = Catalog.open(catalogDir.toString());
    Entry entry = catalog.entry("qwen3-8b", null);
    Profile site = profile(PROD_PROFILE);
    Plan live =
        Composer.compose(
            new ComposeRequest(
                catalog.location(),
                "public",
                catalog.ref(),
                entry,
                entry.defaultVariant(),
                site,
                "qwen",
                "",
                Map.of(),
                Map.of(),
                false,
                "0.8.0"));
    delete(catalogDir);

    Plan next = LiveRecompose.recompose(live, "replicaCount: 2", Map.of(), "");
    assertThat(next.source()).isEqualTo(live.source());
    assertThat(next.source().catalogName()).isEqualTo("public");
    assertThat(next.layer("form")).containsEntry("replicaCount", 2L);
  }

  @Test
  void malformedYamlIsRefusedNamingWhichBox() {
    assertThatThrownBy(() -> LiveRecompose.recompose(live(), "a: [", Map.of(), ""))
        .isInstanceOf(ComposeException.class)
        .hasMessageContaining("advanced overrides");
    assertThatThrownBy(() -> LiveRecompose.recompose(live(), "", Map.of(), "- not a map"))
        .isInstanceOf(ComposeException.class)
        .hasMessageContaining("plan edits");
  }

  private static void delete(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
