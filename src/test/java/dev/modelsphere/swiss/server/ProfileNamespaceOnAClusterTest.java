package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.SharedFixtures;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * backends.md §1.5 over HTTP: a write that names no namespace goes to the site profile's, and with
 * neither it is refused naming the release.
 */
@ClusterTest
class ProfileNamespaceOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String RELEASE = "tiny";

  @TempDir Path dir;
  private TestServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  /** A deploying server whose site profile says {@code namespaceLine} (or nothing). */
  private void serve(String namespaceLine) {
    String profile =
        """
        name: test-site
        %s
        chartPath: %s
        model:
          pathTemplate: /models/{{org}}/{{name}}
        """
            .formatted(namespaceLine, TestCharts.exampleCharts());
    server =
        TestServer.onCluster(
            dir,
            cluster,
            cluster.admin(),
            TestServer.DEPLOYING_WITHOUT_LOGIN,
            SharedFixtures.project().resolve("examples/catalog").toString(),
            profile);
  }

  @Test
  void aPlanAndAnUpgradeWithoutANamespaceUseTheProfilesAndInstallThere() {
    serve("namespace: " + cluster.namespace());

    JsonNode plan =
        server
            .post(
                "/api/plans", "{\"model\": \"smollm3-3b\", \"release\": \"%s\"}".formatted(RELEASE))
            .ok();
    JsonNode installed =
        server
            .post("/api/install", "{\"planHash\": \"%s\"}".formatted(plan.path("hash").asText()))
            .ok();
    JsonNode upgrade =
        server
            .post(
                "/api/plans",
                "{\"fromRelease\": \"%s\", \"overrides\": {\"replicaCount\": 2}}"
                    .formatted(RELEASE))
            .ok();

    assertThat(plan.path("release").path("namespace").asText()).isEqualTo(cluster.namespace());
    assertThat(installed.path("revision").asInt()).isEqualTo(1);
    assertThat(
            cluster.kube().configMap(cluster.namespace(), PlanConfigMapName.of(RELEASE).toString()))
        .isPresent();
    assertThat(upgrade.path("release").path("namespace").asText())
        .as("the upgrade found the release in the profile's namespace")
        .isEqualTo(cluster.namespace());
    assertThat(upgrade.path("layers").path("form").path("replicaCount").asInt()).isEqualTo(2);
  }

  @Test
  void aPlanWithoutANamespaceIsRefusedNamingTheReleaseWhenTheProfileHasNone() {
    serve("");

    TestServer.Reply refused =
        server.post(
            "/api/plans", "{\"model\": \"smollm3-3b\", \"release\": \"%s\"}".formatted(RELEASE));

    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.body())
        .contains(
            "no namespace for release \\\"%s\\\": pass one, or set namespace in the site profile"
                .formatted(RELEASE));
  }
}
