package dev.modelsphere.swiss.web;

import dev.modelsphere.swiss.server.TestServer;
import dev.modelsphere.swiss.testing.Crds;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web UI in Debian's Chromium against one real {@code swiss serve} on the test cluster: our
 * demo catalog and charts, kwok nodes that run the pods, login on. Java owns the cluster and the
 * server; each test runs one Node scenario of {@code web/e2e/} (see {@link BrowserScenario}) and
 * does what the scenario asks to happen behind the UI's back. Screenshots land in {@code
 * target/e2e/}.
 */
class WebUiInABrowserTest {
  @RegisterExtension static final KubeCluster cluster = KubeCluster.perClass();

  private static final String DEPLOYING =
      "  allowDeploy: true\n  database: ${dir}/swiss.db\n  auth:\n    dir: ${dir}/auth\n";

  @TempDir static Path dir;
  private static TestServer server;

  @BeforeAll
  static void serve() {
    Crds.installLlmService(cluster.admin());
    server = TestServer.onDemoSite(dir, cluster, cluster.namespace(), DEPLOYING, "web");
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static BrowserScenario scenario(String script) {
    return BrowserScenario.of(script, server, cluster.namespace());
  }

  @Test
  void signsInAndAWrongPasswordShowsTheServersError() {
    scenario("signs-in-and-a-wrong-password-shows-the-servers-error.mjs").run();
  }
}
