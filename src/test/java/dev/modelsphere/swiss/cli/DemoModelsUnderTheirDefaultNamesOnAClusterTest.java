package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.plan.ReleaseName;
import dev.modelsphere.swiss.server.TestServer;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code swiss install --model M} run locally, for every model of the demo catalog with no {@code
 * --release}: each installs under its default name, dots made dashes, as the API's does.
 */
@ClusterTest
class DemoModelsUnderTheirDefaultNamesOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @TempDir Path dir;

  @Test
  void everyDemoModelInstallsFromTheCommandLineUnderItsDefaultName() throws IOException {
    Path profile = Files.writeString(dir.resolve("profile.yaml"), TestServer.DEMO_PROFILE);

    for (String model : demoModels()) {
      String release = ReleaseName.fromDefault(model);
      CliRun install =
          swiss(
              "install",
              "--catalog",
              TestServer.DEMO_CATALOG,
              "--profile",
              profile.toString(),
              "--model",
              model,
              "--namespace",
              cluster.namespace());

      assertThat(install.exitCode()).as("install %s: %s", model, install.err()).isZero();
      assertThat(install.out()).contains(cluster.namespace() + "/" + release + " revision 1");
      // The kwok nodes' GPUs are shared with other tests.
      CliRun uninstall =
          swiss("uninstall", "--release", release, "--namespace", cluster.namespace());
      assertThat(uninstall.exitCode()).as(uninstall.err()).isZero();
    }
  }

  private CliRun swiss(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--kubeconfig", cluster.kubeconfig().toString()));
    return CliRun.of(all.toArray(String[]::new));
  }

  /** The demo catalog's models, as its index lists them; one has a dot in its name. */
  private static List<String> demoModels() throws IOException {
    JsonNode index =
        new ObjectMapper()
            .readTree(TestCharts.project().resolve("examples/catalog/index.json").toFile());
    List<String> models = new ArrayList<>();
    index.path("models").forEach(m -> models.add(m.path("name").asText()));
    assertThat(models).anyMatch(m -> m.contains("."));
    return models;
  }
}
