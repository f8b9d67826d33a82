package dev.modelsphere.swiss.server.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.catalog.AddressRule;
import dev.modelsphere.swiss.catalog.RefusedAddressException;
import dev.modelsphere.swiss.testing.LocalHttpServer;
import dev.modelsphere.swiss.testing.LocalHttpServer.Answer;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One bounded exchange: the bytes read stop at the cap, bad input is a reported failure. */
class UpstreamHttpTest {
  private final UpstreamHttp http = new UpstreamHttp(new AddressRule(true));

  @Test
  void aBodyIsReadUpToTheCapAndNoFurther() {
    String large = "{\"pad\": \"" + "x".repeat(200_000) + "\"}";
    try (LocalHttpServer server =
        LocalHttpServer.start(request -> new LocalHttpServer.Answer(200, large))) {
      UpstreamHttp.Exchange exchange =
          http.send("GET", server.url() + "/", Map.of(), null, Duration.ofSeconds(5), 64 << 10);

      assertThat(exchange.answered()).isTrue();
      assertThat(exchange.body()).hasSize(64 << 10);
    }
  }

  @Test
  void aHeaderTheClientCannotSendIsAReportedFailureNotAnException() {
    UpstreamHttp.Exchange exchange =
        http.send(
            "GET",
            "http://127.0.0.1:9/",
            Map.of("Host", "elsewhere"),
            null,
            Duration.ofSeconds(1),
            1024);

    assertThat(exchange.answered()).isFalse();
    assertThat(exchange.status()).isZero();
    assertThat(exchange.error()).startsWith("cannot send GET http://127.0.0.1:9/");
  }

  @Test
  void aRedirectIsAnAnswerWithItsLocationAndNothingGoesWhereItPoints() {
    try (LocalHttpServer elsewhere = LocalHttpServer.start(r -> new Answer(200, "{}"));
        LocalHttpServer redirecting =
            LocalHttpServer.start(
                r -> new Answer(302, "{}", Map.of("Location", elsewhere.url() + "/x")))) {
      UpstreamHttp.Exchange exchange =
          http.send(
              "GET",
              redirecting.url() + "/v1/models",
              Map.of("Authorization", "Bearer sk-1"),
              null,
              Duration.ofSeconds(5),
              1024);

      assertThat(exchange.status()).isEqualTo(302);
      assertThat(exchange.redirected()).isTrue();
      assertThat(exchange.location()).isEqualTo(elsewhere.url() + "/x");
      assertThat(elsewhere.received()).isEmpty();
    }
  }

  @Test
  void aLoopbackHostIsRefusedBeforeAnythingIsSentUnlessAllowed() {
    try (LocalHttpServer local = LocalHttpServer.start(r -> new Answer(200, "{}"))) {
      UpstreamHttp strict = new UpstreamHttp(new AddressRule(false));

      assertThatThrownBy(
              () -> strict.send("GET", local.url(), Map.of(), null, Duration.ofSeconds(5), 1024))
          .isInstanceOf(RefusedAddressException.class)
          .hasMessageContaining("server.security.allowLoopbackUpstreams");
      assertThat(local.received()).isEmpty();
    }
  }
}
