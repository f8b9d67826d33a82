package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code /readyz} against the real API server of the test cluster. */
@ClusterTest
class ReadinessOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @TempDir Path dir;

  @Test
  void readinessIsTrueWhileTheApiServerAnswers() {
    try (TestServer server =
        TestServer.start(dir, "  auth:\n    disabled: true\n", cluster.admin())) {
      // Ready once the watches have their first lists, within seconds of starting.
      await().atMost(Duration.ofSeconds(30)).until(() -> server.get("/readyz").status() == 200);
      TestServer.Reply r = server.get("/readyz");

      assertThat(r.status()).isEqualTo(200);
      assertThat(r.body())
          .contains("\"ready\": true", "\"cluster\": \"ok\"", "\"watches\": \"ok\"");
    }
  }
}
