package dev.modelsphere.swiss.chartrepo;

import dev.modelsphere.swiss.catalog.AddressRule;
import dev.modelsphere.swiss.catalog.Redirects;
import dev.modelsphere.swiss.catalog.RefusedAddressException;
import java.io.IOException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The one HTTP client swiss reads chart repositories with: {@code index.yaml} files, OCI tag lists
 * and tokens, and chart archives. Every read is bounded: a connect timeout, a read timeout that
 * abandons a server once it stops sending, and a size cap on every body. Redirects are followed
 * here rather than by the JDK's client, which would resend {@code Authorization} to any host: each
 * hop's address must pass {@link AddressRule#REPOSITORIES} (no metadata or link-local address),
 * https never falls back to http, and credentials go only to the first request's origin.
 */
final class RepoHttp {

  /**
   * How long to wait and how much to read.
   *
   * @param read how long the server may stay silent, before the headers or between body bytes
   * @param documentMiB the cap on an index, a tag list or a token answer
   * @param archiveMiB the cap on a chart archive
   */
  record Limits(Duration connect, Duration read, int documentMiB, int archiveMiB) {

    /**
     * Public indexes run to tens of MiB (thousands of versions, each with its digest and
     * description), so documents get a generous cap; an archive holds a chart and its vendored
     * subcharts. The read timeout only counts silence, so a large body on a slow link still
     * arrives.
     */
    static final Limits STANDARD =
        new Limits(Duration.ofSeconds(10), Duration.ofSeconds(30), 32, 64);
  }

  /** A response whose body was read in full. */
  record Response(URI uri, int status, HttpHeaders headers, byte[] body) {

    Optional<String> header(String name) {
      return headers.firstValue(name);
    }

    List<String> headers(String name) {
      return headers.allValues(name);
    }

    boolean ok() {
      return status / 100 == 2;
    }

    /** The failure to report for this response, which is not a success, from {@code location}. */
    RepoException failure(String location) {
      return new RepoException(location, status, ResponseDetail.of(body).orElse(null));
    }
  }

  private static final RepoHttp STANDARD = new RepoHttp(Limits.STANDARD);

  /** Credentials a redirect to another origin must not carry. */
  private static final Set<String> CREDENTIALS = Set.of("authorization", "cookie");

  private final Limits limits;
  private final HttpClient client;

  RepoHttp(Limits limits) {
    this.limits = limits;
    this.client = HttpClient.newBuilder().connectTimeout(limits.connect()).build();
  }

  /** The client with the standard limits, shared by every read. */
  static RepoHttp standard() {
    return STANDARD;
  }

  /**
   * GETs a document (an index, a tag list, a token answer). Any status is returned as is; failures
   * to read name {@code location} only, since {@code uri} may be a token endpoint the operator
   * never configured.
   *
   * @param authorization the Authorization header, or null
   */
  Response document(String location, URI uri, String authorization) {
    Map<String, String> headers =
        authorization == null ? Map.of() : Map.of("Authorization", authorization);
    return get(location, uri, headers, limits.documentMiB());
  }

  /**
   * GETs a document unless it is still the one a validator names ({@code If-None-Match}, {@code
   * If-Modified-Since} in {@code conditions}): then the answer is a 304 with no body.
   */
  Response documentIfChanged(String location, URI uri, Map<String, String> conditions) {
    return get(location, uri, conditions, limits.documentMiB());
  }

  /** GETs a chart archive, as {@link #document} does with the archive cap. */
  Response archive(String location, URI uri) {
    return get(location, uri, Map.of(), limits.archiveMiB());
  }

  private Response get(String location, URI uri, Map<String, String> headers, int capMiB) {
    URI at = uri;
    Map<String, String> sent = headers;
    for (int hop = 0; ; hop++) {
      Response response = once(location, at, sent, capMiB);
      if (!Redirects.isRedirect(response.status())) {
        return response;
      }
      try {
        at = Redirects.next(at, response.header("Location"), hop);
      } catch (Redirects.Unfollowed e) {
        throw new RepoException(location, e.getMessage(), e);
      }
      if (!Redirects.sameOrigin(uri, at)) {
        sent = withoutCredentials(sent);
      }
    }
  }

  private static Map<String, String> withoutCredentials(Map<String, String> headers) {
    Map<String, String> kept = new LinkedHashMap<>(headers);
    kept.keySet().removeIf(name -> CREDENTIALS.contains(name.toLowerCase(Locale.ROOT)));
    return kept;
  }

  private static void checkAddress(String location, URI uri) {
    try {
      AddressRule.REPOSITORIES.check(uri);
    } catch (RefusedAddressException e) {
      throw new RepoException(location, e.getMessage(), e);
    } catch (UnknownHostException e) {
      throw new RepoException(
          location,
          "unreachable (the host %s is unknown): check the repository location and the network"
              .formatted(uri.getHost()),
          e);
    } catch (IllegalArgumentException e) {
      throw new RepoException(location, "not a location to request: " + e.getMessage(), e);
    }
  }

  private Response once(String location, URI uri, Map<String, String> headers, int capMiB) {
    checkAddress(location, uri);
    CappedBody body = new CappedBody((long) capMiB << 20);
    try {
      HttpRequest.Builder request = HttpRequest.newBuilder(uri).GET();
      headers.forEach(request::header);
      HttpResponse<byte[]> response =
          awaitProgress(location, client.sendAsync(request.build(), info -> body), body);
      return new Response(
          response.uri(), response.statusCode(), response.headers(), response.body());
    } catch (ExecutionException e) {
      if (body.exceeded()) {
        throw new RepoException(
            location, "the response is larger than %d MiB, the most swiss reads".formatted(capMiB));
      }
      throw unreadable(location, e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RepoException(location, "interrupted while reading the repository", e);
    } catch (IllegalArgumentException e) {
      throw new RepoException(location, "not a location to request: " + e.getMessage(), e);
    }
  }

  /**
   * Waits for the exchange for as long as the server keeps sending, and abandons it once the server
   * has been silent for the read timeout.
   */
  private HttpResponse<byte[]> awaitProgress(
      String location, CompletableFuture<HttpResponse<byte[]>> exchange, CappedBody body)
      throws ExecutionException, InterruptedException {
    long allowed = limits.read().toNanos();
    while (true) {
      long silent = System.nanoTime() - body.lastProgress();
      if (silent >= allowed) {
        exchange.cancel(true);
        body.abandon();
        throw new RepoException(
            location,
            "nothing arrived for %d s, so the read was abandoned: check that the repository is up"
                .formatted(limits.read().toSeconds()));
      }
      try {
        return exchange.get(allowed - silent, TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        // Look again: bytes may have arrived while we waited.
      }
    }
  }

  private static RepoException unreadable(String location, Throwable cause) {
    if (cause instanceof IOException) {
      String reason = cause.getMessage() == null ? cause.toString() : cause.getMessage();
      return new RepoException(
          location,
          "unreachable (%s): check the repository location and the network".formatted(reason),
          cause);
    }
    return new RepoException(location, cause);
  }
}
