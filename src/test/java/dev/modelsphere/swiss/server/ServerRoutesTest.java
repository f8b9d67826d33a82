package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.store.Run;
import dev.modelsphere.swiss.store.Store;
import dev.modelsphere.swiss.testing.UnreachableApiServer;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The routes of a server with deploys allowed and no login, whose API server cannot be reached. */
class ServerRoutesTest {
  @TempDir static Path dir;
  private static TestServer server;
  private static Store store;
  private static Run appliedA;

  @BeforeAll
  static void start() {
    server =
        TestServer.start(
            dir,
            """
              addr: ":0"
              allowDeploy: true
              database: ${dir}/data/swiss.db
              auth:
                disabled: true
            """,
            UnreachableApiServer.client());
    store = server.server().store().orElseThrow();
    Instant t = Instant.parse("2026-11-30T09:00:00Z");
    store.recordRun(
        new Run(
            0,
            "models",
            "a",
            "install",
            "sha256:1",
            "alice",
            true,
            "",
            "installed a",
            "",
            1,
            t,
            t));
    store.recordRun(
        new Run(
            0,
            "models",
            "b",
            "install",
            "sha256:2",
            "bob",
            true,
            "",
            "installed b",
            "first",
            1,
            t,
            t));
    appliedA =
        store.recordRun(
            new Run(
                0,
                "models",
                "a",
                "apply",
                "sha256:3",
                "alice",
                false,
                "helm failed",
                "apply output",
                "",
                0,
                t,
                t.plusSeconds(9)));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void runsListNewestFirstWithoutTheirOutput() {
    TestServer.Reply r = server.get("/api/runs");

    assertThat(r.status()).isEqualTo(200);
    assertThat(r.body()).contains("\"hasStore\": true").doesNotContain("\"output\"");
    assertThat(r.body().indexOf("sha256:3")).isLessThan(r.body().indexOf("sha256:1"));
  }

  @Test
  void runFiltersCombineAsExactMatches() {
    assertThat(server.get("/api/runs?release=a").body())
        .contains("sha256:1", "sha256:3")
        .doesNotContain("sha256:2");
    assertThat(server.get("/api/runs?release=a&action=apply").body())
        .contains("sha256:3")
        .doesNotContain("sha256:1");
    assertThat(server.get("/api/runs?release=a&action=diff").body()).contains("\"runs\": []");
    assertThat(server.get("/api/runs?limit=1").body())
        .contains("sha256:3")
        .doesNotContain("sha256:2");
  }

  @Test
  void aLimitOutOfRangeFallsBackToTheDefault() {
    assertThat(server.get("/api/runs?limit=100000").body())
        .contains("sha256:1", "sha256:2", "sha256:3");
    assertThat(server.get("/api/runs?limit=lots").body())
        .contains("sha256:1", "sha256:2", "sha256:3");
  }

  @Test
  void oneRunCarriesItsOutputActorAndError() {
    TestServer.Reply r = server.get("/api/runs/" + appliedA.id());

    assertThat(r.status()).isEqualTo(200);
    assertThat(r.body())
        .contains(
            "\"output\": \"apply output\"", "\"actor\": \"alice\"", "\"error\": \"helm failed\"")
        .contains("\"startedAt\": \"2026-11-30T09:00:00Z\"")
        .doesNotContain("\"revision\"");
  }

  @Test
  void anUnknownRunIs404AndANonNumericIdIs400() {
    TestServer.Reply missing = server.get("/api/runs/999");
    TestServer.Reply word = server.get("/api/runs/seven");

    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.body()).contains("999");
    assertThat(word.status()).isEqualTo(400);
  }

  @Test
  void withNoLoginTheSessionSaysSoAndTheApiIsOpen() {
    TestServer.Reply session = server.get("/api/session");

    assertThat(session.body())
        .contains("\"authenticated\": true", "\"authDisabled\": true", "\"initialized\": true");
    assertThat(server.get("/api/profile/template").status()).isEqualTo(200);
    assertThat(server.post("/api/login", "{\"username\":\"a\",\"password\":\"b\"}").status())
        .isEqualTo(400);
  }

  @Test
  void theProfileTemplateIsReturnedAsTextAndParsed() {
    TestServer.Reply r = server.get("/api/profile/template");

    assertThat(r.body()).contains("\"source\": \"" + dir.resolve("profile.yaml") + "\"");
    assertThat(r.body())
        .contains("\"yaml\": \"")
        .contains("\"profile\": {")
        .contains("\"pathTemplate\"");
  }

  @Test
  void anUnknownApiPathIsAJson404() {
    TestServer.Reply get = server.get("/api/no-such-thing");
    TestServer.Reply post = server.post("/api/runs/1/retry", "{}");

    assertThat(get.status()).isEqualTo(404);
    assertThat(get.body()).contains("\"error\": ");
    assertThat(post.status()).isEqualTo(404);
    assertThat(post.isJson()).isTrue();
  }

  @Test
  void readinessIsFalseWhileTheApiServerCannotBeReached() {
    TestServer.Reply r = server.get("/readyz");

    assertThat(r.status()).isEqualTo(503);
    assertThat(r.body()).contains("\"ready\": false", "\"catalog\": \"not fetched\"");
    assertThat(r.body()).doesNotContain("\"cluster\": \"ok\"");
  }

  @Test
  void healthIsTheProcessAlone() {
    assertThat(server.get("/healthz").body())
        .contains("\"status\": \"ok\"", "\"version\": \"test\"");
  }

  @Test
  void metricsCountRequestsByRouteTemplateNotRawPath() {
    server.get("/api/runs/" + appliedA.id());
    server.get("/api/runs/424242");

    String metrics = server.get("/metrics").body();

    assertThat(metrics)
        .contains("route=\"/api/runs/{id}\"")
        .contains("swiss_http_requests_seconds_bucket")
        .doesNotContain("/api/runs/424242");
    assertThat(metrics)
        .containsPattern(
            "swiss_http_requests_seconds_count\\{method=\"GET\",route=\"/api/runs/\\{id}\",status=\"404\"} [1-9]");
  }

  @Test
  void clientRoutesGetTheUiPageUncachedAndAssetsAreCachedForever() {
    for (String route :
        new String[] {
          "/", "/catalog", "/catalog/glm5.1", "/deploy/modelforge?variant=sglang-tp2"
        }) {
      TestServer.Reply page = server.get(route);
      assertThat(page.status()).as(route).isEqualTo(200);
      assertThat(page.body()).as(route).contains("id=\"root\"");
    }
    TestServer.Reply asset = server.get("/assets/app-1a2b.js");
    assertThat(asset.status()).isEqualTo(200);
    assertThat(asset.body()).contains("swiss test bundle");
    assertThat(server.get("/robots.txt").body()).startsWith("User-agent");
  }

  @Test
  void aMissingAssetIs404RatherThanThePage() {
    TestServer.Reply r = server.get("/assets/app-gone.js");

    assertThat(r.status()).isEqualTo(404);
    assertThat(r.body()).doesNotContain("id=\"root\"");
  }

  @Test
  void theApiDescriptionIsServedFromTheJar() throws Exception {
    TestServer.Reply r = server.get("/openapi.yaml");

    assertThat(r.status()).isEqualTo(200);
    assertThat(r.body()).isEqualTo(java.nio.file.Files.readString(OpenApiContract.DOCUMENT));
  }
}
