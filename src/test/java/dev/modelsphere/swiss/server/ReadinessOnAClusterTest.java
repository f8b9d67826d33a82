package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.server.state.ClusterPing;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.CountingClient;
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

  private static final String NO_LOGIN = "  auth:\n    disabled: true\n";
  private static final String LOGIN = "  auth:\n    dir: ${dir}/auth\n";

  @TempDir Path dir;

  @Test
  void readinessIsTrueWhileTheApiServerAnswers() {
    try (TestServer server = TestServer.start(dir, NO_LOGIN, cluster.admin())) {
      // Ready once the watches have their first lists, within seconds of starting.
      await().atMost(Duration.ofSeconds(30)).until(() -> server.get("/readyz").status() == 200);
      TestServer.Reply r = server.get("/readyz");

      assertThat(r.status()).isEqualTo(200);
      assertThat(r.body())
          .contains("\"ready\": true", "\"cluster\": \"ok\"", "\"watches\": \"ok\"");
    }
  }

  @Test
  void aStrangerLearnsOnlyWhetherALoginServerIsReady() {
    try (TestServer server = TestServer.start(dir, LOGIN, cluster.admin()).awaitReady()) {
      TestServer.Reply stranger = server.get("/readyz");
      String cookie =
          "swiss_session=" + server.login(TestServer.USER, TestServer.PASSWORD).sessionCookie();
      TestServer.Reply user = server.get("/readyz", "Cookie", cookie);

      assertThat(stranger.status()).isEqualTo(200);
      assertThat(stranger.body()).isEqualTo("{\n  \"ready\": true\n}\n");
      assertThat(user.status()).isEqualTo(200);
      assertThat(user.body())
          .contains("\"cluster\": \"ok\"", "\"catalog\": ", "\"database\": ", "\"leader\": ");
    }
  }

  @Test
  void probesAndStrangersCostTheApiServerAtMostOneRequestInAFewSeconds() {
    try (CountingClient counting = new CountingClient(cluster.cluster());
        TestServer server = TestServer.start(dir, NO_LOGIN, counting.client()).awaitReady()) {
      counting.reset();
      long started = System.nanoTime();
      for (int i = 0; i < 40; i++) {
        assertThat(server.get("/readyz").status()).isEqualTo(200);
      }
      Duration took = Duration.ofNanos(System.nanoTime() - started);

      long pings = counting.requests().stream().filter(r -> r.contains("/version")).count();
      long allowed = 1 + took.toMillis() / ClusterPing.FRESH_FOR.toMillis();
      assertThat(pings)
          .as("40 calls of /readyz in %s asked the API server %d times", took, pings)
          .isLessThanOrEqualTo(allowed);
    }
  }
}
