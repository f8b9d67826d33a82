package dev.modelsphere.swiss.server.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.config.Security;
import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.site.Scaler;
import dev.modelsphere.swiss.testing.LocalHttpServer;
import dev.modelsphere.swiss.testing.LocalHttpServer.Answer;
import dev.modelsphere.swiss.testing.SimulatedSloServer;
import dev.modelsphere.swiss.testing.UnreachableApiServer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Calls to the SLO server, and reading its refusals (the token's Secret: SloOnAClusterTest). */
class SloServerTest {
  private final SloServer anywhereOnLoopback = slo();

  /** An SLO client allowed loopback, that may send the token to {@code destinations}. */
  private static SloServer slo(String... destinations) {
    return new SloServer(
        new Kube(UnreachableApiServer.client()),
        "swiss",
        UpstreamPolicy.of(new Security(List.of(), 0, List.of(destinations), true)));
  }

  @Test
  void theConfigOfAReleaseIsAskedByItsEscapedNameWithTheBearerToken() {
    try (SimulatedSloServer server =
        SimulatedSloServer.acceptingToken("t0k").knows("glm", "{\"route\": \"glm\"}")) {
      SloServer slo = slo(server.url());
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
    assertThatThrownBy(() -> slo("http://127.0.0.1:9").config("http://127.0.0.1:9", "glm", "t"))
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
    assertThatThrownBy(() -> anywhereOnLoopback.token(Scaler.none()))
        .isInstanceOf(UpstreamException.class)
        .hasMessageContaining("scaler.sloTokenSecret is required");
  }

  @Test
  void theTokenIsNotSentToAnOriginTheServerConfigDoesNotList() {
    try (SimulatedSloServer listener = SimulatedSloServer.acceptingToken("t0k")) {
      assertThatThrownBy(() -> anywhereOnLoopback.config(listener.url(), "glm", "t0k"))
          .isInstanceOf(DomainException.class)
          .hasMessageContaining(listener.url(), "server.security.secretDestinations");
      assertThat(listener.received()).isEmpty();
    }
  }

  @Test
  void aProfileNamingAnUnlistedSloServerIsRefusedBeforeItsSecretIsRead() {
    Scaler scaler = new Scaler("", Map.of(), "http://attacker.test:8080", "swiss-login", "");

    // The cluster is unreachable: reading the Secret would fail otherwise than with this refusal.
    assertThatThrownBy(() -> slo("http://slo.test").token(scaler))
        .isInstanceOfSatisfying(
            DomainException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.FORBIDDEN))
        .hasMessageContaining("scaler.sloTokenSecret", "http://attacker.test:8080");
  }

  @Test
  void aRedirectIsReportedWithItsLocationAndNotFollowed() {
    try (LocalHttpServer elsewhere = LocalHttpServer.start(r -> new Answer(200, "{}"));
        LocalHttpServer redirecting =
            LocalHttpServer.start(
                r -> new Answer(307, "{}", Map.of("Location", elsewhere.url() + "/steal")))) {
      assertThatThrownBy(() -> slo(redirecting.url()).config(redirecting.url(), "glm", "t0k"))
          .isInstanceOf(UpstreamException.class)
          .hasMessageContaining("307", elsewhere.url() + "/steal", "scaler.sloAddress");
      assertThat(elsewhere.received()).isEmpty();
    }
  }
}
