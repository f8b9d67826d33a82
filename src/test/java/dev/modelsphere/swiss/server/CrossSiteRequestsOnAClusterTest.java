package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.HandWrittenRequest;
import dev.modelsphere.swiss.testing.HandWrittenRequest.Answer;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 38, finding 3: a web page on another site drives a swiss that runs with no login, as {@code
 * examples/swiss.yaml} runs it (deploys allowed, the login off, on 127.0.0.1). The page cannot read
 * the answers, but it needs none: a {@code text/plain} POST is one a browser sends to any address
 * without asking, and a page whose own name it makes resolve to 127.0.0.1 (DNS rebinding) even
 * reads them. Before the fix the first request composed a privileged plan and the second installed
 * it, recorded as {@code anonymous}. Each request here is written as the browser sends it, and each
 * is refused with nothing written.
 */
@ClusterTest
class CrossSiteRequestsOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String RELEASE = "page-elsewhere";

  @TempDir Path dir;
  private TestServer server;

  @BeforeEach
  void serve() {
    server = TestServer.onDemoSite(dir, cluster, TestServer.DEPLOYING_WITHOUT_LOGIN);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /** A plan no site should run: the host's network, a privileged container as root. */
  private String privilegedPlan(String release) {
    return """
        {"model": "smollm3-3b", "namespace": "%s", "serviceId": "%s",
         "overrides": {"replicaCount": 1, "hostNetwork": true,
                       "securityContext": {"privileged": true, "runAsUser": 0}}}
        """
        .formatted(cluster.namespace(), release);
  }

  private String own() {
    return "127.0.0.1:" + server.server().port();
  }

  /** The page's name, resolving to 127.0.0.1 by the time the page sends. */
  private String rebound() {
    return "evil.example:" + server.server().port();
  }

  /** A request as written, its answer checked against the API description as every answer is. */
  private Answer send(String path, String body, String... headers) {
    Answer answer = HandWrittenRequest.send(server.server().port(), "POST", path, body, headers);
    assertThat(
            OpenApiContract.get()
                .problems("POST", URI.create(path).getPath(), answer.status(), answer.body()))
        .as("POST %s answered %d %s", path, answer.status(), answer.body())
        .isEmpty();
    return answer;
  }

  /**
   * {@code POST /api/install} of {@code body} as a page of {@code origin} sends it to {@code host}.
   */
  private Answer install(String body, String host, String origin, String contentType) {
    return send("/api/install", body, "Host", host, "Origin", origin, "Content-Type", contentType);
  }

  @Test
  void aPageElsewhereCannotComposeAPrivilegedPlan() {
    // The request of the finding: plain text, the page's origin, the page's name as Host.
    Answer asFound =
        send(
            "/api/plans",
            privilegedPlan(RELEASE),
            "Host",
            rebound(),
            "Origin",
            "http://" + rebound(),
            "Content-Type",
            "text/plain;charset=UTF-8");
    // The same page posting straight to 127.0.0.1: the browser names the page's origin.
    Answer fromItsOrigin =
        send(
            "/api/plans",
            privilegedPlan(RELEASE),
            "Host",
            own(),
            "Origin",
            "https://evil.example",
            "Sec-Fetch-Site",
            "cross-site",
            "Content-Type",
            "text/plain;charset=UTF-8");
    // A browser that names no origin still cannot declare its text to be JSON.
    Answer plainText =
        send(
            "/api/plans",
            privilegedPlan(RELEASE),
            "Host",
            own(),
            "Content-Type",
            "text/plain;charset=UTF-8");

    assertThat(asFound.status()).isEqualTo(421);
    assertThat(asFound.body()).contains("evil.example", "server.security.hosts");
    assertThat(fromItsOrigin.status()).isEqualTo(403);
    assertThat(fromItsOrigin.body()).contains("another site");
    assertThat(plainText.status()).isEqualTo(415);
    assertThat(plainText.body()).contains("text/plain", "application/json");
    assertThat(server.get("/api/runs").ok().path("runs")).isEmpty();
  }

  @Test
  void aPageElsewhereCannotInstallAPlanTheUserComposed() {
    // The user composed the plan with the CLI (JSON, no Origin); the page knows its hash.
    String hash = server.planHash(privilegedPlan(RELEASE));
    String install = "{\"planHash\": \"%s\"}".formatted(hash);

    Answer asFound = install(install, rebound(), "http://" + rebound(), "text/plain;charset=UTF-8");
    Answer json = install(install, rebound(), "http://" + rebound(), "application/json");
    Answer crossSite =
        send(
            "/api/install",
            install,
            "Host",
            own(),
            "Sec-Fetch-Site",
            "cross-site",
            "Content-Type",
            "application/json");
    Answer sandboxed = install(install, own(), "null", "application/json");

    assertThat(asFound.status()).isEqualTo(421);
    assertThat(json.status()).isEqualTo(421);
    assertThat(crossSite.status()).isEqualTo(403);
    assertThat(sandboxed.status()).isEqualTo(403);
    assertThat(server.get("/api/runs?release=" + RELEASE).ok().path("runs")).isEmpty();
    assertThat(
            cluster
                .admin()
                .configMaps()
                .inNamespace(cluster.namespace())
                .withName("swiss-plan-" + RELEASE)
                .get())
        .as("no plan record: nothing was installed")
        .isNull();
    assertThat(
            cluster.admin().apps().deployments().inNamespace(cluster.namespace()).list().getItems())
        .isEmpty();
  }

  @Test
  void theServersOwnPageStillComposesAndInstalls() {
    String[] browser = {
      "Content-Type", "application/json", "Origin", server.url(), "Sec-Fetch-Site", "same-origin"
    };
    String plan =
        """
        {"model": "smollm3-3b", "namespace": "%s", "serviceId": "own-page",
         "overrides": {"replicaCount": 1}}
        """
            .formatted(cluster.namespace());

    String hash = server.planHash(plan, browser);
    TestServer.Reply installed =
        server.post("/api/install", "{\"planHash\": \"%s\"}".formatted(hash), browser);

    assertThat(installed.status()).as(installed.body()).isEqualTo(200);
    assertThat(server.get("/api/runs?release=own-page").ok().path("runs"))
        .singleElement()
        .satisfies(run -> assertThat(run.path("action").asText()).isEqualTo("install"));
  }

  @Test
  void theUiAndTheApiTellTheBrowserHowFarToTrustThem() {
    for (TestServer.Reply r : java.util.List.of(server.get("/"), server.get("/api/cluster"))) {
      assertThat(r.header("Content-Security-Policy"))
          .contains("script-src 'self'", "object-src 'none'", "frame-ancestors 'none'");
      assertThat(r.header("X-Content-Type-Options")).isEqualTo("nosniff");
      assertThat(r.header("X-Frame-Options")).isEqualTo("DENY");
      assertThat(r.header("Referrer-Policy")).isEqualTo("no-referrer");
    }
  }
}
