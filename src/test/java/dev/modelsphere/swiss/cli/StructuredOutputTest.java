package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.modelsphere.swiss.plan.ReleaseRef;
import dev.modelsphere.swiss.server.OpenApiContract;
import org.junit.jupiter.api.Test;

/** {@code -o json|yaml} on the offline commands: the API's answer for the same thing. */
class StructuredOutputTest {
  private static final String DEMO_CATALOG = OfflineCliTest.DEMO_CATALOG;
  private static final String REAL_CATALOG = OfflineCliTest.REAL_CATALOG;

  @Test
  void catalogListAsJsonIsTheAnswerOfGetApiCatalog() throws Exception {
    CliRun run = CliRun.of("catalog", "list", "--catalog", REAL_CATALOG, "-o", "json");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(OpenApiContract.get().problems("GET", "/api/catalog", 200, run.out())).isEmpty();
    JsonNode answer = new ObjectMapper().readTree(run.out());
    assertThat(answer.path("name").asText()).isEqualTo("default");
    assertThat(answer.path("ref").asText()).startsWith("sha256:");
    assertThat(answer.at("/index/models").size()).isGreaterThan(3);
    assertThat(run.err()).as("no notes beside an answer meant for a script").isEmpty();
  }

  @Test
  void catalogShowAsJsonIsTheAnswerOfGetApiCatalogModel() throws Exception {
    CliRun run =
        CliRun.of("catalog", "show", "smollm3-3b", "--catalog", DEMO_CATALOG, "-o", "json");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(OpenApiContract.get().problems("GET", "/api/catalog/smollm3-3b", 200, run.out()))
        .isEmpty();
    assertThat(new ObjectMapper().readTree(run.out()).at("/entry/name").asText())
        .isEqualTo("smollm3-3b");
  }

  @Test
  void yamlCarriesTheSameAnswerAsJson() throws Exception {
    JsonNode json =
        new ObjectMapper()
            .readTree(
                CliRun.of("catalog", "show", "smollm3-3b", "--catalog", DEMO_CATALOG, "-o", "json")
                    .out());
    JsonNode yaml =
        new YAMLMapper()
            .readTree(
                CliRun.of("catalog", "show", "smollm3-3b", "--catalog", DEMO_CATALOG, "-o", "yaml")
                    .out());

    assertThat(yaml).isEqualTo(json);
  }

  @Test
  void anUnknownModelSuggestsTheNearestNames() {
    CliRun run = CliRun.of("catalog", "show", "smolm3-3b", "--catalog", DEMO_CATALOG);

    assertThat(run.exitCode()).isNotZero();
    assertThat(run.err()).contains("no model \"smolm3-3b\"", "did you mean smollm3-3b?");
  }

  @Test
  void statusShowsTheRouteAndWhereItIsReached() throws Exception {
    JsonNode status =
        new ObjectMapper()
            .readTree(
                """
                {"exists": true, "revision": 2, "backend": "helm", "canaryState": "standalone",
                 "route": "qwen", "url": "https://llm.example/qwen", "ready": 1, "total": 1,
                 "pods": []}
                """);

    String rows = StatusCommand.rows(new ReleaseRef("qwen", "models"), status);

    assertThat(rows).contains("route     qwen at https://llm.example/qwen", "revision  2");
  }

  @Test
  void theTableStaysTheDefault() {
    CliRun run = CliRun.of("catalog", "list", "--catalog", DEMO_CATALOG);

    assertThat(run.out()).startsWith("MODEL");
  }
}
