package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.deploy.backend.DeploySettings;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.SwissThreads;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The threads {@code swiss serve} starts are its own and end with it: every pool belongs to an
 * object the server closes at stop, none to a class. The server is put to work first, so each pool
 * has a thread to stop: an install runs detached, writes through helm, and holds a Lease that is
 * renewed (every half second here, a setting); an event stream is served.
 */
@ClusterTest
class ServerThreadsOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @TempDir Path dir;

  @Test
  void aStoppedServerLeavesNoneOfTheThreadsItStartedRunning() {
    SwissThreads threads = SwissThreads.fromNow();
    TestServer server =
        TestServer.onDemoSite(
            dir,
            cluster,
            TestServer.DEPLOYING_WITHOUT_LOGIN,
            o ->
                o.withDeployTimes(
                    new DeploySettings.Times(null, Duration.ofMillis(500), null, null, null)));
    try {
      String hash =
          server.planHash(
              """
              {"model": "mistral-small-24b", "version": "1.0.0", "namespace": "%s",
               "serviceId": "threads", "overrides": {"replicaCount": 0}}
              """
                  .formatted(cluster.namespace()));
      assertThat(server.post("/api/install", "{\"planHash\": \"%s\"}".formatted(hash)).status())
          .isEqualTo(200);
      assertThat(server.streamStatus("/api/events")).isEqualTo(200);

      assertThat(threads.started())
          .as("the pools at work")
          .contains("swiss-write-1", "swiss-lease-renewal")
          .anyMatch(name -> name.startsWith("swiss-events-"));
    } finally {
      server.close();
    }

    threads.awaitAllEnded("the server stopped");
  }
}
