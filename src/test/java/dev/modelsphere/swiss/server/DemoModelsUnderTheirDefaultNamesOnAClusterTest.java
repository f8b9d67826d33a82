package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.plan.ReleaseName;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the API server would refuse is refused before anything is written, and never answered as a
 * server error: every model of the demo catalog installs under its default release name (dots made
 * dashes) or is refused by preflight with a 400 naming the object; an object the API server refuses
 * is named with its field by preflight's dry run; one it can only refuse at the write (in a
 * namespace the plan creates) is a 400 too.
 */
@ClusterTest
class DemoModelsUnderTheirDefaultNamesOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String SERVER = TestServer.DEPLOYING_WITHOUT_LOGIN;

  @TempDir Path dir;
  private TestServer server;
  private final List<String> madeNamespaces = new ArrayList<>();

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
    madeNamespaces.forEach(ns -> cluster.admin().namespaces().withName(ns).delete());
  }

  @Test
  void everyDemoModelInstallsUnderItsDefaultNameOrIsRefusedByPreflightWith400() throws IOException {
    server = TestServer.onDemoSite(dir, cluster, SERVER);

    for (String model : demoModels()) {
      JsonNode plan =
          server
              .post(
                  "/api/plans",
                  "{\"model\": \"%s\", \"namespace\": \"%s\"}"
                      .formatted(model, cluster.namespace()))
              .ok();
      String release = plan.path("release").path("name").asText();
      assertThat(release).as(model).isEqualTo(ReleaseName.fromDefault(model));
      TestServer.Reply install =
          server.post(
              "/api/install", "{\"planHash\": \"%s\"}".formatted(plan.path("hash").asText()));

      assertThat(install.status()).as("install %s: %s", model, install.body()).isIn(200, 400);
      if (install.status() == 400) {
        assertThat(plan.path("preflight").path("ok").asBoolean()).as(model).isFalse();
        assertThat(install.body()).as(model).contains("dry-run");
        assertNothingWritten(release);
      } else {
        assertThat(TestServer.json(install.body()).path("release").asText()).isEqualTo(release);
      }
      // The kwok nodes' GPUs are shared with other tests.
      server.delete("/api/releases/%s/%s".formatted(cluster.namespace(), release));
    }
  }

  @Test
  void aServiceNameTheApiServerRefusesIsRefusedByPreflightWith400NamingItAndNothingIsWritten() {
    server = TestServer.onDemoSite(dir, cluster, SERVER);
    String service = "p-granite-3.3-8b-vllm-tp1-vllm";

    JsonNode plan =
        server
            .post(
                "/api/plans",
                """
                {"model": "granite-3.3-8b", "namespace": "%s", "serviceId": "dotted",
                 "editsYAML": "fullnameOverride: %s\\n"}
                """
                    .formatted(cluster.namespace(), service))
            .ok();
    JsonNode problem = plan.path("preflight").path("problems").path(0);
    assertThat(plan.path("preflight").path("ok").asBoolean()).isFalse();
    assertThat(problem.path("rule").asText()).isEqualTo("dry-run");
    assertThat(problem.path("field").asText()).isEqualTo("metadata.name");
    assertThat(problem.path("message").asText()).contains("Service/" + service, "DNS-1035");

    TestServer.Reply install =
        server.post("/api/install", "{\"planHash\": \"%s\"}".formatted(plan.path("hash").asText()));

    assertThat(install.status()).as(install.body()).isEqualTo(400);
    assertThat(install.body()).contains("Service/" + service, "metadata.name");
    assertNothingWritten("dotted");
  }

  @Test
  void anObjectTheApiServerRefusesAtTheWriteIsA400NamingItNeverAServerError() {
    // A namespace the plan creates: nothing in it can be dry-run before it exists, so the Service's
    // type, which is no name, is refused by the write itself.
    String made = "t-refused" + cluster.namespace().substring(cluster.namespace().lastIndexOf('-'));
    madeNamespaces.add(made);
    server = TestServer.onDemoSite(dir, cluster, made, SERVER, "test-web");
    JsonNode plan =
        server
            .post(
                "/api/plans",
                """
                {"model": "smollm3-3b", "namespace": "%s", "createNamespace": true,
                 "editsYAML": "service:\\n  type: Bogus\\n"}
                """
                    .formatted(made))
            .ok();
    assertThat(plan.path("preflight").path("ok").asBoolean()).as(plan.toString()).isTrue();

    TestServer.Reply install =
        server.post("/api/install", "{\"planHash\": \"%s\"}".formatted(plan.path("hash").asText()));

    assertThat(install.status()).as(install.body()).isEqualTo(400);
    assertThat(install.body()).contains("Service/smollm3-3b-sglang", "spec.type", "Bogus");
  }

  private void assertNothingWritten(String release) {
    assertThat(
            cluster
                .admin()
                .secrets()
                .inNamespace(cluster.namespace())
                .withLabel("name", release)
                .list()
                .getItems())
        .as("no helm revision of %s", release)
        .isEmpty();
    assertThat(
            cluster.kube().configMap(cluster.namespace(), PlanConfigMapName.of(release).toString()))
        .as("no plan beside %s", release)
        .isEmpty();
    assertThat(
            cluster.admin().apps().deployments().inNamespace(cluster.namespace()).list().getItems())
        .as("no Deployment of %s", release)
        .noneMatch(
            d -> release.equals(d.getMetadata().getLabels().get("app.kubernetes.io/instance")));
  }

  /** The demo catalog's models, as its index lists them. */
  private static List<String> demoModels() throws IOException {
    JsonNode index =
        new ObjectMapper()
            .readTree(TestCharts.project().resolve("examples/catalog/index.json").toFile());
    List<String> models = new ArrayList<>();
    index.path("models").forEach(m -> models.add(m.path("name").asText()));
    assertThat(models)
        .as("the demo catalog has a model with a dot in its name")
        .anyMatch(m -> m.contains("."));
    return models;
  }
}
