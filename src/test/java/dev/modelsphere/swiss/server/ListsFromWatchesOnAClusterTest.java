package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.CountingClient;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /api/deployments} and {@code /api/nodes} are served from watches: a page costs the API
 * server nothing, and while the API server is away they still answer, from the copy, saying how old
 * it is.
 */
@ClusterTest
class ListsFromWatchesOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String NO_LOGIN = "  auth:\n    disabled: true\n";
  private static final Duration SYNC = Duration.ofSeconds(60);
  private static final int RELEASES = 200;

  @TempDir Path dir;
  private final ReleaseSeeds seeds = new ReleaseSeeds(cluster);

  private void seed(int count) {
    for (int i = 0; i < count; i++) {
      String name = "rel-%03d".formatted(i);
      seeds.recordPlan(seeds.plan(name), ReleaseSeeds.status("applied", ""));
      seeds.storeRevision(name, 1, "deployed");
    }
  }

  private static int total(TestServer server) {
    TestServer.Reply r = server.get("/api/deployments?perPage=1");
    return r.status() == 200
        ? Integer.parseInt(r.body().replaceAll("(?s).*\"total\": (\\d+).*", "$1"))
        : -1;
  }

  @Test
  void pagesOverTwoHundredReleasesCostTheApiServerNoRequest() {
    seed(RELEASES);
    try (CountingClient counting = new CountingClient(cluster.cluster());
        TestServer server = TestServer.onCluster(dir, cluster, counting.client(), NO_LOGIN)) {
      await().atMost(SYNC).until(() -> total(server) == RELEASES);
      assertThat(counting.requests())
          .as("the counter sees the watches' own lists, so it would see a page's requests")
          .anyMatch(request -> request.contains("/configmaps"));
      counting.reset();

      for (int page = 1; page <= 8; page++) {
        assertThat(server.get("/api/deployments?perPage=25&page=" + page).status()).isEqualTo(200);
      }
      assertThat(server.get("/api/nodes").status()).isEqualTo(200);

      assertThat(counting.readsBesidesTheWatches()).as("API requests made by the pages").isEmpty();
    }
  }

  /**
   * The API server is paused (SIGSTOP), not stopped: its connections stay open and simply go quiet,
   * the hardest case for a watch to notice.
   */
  @Test
  void whileTheApiServerIsPausedListsAnswerFromTheCopyAndReadinessSaysSo() throws Exception {
    seed(3);
    try (TestServer server = TestServer.onCluster(dir, cluster, NO_LOGIN)) {
      await().atMost(SYNC).until(() -> server.get("/readyz").status() == 200 && total(server) == 3);
      Instant lastAnswered = server.clock.instant();
      long apiServer = apiServerPid();

      signal("STOP", apiServer);
      long pausedAt = System.nanoTime();
      try {
        server.clock.advance(Duration.ofMinutes(5));
        await().atMost(Duration.ofSeconds(15)).until(() -> server.get("/readyz").status() == 503);
        long before = System.nanoTime();
        TestServer.Reply page = server.get("/api/deployments");
        Duration took = Duration.ofNanos(System.nanoTime() - before);

        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body()).contains("\"total\": 3");
        assertThat(took).as("a page served from the copy").isLessThan(Duration.ofSeconds(2));
        assertThat(asOf(server))
            .as("the copy is no newer than the API server's last answer")
            .isEqualTo(lastAnswered);
        assertThat(server.get("/api/nodes").status()).isEqualTo(200);

        long live = System.nanoTime();
        int status =
            server.get("/api/releases/%s/rel-000/status".formatted(cluster.namespace())).status();
        assertThat(status).as("a live read fails within its deadline").isIn(502, 503);
        assertThat(Duration.ofNanos(System.nanoTime() - live)).isLessThan(Duration.ofSeconds(35));

        Duration paused = Duration.ofNanos(System.nanoTime() - pausedAt);
        Thread.sleep(Math.max(0, Duration.ofSeconds(30).minus(paused).toMillis()));
      } finally {
        signal("CONT", apiServer);
      }

      await().atMost(SYNC).until(() -> server.get("/readyz").status() == 200);
      seeds.recordPlan(seeds.plan("after-pause"), ReleaseSeeds.status("applied", ""));
      await()
          .atMost(SYNC)
          .alias("the watches resumed without a restart")
          .until(() -> total(server) == 4);
    }
  }

  private static Instant asOf(TestServer server) {
    return Instant.parse(server.get("/api/deployments").header("X-Swiss-As-Of"));
  }

  private static long apiServerPid() throws IOException {
    Path pidFile = cluster.cluster().dir().resolve("pids/kube-apiserver");
    return Long.parseLong(Files.readString(pidFile).strip());
  }

  private static void signal(String signal, long pid) throws IOException, InterruptedException {
    Process kill = new ProcessBuilder(List.of("kill", "-" + signal, Long.toString(pid))).start();
    assertThat(kill.waitFor()).as("kill -%s %d", signal, pid).isZero();
  }
}
