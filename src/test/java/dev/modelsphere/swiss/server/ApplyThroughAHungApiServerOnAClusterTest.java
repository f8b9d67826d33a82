package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.testing.ApiServerProxy;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.SharedFixtures;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 9: the API server stops answering in the middle of an apply. swiss serve and its Helm both
 * reach the API server through an {@link ApiServerProxy}, frozen once the plan record reads {@code
 * applying} and thawed a few seconds later (the shared API server itself is never paused).
 */
@ClusterTest
class ApplyThroughAHungApiServerOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String RELEASE = "smol";
  private static final Duration HANG = Duration.ofSeconds(5);

  /** Past the 10 s an API server may stay silent before swiss gives a helm write up. */
  private static final Duration LONG_HANG = Duration.ofSeconds(14);

  @TempDir Path dir;
  private ApiServerProxy proxy;
  private KubernetesClient proxied;
  private TestServer server;

  @BeforeEach
  void start() {
    proxy = new ApiServerProxy(cluster.cluster());
    proxied = proxy.client();
    server =
        TestServer.onClusterAs(
            dir,
            cluster,
            proxied,
            proxy.kubeconfig(),
            TestServer.DEPLOYING_WITHOUT_LOGIN,
            SharedFixtures.project().resolve("examples/catalog").toString(),
            TestServer.DEMO_PROFILE);
  }

  @AfterEach
  void stop() {
    server.close();
    proxied.close();
    proxy.close();
  }

  private PlanStatus record() {
    Map<String, String> files =
        cluster
            .kube()
            .configMap(cluster.namespace(), PlanConfigMapName.of(RELEASE).toString())
            .orElse(Map.of());
    return PlanStatus.parse(files.get(PlanStatus.FILE));
  }

  /**
   * Freezes the proxy once the write-ahead has landed, for {@code hang}: at the first request on
   * Secrets (Helm's storage, or the plan archive) after swiss wrote its plan ConfigMap, so what
   * follows must wait. Triggered by the requests themselves rather than by polling the record: on a
   * busy machine Helm could finish before a poller noticed the write-ahead.
   */
  private CompletableFuture<Void> hangOnceApplying(Duration hang) {
    AtomicBoolean writeAheadSent = new AtomicBoolean();
    AtomicBoolean triggered = new AtomicBoolean();
    CompletableFuture<Void> thawed = new CompletableFuture<>();
    String planConfigMap = "/configmaps/" + PlanConfigMapName.of(RELEASE);
    proxy.before(
        r -> !r.method().equals("GET") && r.path().endsWith(planConfigMap),
        () -> writeAheadSent.set(true));
    proxy.before(
        r -> writeAheadSent.get() && r.path().contains("/secrets"),
        () -> {
          if (triggered.compareAndSet(false, true)) {
            proxy.freeze();
            CompletableFuture.runAsync(
                () -> {
                  try {
                    Thread.sleep(hang.toMillis());
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  } finally {
                    proxy.thaw();
                    thawed.complete(null);
                  }
                });
          }
        });
    // Fails the test's join, rather than hanging it, should the trigger never come.
    return thawed.orTimeout(hang.toSeconds() + 60, TimeUnit.SECONDS);
  }

  private String installAndPlanTwoReplicas() {
    String first =
        server.planHash(
            "{\"model\": \"smollm3-3b\", \"namespace\": \"%s\", \"release\": \"%s\"}"
                .formatted(cluster.namespace(), RELEASE));
    server.post("/api/install", "{\"planHash\": \"%s\"}".formatted(first)).ok();
    return server.planHash(
        "{\"fromRelease\": \"%s\", \"namespace\": \"%s\", \"overrides\": {\"replicaCount\": 2}}"
            .formatted(RELEASE, cluster.namespace()));
  }

  @Test
  void anApplyWhoseApiServerHangsForAWhileFinishesOnceItAnswersAndIsRecordedOnce() {
    String second = installAndPlanTwoReplicas();

    CompletableFuture<Void> hang = hangOnceApplying(HANG);
    long started = System.nanoTime();
    TestServer.Reply applied =
        server.post(
            "/api/apply", "{\"planHash\": \"%s\", \"expectRevision\": 1}".formatted(second));
    Duration took = Duration.ofNanos(System.nanoTime() - started);
    hang.join();

    assertThat(applied.status()).as(applied.body()).isEqualTo(200);
    assertThat(TestServer.json(applied.body()).path("revision").asInt()).isEqualTo(2);
    assertThat(took).as("it waited for the API server").isGreaterThanOrEqualTo(HANG);
    assertThat(record().phase()).isEqualTo("applied");
    JsonNode runs = TestServer.json(server.get("/api/runs?release=" + RELEASE).body()).path("runs");
    assertThat(runs).hasSize(2);
    assertThat(runs.path(0).path("action").asText()).isEqualTo("apply");
    assertThat(runs.path(0).path("revision").asInt()).isEqualTo(2);
    assertThat(runs.path(0).has("error")).isFalse();
  }

  @Test
  void anApiServerSilentLongerThanTheLimitFailsTheApplyClearlyAndTheRecordEndsDescribingWhatRuns() {
    String second = installAndPlanTwoReplicas();
    CompletableFuture<Void> hang = hangOnceApplying(LONG_HANG);

    long started = System.nanoTime();
    TestServer.Reply applied =
        server.post("/api/apply", "{\"planHash\": \"%s\"}".formatted(second));
    Duration took = Duration.ofNanos(System.nanoTime() - started);
    hang.join();

    assertThat(applied.status()).as(applied.body()).isEqualTo(500);
    assertThat(applied.body())
        .contains("helm upgrade %s/%s gave up".formatted(cluster.namespace(), RELEASE))
        .contains("has not answered for PT10S");
    assertThat(took)
        .as("it gave up before the API server came back")
        .isLessThan(LONG_HANG.plusSeconds(5));
    JsonNode runs = TestServer.json(server.get("/api/runs?release=" + RELEASE).body()).path("runs");
    assertThat(runs).hasSize(2);
    assertThat(runs.path(0).path("action").asText()).isEqualTo("apply");
    assertThat(runs.path(0).path("error").asText()).contains("gave up");
    // Helm gave up on a request; what the API server was sent may still land once it answers.
    // Whatever revision runs, the record names its plan, and it is final.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> !"applying".equals(record().phase()) && recordDescribesTheRunningRevision());
    // Helm marks its release deployed only after the objects it applied, so on a loaded machine
    // the record can be settled while helm's own write is still finishing: wait for helm too.
    await().atMost(Duration.ofSeconds(30)).until(() -> !helmStatus().startsWith("pending"));
    JsonNode status = TestServer.json(server.get(statusPath()).body());
    String third =
        server.planHash(
            "{\"fromRelease\": \"%s\", \"namespace\": \"%s\", \"overrides\": {\"replicaCount\": 3}}"
                .formatted(RELEASE, cluster.namespace()));
    TestServer.Reply next =
        server.post(
            "/api/apply",
            "{\"planHash\": \"%s\", \"expectRevision\": %d}"
                .formatted(third, status.path("revision").asInt()));
    assertThat(next.status()).as("the next apply proceeds: %s", next.body()).isEqualTo(200);
  }

  private String helmStatus() {
    return TestServer.json(server.get(statusPath()).body()).path("helmStatus").asText();
  }

  private String statusPath() {
    return "/api/releases/%s/%s/status".formatted(cluster.namespace(), RELEASE);
  }

  /** The record's revision is the one helm runs, and its plan's replicas are what runs. */
  private boolean recordDescribesTheRunningRevision() {
    JsonNode status = TestServer.json(server.get(statusPath()).body());
    int running = status.path("revision").asInt();
    PlanStatus record = record();
    if (record.revision() != running) {
      return false;
    }
    JsonNode values =
        TestServer.json(
            server.get("/api/releases/%s/%s/plan".formatted(cluster.namespace(), RELEASE)).body());
    int planned = values.path("layers").path("form").path("replicaCount").asInt(1);
    int deployed =
        cluster
            .admin()
            .apps()
            .deployments()
            .inNamespace(cluster.namespace())
            .list()
            .getItems()
            .get(0)
            .getSpec()
            .getReplicas();
    return planned == deployed;
  }
}
