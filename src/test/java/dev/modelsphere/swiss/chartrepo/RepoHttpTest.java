package dev.modelsphere.swiss.chartrepo;

import static dev.modelsphere.swiss.chartrepo.LocalServers.respond;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RepoHttpTest {

  private static final Duration READ_TIMEOUT = Duration.ofSeconds(1);
  private static final Duration WELL_WITHIN = Duration.ofSeconds(10);

  @RegisterExtension final LocalServers servers = new LocalServers();

  private final RepoHttp http =
      new RepoHttp(new RepoHttp.Limits(Duration.ofSeconds(5), READ_TIMEOUT, 1, 1));

  @Test
  void aBodyThatStallsIsAbandonedWithinTheReadTimeout() {
    String srv = servers.serve(exchange -> stallAfter(exchange, 1_000, 10));

    assertTimeoutPreemptively(
        WELL_WITHIN,
        () ->
            assertThatThrownBy(() -> http.document(srv + "/index.yaml", index(srv), null))
                .isInstanceOf(RepoException.class)
                .hasMessageContaining(srv + "/index.yaml")
                .hasMessageContaining("nothing arrived for 1 s"));
  }

  @Test
  void aServerThatNeverAnswersIsAbandonedWithinTheReadTimeout() {
    String srv = servers.serve(exchange -> stallAfter(exchange, 0, 0));

    assertTimeoutPreemptively(
        WELL_WITHIN,
        () ->
            assertThatThrownBy(() -> http.document(srv + "/index.yaml", index(srv), null))
                .isInstanceOf(RepoException.class)
                .hasMessageContaining("nothing arrived"));
  }

  @Test
  void aSlowBodyIsReadInFullWhileBytesKeepArriving() {
    int chunks = 4;
    String srv =
        servers.serve(
            exchange -> {
              exchange.sendResponseHeaders(200, chunks);
              try (OutputStream out = exchange.getResponseBody()) {
                for (int i = 0; i < chunks; i++) {
                  pause(READ_TIMEOUT.dividedBy(2));
                  out.write('x');
                  out.flush();
                }
              }
            });

    RepoHttp.Response response = http.document(srv + "/index.yaml", index(srv), null);

    assertThat(response.body()).hasSize(chunks);
  }

  @Test
  void aDocumentLargerThanItsCapIsRefusedNamingTheLocationAndTheCap() {
    String srv = servers.serve(exchange -> respond(exchange, 200, new byte[(1 << 20) + 1]));

    assertThatThrownBy(() -> http.document(srv + "/index.yaml", index(srv), null))
        .isInstanceOf(RepoException.class)
        .hasMessageContaining(srv + "/index.yaml")
        .hasMessageContaining("larger than 1 MiB");
  }

  @Test
  void aBodyAtItsCapIsRead() {
    String srv = servers.serve(exchange -> respond(exchange, 200, new byte[1 << 20]));

    assertThat(http.archive(srv + "/chart.tgz", URI.create(srv + "/chart.tgz")).body())
        .hasSize(1 << 20);
  }

  @Test
  void aRedirectToAnotherOriginIsFollowedWithoutTheAuthorization() {
    List<String> seen = new CopyOnWriteArrayList<>();
    String cdn = servers.serve(exchange -> answerRecordingAuthorization(exchange, seen));
    String registry =
        servers.serve(
            exchange -> {
              seen.add("registry: " + authorization(exchange));
              redirect(exchange, cdn + "/blob");
            });

    RepoHttp.Response response =
        http.document(registry + "/v2/x/tags/list", URI.create(registry + "/v2/x"), "Bearer t0k");

    assertThat(response.status()).isEqualTo(200);
    assertThat(seen).containsExactly("registry: Bearer t0k", "cdn: none");
  }

  @Test
  void aRedirectOnTheSameOriginKeepsTheAuthorization() {
    List<String> seen = new CopyOnWriteArrayList<>();
    String srv =
        servers.serve(
            exchange -> {
              if (exchange.getRequestURI().getPath().equals("/old")) {
                redirect(exchange, "/new");
              } else {
                answerRecordingAuthorization(exchange, seen);
              }
            });

    http.document(srv + "/old", URI.create(srv + "/old"), "Bearer t0k");

    assertThat(seen).containsExactly("cdn: Bearer t0k");
  }

  @Test
  void aRedirectToALinkLocalAddressIsRefusedNamingIt() {
    String srv = servers.serve(exchange -> redirect(exchange, "http://169.254.169.254/latest/"));

    assertThatThrownBy(() -> http.archive(srv + "/chart.tgz", URI.create(srv + "/chart.tgz")))
        .isInstanceOf(RepoException.class)
        .hasMessageContaining(srv + "/chart.tgz", "169.254.169.254", "link-local");
  }

  private static void redirect(HttpExchange exchange, String location) throws IOException {
    exchange.getResponseHeaders().add("Location", location);
    respond(exchange, 302, "");
  }

  private static String authorization(HttpExchange exchange) {
    String value = exchange.getRequestHeaders().getFirst("Authorization");
    return value == null ? "none" : value;
  }

  private static void answerRecordingAuthorization(HttpExchange exchange, List<String> seen)
      throws IOException {
    seen.add("cdn: " + authorization(exchange));
    respond(exchange, 200, "{}");
  }

  private static URI index(String srv) {
    return URI.create(srv + "/index.yaml");
  }

  /**
   * Promises {@code length} bytes (no headers at all when 0), sends {@code sent} of them, then
   * holds the connection open until the test ends.
   */
  private static void stallAfter(HttpExchange exchange, int length, int sent) throws IOException {
    if (length > 0) {
      exchange.sendResponseHeaders(200, length);
      exchange.getResponseBody().write(new byte[sent]);
      exchange.getResponseBody().flush();
    }
    pause(Duration.ofMinutes(5));
  }

  private static void pause(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
