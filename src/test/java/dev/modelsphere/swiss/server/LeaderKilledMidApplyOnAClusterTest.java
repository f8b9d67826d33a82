package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.cli.CliProcess;
import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import dev.modelsphere.swiss.plan.PlanFiles;
import dev.modelsphere.swiss.store.DatabasePassword;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.PostgresServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two replicas on one PostgreSQL, the leader a {@code swiss serve} process of its own: killed with
 * SIGKILL while an apply it serves is between its write-ahead and helm, the other replica becomes
 * leader within the lease, settles the interrupted apply, and lists every run recorded before.
 */
@ClusterTest
class LeaderKilledMidApplyOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  /** swiss serve's default lease, which the killed leader's Lease and lock both run on. */
  private static final Duration LEASE = Duration.ofSeconds(15);

  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir Path dir;

  @Test
  void theOtherReplicaLeadsWithinTheLeaseSettlesTheApplyAndKeepsEveryRun() throws Exception {
    String database = PostgresServer.shared().newDatabase("leader_killed");
    int port = freePort();
    String a = "http://127.0.0.1:" + port;
    CliProcess leader = startLeader(database, port);
    try {
      await()
          .atMost(Duration.ofSeconds(90))
          .ignoreExceptions()
          .until(() -> readiness(a).at("/checks/leader").asText().equals("this replica"));
      try (TestServer b =
          TestServer.onDemoSite(
              dir.resolve("b"),
              cluster,
              serverSection(database),
              o ->
                  o.withDatabasePassword(
                      new DatabasePassword(PostgresServer.passwordEnvironment())))) {
        await()
            .atMost(Duration.ofSeconds(10))
            .until(
                () ->
                    b.get("/readyz")
                        .ok()
                        .at("/checks/leader")
                        .asText()
                        .contains("pid " + leader.pid()));

        String first = plan(a, 1);
        assertThat(post(a, "/api/install", "{\"planHash\": \"%s\"}".formatted(first)).statusCode())
            .isEqualTo(200);
        String second = plan(a, 2);
        CompletableFuture<HttpResponse<String>> inFlight =
            postAsync(
                a, "/api/apply", "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(second));
        stopBetweenWriteAheadAndHelm(leader, second);
        leader.signal("KILL");
        long killed = System.nanoTime();
        assertThat(leader.exitCode()).isNotZero();
        inFlight.cancel(true);

        await()
            .atMost(LEASE.multipliedBy(2))
            .until(
                () -> b.get("/readyz").ok().at("/checks/leader").asText().equals("this replica"));
        assertThat(Duration.ofNanos(System.nanoTime() - killed))
            .as("the other replica leads within about one lease of the kill")
            .isLessThan(LEASE.plusSeconds(10));
        await()
            .atMost(LEASE.multipliedBy(3))
            .pollInterval(Duration.ofMillis(500))
            .until(
                () -> cluster.deployer().status(cluster.namespace(), "qwen").plan().phase(),
                PlanStatus.FAILED::equals);
        assertThat(cluster.deployer().status(cluster.namespace(), "qwen").plan().error())
            .contains("interrupted", "still runs revision 1");
        assertThat(b.get("/api/runs?release=qwen").ok().path("runs"))
            .extracting(run -> run.path("action").asText())
            .as("the install the killed replica recorded, read through the other")
            .containsExactly("install");
      }
    } finally {
      if (leader.alive()) {
        leader.signal("KILL");
      }
    }
  }

  private CliProcess startLeader(String database, int port) throws IOException {
    Path home = Files.createDirectories(dir.resolve("a"));
    Files.writeString(home.resolve("profile.yaml"), TestServer.DEMO_PROFILE);
    Files.writeString(
        home.resolve("swiss.yaml"),
        ("catalog: %s\ncluster:\n  namespaces: [%s]\n  profile:\n    file: %s\nserver:\n"
                .formatted(
                    TestServer.DEMO_CATALOG, cluster.namespace(), home.resolve("profile.yaml")))
            + serverSection(database));
    return CliProcess.start(
        home,
        PostgresServer.passwordEnvironment(),
        "serve",
        "--config",
        home.resolve("swiss.yaml").toString(),
        "--kubeconfig",
        cluster.kubeconfig().toString(),
        "--addr",
        "127.0.0.1:" + port);
  }

  private static String serverSection(String database) {
    return "  allowDeploy: true\n  database: %s\n  auth:\n    disabled: true\n".formatted(database);
  }

  private String plan(String server, int replicas) throws Exception {
    String request =
        ("{\"model\": \"smollm3-3b\", \"namespace\": \"%s\", \"release\": \"qwen\","
                + " \"overrides\": {\"replicaCount\": %d}}")
            .formatted(cluster.namespace(), replicas);
    HttpResponse<String> answer = post(server, "/api/plans", request);
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    return TestServer.json(answer.body()).path("hash").asText();
  }

  /**
   * Lets the paused server run a few milliseconds at a time until the apply's write-ahead is in the
   * cluster, and leaves it stopped there: the record says {@code applying}, helm has not moved.
   */
  private void stopBetweenWriteAheadAndHelm(CliProcess server, String hash) throws Exception {
    server.signal("STOP");
    for (int step = 0; step < 5_000 && !applying(hash); step++) {
      server.signal("CONT");
      Thread.sleep(2);
      server.signal("STOP");
    }
    assertThat(applying(hash)).as("the apply's write-ahead never appeared").isTrue();
    assertThat(new ReleaseStorage(cluster.admin()).revisions(cluster.namespace(), "qwen"))
        .as("stopped after helm had begun: the test missed the window it needs")
        .containsExactly(1);
  }

  private boolean applying(String hash) {
    Map<String, String> files =
        cluster.kube().configMap(cluster.namespace(), "swiss-plan-qwen").orElse(Map.of());
    return !files.isEmpty()
        && PlanStatus.APPLYING.equals(PlanStatus.parse(files.get(PlanStatus.FILE)).phase())
        && PlanFiles.fromFiles(files).hash().equals(hash);
  }

  private static JsonNode readiness(String server) throws Exception {
    return TestServer.json(
        HTTP.send(
                HttpRequest.newBuilder(URI.create(server + "/readyz")).build(),
                HttpResponse.BodyHandlers.ofString())
            .body());
  }

  private static HttpResponse<String> post(String server, String path, String body)
      throws Exception {
    return postAsync(server, path, body).get();
  }

  private static CompletableFuture<HttpResponse<String>> postAsync(
      String server, String path, String body) {
    return HTTP.sendAsync(
        HttpRequest.newBuilder(URI.create(server + path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
