package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.kube.ClusterCache;
import dev.modelsphere.swiss.kube.KindCache;
import dev.modelsphere.swiss.server.EventsClient.Received;
import dev.modelsphere.swiss.server.events.ClusterEvents;
import dev.modelsphere.swiss.server.events.EventSettings;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.ReleaseSeeds;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code GET /api/events} on a real cluster: the watches' changes arrive as coalesced events within
 * a second, a reconnecting client catches up exactly, and the stream keeps to the server's limits
 * (login, heartbeats, the stream cap, stopping).
 */
@ClusterTest
class EventsOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String NO_LOGIN = "  auth:\n    disabled: true\n";
  private static final Duration SOON = Duration.ofSeconds(5);
  private static final Duration WITHIN_A_SECOND = Duration.ofSeconds(1);

  @TempDir Path dir;
  private final ReleaseSeeds seeds = new ReleaseSeeds(cluster);

  private TestServer serve(String serverYaml) {
    return serve(serverYaml, o -> o);
  }

  private TestServer serve(String serverYaml, UnaryOperator<ServerOptions> options) {
    return TestServer.onCluster(dir, cluster, serverYaml, options);
  }

  private static EventsClient listen(TestServer server, String... headers) {
    EventsClient events = EventsClient.open(server.uri("/api/events"), headers);
    assertThat(events.response().statusCode()).isEqualTo(200);
    return events;
  }

  private String about(String release) {
    return "{\"namespace\":\"%s\",\"release\":\"%s\"}".formatted(cluster.namespace(), release);
  }

  private static boolean is(Received r, String type, String data) {
    return r.type().equals(type) && r.data().equals(data);
  }

  private void seedRelease(String release) {
    seeds.recordPlan(seeds.plan(release), ReleaseSeeds.status("applied", ""));
    seeds.storeRevision(release, 1, "deployed");
  }

  @Test
  void aFirstConnectionIsGreetedWithHelloCarryingTheCurrentId() {
    try (TestServer server = serve(NO_LOGIN);
        EventsClient events = listen(server)) {
      assertThat(events.response().headers().firstValue("Content-Type").orElse(""))
          .startsWith("text/event-stream");
      Received hello = events.next(SOON);

      assertThat(hello.type()).isEqualTo("hello");
      assertThat(hello.id()).matches("[0-9a-f]{8}-\\d+(@\\d+)?");
      assertThat(hello.data()).isEqualTo("{\"id\":\"%s\"}".formatted(hello.id()));
    }
  }

  @Test
  void aPodDeletedInAReleasesNamespaceBringsAReleaseEventForThatReleaseWithinASecond() {
    seedRelease("chat");
    Pod pod = seeds.pendingPod("chat-sglang", "chat-engine-0");
    try (TestServer server = serve(NO_LOGIN);
        EventsClient events = listen(server)) {
      events.next(SOON);

      long deleted = deletePod(pod);
      Received release =
          events.nextMatching(r -> is(r, "release", about("chat")), Duration.ofSeconds(3));

      assertThat(Duration.ofNanos(release.atNanos() - deleted)).isLessThan(WITHIN_A_SECOND);
    }
  }

  @Test
  void aHelmInstallThroughTheApiBringsDeploymentsAndReleaseEventsNoMoreThanItsWatchNotifications()
      throws Exception {
    try (TestServer server =
            TestServer.onDemoSite(
                dir, cluster, "  allowDeploy: true\n  database: ${dir}/swiss.db\n" + NO_LOGIN);
        EventsClient events = listen(server)) {
      events.next(SOON);
      Map<String, AtomicInteger> notifications = countNotificationsInTheNamespace(server);

      String plan =
          TestServer.json(
                  server
                      .post(
                          "/api/plans",
                          """
                          {"model": "mistral-small-24b", "version": "1.0.0", "namespace": "%s",
                           "serviceId": "mistral", "overrides": {"replicaCount": 2}}
                          """
                              .formatted(cluster.namespace()))
                      .body())
              .path("hash")
              .asText();
      TestServer.Reply installed =
          server.post("/api/install", "{\"planHash\": \"%s\"}".formatted(plan));
      assertThat(installed.status()).as(installed.body()).isEqualTo(200);
      List<Received> after = events.during(Duration.ofSeconds(3));

      long deployments = after.stream().filter(r -> is(r, "deployments", about("mistral"))).count();
      long releaseEvents = after.stream().filter(r -> is(r, "release", about("mistral"))).count();
      assertThat(deployments).as("deployments events for the install").isPositive();
      assertThat(releaseEvents).as("release events for the install").isPositive();
      int heard = notifications.values().stream().mapToInt(AtomicInteger::get).sum();
      assertThat(deployments + releaseEvents)
          .as("events against watch notifications %s: %s", notifications, after)
          .isLessThan(heard);
    }
  }

  @Test
  void fiftyQuickWritesToAReleasesPlanBringOneDeploymentsEventPerWindowNotOnePerWrite()
      throws Exception {
    seedRelease("busy");
    try (TestServer server = serve(NO_LOGIN);
        EventsClient events = listen(server)) {
      events.next(SOON);
      long start = System.nanoTime();
      for (int i = 0; i < 50; i++) {
        seeds.recordFiles("busy", Map.of("note", "write " + i));
      }
      long writing = Duration.ofNanos(System.nanoTime() - start).toMillis();
      List<Received> after = events.during(Duration.ofSeconds(1));

      long deployments = after.stream().filter(r -> is(r, "deployments", about("busy"))).count();
      assertThat(deployments).isPositive();
      assertThat(deployments)
          .as("one per %s window over %d ms of writes", ClusterEvents.WINDOW, writing)
          .isLessThanOrEqualTo(writing / ClusterEvents.WINDOW.toMillis() + 2)
          .isLessThan(50);
    }
  }

  @Test
  void aNodeAddedBringsANodesEvent() {
    String name = "evt-" + cluster.namespace();
    try (TestServer server = serve(NO_LOGIN);
        EventsClient events = listen(server)) {
      events.next(SOON);
      Node node = new NodeBuilder().withNewMetadata().withName(name).endMetadata().build();
      cluster.admin().nodes().resource(node).create();
      long added = System.nanoTime();

      Received nodes = events.nextMatching(r -> r.type().equals("nodes"), Duration.ofSeconds(3));

      assertThat(nodes.data()).isEqualTo("{}");
      assertThat(Duration.ofNanos(nodes.atNanos() - added)).isLessThan(WITHIN_A_SECOND);
    } finally {
      cluster.admin().nodes().withName(name).delete();
    }
  }

  @Test
  void reconnectingWithLastEventIdReplaysExactlyTheEventsMissed() throws Exception {
    try (TestServer server = serve(NO_LOGIN);
        EventsClient watcher = listen(server)) {
      watcher.next(SOON);
      String lastSeen;
      try (EventsClient leaving = listen(server)) {
        leaving.next(SOON);
        seedRelease("before");
        lastSeen = leaving.nextMatching(r -> is(r, "deployments", about("before")), SOON).id();
        watcher.nextMatching(r -> r.id().equals(lastSeen), SOON);
      }
      seedRelease("while-away");
      List<Received> missed = watcher.during(Duration.ofSeconds(2));
      assertThat(missed)
          .as("the watcher saw the changes made while the other was away")
          .anyMatch(r -> is(r, "deployments", about("while-away")));

      try (EventsClient back = listen(server, "Last-Event-ID", lastSeen)) {
        List<Received> replayed = back.during(Duration.ofSeconds(1));

        // Other tests share the cluster and its nodes: only this test's namespace is compared.
        assertThat(inThisNamespace(replayed)).isEqualTo(inThisNamespace(missed));
      }
    }
  }

  /**
   * Two replicas watch one cluster: a client cut from one and reconnecting to the other (as a load
   * balancer sends it) resumes from the cluster revision its last id carries, with no reset.
   */
  @Test
  void reconnectingToAnotherReplicaReplaysWhatWasMissedWithoutAReset() throws Exception {
    try (TestServer a = serve(NO_LOGIN);
        TestServer b = TestServer.onCluster(dir.resolve("b"), cluster, NO_LOGIN, o -> o);
        EventsClient onB = listen(b)) {
      onB.next(SOON);
      String lastSeen;
      try (EventsClient leaving = listen(a)) {
        leaving.next(SOON);
        seedRelease("before-cut");
        lastSeen = leaving.nextMatching(r -> is(r, "deployments", about("before-cut")), SOON).id();
        onB.nextMatching(r -> is(r, "deployments", about("before-cut")), SOON);
      }
      seedRelease("after-cut");
      onB.nextMatching(r -> is(r, "deployments", about("after-cut")), SOON);

      try (EventsClient back = listen(b, "Last-Event-ID", lastSeen)) {
        List<Received> replayed = new ArrayList<>(List.of(back.next(SOON)));
        replayed.addAll(back.during(Duration.ofSeconds(1)));

        assertThat(replayed).extracting(Received::type).doesNotContain("reset", "hello");
        assertThat(replayed)
            .as("the change made while the client was away")
            .anyMatch(r -> is(r, "deployments", about("after-cut")));
      }
    }
  }

  @Test
  void anIdFromAnotherServerProcessOrBeyondTheNewestGetsReset() {
    try (TestServer server = serve(NO_LOGIN)) {
      String current;
      try (EventsClient first = listen(server)) {
        current = first.next(SOON).id();
      }
      String epoch = current.substring(0, current.indexOf('-'));
      for (String stale : List.of("0badc0de-3", epoch + "-999999", "not-an-id")) {
        try (EventsClient back = listen(server, "Last-Event-ID", stale)) {
          Received reset = back.next(SOON);

          assertThat(reset.type()).as("after %s", stale).isEqualTo("reset");
          assertThat(TestServer.json(reset.data()).path("id").asText()).startsWith(epoch + "-");
          assertThat(reset.data()).contains(stale);
        }
      }
    }
  }

  @Test
  void heartbeatsArriveAtTheConfiguredInterval() throws Exception {
    Duration every = Duration.ofMillis(300);
    try (TestServer server =
            serve(NO_LOGIN, o -> o.withEvents(EventSettings.DEFAULTS.withHeartbeat(every)));
        EventsClient events = listen(server)) {
      List<Received> heard = events.during(Duration.ofSeconds(3));

      List<Received> beats = heard.stream().filter(r -> r.type().equals(Received.COMMENT)).toList();
      assertThat(beats).allMatch(r -> r.data().equals("heartbeat"));
      assertThat(beats.size()).as("heartbeats in 3s, one per 300ms").isBetween(8, 11);
    }
  }

  @Test
  void withoutASessionTheStreamIsRefused401AsEveryApiRouteIs() {
    try (TestServer server = serve("  auth:\n    dir: ${dir}/auth\n")) {
      TestServer.Reply refused = server.get("/api/events", "Accept", "text/event-stream");
      assertThat(refused.status()).isEqualTo(401);
      assertThat(refused.contentType()).startsWith("application/json");
      assertThat(TestServer.json(refused.body()).path("error").asText()).isNotEmpty();

      String cookie =
          "swiss_session=" + server.login(TestServer.USER, TestServer.PASSWORD).sessionCookie();
      try (EventsClient events = listen(server, "Cookie", cookie)) {
        assertThat(events.next(SOON).type()).isEqualTo("hello");
      }
    }
  }

  @Test
  void beyondTheStreamCapTheServerAnswers503NamingTheLimitAndAClosedStreamFreesItsPlace() {
    EventSettings two =
        EventSettings.DEFAULTS.withMaxStreams(2).withHeartbeat(Duration.ofMillis(200));
    try (TestServer server = serve(NO_LOGIN, o -> o.withEvents(two));
        EventsClient first = listen(server);
        EventsClient second = listen(server)) {
      TestServer.Reply refused = server.get("/api/events");

      assertThat(refused.status()).isEqualTo(503);
      assertThat(TestServer.json(refused.body()).path("error").asText())
          .contains("2 event streams");

      second.close();
      org.awaitility.Awaitility.await()
          .atMost(SOON)
          .until(() -> server.server().meters().get("swiss.event.streams").gauge().value() == 1);
      try (EventsClient third = listen(server)) {
        assertThat(third.next(SOON).type()).isEqualTo("hello");
      }
    }
  }

  @Test
  void stoppingTheServerEndsOpenStreamsPromptly() {
    TestServer server = serve(NO_LOGIN);
    try (EventsClient events = listen(server)) {
      events.next(SOON);
      long before = System.nanoTime();
      server.close();
      Duration took = Duration.ofNanos(System.nanoTime() - before);

      events.nextMatching(r -> r.type().equals(Received.END), Duration.ofSeconds(3));
      assertThat(took).as("stop with a stream open").isLessThan(Duration.ofSeconds(5));
    }
  }

  /** The events about this test's namespace, as lines, to compare two streams. */
  private static List<String> inThisNamespace(List<Received> events) {
    String namespace = "\"namespace\":\"%s\"".formatted(cluster.namespace());
    return events.stream()
        .filter(r -> r.data().contains(namespace))
        .map(r -> "%s %s %s".formatted(r.id(), r.type(), r.data()))
        .toList();
  }

  /** Watch notifications about this test's namespace, by kind, from now on. */
  private Map<String, AtomicInteger> countNotificationsInTheNamespace(TestServer server) {
    Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    ClusterCache cache = server.server().fleet().cache();
    for (KindCache<? extends HasMetadata> kind :
        List.of(cache.helmSecrets(), cache.planConfigMaps(), cache.runningPods())) {
      AtomicInteger count = counts.computeIfAbsent(kind.kind(), k -> new AtomicInteger());
      kind.listen((before, after) -> countIn(before == null ? after : before, count));
    }
    return counts;
  }

  private static void countIn(HasMetadata object, AtomicInteger count) {
    if (cluster.namespace().equals(object.getMetadata().getNamespace())) {
      count.incrementAndGet();
    }
  }

  /** Deletes at once (an unscheduled pod has no kubelet to wait for); when the delete returned. */
  private long deletePod(Pod pod) {
    cluster
        .admin()
        .pods()
        .inNamespace(cluster.namespace())
        .withName(pod.getMetadata().getName())
        .withGracePeriod(0)
        .delete();
    return System.nanoTime();
  }
}
