package dev.modelsphere.swiss.helm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.catalog.Catalog;
import dev.modelsphere.swiss.catalog.ChartVersionSpec;
import dev.modelsphere.swiss.catalog.Entry;
import dev.modelsphere.swiss.catalog.Variant;
import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.compose.ComposeRequest;
import dev.modelsphere.swiss.compose.Composer;
import dev.modelsphere.swiss.compose.Form;
import dev.modelsphere.swiss.compose.FormInput;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.testing.EveryFixtureVariant;
import dev.modelsphere.swiss.values.Tree;
import dev.modelsphere.swiss.values.Yaml;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every plan the real model catalog composes renders through our pipeline. */
class CatalogRenderTest {

  @TempDir Path cache;

  private static final String FORM_PLAIN = "{}";
  private static final String FORM_ROUTED =
      """
      serviceId: svc-under-test
      replicaCount: 2
      modelRoute: {enabled: true}
      scaler: {enabled: true}
      """;

  @Test
  void everyComposedPlanOfTheFixtureCatalogRendersWithTheExampleCharts() {
    Catalog catalog = Catalog.open(TestCharts.fixtures().resolve("model-catalog").toString());
    ChartRenderer renderer = new ChartRenderer(new ChartArchives(cache));
    List<String> rendered = new ArrayList<>();

    for (Plan plan : everyPlan(catalog, profile())) {
      Map<ObjectKey, Map<String, Object>> objects =
          ManifestObjects.parse(
              renderer.render(PlanCharts.request(plan, null)), plan.release().namespace());

      assertThat(objects.keySet())
          .extracting(ObjectKey::kind)
          .as(plan.source().model() + " " + plan.source().version() + " " + plan.source().variant())
          .contains("Deployment", "Service");
      if (Boolean.TRUE.equals(Tree.get(plan.values(), "modelRoute.enabled").value())) {
        assertThat(objects.keySet()).extracting(ObjectKey::kind).contains("ModelRoute");
      }
      rendered.add(
          plan.source().model() + "@" + plan.source().version() + "/" + plan.source().variant());
    }

    // Two forms per variant, every version of every model.
    assertThat(rendered).hasSizeGreaterThan(60);
    assertThat(rendered).anyMatch(r -> r.startsWith("kimi-k3@1.0.5/"));
  }

  @Test
  void aCatalogValueTheRealSchemaForbidsIsRefusedNamingItsPath() {
    Catalog catalog = Catalog.open(TestCharts.fixtures().resolve("model-catalog").toString());
    Plan plan =
        compose(
            catalog,
            catalog.entry("qwen3-8b", null),
            catalog.entry("qwen3-8b", null).defaultVariant(),
            profile(),
            FORM_PLAIN);
    String engine = plan.chart().name();
    Map<String, Map<String, Object>> layers = new LinkedHashMap<>(plan.layers());
    Map<String, Object> catalogLayer = Tree.copy(layers.get("catalog"));
    Tree.set(catalogLayer, "modelRoute.nginx.upstreamTimeout", "30s");
    layers.put("catalog", catalogLayer);
    RenderRequest request =
        new RenderRequest(
            ChartLocation.local(TestCharts.fixtureChart(engine)),
            plan.release().name(),
            plan.release().namespace(),
            layers.entrySet().stream()
                .map(e -> new ValuesDocument(e.getKey(), e.getValue()))
                .toList());

    assertThatThrownBy(() -> new ChartRenderer(new ChartArchives(cache)).render(request))
        .isInstanceOfSatisfying(
            SchemaViolation.class,
            e -> assertThat(e.paths()).contains("modelRoute.nginx.upstreamTimeout"));
  }

  /** Every variant of the catalog composed with a plain form and a routed one. */
  static List<Plan> everyPlan(Catalog catalog, Profile profile) {
    List<Plan> plans = new ArrayList<>();
    for (String form : List.of(FORM_PLAIN, FORM_ROUTED)) {
      for (ComposeRequest request :
          EveryFixtureVariant.requests(catalog, profile, Yaml.tree("form", form))) {
        plans.add(Composer.compose(request));
      }
    }
    return plans;
  }

  private static Plan compose(
      Catalog catalog, Entry entry, Variant variant, Profile profile, String formYaml) {
    ChartVersionSpec spec = ChartVersionSpec.parse(variant.chart().version());
    // The example charts are 0.8.0; an exact pin names its own version, which a local chart
    // ignores.
    String chartVersion = spec.isExact() ? spec.exact() : "0.8.0";
    Map<String, Object> form =
        Form.assemble(
            new FormInput(null, Yaml.tree("form", formYaml), null, null, List.of()),
            variant.requires().accelerator().productLabel());
    return Composer.compose(
        EveryFixtureVariant.request(catalog, entry, variant, profile, form, chartVersion));
  }

  static Profile profile() {
    return Profile.parse(
        """
        name: render-test
        namespace: models
        chartPath: %s
        registry: {mirror: registry.local/mirror}
        model:
          pathTemplate: /mnt/disk0/models/{{org}}/{{name}}
        schedule: {priorityClassName: llm-serving}
        cache: {enabled: true, hostPath: /mnt/cache}
        scaler: {serverAddress: http://decision-gen.llm-scaler.svc:80}
        route:
          nginxConfigMap: llm-route/openresty-conf
          monitorConfigMap: llm-route/monitor-conf
        nodes: {gpusPerNode: 8}
        """
            .formatted(TestCharts.exampleCharts()),
        "render-test profile");
  }
}
