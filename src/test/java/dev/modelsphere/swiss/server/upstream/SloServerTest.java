package dev.modelsphere.swiss.server.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.site.Scaler;
import dev.modelsphere.swiss.testing.SimulatedSloServer;
import dev.modelsphere.swiss.testing.UnreachableApiServer;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Calls to the SLO server, and reading its refusals (the token's Secret: SloOnAClusterTest). */
class SloServerTest {
  private final SloServer slo = new SloServer(new Kube(UnreachableApiServer.client()), "swiss");

  @Test
  void theConfigOfAReleaseIsAskedByItsEscapedNameWithTheBearerToken() {
    try (SimulatedSloServer server =
        SimulatedSloServer.acceptingToken("t0k").knows("glm", "{\"route\": \"glm\"}")) {
      SloServer.Answer answer = slo.config(server.url(), "glm", "t0k");
      SloServer.Answer odd = slo.config(server.url(), "a b/c", "t0k");

      assertThat(answer.status()).isEqualTo(200);
      assertThat(answer.body()).containsEntry("route", "glm");
      assertThat(server.received().get(0).header("Authorization")).isEqualTo("Bearer t0k");
      assertThat(odd.status()).isEqualTo(404);
      assertThat(server.received().get(1).path()).isEqualTo("/config/a%20b%2Fc");
    }
  }

  @Test
  void aServerNobodyListensOnIsAnErrorNamingTheSloServer() {
    assertThatThrownBy(() -> slo.config("http://127.0.0.1:9", "glm", "t"))
        .isInstanceOf(UpstreamException.class)
        .hasMessageStartingWith("slo server: GET http://127.0.0.1:9/config/glm");
  }

  @Test
  void aRefusalSaysWhatTheServerSaid() {
    assertThat(new SloServer.Answer(500, Map.of("error", "boom")).refusal()).isEqualTo("boom");
    assertThat(
            new SloServer.Answer(
                    422, Map.of("error", Map.of("field", "ttft", "message", "must be positive")))
                .refusal())
        .isEqualTo("ttft: must be positive");
    assertThat(new SloServer.Answer(422, Map.of("error", Map.of("message", "bad"))).refusal())
        .isEqualTo("bad");
    assertThat(new SloServer.Answer(503, Map.of("error", 7)).refusal())
        .contains("slo server refused the request", "503");
  }

  @Test
  void withoutATokenSecretInTheProfileNoCallIsMade() {
    assertThatThrownBy(() -> slo.token(Scaler.none()))
        .isInstanceOf(UpstreamException.class)
        .hasMessageContaining("scaler.sloTokenSecret is required");
  }
}
