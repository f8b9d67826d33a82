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
  void statusNamesTheChartDigestAndARollbackForcedPastARePushedChart() throws Exception {
    String ran = "sha256:" + "a1".repeat(32);
    String now = "sha256:" + "b2".repeat(32);
    JsonNode status =
        new ObjectMapper()
            .readTree(
                """
                {"exists": true, "revision": 3, "backend": "helm", "canaryState": "standalone",
                 "planStatus": {"phase": "applied", "action": "rollback", "revision": 3,
                                "chartDigest": "%s", "chartForcedFrom": "%s"},
                 "ready": 0, "total": 0, "pods": []}
                """
                    .formatted(now, ran));

    String rows = StatusCommand.rows(new ReleaseRef("qwen", "models"), status);

    assertThat(rows)
        .contains(
            "chart     sha256:b2b2b2b2b2b2 (rolled back past a re-pushed chart: the revision had"
                + " run sha256:a1a1a1a1a1a1)");
  }

  @Test
  void historyShowsEachRevisionsChartDigestShortUnlessWide() throws Exception {
    String digest = "sha256:" + "c3".repeat(32);
    JsonNode answer =
        new ObjectMapper()
            .readTree(
                """
                {"release": "qwen", "namespace": "models", "revisions": [
                  {"revision": 2, "model": "qwen3-8b", "chart": "sglang-0.8.0",
                   "chartDigest": "%s", "current": true},
                  {"revision": 1, "model": "qwen3-8b", "chart": "sglang-0.8.0"}]}
                """
                    .formatted(digest));

    assertThat(HistoryCommand.table(answer, false))
        .contains("CHART DIGEST", "sha256:c3c3c3c3c3c3 ")
        .doesNotContain(digest);
    assertThat(HistoryCommand.table(answer, true)).contains(digest);
  }

  @Test
  void theTableStaysTheDefault() {
    CliRun run = CliRun.of("catalog", "list", "--catalog", DEMO_CATALOG);

    assertThat(run.out()).startsWith("MODEL");
  }
}
