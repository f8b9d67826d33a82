package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.CountingClient;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code swiss serve}'s plan, diff and install send the API server no LIST of what it already
 * watches: preflight's claim rules read the server's watches, not every plan ConfigMap, helm Secret
 * and LLMService in scope, and a diff reads the release's newest revision from the watch of helm's
 * storage. A plan and a diff list nothing at all. Counted in the server's own client (helm's
 * requests go through its own kubeconfig and are not counted here; bench/plans.sh counts those at
 * the API server).
 */
@ClusterTest
class PreflightFromWatchesOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  @TempDir Path dir;

  /**
   * A GET of a collection (no object name after the resource), not a watch: {@code
   * /api/v1/namespaces/ns/configmaps?labelSelector=...} is one, {@code .../configmaps/name} is not.
   */
  static boolean isList(String request) {
    if (!request.startsWith("GET ") || request.contains("watch=true")) {
      return false;
    }
    String path = URI.create(request.substring(4)).getPath();
    String[] parts = path.replaceAll("^/+|/+$", "").split("/");
    int resource;
    if (parts.length >= 2 && parts[0].equals("api")) {
      resource = 2;
    } else if (parts.length >= 3 && parts[0].equals("apis")) {
      resource = 3;
    } else {
      return false;
    }
    if (parts.length > resource + 1 && parts[resource].equals("namespaces")) {
      resource += 2;
    }
    return parts.length == resource + 1;
  }

  @Test
  void theListClassifierTellsAListFromAGetAndAWatch() {
    String api = "GET https://127.0.0.1:6443";
    assertThat(isList(api + "/api/v1/namespaces/a/configmaps?labelSelector=x")).isTrue();
    assertThat(isList(api + "/apis/llm.example/v1/llmservices")).isTrue();
    assertThat(isList(api + "/api/v1/nodes")).isTrue();
    assertThat(isList(api + "/api/v1/namespaces/a/configmaps/swiss-plan-x")).isFalse();
    assertThat(isList(api + "/api/v1/namespaces/a")).isFalse();
    assertThat(isList(api + "/api/v1/namespaces/a/secrets?watch=true")).isFalse();
    assertThat(isList(api + "/apis/llm.example/v1")).isFalse();
    assertThat(isList("POST https://x/api/v1/namespaces/a/configmaps")).isFalse();
  }

  @Test
  void aPlanOrADiffListsNothingAndAnInstallListsOnlyItsOwnReleasesStorage() {
    try (CountingClient counting = new CountingClient(cluster.cluster());
        TestServer server =
            TestServer.onDemoSite(
                    dir,
                    cluster,
                    counting.client(),
                    cluster.kubeconfig(),
                    TestServer.DEPLOYING_WITHOUT_LOGIN)
                .awaitReady()) {
      assertThat(counting.requests())
          .as("the counter sees the watches' own lists, so it would see a request's")
          .anyMatch(PreflightFromWatchesOnAClusterTest::isList);

      counting.reset();
      TestServer.Reply plan =
          server.post(
              "/api/plans",
              """
              {"model": "mistral-small-24b", "version": "1.0.0", "namespace": "%s",
               "serviceId": "zero-lists", "overrides": {"replicaCount": 0}}
              """
                  .formatted(cluster.namespace()));
      assertThat(plan.status()).as(plan.body()).isEqualTo(200);
      assertThat(TestServer.json(plan.body()).path("preflight").path("ok").asBoolean())
          .as("preflight ran and passed: %s", plan.body())
          .isTrue();
      List<String> planLists = lists(counting);

      String hash = TestServer.json(plan.body()).path("hash").asText();
      counting.reset();
      TestServer.Reply diff = server.post("/api/diff", "{\"planHash\": \"%s\"}".formatted(hash));
      assertThat(diff.status()).as(diff.body()).isEqualTo(200);
      List<String> diffLists = lists(counting);

      counting.reset();
      TestServer.Reply install =
          server.post("/api/install", "{\"planHash\": \"%s\"}".formatted(hash));
      assertThat(install.status()).as(install.body()).isEqualTo(200);
      List<String> installLists = lists(counting);

      // The diff after the install, once the watch holds the revision helm stored: it compares
      // with that revision, and still lists nothing.
      await()
          .atMost(Duration.ofSeconds(30))
          .until(
              () ->
                  !server
                      .server()
                      .fleet()
                      .cache()
                      .helmSecrets(cluster.namespace(), "zero-lists")
                      .isEmpty());
      counting.reset();
      TestServer.Reply diffAfter =
          server.post("/api/diff", "{\"planHash\": \"%s\"}".formatted(hash));
      assertThat(diffAfter.status()).as(diffAfter.body()).isEqualTo(200);
      JsonNode after = TestServer.json(diffAfter.body());
      assertThat(after.path("exists").asBoolean()).as(diffAfter.body()).isTrue();
      assertThat(after.path("revision").asInt()).as(diffAfter.body()).isEqualTo(1);
      List<String> diffAfterLists = lists(counting);

      assertThat(planLists).as("LISTs sent for a plan").isEmpty();
      assertThat(diffLists).as("LISTs sent for a diff").isEmpty();
      assertThat(diffAfterLists).as("LISTs sent for a diff of an installed release").isEmpty();
      // A diff and an install read this one release's helm storage (a LIST selected by its name,
      // whose size does not grow with the fleet: the install reads it live under the release's
      // Lease). What preflight listed before, every plan ConfigMap, helm Secret and LLMService in
      // scope, is gone.
      assertThat(diffLists).as("LISTs sent for a diff").allMatch(this::ofThisReleasesStorage);
      assertThat(installLists)
          .as("LISTs sent for an install")
          .allMatch(this::ofThisReleasesStorage);
    }
  }

  private boolean ofThisReleasesStorage(String request) {
    return request.contains("/namespaces/" + cluster.namespace() + "/secrets?")
        // The selector's two terms come in either order (the client sends a map).
        && request.contains("labelSelector=")
        && request.contains("owner%3Dhelm")
        && request.contains("name%3Dzero-lists");
  }

  private static List<String> lists(CountingClient counting) {
    return counting.readsBesidesTheWatches().stream()
        .filter(PreflightFromWatchesOnAClusterTest::isList)
        .toList();
  }
}
