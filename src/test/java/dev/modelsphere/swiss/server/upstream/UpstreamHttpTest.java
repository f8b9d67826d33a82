package dev.modelsphere.swiss.server.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.catalog.AddressRule;
import dev.modelsphere.swiss.testing.LocalHttpServer;
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
}
