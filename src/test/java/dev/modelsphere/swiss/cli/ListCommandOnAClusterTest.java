package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.modelsphere.swiss.server.OpenApiContract;
import dev.modelsphere.swiss.server.TestServer;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code swiss list}: the deployments view of the server, read from the cluster by the CLI. */
@ClusterTest
class ListCommandOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster().withLlmServiceCrd();

  private static final List<String> COMPARED =
      List.of("release", "namespace", "backend", "phase", "drift", "canaryState", "untracked");

  @TempDir Path dir;
  private final ReleaseSeeds seeds = new ReleaseSeeds(cluster);

  @BeforeEach
  void seed() {
    seeds.recordPlan(seeds.plan("managed"), ReleaseSeeds.status("applied", ""));
    seeds.storeRevision("managed", 2, "deployed");
    seeds.storeRevision("by-hand", 1, "deployed");
    seeds.service(seeds.repoPlan("served"), Map.of(), Map.of());
  }

  private CliRun list(String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "list",
                "-n",
                cluster.namespace(),
                "--kubeconfig",
                cluster.kubeconfig().toString()));
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  @Test
  void jsonIsTheApiAnswerOfAServerWithTheSameConfig() throws Exception {
    try (TestServer server = TestServer.onCluster(dir, cluster, "  auth:\n    disabled: true\n")) {
      JsonNode served = TestServer.json(server.get("/api/deployments").body());

      CliRun run = list("-o", "json", "--config", dir.resolve("swiss.yaml").toString());

      assertThat(run.exitCode()).as(run.err()).isZero();
      assertThat(OpenApiContract.get().problems("GET", "/api/deployments", 200, run.out()))
          .as("the documented answer of GET /api/deployments")
          .isEmpty();
      JsonNode listed = new ObjectMapper().readTree(run.out());
      assertThat(compared(listed)).isEqualTo(compared(served)).hasSize(3);
      assertThat(listed.path("cluster")).isEqualTo(served.path("cluster"));
      assertThat(listed.path("catalogRef")).isEqualTo(served.path("catalogRef"));
      assertThat(listed.path("summary").path("untracked").asInt()).isEqualTo(1);
    }
  }

  @Test
  void yamlIsTheSameAnswerAsJson() throws Exception {
    JsonNode json = new ObjectMapper().readTree(list("-o", "json").out());
    JsonNode yaml = new YAMLMapper().readTree(list("-o", "yaml").out());

    assertThat(yaml).isEqualTo(json);
  }

  @Test
  void theTableNamesEachReleaseWithItsBackendPhaseAndCanaryInAHundredColumns() {
    CliRun run = list();

    assertThat(run.exitCode()).as(run.err()).isZero();
    List<String> lines = run.out().lines().toList();
    assertThat(lines.get(0)).startsWith("RELEASE").contains("BACKEND", "PHASE", "CANARY");
    assertThat(lines).hasSize(4).allSatisfy(line -> assertThat(line.length()).isLessThan(100));
    assertThat(lines)
        .anySatisfy(line -> assertThat(line).contains("by-hand", "helm", "untracked"))
        .anySatisfy(line -> assertThat(line).contains("managed", "helm", "applied", "standalone"))
        .anySatisfy(line -> assertThat(line).contains("served", "llmsvc"));
    assertThat(list("-o", "wide").out().lines().findFirst().orElseThrow())
        .contains("CHART", "STATUS", "UPDATED");
  }

  @Test
  void everyNamespaceListsTheNamespaceColumn() {
    CliRun run = CliRun.of("list", "-A", "--kubeconfig", cluster.kubeconfig().toString());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().lines().findFirst().orElseThrow()).startsWith("NAMESPACE");
    assertThat(run.out()).contains(cluster.namespace());
  }

  @Test
  void anUnknownFormatIsRefusedListingTheFormats() {
    CliRun run = list("-o", "xml");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("-o xml is not one of table, wide, json, yaml");
  }

  /** The members both answers share, row by row: the server adds what its catalogs say. */
  private static List<Map<String, String>> compared(JsonNode answer) {
    List<Map<String, String>> rows = new ArrayList<>();
    for (JsonNode row : answer.path("deployments")) {
      Map<String, String> kept = new java.util.TreeMap<>();
      COMPARED.forEach(key -> kept.put(key, row.path(key).asText()));
      rows.add(kept);
    }
    return rows;
  }
}
