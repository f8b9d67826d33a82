package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.LocalHttpServer.Received;
import dev.modelsphere.swiss.testing.SimulatedModelServer;
import dev.modelsphere.swiss.testing.SimulatedModelServer.Behaviour;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code POST .../probe} and {@code POST .../chat} (§6.2, §6.3) on releases installed for real, the
 * key read from a real Secret, and the entrypoint played by a simulated model server. The server is
 * read-only (no {@code allowDeploy}): the checks change nothing, so they need no deploy right.
 */
@ClusterTest
class ReleaseChecksOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String KEY = "sk-live-7f3a9c";
  private static final String PROFILE =
      """
      name: test-site
      namespace: models
      model:
        pathTemplate: /models/{{name}}
      route:
        nginxService: llm-route/openresty
        nginxPort: 8081
        auth:
          secretRef: entrypoint-key
      """;

  @TempDir Path dir;
  private final SimulatedModelServer engine =
      SimulatedModelServer.serving("glm", "qwen3-8b")
          .requireHeader("Authorization", "Bearer " + KEY);
  private final List<String> servicesAsked = new CopyOnWriteArrayList<>();
  private TestServer server;

  @BeforeEach
  void installAndServe() {
    cluster
        .deployer()
        .apply(cluster.plan("glm-53", "serviceId: glm"), Mode.INSTALL, ApplyOptions.install());
    secret("entrypoint-key", Map.of("apiKey", KEY));
    server = serve(PROFILE);
  }

  @AfterEach
  void stop() {
    server.close();
    engine.close();
  }

  private TestServer serve(String profile) {
    return TestServer.start(
        dir,
        "  auth:\n    disabled: true\n" + TestServer.loopbackUpstreams(engine.url()),
        profile,
        cluster.admin(),
        options ->
            options
                .withNamespace(cluster.namespace())
                .withServiceAddresses(
                    (namespace, name, port) -> {
                      servicesAsked.add("%s/%s:%d".formatted(namespace, name, port));
                      return engine.url();
                    }));
  }

  private void secret(String name, Map<String, String> data) {
    new Kube(cluster.admin()).putSecret(cluster.namespace(), name, data, Map.of());
  }

  private TestServer.Reply post(String release, String check, String body) {
    return server.post(
        "/api/releases/%s/%s/%s".formatted(cluster.namespace(), release, check), body);
  }

  private static JsonNode json(TestServer.Reply reply) {
    try {
      return new ObjectMapper().readTree(reply.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void theProbeListsTheModelsThroughTheEntrypointWithTheKeyFromTheSecret() {
    TestServer.Reply r = post("glm-53", "probe", "");

    JsonNode result = json(r);
    assertThat(r.status()).isEqualTo(200);
    assertThat(result.path("ok").asBoolean()).isTrue();
    assertThat(result.path("status").asInt()).isEqualTo(200);
    assertThat(result.path("models").toString()).isEqualTo("[\"qwen3-8b\"]");
    assertThat(result.path("url").asText()).isEqualTo(engine.url() + "/glm/v1/models");
    assertThat(result.path("sentHeaders").toString()).isEqualTo("[\"Authorization\"]");
    assertThat(result.path("curl").asText())
        .isEqualTo(
            "curl -sS -H \"Authorization: Bearer $SWISS_API_KEY\" '%s/glm/v1/models'"
                .formatted(engine.url()));
    assertThat(servicesAsked).containsExactly("llm-route/openresty:8081");
    assertThat(engine.received().get(0).header("Authorization")).isEqualTo("Bearer " + KEY);
    assertThat(r.body()).doesNotContain(KEY);
  }

  @Test
  void aKeyAndHeadersInTheRequestAreSentButTheKeyIsNeverEchoed() {
    engine.requireHeader("Authorization", "Bearer sk-trial-1");

    TestServer.Reply r =
        post(
            "glm-53",
            "probe",
            "{\"apiKey\": \"sk-trial-1\", \"headers\": {\"x-tenant\": \"blue\"}}");

    Received sent = engine.received().get(0);
    assertThat(json(r).path("ok").asBoolean()).isTrue();
    assertThat(sent.header("X-Tenant")).isEqualTo("blue");
    assertThat(json(r).path("sentHeaders").toString())
        .isEqualTo("[\"Authorization\",\"X-Tenant\"]");
    assertThat(r.body()).doesNotContain("sk-trial-1").doesNotContain(KEY);
  }

  @Test
  void aKeyTheEntrypointRefusesIsAFindingNotAFailure() {
    engine.requireHeader("Authorization", "Bearer another-key");

    TestServer.Reply r = post("glm-53", "probe", "{}");

    assertThat(r.status()).isEqualTo(200);
    assertThat(json(r).path("ok").asBoolean()).isFalse();
    assertThat(json(r).path("status").asInt()).isEqualTo(401);
    assertThat(json(r).path("body").asText()).contains("invalid api key");
  }

  @Test
  void aSiteWithoutAnEntrypointAnswers412ToBothChecks() {
    server.close();
    server = serve("name: test-site\nmodel:\n  pathTemplate: /models/{{name}}\n");

    TestServer.Reply probe = post("glm-53", "probe", "");
    TestServer.Reply chat = post("glm-53", "chat", "");

    assertThat(probe.status()).isEqualTo(412);
    assertThat(probe.body()).contains("route.nginxService");
    assertThat(chat.status()).isEqualTo(412);
    assertThat(engine.received()).isEmpty();
  }

  @Test
  void aMissingKeySecretOrKeyIs412NamingTheSecret() {
    cluster.admin().secrets().inNamespace(cluster.namespace()).withName("entrypoint-key").delete();

    TestServer.Reply noSecret = post("glm-53", "probe", "");
    secret("entrypoint-key", Map.of("token", KEY));
    TestServer.Reply noKey = post("glm-53", "probe", "");

    assertThat(noSecret.status()).isEqualTo(412);
    assertThat(noSecret.body())
        .contains("route.auth.secretRef", cluster.namespace() + "/entrypoint-key");
    assertThat(noKey.status()).isEqualTo(412);
    assertThat(noKey.body()).contains(cluster.namespace() + "/entrypoint-key", "\\\"apiKey\\\"");
  }

  @Test
  void aReleaseWithRoutingOffPublishesNoRouteAndIs412() {
    cluster
        .deployer()
        .apply(
            cluster.plan("hidden", "modelRoute: {enabled: false}"),
            Mode.INSTALL,
            ApplyOptions.install());

    TestServer.Reply r = post("hidden", "probe", "");

    assertThat(r.status()).isEqualTo(412);
    assertThat(r.body()).contains("publishes no route");
  }

  @Test
  void aReleaseSwissDidNotDeployIs404ToBothChecks() {
    new Kube(cluster.admin()).deleteConfigMap(cluster.namespace(), "swiss-plan-glm-53");

    TestServer.Reply probe = post("glm-53", "probe", "");
    TestServer.Reply chat = post("glm-53", "chat", "{\"api\": \"no-such-api\"}");

    assertThat(probe.status()).isEqualTo(404);
    assertThat(probe.body()).contains("has no plan beside it");
    assertThat(chat.status()).isEqualTo(404);
  }

  @Test
  void chatSpeaksEachApiToThePlansServedModel() {
    for (String api : List.of("chat", "completions", "messages")) {
      TestServer.Reply r = post("glm-53", "chat", "{\"api\": \"%s\"}".formatted(api));

      JsonNode result = json(r);
      assertThat(r.status()).as(api).isEqualTo(200);
      assertThat(result.path("ok").asBoolean()).as(api).isTrue();
      assertThat(result.path("reply").asText()).as(api).isEqualTo("ok");
      assertThat(result.path("model").asText()).as(api).isEqualTo("qwen3-8b");
      assertThat(result.path("api").asText()).as(api).isEqualTo(api);
    }
    assertThat(engine.received())
        .extracting(Received::path)
        .containsExactly("/glm/v1/chat/completions", "/glm/v1/completions", "/glm/v1/messages");
    assertThat(engine.received().get(0).body())
        .contains("\"max_tokens\":32", "\"content\":\"Reply with the single word: ok\"");
  }

  @Test
  void chatSendsTheRequestsPromptModelAndBudget() {
    TestServer.Reply r =
        post(
            "glm-53",
            "chat",
            "{\"api\": \"completions\", \"prompt\": \"2+2=\", \"model\": \"other\", \"maxTokens\": 4}");

    assertThat(engine.received().get(0).body())
        .isEqualTo("{\"max_tokens\":4,\"model\":\"other\",\"prompt\":\"2+2=\",\"stream\":false}");
    assertThat(json(r).path("ok").asBoolean()).isFalse();
    assertThat(json(r).path("status").asInt()).isEqualTo(404);
    assertThat(json(r).path("body").asText()).contains("`other` does not exist");
  }

  @Test
  void aReasoningModelOutOfBudgetAnswersInItsThinkingChannel() {
    engine.behave(Behaviour.THINKS_PAST_BUDGET);

    JsonNode result = json(post("glm-53", "chat", ""));

    assertThat(result.path("ok").asBoolean()).isTrue();
    assertThat(result.has("reply")).isFalse();
    assertThat(result.path("reasoning").asText()).startsWith("The user wants a single word");
    assertThat(result.path("finishReason").asText()).isEqualTo("length");
  }

  @Test
  void aFailingEngineIsReportedWithTheStartOfItsAnswer() {
    engine.behave(Behaviour.FAILS);

    JsonNode result = json(post("glm-53", "chat", ""));

    assertThat(result.path("ok").asBoolean()).isFalse();
    assertThat(result.path("status").asInt()).isEqualTo(500);
    assertThat(result.path("body").asText()).contains("the engine failed to load");
  }

  @Test
  void anUnknownApiOrABodyThatIsNotJsonIs400() {
    TestServer.Reply unknown = post("glm-53", "chat", "{\"api\": \"responses\"}");
    TestServer.Reply garbled = post("glm-53", "chat", "{\"api\": ");

    assertThat(unknown.status()).isEqualTo(400);
    assertThat(unknown.body()).contains("\\\"responses\\\"", "chat, completions or messages");
    assertThat(garbled.status()).isEqualTo(400);
    assertThat(engine.received()).isEmpty();
  }
}
