package dev.modelsphere.swiss.catalog;

import java.net.ConnectException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads a catalog over http(s). Entry paths resolve against the index URL's directory. Every body
 * is capped, counted while it streams, so a wrong URL cannot fill the memory. Redirects are
 * followed here, not by the client, so each hop's address passes {@link AddressRule#REPOSITORIES}
 * (no metadata or link-local address); the fetcher sends no credentials, so a hop to another host
 * carries none.
 */
public final class HttpFetcher implements Fetcher {
  /** The largest body read, index or entry: 8 MiB. */
  public static final int MAX_BODY = 8 << 20;

  static final Duration TIMEOUT = Duration.ofSeconds(30);
  static final String ACCEPT = "application/json, application/yaml, text/yaml, */*";

  /** One client for every catalog: it pools connections and owns a selector thread. */
  private static final HttpClient SHARED_CLIENT =
      HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

  private final URI indexUrl;
  private final HttpClient client;
  private final Duration timeout;

  public HttpFetcher(URI indexUrl) {
    this(indexUrl, SHARED_CLIENT);
  }

  public HttpFetcher(URI indexUrl, HttpClient client) {
    this(indexUrl, client, TIMEOUT);
  }

  HttpFetcher(URI indexUrl, HttpClient client, Duration timeout) {
    this.indexUrl = indexUrl;
    this.client = client;
    this.timeout = timeout;
  }

  /**
   * Parses the URL and joins {@code index.json} to its path unless the path names a JSON file,
   * spelling the result as Go's {@code url.JoinPath} does: the path cleaned of {@code //}, {@code
   * ./} and {@code ../}, the query and the fragment kept. Plans record this location as {@code
   * source.catalog}, which is hashed, so it must be spelt as the reference spells it.
   */
  static HttpFetcher forUrl(String location) {
    URI url;
    try {
      url = new URI(location);
      if (url.getHost() == null) {
        throw new URISyntaxException(location, "no host");
      }
    } catch (URISyntaxException e) {
      throw new CatalogException("catalog url \"" + location + "\": " + e.getMessage(), e);
    }
    if (url.getPath() != null && url.getPath().endsWith(".json")) {
      return new HttpFetcher(url);
    }
    return new HttpFetcher(withRawPath(url, UrlPath.join(url.getRawPath(), "index.json")));
  }

  @Override
  public byte[] readIndex() {
    try {
      return get(indexUrl);
    } catch (CatalogException e) {
      throw new CatalogException("catalog index: " + e.getMessage(), e);
    }
  }

  /**
   * Fetches a file beside the index. The index URL's query goes along: a catalog behind a token in
   * the query serves its entries only to requests that carry it.
   */
  @Override
  public byte[] read(String relativePath) {
    SafePath.check(relativePath);
    String escaped;
    try {
      // Built from parts so characters that are legal in a file name but not in a URL get
      // escaped; the "./" keeps a first segment such as "https:" from reading as a scheme.
      escaped = new URI(null, null, "./" + relativePath, null).getRawPath();
    } catch (URISyntaxException e) {
      throw new CatalogException("path \"" + relativePath + "\": " + e.getMessage(), e);
    }
    return get(
        withRawPath(indexUrl, UrlPath.join(UrlPath.directory(indexUrl.getRawPath()), escaped)));
  }

  /** {@code url} with another (escaped) path; its query and fragment stay. */
  private static URI withRawPath(URI url, String rawPath) {
    String query = url.getRawQuery() == null ? "" : "?" + url.getRawQuery();
    String fragment = url.getRawFragment() == null ? "" : "#" + url.getRawFragment();
    return URI.create(url.getScheme() + "://" + url.getRawAuthority() + rawPath + query + fragment);
  }

  @Override
  public String location() {
    return indexUrl.toString();
  }

  @Override
  public String toString() {
    return location();
  }

  /** The body of {@code url}, following up to {@link Redirects#MAX_HOPS} redirects. */
  private byte[] get(URI url) {
    URI at = url;
    for (int hop = 0; ; hop++) {
      HttpResponse<byte[]> response = exchange(at);
      int status = response.statusCode();
      if (status == 200) {
        return response.body();
      }
      if (!Redirects.isRedirect(status)) {
        throw new CatalogException("GET " + at + ": " + statusLine(status));
      }
      try {
        at = Redirects.next(at, response.headers().firstValue("Location"), hop);
      } catch (Redirects.Unfollowed e) {
        throw new CatalogException("GET " + url + ": " + e.getMessage(), e);
      }
    }
  }

  /**
   * One request, whole, within the timeout. The client's own request timeout stops at the response
   * headers, so the wait covers the body too: a server that drips its body must not hold a refresh.
   * The body streams on the client's threads; giving up stops it.
   */
  private HttpResponse<byte[]> exchange(URI url) {
    checkAddress(url);
    HttpRequest request =
        HttpRequest.newBuilder(url).timeout(timeout).header("Accept", ACCEPT).GET().build();
    CappedBody body = new CappedBody(MAX_BODY);
    CompletableFuture<HttpResponse<byte[]>> answer = client.sendAsync(request, body);
    try {
      return answer.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      giveUp(answer, body);
      throw new CatalogException(
          "GET " + url + ": no complete response within " + timeout.toMillis() + " ms");
    } catch (InterruptedException e) {
      giveUp(answer, body);
      Thread.currentThread().interrupt();
      throw new CatalogException("GET " + url + ": interrupted", e);
    } catch (ExecutionException e) {
      throw failed(url, e.getCause());
    }
  }

  private static void checkAddress(URI url) {
    try {
      AddressRule.REPOSITORIES.check(url);
    } catch (RefusedAddressException e) {
      throw new CatalogException(e.getMessage(), e);
    } catch (UnknownHostException e) {
      throw new CatalogException("GET %s: %s".formatted(url, unknownHost(url)), e);
    }
  }

  private static void giveUp(CompletableFuture<?> answer, CappedBody body) {
    body.abandon();
    answer.cancel(true);
  }

  private static CatalogException failed(URI url, Throwable cause) {
    if (cause instanceof CappedBody.TooLarge tooLarge) {
      return new CatalogException("GET " + url + ": " + tooLarge.getMessage(), tooLarge);
    }
    if (cause instanceof ConnectException refused) {
      return new CatalogException("GET %s: %s".formatted(url, unreachable(url, refused)), refused);
    }
    return new CatalogException("GET " + url + ": " + cause, cause);
  }

  /** Why a connection failed, in words; the JDK's own exception here has no message. */
  private static String unreachable(URI url, ConnectException e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof UnresolvedAddressException) {
        return unknownHost(url);
      }
    }
    return "cannot connect to %s: check the catalog URL, and that the server is up"
        .formatted(url.getRawAuthority());
  }

  private static String unknownHost(URI url) {
    return "the host %s is unknown: check the catalog URL, and that this machine can resolve it"
        .formatted(url.getHost());
  }

  private static String statusLine(int code) {
    String reason =
        switch (code) {
          case 400 -> " Bad Request";
          case 401 -> " Unauthorized";
          case 403 -> " Forbidden";
          case 404 -> " Not Found";
          case 500 -> " Internal Server Error";
          case 502 -> " Bad Gateway";
          case 503 -> " Service Unavailable";
          case 504 -> " Gateway Timeout";
          default -> "";
        };
    return code + reason;
  }
}
