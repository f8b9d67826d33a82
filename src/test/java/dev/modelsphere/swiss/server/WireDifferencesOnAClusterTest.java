package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import dev.modelsphere.swiss.testing.SharedFixtures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The wire differences of issue 16 that need a release on the test cluster, over real HTTP: each
 * test is one difference from the reference's handlers, or one that fuzzing the API description
 * found (a name that cannot exist answered as if the API server had failed).
 */
@ClusterTest
class WireDifferencesOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String NO_LOGIN = "  auth:\n    disabled: true\n";
  private static final String RELEASE = "a-helm";

  @TempDir Path dir;
  private final ReleaseSeeds seeds = new ReleaseSeeds(cluster);
  private TestServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private void installed() {
    cluster.deployer().apply(seeds.plan(RELEASE), Mode.INSTALL, ApplyOptions.install());
  }

  private String release(String name) {
    return "/api/releases/%s/%s".formatted(cluster.namespace(), name);
  }

  @Test
  void aStatusAnswersWithoutUrlAndAuthHeaderWhenTheProfileCannotBeRead() {
    installed();
    server =
        TestServer.onCluster(
            dir,
            cluster,
            cluster.admin(),
            NO_LOGIN,
            SharedFixtures.modelCatalog().toString(),
            "name: test-site\n");

    TestServer.Reply r = server.get(release(RELEASE) + "/status");

    assertThat(r.status()).as(r.body()).isEqualTo(200);
    JsonNode status = TestServer.json(r.body());
    assertThat(status.path("exists").asBoolean()).isTrue();
    assertThat(status.path("route").asText()).isNotEmpty();
    assertThat(status.has("url")).isFalse();
    assertThat(status.has("authHeader")).isFalse();
    assertThat(status.path("authPrefix").isTextual()).isTrue();
    assertThat(status.path("authPrefix").asText()).isEmpty();
  }

  @Test
  void revisionValuesCarryValuesBesideAllAndARevisionHelmDoesNotKeepIsNotFound() {
    installed();
    server = TestServer.onCluster(dir, cluster, NO_LOGIN);

    JsonNode one = server.get(release(RELEASE) + "/revisions/1/values").ok();
    TestServer.Reply zero = server.get(release(RELEASE) + "/revisions/0/values");
    TestServer.Reply seven = server.get(release(RELEASE) + "/revisions/7/values");
    TestServer.Reply unknown = server.get(release("nobody") + "/revisions/1/values");

    assertThat(one.path("values").asText()).isNotEmpty().isEqualTo(one.path("all").asText());
    assertThat(zero.status()).as(zero.body()).isEqualTo(404);
    assertThat(seven.status()).as(seven.body()).isEqualTo(404);
    assertThat(seven.body()).contains("7");
    assertThat(unknown.status()).as(unknown.body()).isEqualTo(404);
  }

  @Test
  void aNamespaceOrReleaseThatCannotExistIs400NamingTheRuleOnEveryReleaseRoute() {
    server =
        TestServer.onCluster(
            dir, cluster, "  allowDeploy: true\n  database: ${dir}/swiss.db\n" + NO_LOGIN);
    String tooLong = "r".repeat(54);
    List<String> names = List.of("%C3%B6", "%40%C3%82%27", "v%13%C3%99", "Upper", tooLong);

    for (String name : names) {
      for (String path : releaseRoutes(release(name))) {
        assertNameRefused(path, "release");
      }
    }
    for (String path : releaseRoutes("/api/releases/%C3%B6%E2%84%AD/" + RELEASE)) {
      assertNameRefused(path, "namespace");
    }
    assertThat(server.get(release(RELEASE) + "/status").status())
        .as("a name that can exist is looked up")
        .isEqualTo(200);
  }

  private void assertNameRefused(String methodAndPath, String which) {
    String[] parts = methodAndPath.split(" ", 2);
    TestServer.Reply r =
        switch (parts[0]) {
          case "GET" -> server.get(parts[1]);
          case "DELETE" -> server.delete(parts[1]);
          default -> server.post(parts[1], "{}");
        };
    assertThat(r.status()).as("%s answered %s", methodAndPath, r.body()).isEqualTo(400);
    assertThat(TestServer.json(r.body()).path("error").asText()).contains(which, "cannot exist");
  }

  private static List<String> releaseRoutes(String base) {
    return List.of(
        "GET " + base + "/status",
        "GET " + base + "/objects",
        "GET " + base + "/revisions",
        "GET " + base + "/plan",
        "GET " + base + "/revisions/1/values",
        "GET " + base + "/revisions/1/plan",
        "GET " + base + "/slo",
        "POST " + base + "/probe",
        "POST " + base + "/chat",
        "POST " + base + "/revisions/1/diff",
        "POST " + base + "/rollback",
        "DELETE " + base);
  }
}
