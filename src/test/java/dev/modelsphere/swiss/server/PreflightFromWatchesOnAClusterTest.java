package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.testing.ApiServerProxy;
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
 * {@code swiss serve}'s plan, diff and install send the API server no LIST: preflight's claim rules
 * read the server's watches, not every plan ConfigMap, helm Secret and LLMService in scope; a diff
 * and an install's first look read the release's newest revision from the watch of helm's storage;
 * under its Lease an install reads the release by name, and helm takes that look's word rather than
 * listing the release's history. Counted in the server's own client and, for helm's requests, which
 * go through a kubeconfig of their own, in a proxy in front of the API server.
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
  void aPlanADiffOrAnInstallListsNothingNeitherInSwissNorInHelm() {
    try (CountingClient counting = new CountingClient(cluster.cluster());
        ApiServerProxy helmsWay = new ApiServerProxy(cluster.cluster());
        TestServer server =
            TestServer.onClusterAs(
                    dir,
                    cluster,
                    counting.client(),
                    helmsWay.kubeconfig(),
                    TestServer.DEPLOYING_WITHOUT_LOGIN,
                    TestServer.DEMO_CATALOG,
                    TestServer.DEMO_PROFILE)
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
      int helmBefore = helmsWay.received().size();
      TestServer.Reply install =
          server.post("/api/install", "{\"planHash\": \"%s\"}".formatted(hash));
      assertThat(install.status()).as(install.body()).isEqualTo(200);
      List<String> installLists = lists(counting);
      List<String> helmsRequests =
          helmsWay.received().stream().skip(helmBefore).map(ApiServerProxy.Request::line).toList();
      assertThat(helmsRequests)
          .as("helm wrote the release through the proxy, so the proxy would see a LIST of it")
          .anyMatch(
              r -> r.startsWith("POST /api/v1/namespaces/" + cluster.namespace() + "/secrets"));

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
      assertThat(installLists).as("LISTs swiss sent for an install").isEmpty();
      assertThat(helmsRequests)
          .as("LISTs helm sent for an install")
          .noneMatch(PreflightFromWatchesOnAClusterTest::isList);
    }
  }

  private static List<String> lists(CountingClient counting) {
    return counting.readsBesidesTheWatches().stream()
        .filter(PreflightFromWatchesOnAClusterTest::isList)
        .toList();
  }
}
