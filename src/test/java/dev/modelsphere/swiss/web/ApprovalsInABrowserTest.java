package dev.modelsphere.swiss.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.server.TestServer;
import dev.modelsphere.swiss.testing.BrowserTest;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Approvals in two browsers against a protected site: a server of its own, on its own namespace,
 * whose profile says {@code requireApproval}. The profile is the whole server's, so the scenarios
 * of {@link WebUiInABrowserTest}, which write without approvals, cannot share its server.
 */
@BrowserTest
@ClusterTest
@ExtendWith(BrowserReport.class)
class ApprovalsInABrowserTest {
  @RegisterExtension static final KubeCluster cluster = KubeCluster.perClass();

  private static final String RELEASE = "approved-first";
  private static final String APPROVER = "bob";

  @TempDir static Path dir;
  private static TestServer server;
  private static AdminApi api;

  @BeforeAll
  static void serve() throws IOException {
    Crds.installLlmService(cluster.admin());
    server = protectedSite();
    api = new AdminApi(server, cluster.namespace());
    assertThat(api.profile().path("profile").path("requireApproval").asBoolean())
        .as("the site requires approval")
        .isTrue();
  }

  /**
   * A deploying server with login on, the real UI, our demo catalog and charts, and the demo
   * profile plus {@code requireApproval}: the config file {@code swiss serve --config} would read,
   * written here since the shared starters bring their own profile.
   */
  private static TestServer protectedSite() throws IOException {
    Path auth = Files.createDirectories(dir.resolve("auth"));
    Files.writeString(auth.resolve("username"), TestServer.USER + "\n");
    Files.writeString(auth.resolve("password"), TestServer.PASSWORD + "\n");
    // The key of the trusted proxy through which the scenario's second user signs in.
    Files.writeString(auth.resolve("proxyKey"), TestServer.PROXY_KEY);
    Files.writeString(
        dir.resolve("profile.yaml"), TestServer.DEMO_PROFILE + "requireApproval: true\n");
    Path config = dir.resolve("swiss.yaml");
    Files.writeString(
        config,
        """
        catalog: %s
        cluster:
          namespaces: [%s]
          profile:
            file: ./profile.yaml
        server:
          allowDeploy: true
          database: %s
          auth:
            dir: %s
        """
            .formatted(
                TestServer.DEMO_CATALOG, cluster.namespace(), dir.resolve("swiss.db"), auth));
    String kubeconfig = Files.readString(cluster.kubeconfig());
    return TestServer.fromConfig(
            config, cluster.admin(), o -> o.withWebRoot("web").withHelmKubeConfig(kubeconfig))
        .awaitReady();
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void
      requestsAnApprovalAnotherUserApprovesItInASecondBrowserAndTheInstallThenTheUninstallGoThrough() {
    BrowserScenario.of(
            "requests-an-approval-and-installs-once-another-user-approves.spec.mjs",
            server,
            cluster.namespace())
        .with("MODEL", "smollm3-3b")
        .with("VARIANT", "sglang-tp1")
        .with("RELEASE", RELEASE)
        .with("APPROVER", APPROVER)
        // The second user reaches the server as a trusted proxy vouches for one.
        .with("SWISS_PROXY_KEY", TestServer.PROXY_KEY)
        .run();

    // What the browser showed is what the audit log keeps: alice asked, bob approved, alice wrote.
    for (String action : List.of("install", "uninstall")) {
      JsonNode run =
          StreamSupport.stream(api.runs(RELEASE).spliterator(), false)
              .filter(r -> r.path("action").asText().equals(action))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no " + action + " run of " + RELEASE));
      assertThat(run.path("actor").asText()).as(action).isEqualTo(TestServer.USER);
      assertThat(run.path("approvedBy").asText()).as(action).isEqualTo(APPROVER);
      assertThat(run.path("error").asText()).as(action).isEmpty();
    }
  }
}
