package dev.modelsphere.swiss.server.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.catalog.AddressRule;
import dev.modelsphere.swiss.testing.LocalHttpServer.Received;
import dev.modelsphere.swiss.testing.SimulatedModelServer;
import dev.modelsphere.swiss.testing.SimulatedModelServer.Behaviour;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The probe and chat checks against a simulated model server. Only the test of a slow answer uses
 * short timeouts, so it is quick; the others allow seconds, as the first request of a JVM on a
 * loaded machine can take longer than the short timeout to be answered even by a prompt server.
 */
class ModelChecksTest {
  /** The simulated engine listens on loopback. */
  private static final AddressRule LOOPBACK = new AddressRule(true);

  private static final Duration SHORT = Duration.ofMillis(700);

  private static final Duration GENEROUS = Duration.ofSeconds(30);

  private final SimulatedModelServer engine =
      SimulatedModelServer.serving("glm-53", "qwen")
          .requireHeader("Authorization", "Bearer sk-1")
          .slowness(Duration.ofSeconds(3));
  private final ModelChecks checks = new ModelChecks(LOOPBACK, GENEROUS, GENEROUS);

  @AfterEach
  void stop() {
    engine.close();
  }

  private Entrypoint entrypoint(String baseUrl) {
    return new Entrypoint(
        baseUrl + "/glm-53",
        new TreeMap<>(Map.of("Authorization", "Bearer sk-1")),
        "Authorization",
        "Bearer " + Entrypoint.API_KEY_VARIABLE);
  }

  @Test
  void theProbeListsTheModelsTheEngineServes() {
    ProbeResult result = checks.probe(entrypoint(engine.url()));

    assertThat(result.ok()).isTrue();
    assertThat(result.status()).isEqualTo(200);
    assertThat(result.models()).containsExactly("qwen");
    assertThat(result.body()).isEmpty();
    assertThat(result.url()).isEqualTo(engine.url() + "/glm-53/v1/models");
    assertThat(engine.received().get(0).header("Authorization")).isEqualTo("Bearer sk-1");
  }

  @Test
  void aRefusedProbeIsNotOkAndShowsTheStartOfTheAnswer() {
    Entrypoint wrongKey =
        new Entrypoint(
            engine.url() + "/glm-53", new TreeMap<>(Map.of("Authorization", "Bearer no")), "", "");

    ProbeResult result = checks.probe(wrongKey);

    assertThat(result.ok()).isFalse();
    assertThat(result.status()).isEqualTo(401);
    assertThat(result.body()).contains("invalid api key");
    assertThat(result.models()).isEmpty();
  }

  @Test
  void anAnswerPastTheTimeoutIsReportedAsNoAnswerInTime() {
    engine.behave(Behaviour.ANSWERS_SLOWLY);
    ModelChecks impatient = new ModelChecks(LOOPBACK, SHORT, SHORT);

    ProbeResult probe = impatient.probe(entrypoint(engine.url()));
    ChatResult chat = impatient.chat(entrypoint(engine.url()), ChatApi.CHAT, "qwen", "hi", 8);

    assertThat(probe.ok()).isFalse();
    assertThat(probe.status()).isZero();
    assertThat(probe.error()).contains("no answer within 700ms");
    assertThat(probe.latencyMs()).isBetween(600L, 2500L);
    assertThat(chat.ok()).isFalse();
    assertThat(chat.error()).contains("no answer within 700ms");
  }

  @Test
  void aModelListPast64KiBIsReadOnlyUpToTheCap() {
    engine.behave(Behaviour.LISTS_TOO_MUCH);

    ProbeResult result = checks.probe(entrypoint(engine.url()));

    // The list was cut at 64 KiB, so it no longer parses: no models, and the start is shown.
    assertThat(result.ok()).isTrue();
    assertThat(result.models()).isEmpty();
    assertThat(result.body()).startsWith("{\"object\": \"list\"").endsWith("…");
  }

  @Test
  void anEntrypointNobodyListensOnIsATransportErrorWithoutStatus() throws IOException {
    int closed;
    try (ServerSocket socket = new ServerSocket(0)) {
      closed = socket.getLocalPort();
    }

    ProbeResult result = checks.probe(entrypoint("http://127.0.0.1:" + closed));

    assertThat(result.ok()).isFalse();
    assertThat(result.status()).isZero();
    assertThat(result.error()).contains("GET http://127.0.0.1:" + closed + "/glm-53/v1/models");
    assertThat(result.body()).isEmpty();
  }

  @Test
  void chatSendsTheModelPromptAndBudgetAndReadsTheAnswer() {
    ChatResult result = checks.chat(entrypoint(engine.url()), ChatApi.CHAT, "qwen", "hi", 8);

    Received sent = engine.received().get(0);
    assertThat(result.ok()).isTrue();
    assertThat(result.reply()).isEqualTo("ok");
    assertThat(result.finishReason()).isEqualTo("stop");
    assertThat(result.api()).isEqualTo("chat");
    assertThat(sent.path()).isEqualTo("/glm-53/v1/chat/completions");
    assertThat(sent.header("Content-Type")).isEqualTo("application/json");
    assertThat(sent.body())
        .isEqualTo(
            "{\"max_tokens\":8,\"messages\":[{\"content\":\"hi\",\"role\":\"user\"}],"
                + "\"model\":\"qwen\",\"stream\":false}");
    assertThat(result.curl()).contains("-X POST", "-d '" + sent.body() + "'");
  }

  @Test
  void aReasoningModelOutOfBudgetStillCountsAsAnswering() {
    engine.behave(Behaviour.THINKS_PAST_BUDGET);

    ChatResult chat = checks.chat(entrypoint(engine.url()), ChatApi.CHAT, "qwen", "hi", 8);
    ChatResult messages = checks.chat(entrypoint(engine.url()), ChatApi.MESSAGES, "qwen", "hi", 8);

    assertThat(chat.ok()).isTrue();
    assertThat(chat.reply()).isEmpty();
    assertThat(chat.reasoning()).startsWith("The user wants");
    assertThat(chat.finishReason()).isEqualTo("length");
    assertThat(messages.ok()).isTrue();
    assertThat(messages.reasoning()).isEqualTo("One word is asked for.");
    assertThat(messages.finishReason()).isEqualTo("max_tokens");
  }

  @Test
  void anAnswerWithNothingGeneratedIsNotOkAndShowsTheBody() {
    ChatResult result = checks.chat(entrypoint(engine.url()), ChatApi.CHAT, "not-served", "hi", 8);

    assertThat(result.ok()).isFalse();
    assertThat(result.status()).isEqualTo(404);
    assertThat(result.body()).contains("The model `not-served` does not exist.");
  }
}
