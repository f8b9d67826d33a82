package dev.modelsphere.swiss.chartrepo;

import static java.nio.file.StandardCopyOption.ATOMIC_MOVE;
import static java.nio.file.StandardCopyOption.REPLACE_EXISTING;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.modelsphere.swiss.helm.TestCharts;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * A classic helm chart repository on 127.0.0.1: the example charts packaged at the versions asked
 * for, and an {@code index.yaml} listing them with their archives' digests, as {@code helm repo
 * index} writes it. {@link #pushAgain} replaces a version's archive the way a re-pushed tag does.
 */
public final class ChartRepoServer implements AutoCloseable {

  private final HttpServer server;
  private final Path root;
  private final Map<String, List<String>> listed;
  private final AtomicInteger archiveDownloads = new AtomicInteger();
  private final AtomicInteger indexRequests = new AtomicInteger();
  private final AtomicInteger indexDownloads = new AtomicInteger();

  private ChartRepoServer(HttpServer server, Path root, Map<String, List<String>> listed) {
    this.server = server;
    this.root = root;
    this.listed = listed;
  }

  /** Serves each example chart at each of {@code versions}. */
  public static ChartRepoServer serving(List<String> charts, List<String> versions) {
    return serving(charts, versions, List.of());
  }

  /**
   * Serves each example chart at each of {@code versions}, and lists it at {@code listedOnly} too,
   * without archives (to make an index as large as a public repository's).
   */
  public static ChartRepoServer serving(
      List<String> charts, List<String> versions, List<String> listedOnly) {
    try {
      Path root = Files.createTempDirectory("swiss-chart-repo-");
      Map<String, List<String>> listed = new LinkedHashMap<>();
      for (String chart : charts) {
        for (String version : versions) {
          TestCharts.packageAt(chart, version, root);
        }
        listed.put(chart, Stream.concat(listedOnly.stream(), versions.stream()).toList());
      }
      HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      ChartRepoServer repo = new ChartRepoServer(server, root, listed);
      repo.writeIndex();
      server.createContext("/", repo::serve);
      server.start();
      return repo;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Packages {@code chart} at {@code version} again with a changed description and publishes it
   * under the same version, index and all: the archive's digest moves, its manifests do not.
   *
   * @return the new archive's digest, {@code sha256:<hex>}
   */
  public String pushAgain(String chart, String version) {
    try {
      Path work = Files.createTempDirectory("swiss-chart-repush-");
      Path archive =
          TestCharts.packageAt(chart, version, work, "pushed again at " + System.nanoTime());
      Files.move(archive, root.resolve(chart + "-" + version + ".tgz"), REPLACE_EXISTING);
      writeIndex();
      return digestOf(chart, version);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The digest of the archive served for {@code chart} at {@code version}. */
  public String digestOf(String chart, String version) {
    try {
      return ChartDigest.ofBytes(Files.readAllBytes(root.resolve(chart + "-" + version + ".tgz")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void writeIndex() throws IOException {
    String index =
        IndexYaml.of(
            listed,
            (chart, version) ->
                Files.isRegularFile(root.resolve(chart + "-" + version + ".tgz"))
                    ? digestOf(chart, version).substring("sha256:".length())
                    : "%064x".formatted(version.hashCode()));
    Path partial = root.resolve("index.yaml.part");
    Files.writeString(partial, index);
    Files.move(partial, root.resolve("index.yaml"), REPLACE_EXISTING, ATOMIC_MOVE);
  }

  private void serve(HttpExchange exchange) throws IOException {
    Path file = root.resolve(exchange.getRequestURI().getPath().substring(1)).normalize();
    if (!file.startsWith(root) || !Files.isRegularFile(file)) {
      exchange.sendResponseHeaders(404, -1);
      exchange.close();
      return;
    }
    if (file.toString().endsWith(".tgz")) {
      archiveDownloads.incrementAndGet();
    }
    byte[] body = Files.readAllBytes(file);
    // Validated as static file servers and object stores do: an ETag of the content.
    String etag = "\"" + ChartDigest.ofBytes(body).substring("sha256:".length(), 23) + "\"";
    exchange.getResponseHeaders().set("ETag", etag);
    boolean index = file.getFileName().toString().equals("index.yaml");
    if (index) {
      indexRequests.incrementAndGet();
    }
    if (etag.equals(exchange.getRequestHeaders().getFirst("If-None-Match"))) {
      exchange.sendResponseHeaders(304, -1);
      exchange.close();
      return;
    }
    if (index) {
      indexDownloads.incrementAndGet();
    }
    exchange.sendResponseHeaders(200, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
  }

  public int archiveDownloads() {
    return archiveDownloads.get();
  }

  /** Requests for the index, answered or not. */
  public int indexRequests() {
    return indexRequests.get();
  }

  /** Requests for the index answered with its body: not a 304. */
  public int indexDownloads() {
    return indexDownloads.get();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
