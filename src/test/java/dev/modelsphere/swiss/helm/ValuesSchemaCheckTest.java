package dev.modelsphere.swiss.helm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.catalog.Catalog;
import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.chartrepo.ChartRepoServer;
import dev.modelsphere.swiss.helm.ValuesSchemaCheck.Verdict;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.values.Yaml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The schema check without a render says "accepted" only where helm's own render accepts the values
 * too: every verdict here is checked against a real render of the same chart and values. A
 * violation is left to the render, which words it.
 */
class ValuesSchemaCheckTest {
  @TempDir Path cache;
  @TempDir Path work;

  private ChartRenderer renderer() {
    return new ChartRenderer(new ChartArchives(cache));
  }

  private ValuesSchemaCheck check() {
    return new ValuesSchemaCheck(Optional.of(new ChartArchives(cache)));
  }

  private static RenderRequest request(ChartLocation chart, String... layers) {
    List<ValuesDocument> documents =
        java.util.stream.IntStream.range(0, layers.length)
            .mapToObj(i -> new ValuesDocument("layer" + i, Yaml.tree("layer" + i, layers[i])))
            .toList();
    return new RenderRequest(chart, "qwen", "serving", documents);
  }

  /** The check's verdict, after making sure helm agrees: accepted values render. */
  private Verdict verdictHelmAgreesWith(RenderRequest request) {
    Verdict verdict = check().check(request);
    if (verdict == Verdict.ACCEPTED) {
      assertThatCode(() -> renderer().render(request))
          .as("helm renders what the check accepted")
          .doesNotThrowAnyException();
    } else {
      assertThatThrownBy(() -> renderer().render(request))
          .as("helm refuses what the check found a violation in")
          .isInstanceOf(SchemaViolation.class);
    }
    return verdict;
  }

  @Test
  void theExampleChartsAcceptAPlansValuesWithoutARender() {
    for (String engine : List.of("sglang", "vllm")) {
      ChartLocation chart = ChartLocation.local(TestCharts.exampleCharts().resolve(engine));
      assertThat(
              verdictHelmAgreesWith(
                  request(chart, "model: {gpus: \"1\"}", "replicaCount: 2\nserviceId: qwen")))
          .as(engine)
          .isEqualTo(Verdict.ACCEPTED);
    }
  }

  @Test
  void aValueTheSchemaForbidsIsLeftToTheRenderWhateverLayerSetsIt() {
    ChartLocation chart = ChartLocation.local(TestCharts.exampleCharts().resolve("sglang"));

    assertThat(verdictHelmAgreesWith(request(chart, "replicaCount: -1"))).isEqualTo(Verdict.RENDER);
    assertThat(verdictHelmAgreesWith(request(chart, "replicaCount: 1", "serviceId: 7")))
        .isEqualTo(Verdict.RENDER);
    assertThat(verdictHelmAgreesWith(request(chart, "image: {pullPolicy: Sometimes}")))
        .isEqualTo(Verdict.RENDER);
  }

  @Test
  void aLaterLayerOverridesAnEarlierViolationAsHelmMergesValuesFiles() {
    ChartLocation chart = ChartLocation.local(TestCharts.exampleCharts().resolve("sglang"));

    assertThat(verdictHelmAgreesWith(request(chart, "replicaCount: -1", "replicaCount: 3")))
        .isEqualTo(Verdict.ACCEPTED);
  }

  @Test
  void theRealChartsSchemasAcceptTheirDefaultsAndRefuseAMisspelledProbeKey() {
    for (String engine : List.of("sglang", "vllm")) {
      ChartLocation chart = ChartLocation.local(TestCharts.fixtureChart(engine));

      assertThat(verdictHelmAgreesWith(request(chart, "replicaCount: 1")))
          .as(engine + " defaults")
          .isEqualTo(Verdict.ACCEPTED);
      assertThat(
              verdictHelmAgreesWith(
                  request(chart, "startupProbe: {failurThreshold: 120, periodSeconds: 10}")))
          .as(engine + " with a misspelled key")
          .isEqualTo(Verdict.RENDER);
    }
  }

  /**
   * Every plan the real catalog composes gets helm's own verdict: against the example charts, which
   * accept them all, without a render; against the real charts' schemas (an older chart generation,
   * which refuses keys today's catalog writes), refused wherever helm refuses.
   */
  @Test
  void everyPlanOfTheRealCatalogGetsHelmsVerdict() {
    Catalog catalog = Catalog.open(TestCharts.fixtures().resolve("model-catalog").toString());
    List<Plan> plans = CatalogRenderTest.everyPlan(catalog, CatalogRenderTest.profile());
    assertThat(plans).hasSizeGreaterThan(60);

    assertThat(verdictsHelmAgreesWith(plans, TestCharts.exampleCharts()::resolve))
        .as("against the example charts")
        .containsOnly(Verdict.ACCEPTED);
    assertThat(verdictsHelmAgreesWith(plans, TestCharts::fixtureChart))
        .as("against the real charts' schemas")
        .hasSameSizeAs(plans);
  }

