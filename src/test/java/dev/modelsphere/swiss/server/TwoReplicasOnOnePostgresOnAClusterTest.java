package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.server.events.EventSettings;
import dev.modelsphere.swiss.store.DatabasePassword;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.PostgresServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two swiss servers on one cluster and one PostgreSQL, as two replicas run: each serves reads and
 * writes, the release's Lease keeps their writes apart, and what one records (plans, runs, failed
 * logins) the other sees.
 */
@ClusterTest
class TwoReplicasOnOnePostgresOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final Duration HEARTBEAT = Duration.ofMillis(500);

  @TempDir Path dir;
  private TestServer a;
  private TestServer b;

  @BeforeEach
  void startTwoReplicasOnOneDatabase() {
    String database = PostgresServer.shared().newDatabase("replicas");
    // One login Secret, as the chart mounts it into every replica, with the token key the chart
    // generates: each replica would otherwise sign with a key of its own.
    TestServer.write(
        dir.resolve("a/auth/tokenKey"), "one token key every replica shares, 32+ bytes");
    String server =
        "  allowDeploy: true\n  database: %s\n  auth:\n    dir: %s\n"
            .formatted(database, dir.resolve("a/auth"));
    a = replica(dir.resolve("a"), server);
    b = replica(dir.resolve("b"), server);
  }

  @AfterEach
  void stop() {
    b.close();
    a.close();
  }

  private TestServer replica(Path home, String server) {
    return TestServer.onDemoSite(
        home,
        cluster,
        server,
        o ->
            o.withDatabasePassword(new DatabasePassword(PostgresServer.passwordEnvironment()))
                // The heartbeat is when a replica asks which of its streams' tokens were revoked.
                .withEvents(EventSettings.DEFAULTS.withHeartbeat(HEARTBEAT)));
  }

  @Test
  void aLogoutOnOneReplicaIsRefusedByTheOtherAndEndsTheStreamOpenThere() {
    String token =
        TestServer.json(a.login(TestServer.USER, TestServer.PASSWORD).body())
            .path("token")
            .asText();
    String bearer = "Bearer " + token;
    try (EventsClient onB = EventsClient.open(b.uri("/api/events"), "Authorization", bearer)) {
      assertThat(onB.next(Duration.ofSeconds(5)).type()).isEqualTo("hello");

      assertThat(a.post("/api/logout", "", "Authorization", bearer).status()).isEqualTo(200);

      assertThat(b.get("/api/runs", "Authorization", bearer).status()).isEqualTo(401);
      onB.nextMatching(r -> r.type().equals(EventsClient.Received.END), HEARTBEAT.multipliedBy(6));
    }
  }

  @Test
  void twentyAppliesOfOneReleaseSpreadOverBothLetOneThroughAndEitherListsItsOneRun()
      throws Exception {
    String cookieA = cookie(a);
    String cookieB = cookie(b);
    String first = plan(a, cookieA, "smol", 1);
    assertThat(a.post("/api/install", body(first, 0), "Cookie", cookieA).status()).isEqualTo(200);
    // Composed on one replica, applied through both: the plan is in the database they share.
    String second = plan(a, cookieA, "smol", 2);

    List<TestServer.Reply> replies =
        concurrently(
            20,
            i ->
                i % 2 == 0
                    ? a.post("/api/apply", body(second, 1), "Cookie", cookieA)
                    : b.post("/api/apply", body(second, 1), "Cookie", cookieB));

    assertThat(replies).filteredOn(r -> r.status() == 200).hasSize(1);
    List<TestServer.Reply> refused = replies.stream().filter(r -> r.status() != 200).toList();
    assertThat(refused).hasSize(19).allSatisfy(r -> assertThat(r.status()).isEqualTo(409));
    // Refused by the lock or lease, by the revision lock once it landed, or (a request whose first
    // look fell inside the winner's helm upgrade, which preflight's dry run makes likelier) by
    // helm's own pending state.
    assertThat(refused)
        .allSatisfy(
            r ->
                assertThat(r.body())
                    .containsAnyOf(
                        "is being applied by",
                        "revision 1 to 2",
                        "pending-upgrade: another helm operation is in flight"));
    for (TestServer replica : List.of(a, b)) {
      String cookie = replica == a ? cookieA : cookieB;
      assertThat(runs(replica, cookie, "smol")).containsExactly("apply", "install");
    }
  }

  @Test
  void twentyInstallsOfTwentyReleasesSpreadOverBothAllProceed() throws Exception {
    String cookieA = cookie(a);
    String cookieB = cookie(b);
    List<String> plans = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      plans.add(plan(i % 2 == 0 ? a : b, i % 2 == 0 ? cookieA : cookieB, "model-" + i, 1));
    }

    List<TestServer.Reply> replies =
        concurrently(
            20,
            i ->
                i % 2 == 0
                    ? a.post("/api/install", body(plans.get(i), 0), "Cookie", cookieA)
                    : b.post("/api/install", body(plans.get(i), 0), "Cookie", cookieB));

    assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.body()).isEqualTo(200));
    JsonNode all = b.get("/api/runs?limit=100", "Cookie", cookieB).ok().path("runs");
    assertThat(all).hasSize(20);
  }

  @Test
  void aLoginOnOneReplicaHoldsOnTheOtherAndWrongPasswordsCountAcrossBoth() {
    String token =
        TestServer.json(a.login(TestServer.USER, TestServer.PASSWORD).body())
            .path("token")
            .asText();
    JsonNode onB = b.get("/api/session", "Authorization", "Bearer " + token).ok();
    assertThat(onB.path("authenticated").asBoolean()).isTrue();
    assertThat(b.get("/api/session").ok().path("authenticated").asBoolean()).isFalse();

    List<Integer> statuses = new ArrayList<>();
    for (int i = 0; i < 11; i++) {
      TestServer replica = i % 2 == 0 ? a : b;
      statuses.add(
          replica
              .post(
                  "/api/login",
                  "{\"username\": \"admin\", \"password\": \"guess-%d\"}".formatted(i),
                  "X-Forwarded-For",
                  "198.51.100.7")
              .status());
    }

    assertThat(statuses.subList(0, 10)).containsOnly(401);
    assertThat(statuses.get(10)).as("the 11th, on either replica").isEqualTo(429);
  }

  private static String cookie(TestServer replica) {
    return "swiss_session=" + replica.login(TestServer.USER, TestServer.PASSWORD).sessionCookie();
  }

  private String plan(TestServer replica, String cookie, String release, int replicas) {
    String request =
        ("{\"model\": \"smollm3-3b\", \"namespace\": \"%s\", \"release\": \"%s\","
                + " \"overrides\": {\"replicaCount\": %d}}")
            .formatted(cluster.namespace(), release, replicas);
    return replica.post("/api/plans", request, "Cookie", cookie).ok().path("hash").asText();
  }

  private static String body(String hash, int expectRevision) {
    return expectRevision > 0
        ? "{\"planHash\": \"%s\", \"expectRevision\": %d}".formatted(hash, expectRevision)
        : "{\"planHash\": \"%s\"}".formatted(hash);
  }

  private static List<String> runs(TestServer replica, String cookie, String release) {
    List<String> actions = new ArrayList<>();
    replica
        .get("/api/runs?release=" + release, "Cookie", cookie)
        .ok()
        .path("runs")
        .forEach(run -> actions.add(run.path("action").asText()));
    return actions;
  }

  private static List<TestServer.Reply> concurrently(
      int count, java.util.function.IntFunction<TestServer.Reply> call) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(count);
    try {
      List<Future<TestServer.Reply>> futures = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        int n = i;
        futures.add(pool.submit(() -> call.apply(n)));
      }
      List<TestServer.Reply> replies = new ArrayList<>();
      for (Future<TestServer.Reply> future : futures) {
        replies.add(future.get());
      }
      return replies;
    } finally {
      pool.shutdown();
    }
  }
}
