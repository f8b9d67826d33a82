package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.testing.CanaryExperimentSimulation.Experiment;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.DemoSimulations;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.SharedFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code hack/demo} shows of the Canary relationships, on a test namespace: with the demo's
 * SIMULATED operator and Canary controller running ({@link DemoSimulations}), the CLI installs the
 * demo's three LLMServices from the demo catalog, and {@code swiss list} reports one standalone,
 * one referenced and one owned. If this fails, so does the demo.
 */
@ClusterTest
class DemoCanaryRelationshipsOnAClusterTest {
  private static final Experiment EXPERIMENT =
      new Experiment("granite-upgrade", "granite", "granite-candidate");

  @TempDir Path dir;
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @Test
  void theDemosThreeLlmServicesAreListedStandaloneReferencedAndOwned()
      throws IOException, InterruptedException {
    try (DemoSimulations simulations =
        DemoSimulations.start(
            cluster.admin(),
            cluster.namespace(),
            EXPERIMENT,
            0,
            cluster.helmReleases(),
            () -> {})) {
      Path config = llmServiceConfig(simulations.chartRepo());

      install(config, "phi-4-mini", "1.0.0", "phi");
      install(config, "granite-3.3-8b", "1.0.0", "granite");
      install(config, "granite-3.3-8b", "1.1.0", "granite-candidate");
      assertThat(simulations.canary().awaitBothMarked(30, TimeUnit.SECONDS))
          .as("the simulated Canary controller marked both arms")
          .isTrue();

      Map<String, JsonNode> rows = listed(config);
      assertThat(rows.keySet()).containsExactly("granite", "granite-candidate", "phi");
      assertThat(rows.get("phi").path("canaryState").asText()).isEqualTo("standalone");
      assertThat(rows.get("granite").path("canaryState").asText()).isEqualTo("referenced");
      assertThat(rows.get("granite").path("assignedTo").path("name").asText())
          .isEqualTo(EXPERIMENT.name());
      assertThat(rows.get("granite").path("assignedTo").path("verified").asBoolean()).isTrue();
      assertThat(rows.get("granite-candidate").path("canaryState").asText()).isEqualTo("owned");
      assertThat(rows.get("granite-candidate").path("managedBy").path("name").asText())
          .isEqualTo(EXPERIMENT.name());
      assertThat(rows.get("granite-candidate").path("managedBy").path("verified").asBoolean())
          .isTrue();
      assertThat(rows.values())
          .allSatisfy(row -> assertThat(row.path("backend").asText()).isEqualTo("llmsvc"));
    }
  }

  /**
   * The demo's profile with the simulation's registry for its charts, as hack/demo writes it: the
   * operator takes charts from a repository only.
   */
  private Path llmServiceConfig(String chartRepo) throws IOException {
    String demoProfile =
        Files.readString(SharedFixtures.project().resolve("examples/site-demo.yaml"));
    Path profile =
        Files.writeString(
            dir.resolve("site.yaml"),
            demoProfile.replaceFirst("(?m)^chartPath: .*$", "chartRepo: " + chartRepo));
    return Files.writeString(
        dir.resolve("swiss.yaml"),
        """
        catalog: %s
        cluster:
          profile:
            file: %s
        server:
          applyWith: llmsvc
          database: %s
        """
            .formatted(
                SharedFixtures.project().resolve("examples/catalog"),
                profile,
                dir.resolve("swiss.db")));
  }

  private void install(Path config, String model, String version, String release) {
    CliRun run =
        swiss(
            "install",
            "--config",
            config.toString(),
            "--model",
            model,
            "--model-version",
            version,
            "--release",
            release,
            "--namespace",
            cluster.namespace());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains(cluster.namespace() + "/" + release + " revision 1");
  }

  /** The rows of {@code swiss list -o json} on the test's namespace, by release. */
  private Map<String, JsonNode> listed(Path config) throws IOException {
    CliRun run =
        swiss("list", "--config", config.toString(), "-n", cluster.namespace(), "-o", "json");
    assertThat(run.exitCode()).as(run.err()).isZero();
    Map<String, JsonNode> rows = new LinkedHashMap<>();
    for (JsonNode row : new ObjectMapper().readTree(run.out()).path("deployments")) {
      rows.put(row.path("release").asText(), row);
    }
    return rows;
  }

  private CliRun swiss(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--kubeconfig", cluster.kubeconfig().toString()));
    return CliRun.of(all.toArray(String[]::new));
  }
}
