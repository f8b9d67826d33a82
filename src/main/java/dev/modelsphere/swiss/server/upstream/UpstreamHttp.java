package dev.modelsphere.swiss.server.upstream;

import dev.modelsphere.swiss.catalog.AddressRule;
import dev.modelsphere.swiss.catalog.RefusedAddressException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One HTTP exchange with another service, bounded in time from the first byte sent to the last byte
 * read, and in the bytes read. A failure to get an answer is reported, not thrown: to a check it is
 * the finding. A redirect is an answer like any other, never followed: these calls carry a key, the
 * SLO token and headers the user chose, and a {@code Location} may name any host. The host must
 * pass the server's {@link AddressRule} before anything is sent.
 */
final class UpstreamHttp {
  /**
   * What came back.
   *
   * @param status the HTTP status; 0 when no answer arrived
   * @param body what was read of the body, at most the cap
   * @param error why no (whole) answer arrived; empty when one did
   * @param location the {@code Location} of a redirect, not followed; empty for any other answer
   */
  record Exchange(int status, byte[] body, long latencyMillis, String error, String location) {
    boolean answered() {
      return error.isEmpty();
    }

    /** The answer is a redirect (3xx with a Location), which was not followed. */
    boolean redirected() {
      return !location.isEmpty();
    }

    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

  private final HttpClient client =
      HttpClient.newBuilder()
          // HTTP/1.1 as the reference's client speaks to a plain-http entrypoint: no h2c upgrade.
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(CONNECT_TIMEOUT)
          .followRedirects(HttpClient.Redirect.NEVER)
          .build();

  private final AddressRule addresses;

  UpstreamHttp(AddressRule addresses) {
    this.addresses = addresses;
  }

  /**
   * Sends the request and reads at most {@code cap} bytes of the answer.
   *
   * @param jsonBody sent with {@code Content-Type: application/json}; null sends no body
   * @throws RefusedAddressException when the host resolves to an address the rule refuses; nothing
   *     is sent then
   */
  Exchange send(
      String method,
      String url,
      Map<String, String> headers,
      String jsonBody,
      Duration timeout,
      int cap) {
    long started = System.nanoTime();
    HttpRequest request;
    try {
      request = request(method, url, headers, jsonBody, timeout);
    } catch (IllegalArgumentException e) {
      return failed(started, "cannot send %s %s: %s".formatted(method, url, e.getMessage()));
    }
    try {
      addresses.check(request.uri());
    } catch (UnknownHostException e) {
      return failed(
          started, "%s %s: the host %s is unknown".formatted(method, url, request.uri().getHost()));
    }
    CompletableFuture<HttpResponse<byte[]>> pending =
        client.sendAsync(request, answer -> new LimitedBody(cap));
    try {
      HttpResponse<byte[]> response = pending.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      return new Exchange(
          response.statusCode(),
          response.body(),
          millisSince(started),
          "",
          redirectLocation(response));
    } catch (TimeoutException e) {
      pending.cancel(true);
      return failed(started, noAnswer(method, url, timeout));
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      return failed(
          started,
          cause instanceof HttpTimeoutException
              ? noAnswer(method, url, timeout)
              : "%s %s: %s".formatted(method, url, why(cause)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      pending.cancel(true);
      return failed(started, "%s %s: interrupted".formatted(method, url));
    }
  }

  private static HttpRequest request(
      String method, String url, Map<String, String> headers, String jsonBody, Duration timeout) {
    HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(url)).timeout(timeout);
    headers.forEach(builder::header);
    if (jsonBody == null) {
      builder.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      builder
          .setHeader("Content-Type", Entrypoint.JSON)
          .method(method, HttpRequest.BodyPublishers.ofString(jsonBody));
    }
    return builder.build();
  }

  /** Where a 3xx answer points, as sent; empty for any other answer. */
  private static String redirectLocation(HttpResponse<?> response) {
    int status = response.statusCode();
    return status / 100 == 3 ? response.headers().firstValue("Location").orElse("") : "";
  }

  private static String noAnswer(String method, String url, Duration timeout) {
    long millis = timeout.toMillis();
    String limit = millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
    return "%s %s: no answer within %s".formatted(method, url, limit);
  }

  /** The innermost cause, which names what went wrong (a refused connection, an unknown host). */
  private static String why(Throwable error) {
    Throwable root = error;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = root.getMessage();
    String kind = root.getClass().getSimpleName();
    return message == null || message.isBlank() ? kind : "%s (%s)".formatted(message, kind);
  }

  private static Exchange failed(long started, String error) {
    return new Exchange(0, new byte[0], millisSince(started), error, "");
  }

  private static long millisSince(long started) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
  }
}
