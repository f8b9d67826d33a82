package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.helm.ChartLocation;
import dev.modelsphere.swiss.helm.RenderRequest;
import dev.modelsphere.swiss.helm.TestCharts;
import dev.modelsphere.swiss.helm.ValuesDocument;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 38, finding 9: a helm release installed by hand, with no swiss plan beside it, is read-only
 * to swiss and hidden behind the admin role until it is adopted. alice is a user a trusted proxy
 * names; carol is one {@code server.auth.admins} lists.
 */
@ClusterTest
class UnmanagedReleasesOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String SERVER =
      "  allowDeploy: true\n  database: ${dir}/swiss.db\n  auth:\n    dir: ${dir}/auth\n"
          + "    admins: [carol]\n";

  @TempDir Path dir;
  private TestServer server;

  @BeforeEach
  void installByHandAndServe() {
    cluster
        .helmReleases()
        .install(
            new RenderRequest(
                ChartLocation.local(TestCharts.exampleCharts().resolve("vllm")),
                "by-hand",
                cluster.namespace(),
                List.of(new ValuesDocument("mine", Map.of("replicaCount", 2L)))),
            false,
            false);
    server =
        TestServer.onCluster(
            dir,
            cluster,
            cluster.admin(),
            SERVER,
            TestServer.DEMO_CATALOG,
            TestServer.DEMO_PROFILE);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static String[] as(String user) {
    return new String[] {"Authorization", "Bearer " + TestServer.PROXY_KEY, "X-Remote-User", user};
  }

  private String release() {
    return "/api/releases/%s/by-hand".formatted(cluster.namespace());
  }

  private List<String> listed(String user) {
    List<String> rows = new ArrayList<>();
    JsonNode page = server.get("/api/deployments", as(user)).ok();
    for (JsonNode row : page.path("deployments")) {
      rows.add(
          row.path("release").asText() + (row.path("untracked").asBoolean() ? " untracked" : ""));
    }
    rows.add("summary untracked " + page.path("summary").path("untracked").asInt());
    return rows;
  }

  @Test
  void aUserWhoIsNotAnAdminCannotReadTheValuesOfAHandInstalledReleaseNorSeeItListed() {
    // The attack of finding 9: any user read the Helm values of a release swiss does not manage.
    TestServer.Reply byAlice = server.get(release() + "/revisions/1/values", as("alice"));
    TestServer.Reply byCarol = server.get(release() + "/revisions/1/values", as("carol"));

    assertThat(byAlice.status()).as(byAlice.body()).isEqualTo(403);
    assertThat(TestServer.json(byAlice.body()).path("error").asText())
        .contains(cluster.namespace() + "/by-hand", "does not manage", "admin role", "--adopt");
    assertThat(byCarol.ok().path("supplied").asText()).contains("replicaCount: 2");
    assertThat(listed("alice")).containsExactly("summary untracked 0");
    assertThat(listed("carol")).containsExactly("by-hand untracked", "summary untracked 1");
  }

  @Test
  void nobodyCanUninstallApplyOrRollBackAHandInstalledReleaseThroughSwissUntilItIsAdopted() {
    String plan =
        server
            .post(
                "/api/plans",
                """
                {"model": "mistral-small-24b", "version": "1.0.0", "namespace": "%s", "serviceId": "by-hand"}
                """
                    .formatted(cluster.namespace()),
                as("alice"))
            .ok()
            .path("hash")
            .asText();

    // The attack of finding 9: any user uninstalled a hand-installed release.
    TestServer.Reply uninstall = server.delete(release(), as("alice"));
    TestServer.Reply byAnAdmin = server.delete(release(), as("carol"));
    TestServer.Reply apply =
        server.post(
            "/api/apply",
            "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(plan),
            as("alice"));
    TestServer.Reply rollback =
        server.post(
            release() + "/rollback", "{\"toRevision\": 1, \"expectRevision\": 1}", as("carol"));

    for (TestServer.Reply refused : List.of(uninstall, byAnAdmin, apply, rollback)) {
      assertThat(refused.status()).as(refused.body()).isEqualTo(409);
      assertThat(TestServer.json(refused.body()).path("error").asText())
          .contains("by-hand", "does not manage", "Adopt it first", "swiss install --adopt");
    }
    assertThat(TestServer.json(uninstall.body()).path("error").asText()).contains("its uninstall");
    assertThat(cluster.deployer().status(cluster.namespace(), "by-hand").revision()).isEqualTo(1);
    assertThat(server.get("/api/runs?release=by-hand", as("carol")).ok().path("runs")).isEmpty();
  }
}