  @Test
  void theValuesReachTheSchemaAsTheJsonMapperWouldHaveTreedThem() {
    Catalog catalog = Catalog.open(TestCharts.fixtures().resolve("model-catalog").toString());
    Map<String, Object> every = new java.util.LinkedHashMap<>();
    for (Plan plan : CatalogRenderTest.everyPlan(catalog, CatalogRenderTest.profile())) {
      every.put(plan.release().name() + "/" + plan.source().variant(), plan.values());
    }
    every.put(
        "scalars",
        Yaml.tree(
            "scalars",
            """
            big: 18446744073709551615
            negative: -9223372036854775808
            small: 7
            float: 1.5e300
            text: "0x1F"
            yes: true
            none: null
            list: [1, "two", [3.25], {four: null}]
            """));
    every.put("nested", List.of(Map.of("float", 0.1f), new ArrayList<>(), Map.of()));

    assertThat(ValuesSchemaCheck.node(every))
        .isEqualTo(
            com.networknt.schema.serialization.JsonMapperFactory.getInstance().valueToTree(every));
  }

  private List<Verdict> verdictsHelmAgreesWith(List<Plan> plans, Function<String, Path> charts) {
    Map<String, ChartLocation> located = new HashMap<>();
    List<Verdict> verdicts = new ArrayList<>();
    for (Plan plan : plans) {
      ChartLocation chart =
          located.computeIfAbsent(
              plan.chart().name(), name -> ChartLocation.local(charts.apply(name)));
      verdicts.add(
          verdictHelmAgreesWith(
              new RenderRequest(
                  chart,
                  plan.release().name(),
                  plan.release().namespace(),
                  plan.layers().entrySet().stream()
                      .map(layer -> new ValuesDocument(layer.getKey(), layer.getValue()))
                      .toList())));
    }
    return verdicts;
  }

  @Test
  void aNullInTheValuesRemovesTheChartsDefaultAsHelmDoes() throws IOException {
    Path chart =
        chart(
            "nulls",
            "port: 8080\nname: x\n",
            """
            {"type": "object", "additionalProperties": false,
             "properties": {"port": {"type": "integer"}, "name": {"type": "string"}}}
            """);

    assertThat(verdictHelmAgreesWith(request(ChartLocation.local(chart), "port: null")))
        .isEqualTo(Verdict.ACCEPTED);
    assertThat(verdictHelmAgreesWith(request(ChartLocation.local(chart), "port: eighty")))
        .isEqualTo(Verdict.RENDER);
  }

  @Test
  void aPackagedChartFromARepositoryIsCheckedFromItsArchive() {
    try (ChartRepoServer repo = ChartRepoServer.serving(List.of("sglang"), List.of("0.8.0"))) {
      ChartLocation chart = ChartLocation.repository(repo.url(), "sglang", "0.8.0");

      assertThat(verdictHelmAgreesWith(request(chart, "replicaCount: 2")))
          .isEqualTo(Verdict.ACCEPTED);
      assertThat(verdictHelmAgreesWith(request(chart, "replicaCount: -2")))
          .isEqualTo(Verdict.RENDER);
    }
  }

  @Test
  void aSubchartsOwnSchemaJudgesItsSectionOfTheValues() throws IOException {
    Path child =
        chart(
            "child",
            "port: 8080\n",
            """
            {"type": "object", "additionalProperties": false,
             "properties": {"port": {"type": "integer", "minimum": 1}, "global": {"type": "object"}}}
            """);
    Path parent = chart("parent", "replicas: 1\n", null);
    Files.writeString(
        parent.resolve("Chart.yaml"),
        "apiVersion: v2\nname: parent\nversion: 0.1.0\n"
            + "dependencies: [{name: child, version: 0.1.0}]\n");
    TestCharts.packageChart(child, parent.resolve("charts"));
    ChartLocation location = ChartLocation.local(parent);

    assertThat(verdictHelmAgreesWith(request(location, "child: {port: 9090}")))
        .isEqualTo(Verdict.ACCEPTED);
    assertThat(verdictHelmAgreesWith(request(location, "child: {port: 0}")))
        .isEqualTo(Verdict.RENDER);
  }

  @Test
  void aChartItCannotCheckAloneIsLeftToTheRender() {
    ChartLocation missing = ChartLocation.local(work.resolve("nowhere"));
    ChartLocation oci = ChartLocation.oci("oci://127.0.0.1:1/charts", "sglang", "0.8.0");

    assertThat(check().check(request(missing, "replicaCount: 1"))).isEqualTo(Verdict.RENDER);
    assertThat(check().check(request(oci, "replicaCount: 1"))).isEqualTo(Verdict.RENDER);
  }

  /** A chart directory with one template, these default values and this schema (null: none). */
  private Path chart(String name, String values, String schema) throws IOException {
    Path dir = work.resolve(name);
    Files.createDirectories(dir.resolve("templates"));
    Files.writeString(
        dir.resolve("Chart.yaml"), "apiVersion: v2\nname: %s\nversion: 0.1.0\n".formatted(name));
    Files.writeString(dir.resolve("values.yaml"), values);
    if (schema != null) {
      Files.writeString(dir.resolve("values.schema.json"), schema);
    }
    Files.writeString(
        dir.resolve("templates/cm.yaml"),
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: {{ .Release.Name }}-%s
        data: {}
        """
            .formatted(name));
    return dir;
  }
}
