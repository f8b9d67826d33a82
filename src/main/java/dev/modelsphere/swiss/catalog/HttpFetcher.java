package dev.modelsphere.swiss.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Reads a catalog over http(s). Entry paths resolve against the index URL's directory. Every body
 * is capped, counted while it streams, so a wrong URL cannot fill the memory.
 */
public final class HttpFetcher implements Fetcher {
  /** The largest body read, index or entry: 8 MiB. */
  public static final int MAX_BODY = 8 << 20;

  static final Duration TIMEOUT = Duration.ofSeconds(30);
  static final String ACCEPT = "application/json, application/yaml, text/yaml, */*";

  /** One client for every catalog: it pools connections and owns a selector thread. */
  private static final HttpClient SHARED_CLIENT =
      HttpClient.newBuilder()
          .connectTimeout(TIMEOUT)
          .followRedirects(HttpClient.Redirect.NORMAL)
          .build();

  /**
   * Closes a body that is still streaming when the time is up. The client's own request timeout
   * stops at the response headers; a server that then drips its body must not hold a refresh.
   */
  private static final ScheduledExecutorService WATCHDOG =
      Executors.newSingleThreadScheduledExecutor(
          task -> {
            Thread thread = new Thread(task, "catalog-http-watchdog");
            thread.setDaemon(true);
            return thread;
          });

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

  private byte[] get(URI url) {
    long deadline = System.nanoTime() + timeout.toNanos();
    HttpRequest request =
        HttpRequest.newBuilder(url).timeout(timeout).header("Accept", ACCEPT).GET().build();
    HttpResponse<InputStream> response;
    try {
      response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
    } catch (ConnectException e) {
      throw new CatalogException("GET %s: %s".formatted(url, unreachable(url, e)), e);
    } catch (IOException e) {
      throw new CatalogException("GET " + url + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CatalogException("GET " + url + ": interrupted", e);
    }
    try (InputStream body = response.body()) {
      if (response.statusCode() != 200) {
        throw new CatalogException("GET " + url + ": " + statusLine(response.statusCode()));
      }
      return readCapped(url, body, deadline);
    } catch (IOException e) {
      throw new CatalogException("GET " + url + ": " + e, e);
    }
  }

  private byte[] readCapped(URI url, InputStream body, long deadline) throws IOException {
    AtomicBoolean expired = new AtomicBoolean();
    ScheduledFuture<?> watchdog =
        WATCHDOG.schedule(
            () -> {
              expired.set(true);
              closeQuietly(body);
            },
            Math.max(0, deadline - System.nanoTime()),
            TimeUnit.NANOSECONDS);
    byte[] bytes;
    try {
      // Read one byte past the cap: getting it proves the body is too large.
      bytes = body.readNBytes(MAX_BODY + 1);
    } catch (IOException e) {
      if (!expired.get()) {
        throw e;
      }
      bytes = null;
    } finally {
      watchdog.cancel(false);
    }
    if (expired.get()) {
      throw new CatalogException(
          "GET " + url + ": no complete response within " + timeout.toMillis() + " ms");
    }
    if (bytes.length > MAX_BODY) {
      throw new CatalogException("GET " + url + ": larger than " + MAX_BODY + " bytes");
    }
    return bytes;
  }

  /** Why a connection failed, in words; the JDK's own exception here has no message. */
  private static String unreachable(URI url, ConnectException e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof UnresolvedAddressException) {
        return "the host %s is unknown: check the catalog URL, and that this machine can resolve it"
            .formatted(url.getHost());
      }
    }
    return "cannot connect to %s: check the catalog URL, and that the server is up"
        .formatted(url.getRawAuthority());
  }

  private static void closeQuietly(InputStream body) {
    try {
      body.close();
    } catch (IOException e) {
      // The reader sees the stream end either way.
    }
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
