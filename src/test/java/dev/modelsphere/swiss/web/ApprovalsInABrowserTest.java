package dev.modelsphere.swiss.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.server.TestServer;
import dev.modelsphere.swiss.testing.BrowserTest;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.nio.file.Path;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Approvals in two browsers against a protected site: a server of its own, on its own namespace,
 * whose profile says {@code requireApproval}. The profile is the whole server's, so the scenarios
 * of {@link WebUiInABrowserTest}, which write without approvals, cannot share its server.
 */
@BrowserTest
@ClusterTest
class ApprovalsInABrowserTest {
  @RegisterExtension static final KubeCluster cluster = KubeCluster.perClass();

  private static final String DEPLOYING =
      "  allowDeploy: true\n  database: ${dir}/swiss.db\n  auth:\n    dir: ${dir}/auth\n";
  private static final String RELEASE = "approved-first";
  private static final String APPROVER = "bob";

  @TempDir static Path dir;
  private static TestServer server;
  private static AdminApi api;

  @BeforeAll
  static void serve() {
    Crds.installLlmService(cluster.admin());
    server = TestServer.onDemoSite(dir, cluster, cluster.namespace(), DEPLOYING, "web");
    api = new AdminApi(server, cluster.namespace());
    api.requireApproval();
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void requestsAnApprovalAnotherUserApprovesItInASecondBrowserAndTheInstallGoesThrough() {
    BrowserScenario.of(
            "requests-an-approval-and-installs-once-another-user-approves.mjs",
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
    JsonNode install =
        StreamSupport.stream(api.runs(RELEASE).spliterator(), false)
            .filter(run -> run.path("action").asText().equals("install"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no install run of " + RELEASE));
    assertThat(install.path("actor").asText()).isEqualTo(TestServer.USER);
    assertThat(install.path("approvedBy").asText()).isEqualTo(APPROVER);
    assertThat(install.path("revision").asInt()).isEqualTo(1);
  }
}
