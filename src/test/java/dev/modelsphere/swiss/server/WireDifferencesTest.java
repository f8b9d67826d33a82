package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.store.Run;
import dev.modelsphere.swiss.testing.UnreachableApiServer;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The wire differences of issue 16 that need no cluster, over real HTTP: a deploying server on a
 * site that has not been set up (no profile file), with our demo catalog, whose API server cannot
 * be reached. Each test is one difference from the reference's handlers.
 */
class WireDifferencesTest {
  @TempDir static Path dir;
  private static TestServer server;

  @BeforeAll
  static void start() {
    server = serve(dir, TestServer.DEMO_CATALOG);
  }

  /** A deploying server without a login on {@code catalog}, whose profile file is missing. */
  private static TestServer serve(Path folder, String catalog) {
    return TestServer.start(
        folder,
        "catalog: %s\ncluster:\n  profile:\n    file: ./profile.yaml\n".formatted(catalog),
        TestServer.DEPLOYING_WITHOUT_LOGIN,
        UnreachableApiServer.client(),
        "test-web");
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void aPinnedChartVersionIsListedWithoutReadingTheProfile() {
    TestServer.Reply r = server.get("/api/catalog/mistral-small-24b/chart-versions?version=1.0.0");

    assertThat(r.status()).as(r.body()).isEqualTo(200);
    assertThat(TestServer.json(r.body()).path("versions").toString()).isEqualTo("[\"0.8.0\"]");
  }

  @Test
  void anEmptyCatalogListsItsModelsAsAnEmptyList(@TempDir Path other) throws IOException {
    Path catalog = Files.createDirectories(other.resolve("catalog"));
    Files.writeString(
        catalog.resolve("index.json"), "{\"apiVersion\": \"catalog.swiss/v1\", \"models\": []}");
    try (TestServer empty = serve(other, catalog.toString())) {
      TestServer.Reply r = empty.get("/api/catalog");

      assertThat(r.status()).as(r.body()).isEqualTo(200);
      JsonNode models = TestServer.json(r.body()).path("index").path("models");
      assertThat(models.isArray()).as("models in %s", r.body()).isTrue();
      assertThat(models).isEmpty();
    }
  }

  @Test
  void aPlanOrDiffThatCannotBeComposedIsTheRequestsFault() {
    String request = "{\"model\": \"mistral-small-24b\", \"version\": \"1.0.0\"}";

    TestServer.Reply plan = server.post("/api/plans", request);
    TestServer.Reply diff = server.post("/api/diff", request);

    assertThat(plan.status()).as(plan.body()).isEqualTo(400);
    assertThat(plan.body()).contains("profile");
    assertThat(diff.status()).as(diff.body()).isEqualTo(400);
  }

  @Test
  void anEmptyPlanHashFindsNoPlan() {
    TestServer.Reply apply = server.post("/api/apply", "{\"planHash\": \"\"}");
    TestServer.Reply install = server.post("/api/install", "{}");

    assertThat(apply.status()).as(apply.body()).isEqualTo(404);
    assertThat(install.status()).as(install.body()).isEqualTo(404);
    assertThat(install.body()).contains("planHash");
  }

  @Test
  void theProfileOfASiteNotSetUpIsNotFoundWithTheSetupHint() {
    TestServer.Reply r = server.get("/api/profile");

    assertThat(r.status()).as(r.body()).isEqualTo(404);
    assertThat(r.body()).contains("not set up", "profile.yaml", "/api/profile/template");
  }

  @Test
  void runTimesKeepTheirFractionOfASecond() {
    Instant started = Instant.parse("2026-11-30T09:00:00.250Z");
    Run run =
        server
            .server()
            .store()
            .orElseThrow()
            .recordRun(
                new Run(
                    0,
                    "models",
                    "fast",
                    "apply",
                    "sha256:4",
                    "alice",
                    true,
                    "",
                    "",
                    "",
                    2,
                    started,
                    started.plusMillis(1_500)));

    JsonNode one = server.get("/api/runs/" + run.id()).ok();
    JsonNode listed = server.get("/api/runs?release=fast").ok().path("runs").path(0);

    assertThat(one.path("startedAt").asText()).isEqualTo("2026-11-30T09:00:00.250Z");
    assertThat(one.path("endedAt").asText()).isEqualTo("2026-11-30T09:00:01.750Z");
    assertThat(listed.path("endedAt").asText()).isEqualTo("2026-11-30T09:00:01.750Z");
  }

  @Test
  void theApiDescriptionFitsWhatItSaysOfItself() {
    TestServer.Reply r = server.get("/openapi.yaml");

    assertThat(r.status()).isEqualTo(200);
    assertThat(r.contentType()).startsWith("application/yaml");
    assertThat(OpenApiContract.get().yamlProblems("/openapi.yaml", r.body())).isEmpty();
    assertThat(OpenApiContract.get().yamlProblems("/openapi.yaml", "openapi: 3.0.0\n"))
        .as("a document that is not this one does not fit")
        .isNotEmpty();
  }

  @Test
  void theEventStreamsEventsFitTheirDescription() {
    try (EventsClient events = EventsClient.open(server.uri("/api/events"))) {
      EventsClient.Received hello = events.next(Duration.ofSeconds(10));

      assertThat(hello.type()).isEqualTo("hello");
      assertThat(OpenApiContract.get().eventProblems(hello.id(), hello.type(), hello.data()))
          .isEmpty();
    }
    assertThat(OpenApiContract.get().eventProblems("ab12-3", "hello", "{}"))
        .as("a hello without its id does not fit")
        .isNotEmpty();
    assertThat(
            OpenApiContract.get().eventProblems("ab12-4", "release", "{\"namespace\": \"models\"}"))
        .as("a release event without its release does not fit")
        .isNotEmpty();
    assertThat(
            OpenApiContract.get()
                .eventProblems(
                    "ab12-5", "deployments", "{\"namespace\": \"models\", \"release\": \"a\"}"))
        .isEmpty();
    assertThat(OpenApiContract.get().eventProblems("ab12-6", "nodes", "{\"node\": \"gpu-1\"}"))
        .as("a nodes event names nothing")
        .isNotEmpty();
    assertThat(OpenApiContract.get().eventProblems("ab12-7", "nodes", "nodes changed"))
        .as("data that is not JSON does not fit")
        .isNotEmpty();
    assertThat(OpenApiContract.get().eventProblems("ab12-8", "hello", "{\"id\": \"ab12-8\"}"))
        .isEmpty();
  }

  @Test
  void aKnownPathAskedWithAnotherMethodIs405NamingTheMethodsItAllows() {
    TestServer.Reply post = server.post("/api/catalog", "{}");
    TestServer.Reply delete = server.delete("/api/releases/models/qwen/revisions");
    TestServer.Reply unknown = server.post("/api/no-such-thing", "{}");
    TestServer.Reply get = server.get("/api/logout");
    TestServer.Reply trace = server.send("TRACE", "/", HttpRequest.BodyPublishers.noBody());

    assertThat(post.status()).as(post.body()).isEqualTo(405);
    assertThat(post.header("Allow")).isEqualTo("GET, HEAD");
    assertThat(post.body()).contains("\"error\"");
    assertThat(delete.status()).isEqualTo(405);
    assertThat(delete.header("Allow")).isEqualTo("GET, HEAD");
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(get.status()).as("a GET the web UI would otherwise take").isEqualTo(405);
    assertThat(get.header("Allow")).isEqualTo("POST");
    assertThat(trace.status()).isEqualTo(405);
  }
}
