package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.SimulatedSloServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code GET .../slo} (§6.5): the token from a real Secret, the SLO server played by a simulation.
 */
@ClusterTest
class SloOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String TOKEN = "slo-secret";
  private static final String GLM =
      "{\"route\": \"glm\", \"priority\": 0, \"ttft\": {\"p95Ms\": 2000},"
          + " \"minimumDeployment\": {\"type\": \"replica\", \"value\": 1}}";

  @TempDir Path dir;
  private final SimulatedSloServer slo = SimulatedSloServer.acceptingToken(TOKEN).knows("glm", GLM);
  private TestServer server;

  @BeforeEach
  void tokenSecret() {
    secret("slo-api", Map.of("token", TOKEN));
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
    slo.close();
  }

  /** A server whose profile points at {@code sloAddress} with {@code tokenSecret} (may be ""). */
  private TestServer serve(String sloAddress, String tokenSecret) {
    return serve(sloAddress, tokenSecret, "  auth:\n    disabled: true\n");
  }

  /** The same with its own {@code server:} section: one that deploys, say. */
  private TestServer serve(String sloAddress, String tokenSecret, String serverYaml) {
    String profile =
        "name: test-site\nmodel:\n  pathTemplate: /models/{{name}}\nscaler:\n  sloAddress: "
            + sloAddress
            + "\n"
            + (tokenSecret.isEmpty() ? "" : "  sloTokenSecret: " + tokenSecret + "\n");
    server =
        TestServer.start(
            dir,
            serverYaml + TestServer.loopbackUpstreams(sloAddress),
            profile,
            cluster.admin(),
            options -> options.withNamespace(cluster.namespace()));
    return server;
  }

  private void secret(String name, Map<String, String> data) {
    new Kube(cluster.admin()).putSecret(cluster.namespace(), name, data, Map.of());
  }

  private TestServer.Reply read(String release) {
    return server.get("/api/releases/models/%s/slo".formatted(release));
  }

  @Test
  void theRequirementIsReadWithTheBearerTokenFromTheSecretInTheServersNamespace() {
    serve(slo.url(), "slo-api");

    TestServer.Reply r = read("glm");

    assertThat(r.status()).isEqualTo(200);
    assertThat(r.body())
        .contains("\"found\": true", "\"route\": \"glm\"", "\"p95Ms\": 2000", "\"value\": 1");
    assertThat(slo.received().get(0).path()).isEqualTo("/config/glm");
    assertThat(slo.received().get(0).header("Authorization")).isEqualTo("Bearer " + TOKEN);
    assertThat(r.body()).doesNotContain(TOKEN);
  }

  @Test
  void aSecretNamedWithItsNamespaceIsReadThereAndItsKeyCanBeChosen() {
    secret("other-token", Map.of("bearer", TOKEN));
    String profile =
        "name: test-site\nmodel:\n  pathTemplate: /models/{{name}}\nscaler:\n  sloAddress: %s\n"
                .formatted(slo.url())
            + "  sloTokenSecret: %s/other-token\n  sloTokenKey: bearer\n"
                .formatted(cluster.namespace());
    server =
        TestServer.start(
            dir,
            "  auth:\n    disabled: true\n" + TestServer.loopbackUpstreams(slo.url()),
            profile,
            cluster.admin(),
            options -> options);

    assertThat(read("glm").status()).isEqualTo(200);
  }

  @Test
  void aWriteIsForwardedWithTheReleaseAsItsRouteAndAResetReadsTheDefaultsBack() {
    serveDeploying();

    TestServer.Reply written =
        server.put("/api/releases/models/glm/slo", "{\"priority\": 2, \"ttft\": {\"p95Ms\": 900}}");
    TestServer.Reply reread = read("glm");
    TestServer.Reply reset = server.send("DELETE", "/api/releases/models/glm/slo", noBody());

    assertThat(written.status()).as(written.body()).isEqualTo(200);
    assertThat(written.body()).contains("\"route\": \"glm\"", "\"p95Ms\": 900", "\"found\": true");
    assertThat(slo.received().get(0).method()).isEqualTo("PUT");
    assertThat(slo.received().get(0).body()).contains("\"route\":\"glm\"");
    assertThat(reread.body()).contains("\"p95Ms\": 900");
    assertThat(reset.status()).isEqualTo(200);
    assertThat(reset.body()).isEqualTo("{\n  \"found\": false\n}\n");
  }

  @Test
  void aWriteNamingAnotherRouteIsRefusedAndNothingIsSent() {
    serveDeploying();

    TestServer.Reply r = server.put("/api/releases/models/glm/slo", "{\"route\": \"qwen\"}");
    TestServer.Reply notAnObject = server.put("/api/releases/models/glm/slo", "[1]");

    assertThat(r.status()).isEqualTo(400);
    assertThat(r.body()).contains("qwen", "glm");
    assertThat(notAnObject.status()).isEqualTo(400);
    assertThat(slo.received()).isEmpty();
  }

  @Test
  void aReadOnlyServerRefusesToWriteOrResetButStillReads() {
    serve(slo.url(), "slo-api");

    TestServer.Reply put = server.put("/api/releases/models/glm/slo", "{\"priority\": 1}");
    TestServer.Reply delete = server.send("DELETE", "/api/releases/models/glm/slo", noBody());

    assertThat(put.status()).isEqualTo(403);
    assertThat(put.body()).contains("allowDeploy");
    assertThat(delete.status()).isEqualTo(403);
    assertThat(slo.received()).isEmpty();
    assertThat(read("glm").status()).isEqualTo(200);
  }

  private static final String DEPLOYING =
      "  auth:\n    disabled: true\n  allowDeploy: true\n  database: ${dir}/swiss.db\n";

  private void serveDeploying() {
    String profile =
        "name: test-site\nmodel:\n  pathTemplate: /models/{{name}}\nscaler:\n  sloAddress: %s\n"
                .formatted(slo.url())
            + "  sloTokenSecret: slo-api\n";
    server =
        TestServer.start(
            dir,
            DEPLOYING + TestServer.loopbackUpstreams(slo.url()),
            profile,
            cluster.admin(),
            options -> options.withNamespace(cluster.namespace()));
  }

  private static java.net.http.HttpRequest.BodyPublisher noBody() {
    return java.net.http.HttpRequest.BodyPublishers.noBody();
  }

  @Test
  void aReleaseTheSloServerDoesNotKnowIsNotFound() {
    serve(slo.url(), "slo-api");

    TestServer.Reply r = read("qwen");

    assertThat(r.status()).isEqualTo(200);
    assertThat(r.body()).isEqualTo("{\n  \"found\": false\n}\n");
  }

  @Test
  void withoutATokenSecretOrWithoutItsKeyAWriteAnswers409() {
    serve(slo.url(), "", DEPLOYING);
    TestServer.Reply unnamed = write("glm");
    server.close();
    serve(slo.url(), "missing-secret", DEPLOYING);
    TestServer.Reply missing = write("glm");
    server.close();
    serve(slo.url(), "slo-api", DEPLOYING);
    secret("slo-api", Map.of("password", TOKEN));
    TestServer.Reply keyless = write("glm");

    assertThat(unnamed.status()).isEqualTo(409);
    assertThat(unnamed.body()).contains("scaler.sloTokenSecret");
    assertThat(missing.status()).isEqualTo(409);
    assertThat(missing.body()).contains(cluster.namespace() + "/missing-secret");
    assertThat(keyless.status()).isEqualTo(409);
    assertThat(keyless.body()).contains(cluster.namespace() + "/slo-api", "\\\"token\\\"");
    assertThat(slo.received()).isEmpty();
  }

  @Test
  void withoutATokenSecretAReadIsNotFoundWithTheReasonSoTheCardCanShowIt() {
    serve(slo.url(), "");
    TestServer.Reply unnamed = read("glm");
    server.close();
    serve(slo.url(), "missing-secret");
    TestServer.Reply missing = read("glm");

    assertThat(unnamed.status()).isEqualTo(200);
    assertThat(TestServer.json(unnamed.body()).path("found").asBoolean(true)).isFalse();
    assertThat(TestServer.json(unnamed.body()).path("reason").asText())
        .contains("scaler.sloTokenSecret");
    assertThat(missing.status()).isEqualTo(200);
    assertThat(TestServer.json(missing.body()).path("reason").asText())
        .contains(cluster.namespace() + "/missing-secret");
    assertThat(slo.received()).isEmpty();
  }

  private TestServer.Reply write(String release) {
    return server.put("/api/releases/models/%s/slo".formatted(release), "{\"priority\": 1}");
  }

  @Test
  void aRefusalOfTheSloServerKeepsItsStatusAndReason() {
    slo.refuses("glm", 422, "{\"error\": {\"field\": \"ttft\", \"message\": \"must be positive\"}}")
        .refuses("qwen", 500, "{\"error\": \"database locked\"}");
    serve(slo.url(), "slo-api");

    TestServer.Reply invalid = read("glm");
    TestServer.Reply broken = read("qwen");

    assertThat(invalid.status()).isEqualTo(422);
    assertThat(invalid.body()).contains("ttft: must be positive");
    assertThat(broken.status()).isEqualTo(500);
    assertThat(broken.body()).contains("database locked");
  }

  @Test
  void anSloServerThatCannotBeReachedIs502() throws IOException {
    int closed;
    try (ServerSocket socket = new ServerSocket(0)) {
      closed = socket.getLocalPort();
    }
    serve("http://127.0.0.1:" + closed, "slo-api");

    TestServer.Reply r = read("glm");

    assertThat(r.status()).isEqualTo(502);
    assertThat(r.body()).contains("slo server", "127.0.0.1:" + closed);
  }

  @Test
  void aProfileThatCannotBeReadIs502() {
    server =
        TestServer.start(
            dir, "  auth:\n    disabled: true\n", "name: test-site\n", cluster.admin(), o -> o);

    TestServer.Reply r = read("glm");

    assertThat(r.status()).isEqualTo(502);
    assertThat(r.body()).contains("pathTemplate");
  }
}
