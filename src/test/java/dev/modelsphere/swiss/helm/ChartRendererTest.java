package dev.modelsphere.swiss.helm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.chartrepo.ChartRepoServer;
import dev.modelsphere.swiss.chartrepo.IndexYaml;
import dev.modelsphere.swiss.chartrepo.OciRegistryServer;
import dev.modelsphere.swiss.values.Yaml;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartRendererTest {

  @TempDir Path cache;

  private ChartRenderer renderer() {
    return new ChartRenderer(new ChartArchives(cache));
  }

  private static RenderRequest request(ChartLocation chart, ValuesDocument... values) {
    return new RenderRequest(chart, "qwen", "serving", List.of(values));
  }

  private static ValuesDocument doc(String name, String yaml) {
    return new ValuesDocument(name, Yaml.tree(name, yaml));
  }

  @Test
  void exampleChartsRenderADeploymentAndAServiceAndAModelRouteOnlyWhenEnabled() {
    for (String engine : List.of("sglang", "vllm")) {
      ChartLocation chart = ChartLocation.local(TestCharts.exampleCharts().resolve(engine));

      Map<ObjectKey, Map<String, Object>> plain =
          ManifestObjects.parse(renderer().render(request(chart)), "serving");
      Map<ObjectKey, Map<String, Object>> routed =
          ManifestObjects.parse(
              renderer().render(request(chart, doc("form", "modelRoute: {enabled: true}"))),
              "serving");

      assertThat(plain.keySet())
          .extracting(ObjectKey::kind)
          .containsExactlyInAnyOrder("Deployment", "Service");
      assertThat(routed.keySet())
          .extracting(ObjectKey::kind)
          .containsExactlyInAnyOrder("Deployment", "Service", "ModelRoute");
      assertThat(plain.keySet()).extracting(ObjectKey::name).contains("qwen-" + engine);
    }
  }

  @Test
  void laterValuesDocumentsOverrideEarlierOnesInOrder() {
    ChartLocation chart = ChartLocation.local(TestCharts.exampleCharts().resolve("vllm"));

    String manifest =
        renderer()
            .render(
                request(
                    chart,
                    doc(
                        "catalog",
                        "replicaCount: 1\nimage: {repository: vllm/vllm-openai, tag: v0.30.0}"),
                    doc("site", "image: {repository: mirror.local/vllm-openai}"),
                    doc("form", "replicaCount: 3")));

    assertThat(manifest)
        .contains("replicas: 3")
        .contains("image: \"mirror.local/vllm-openai:v0.30.0\"");
  }

  @Test
  void stringValuesThatLookLikeNumbersStayStrings() {
    ChartLocation chart = ChartLocation.local(TestCharts.exampleCharts().resolve("sglang"));

    String manifest =
        renderer()
            .render(
                request(
                    chart, doc("catalog", "env: [{name: NVIDIA_DISABLE_REQUIRE, value: '1'}]")));

    assertThat(manifest).contains("value: \"1\"");
  }

  @Test
  void theChartsSchemaRefusalNamesTheOffendingPaths() {
    ChartLocation chart = ChartLocation.local(TestCharts.fixtureChart("sglang"));

    assertThatThrownBy(
            () ->
                renderer()
                    .render(
                        request(
                            chart,
                            doc("catalog", "modelRoute: {bogus: true}\nreplicaCount: many"))))
        .isInstanceOfSatisfying(
            SchemaViolation.class,
            e -> {
              assertThat(e.paths()).containsExactlyInAnyOrder("modelRoute.bogus", "replicaCount");
              assertThat(e.chart()).isEqualTo("sglang");
              assertThat(e.getMessage()).contains("modelRoute.bogus").contains("replicaCount");
            });
  }

  @Test
  void theRealChartsOwnValuesValidateAgainstTheRealSchema() {
    for (String name : List.of("sglang", "vllm")) {
      Path chart = TestCharts.fixtureChart(name);
      Map<String, Object> values = readValues(chart.resolve("values.yaml"));

      String manifest =
          renderer()
              .render(request(ChartLocation.local(chart), new ValuesDocument("catalog", values)));

      assertThat(manifest).contains("name: qwen-values");
    }
  }

  @Test
  void aRepositoryChartIsFetchedAtTheRequestedVersionAndCached() {
    try (ChartRepoServer repo =
        ChartRepoServer.serving(List.of("sglang"), List.of("0.7.9", "0.8.0"))) {
      ChartLocation chart = ChartLocation.repository(repo.url(), "sglang", "0.7.9");

      String first = renderer().render(request(chart));
      String second = renderer().render(request(chart));

      assertThat(first).contains("helm.sh/chart: sglang-0.7.9").isEqualTo(second);
      assertThat(repo.archiveDownloads()).isEqualTo(1);
    }
  }

  @Test
  void aRepositoryWhoseIndexIsPastSnakeYamlsLimitServesTheChart() {
    try (ChartRepoServer repo =
        ChartRepoServer.serving(
            List.of("sglang"), List.of("0.7.9"), IndexYaml.fillerVersions(10_000))) {
      ChartLocation chart = ChartLocation.repository(repo.url(), "sglang", "0.7.9");

      assertThat(renderer().render(request(chart))).contains("helm.sh/chart: sglang-0.7.9");
    }
  }

  @Test
  void anOciChartIsPulledFromTheRegistryAtTheRequestedVersion() {
    try (OciRegistryServer registry =
        OciRegistryServer.serving(List.of("vllm"), List.of("0.7.8", "0.8.0"))) {
      String manifest =
          renderer().render(request(ChartLocation.oci(registry.url(), "vllm", "0.7.8")));

      assertThat(manifest).contains("helm.sh/chart: vllm-0.7.8").contains("kind: Deployment");
      assertThatThrownBy(
              () -> renderer().render(request(ChartLocation.oci(registry.url(), "vllm", "0.9.0"))))
          .isInstanceOf(HelmException.class)
          .hasMessageContaining("0.9.0");
    }
  }

  @Test
  void aChartVersionTheRepositoryDoesNotHaveIsRefusedNamingTheVersionsItHas() {
    try (ChartRepoServer repo = ChartRepoServer.serving(List.of("vllm"), List.of("0.8.0"))) {
      ChartLocation chart = ChartLocation.repository(repo.url(), "vllm", "9.9.9");

      assertThatThrownBy(() -> renderer().render(request(chart)))
          .isInstanceOf(HelmException.class)
          .hasMessageContaining("9.9.9")
          .hasMessageContaining("0.8.0")
          .hasMessageContaining(repo.url().replaceAll("/$", ""));
    }
  }

  @Test
  void anUnreachableRepositoryIsRefusedNamingIt() throws IOException {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    String url = "http://127.0.0.1:" + closedPort + "/charts";

    assertThatThrownBy(
            () -> renderer().render(request(ChartLocation.repository(url, "sglang", "0.8.0"))))
        .isInstanceOf(HelmException.class)
        .hasMessageContaining("unreachable")
        .hasMessageContaining(url);
  }

  @Test
  void aChartDirectoryThatDoesNotExistIsRefusedNamingIt(@TempDir Path dir) {
    Path missing = dir.resolve("nothing-here");

    assertThatThrownBy(() -> renderer().render(request(ChartLocation.local(missing))))
        .isInstanceOf(HelmException.class)
        .hasMessageContaining(missing.toString());
  }

  private static Map<String, Object> readValues(Path file) {
    try {
      return Yaml.tree(file.toString(), Files.readString(file));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
