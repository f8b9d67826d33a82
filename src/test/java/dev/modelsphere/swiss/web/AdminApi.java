package dev.modelsphere.swiss.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.server.TestServer;
import java.time.Duration;

/**
 * The server's API as a second operator uses it, signed in as the admin: how the tests set up a
 * release before a scenario and change one behind the UI's back.
 */
final class AdminApi {
  private final TestServer server;
  private final String namespace;
  private final String cookie;

  AdminApi(TestServer server, String namespace) {
    this.server = server;
    this.namespace = namespace;
    TestServer.Reply login = server.login(TestServer.USER, TestServer.PASSWORD);
    assertThat(login.status()).as("admin login: %s", login.body()).isEqualTo(200);
    this.cookie = "swiss_session=" + login.sessionCookie();
  }

  /** Installs {@code model} at {@code version} as {@code release}, one replica; its revision. */
  int install(String model, String version, String release) {
    return install(model, version, release, "{\"replicaCount\": 1}");
  }

  /** The same with the form's {@code overrides} given, as JSON. */
  int install(String model, String version, String release, String overrides) {
    return install(model, version, "", release, overrides);
  }

  /** The same of {@code variant} (empty: the version's default). */
  int install(String model, String version, String variant, String release, String overrides) {
    String hash =
        server.planHash(
            """
                {"model": "%s", "version": "%s", %s"namespace": "%s", "serviceId": "%s",
                 "overrides": %s}
                """
                .formatted(
                    model,
                    version,
                    variant.isEmpty() ? "" : "\"variant\": \"%s\", ".formatted(variant),
                    namespace,
                    release,
                    overrides),
            "Cookie",
            cookie);
    return post("/api/install", "{\"planHash\": \"%s\"}".formatted(hash)).path("revision").asInt();
  }

  /** Moves {@code release} to catalog version {@code version}, its form as deployed. */
  int upgrade(String release, String version, int expectRevision) {
    return composeAndApply(
        "{\"fromRelease\": \"%s\", \"namespace\": \"%s\", \"version\": \"%s\"}"
            .formatted(release, namespace, version),
        expectRevision);
  }

  /** The plan composed for {@code variant} of {@code model} as {@code release}, not installed. */
  JsonNode compose(String model, String variant, String release) {
    return post(
        "/api/plans",
        "{\"model\": \"%s\", \"variant\": \"%s\", \"namespace\": \"%s\", \"serviceId\": \"%s\"}"
            .formatted(model, variant, namespace, release));
  }

  /** Applies again the plan {@code release} runs, at its live revision; the API's answer. */
  JsonNode applyTheRunningPlan(String release) {
    return post(
        "/api/apply",
        "{\"planHash\": \"%s\", \"expectRevision\": %d}"
            .formatted(plan(release).path("hash").asText(), revision(release)));
  }

  /** The site profile as the server reads it now: {@code GET /api/profile}. */
  JsonNode profile() {
    return get("/api/profile");
  }

  /** The audit log's runs of {@code release}, newest first. */
  JsonNode runs(String release) {
    return get("/api/runs?release=" + release).path("runs");
  }

  /** The plan stored beside {@code release}. */
  JsonNode plan(String release) {
    return get(releasePath(release) + "/plan");
  }

  /**
   * Waits until the server reads the plan record of {@code release} at {@code revision}: its reads
   * come from watches, a moment behind the write the UI has just seen answered.
   */
  void awaitRevision(String release, int revision) {
    await()
        .alias("%s's plan record at revision %d".formatted(release, revision))
        .atMost(Duration.ofSeconds(10))
        .pollInterval(Duration.ofMillis(50))
        .until(
            () ->
                get(releasePath(release) + "/status").path("planStatus").path("revision").asInt()
                    >= revision);
  }

  /** The plan archived with revision {@code revision} of {@code release}. */
  JsonNode plan(String release, int revision) {
    return get(releasePath(release) + "/revisions/" + revision + "/plan");
  }

  /**
   * Sets {@code replicaCount} of {@code release}, the rest of its plan as deployed; its revision.
   */
  int scale(String release, int replicas, int expectRevision) {
    return composeAndApply(
        ("{\"fromRelease\": \"%s\", \"namespace\": \"%s\", \"reuseSource\": true,"
                + " \"overrides\": {\"replicaCount\": %d}}")
            .formatted(release, namespace, replicas),
        expectRevision);
  }

  /** Composes the plan {@code request} asks for, applies it and answers the revision it made. */
  private int composeAndApply(String request, int expectRevision) {
    String hash = server.planHash(request, "Cookie", cookie);
    return post(
            "/api/apply",
            "{\"planHash\": \"%s\", \"expectRevision\": %d}".formatted(hash, expectRevision))
        .path("revision")
        .asInt();
  }

  /** helm's revision of {@code release} as its status reads it; 0 when there is none. */
  int revision(String release) {
    return get(releasePath(release) + "/status").path("revision").asInt();
  }

  JsonNode deployments() {
    return get("/api/deployments?perPage=100");
  }

  void uninstall(String release) {
    TestServer.Reply r = server.delete(releasePath(release), "Cookie", cookie);
    assertThat(r.status()).as("uninstall %s: %s", release, r.body()).isEqualTo(200);
  }

  private String releasePath(String release) {
    return "/api/releases/%s/%s".formatted(namespace, release);
  }

  private JsonNode post(String path, String body) {
    return server.post(path, body, "Cookie", cookie).ok();
  }

  private JsonNode get(String path) {
    TestServer.Reply r = server.get(path, "Cookie", cookie);
    assertThat(r.status()).as("GET %s answered %s", path, r.body()).isEqualTo(200);
    return TestServer.json(r.body());
  }
}
