package dev.modelsphere.swiss.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A catalog served over http behaves like the same catalog read from its directory. */
class HttpSourceTest {
  private HttpServer server;
  private String base;
  private final List<String> acceptHeaders = new CopyOnWriteArrayList<>();
  private final List<String> privateRequests = new CopyOnWriteArrayList<>();

  @BeforeEach
  void serveTheFixtureCatalog() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/catalog/", this::serveFixtureFile);
    server.createContext("/huge/", HttpSourceTest::serveAnEndlessBody);
    server.createContext("/stalled/", HttpSourceTest::serveAStalledBody);
    server.createContext("/private/", this::serveOnlyWithTheToken);
    server.createContext("/moved/", HttpSourceTest::redirectToTheCatalog);
    server.createContext("/metadata/", HttpSourceTest::redirectToTheMetadataService);
    server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
    server.start();
    base = "http://127.0.0.1:" + server.getAddress().getPort();
  }

  @AfterEach
  void stop() {
    server.stop(0);
    ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
  }

  @Test
  void openOverHttpAndFetchEntryLikeTheDirectoryCatalog() {
    Catalog overHttp = Catalog.open(base + "/catalog");
    Catalog onDisk = Catalog.open(Fixtures.catalogDir().toString());

    assertThat(overHttp.ref()).isEqualTo(onDisk.ref());
    assertThat(overHttp.index()).isEqualTo(onDisk.index());
    for (IndexModel model : onDisk.index().models()) {
      for (IndexVersion row : model.versions()) {
        assertThat(overHttp.entry(model.name(), row.version()))
            .isEqualTo(onDisk.entry(model.name(), row.version()));
      }
    }
    assertThat(overHttp.entry("glm5.3", "").defaultVariant().values()).isNotEmpty();
  }

  @Test
  void refIsContentAddressedWhateverTheUrlSpelling() {
    Catalog bare = Catalog.open(base + "/catalog");
    Catalog slash = Catalog.open(base + "/catalog/");
    Catalog file = Catalog.open(base + "/catalog/index.json");

    assertThat(bare.location()).isEqualTo(base + "/catalog/index.json");
    assertThat(slash.location()).isEqualTo(bare.location());
    assertThat(file.location()).isEqualTo(bare.location());
    assertThat(slash.ref()).isEqualTo(bare.ref()).startsWith("sha256:");
    assertThat(file.ref()).isEqualTo(bare.ref());
  }

  @Test
  void requestsAskForJsonAndYaml() {
    Catalog.open(base + "/catalog").entry("qwen3-8b", "");

    assertThat(acceptHeaders)
        .hasSize(2)
        .allSatisfy(
            accept ->
                assertThat(accept).isEqualTo("application/json, application/yaml, text/yaml, */*"));
  }

  @Test
  void aMovedCatalogIsFollowedOnItsHost() {
    assertThat(Catalog.open(base + "/moved/").ref())
        .isEqualTo(Catalog.open(base + "/catalog").ref());
  }

  @Test
  void aRedirectToTheMetadataServiceIsRefusedNamingTheAddress() {
    assertThatThrownBy(() -> Catalog.open(base + "/metadata/"))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("catalog index", "169.254.169.254", "link-local");
  }

  @Test
  void aCatalogOnALinkLocalAddressIsNeverFetched() {
    assertThatThrownBy(() -> Catalog.open("http://169.254.169.254/latest/meta-data/"))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("refused to call http://169.254.169.254/latest/meta-data/");
  }

  @Test
  void aBodyOverEightMebibytesIsRefusedNamingTheCap() {
    assertThatThrownBy(() -> Catalog.open(base + "/huge/"))
        .isInstanceOf(CatalogException.class)
        .hasMessageContainingAll(
            "catalog index", base + "/huge/index.json", String.valueOf(8 << 20));
  }

  @Test
  void aBodyThatStallsIsAbandonedAtTheTimeout() {
    Fetcher fetcher =
        new HttpFetcher(
            java.net.URI.create(base + "/stalled/index.json"),
            java.net.http.HttpClient.newHttpClient(),
            java.time.Duration.ofMillis(500));
    long start = System.nanoTime();

    assertThatThrownBy(fetcher::readIndex)
        .hasMessageContainingAll("catalog index", "/stalled/index.json", "500 ms");
    assertThat(java.time.Duration.ofNanos(System.nanoTime() - start))
        .isLessThan(java.time.Duration.ofSeconds(5));
  }

  @Test
  void aMissingIndexNamesTheStatus() {
    assertThatThrownBy(() -> Catalog.open(base + "/catalog/nowhere/"))
        .isInstanceOf(CatalogException.class)
        .hasMessageContainingAll("catalog index", "/catalog/nowhere/index.json", "404");
  }

  @Test
  void aMissingVersionFileNamesTheStatusAndPath() throws IOException {
    Path moved = Files.createTempDirectory("catalog-copy");
    try {
      Fixtures.copyCatalog(moved);
      Files.delete(moved.resolve("models/qwen3-8b/qwen3-8b-1.0.0.yaml"));
      server.createContext("/broken/", exchange -> serveFile(exchange, moved, "/broken/"));
      Catalog catalog = Catalog.open(base + "/broken");

      assertThatThrownBy(() -> catalog.entry("qwen3-8b", "1.0.0"))
          .hasMessageContainingAll("qwen3-8b 1.0.0", "models/qwen3-8b/qwen3-8b-1.0.0.yaml", "404");
    } finally {
      try (var files = Files.walk(moved)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  @Test
  void anEntryPathThatLooksLikeAUrlStaysInsideTheCatalog() {
    Fetcher fetcher = Fetcher.forLocation(base + "/catalog/");

    assertThatThrownBy(() -> fetcher.read("http://elsewhere.invalid/x.yaml"))
        .hasMessageContainingAll(base + "/catalog/http:", "404");
  }

  @Test
  void entryPathsAreEscapedAndQueriesKept() {
    Fetcher fetcher = Fetcher.forLocation(base + "/catalog?channel=stable");

    assertThat(fetcher.location()).isEqualTo(base + "/catalog/index.json?channel=stable");
    assertThatThrownBy(() -> fetcher.read("models/with space.yaml"))
        .hasMessageContainingAll(base + "/catalog/models/with%20space.yaml?channel=stable", "404");
  }

  @Test
  void aTokenInTheIndexQueryReachesEveryEntry() {
    Catalog catalog = Catalog.open(base + "/private/?token=abc");

    assertThat(catalog.location()).isEqualTo(base + "/private/index.json?token=abc");
    for (IndexModel model : catalog.index().models()) {
      assertThat(catalog.entry(model.name(), "").name()).isEqualTo(model.name());
    }
    assertThat(privateRequests)
        .hasSizeGreaterThan(1)
        .allSatisfy(uri -> assertThat(uri).endsWith("?token=abc"));
  }

  @Test
  void theRecordedLocationIsCleanedAsGoJoinsTheIndexFile() {
    assertThat(location("https://h/a//b/")).isEqualTo("https://h/a/b/index.json");
    assertThat(location("https://h/a/./b/.")).isEqualTo("https://h/a/b/index.json");
    assertThat(location("https://h/a/../b")).isEqualTo("https://h/b/index.json");
    assertThat(location("https://h/../../b/")).isEqualTo("https://h/b/index.json");
    assertThat(location("https://h/a%20b//")).isEqualTo("https://h/a%20b/index.json");
    assertThat(location("https://h/cat/?token=abc#v1"))
        .isEqualTo("https://h/cat/index.json?token=abc#v1");
  }

  @Test
  void aLocationNamingAJsonFileIsRecordedAsWritten() {
    assertThat(location("https://h/a//b/./catalog.json"))
        .isEqualTo("https://h/a//b/./catalog.json");
  }

  private static String location(String url) {
    return Fetcher.forLocation(url).location();
  }

  @Test
  void anUnparseableUrlIsRefusedNamingIt() {
    assertThatThrownBy(() -> Catalog.open("http://bad host/catalog"))
        .hasMessageContainingAll("catalog url", "http://bad host/catalog");
  }

  @Test
  void aUrlWithoutAPathGetsTheIndexAtTheRoot() {
    assertThat(Fetcher.forLocation("https://catalog.example").location())
        .isEqualTo("https://catalog.example/index.json");
    assertThat(Fetcher.forLocation("https://catalog.example/v1/catalog.json").location())
        .isEqualTo("https://catalog.example/v1/catalog.json");
  }

  private void serveFixtureFile(HttpExchange exchange) throws IOException {
    acceptHeaders.add(exchange.getRequestHeaders().getFirst("Accept"));
    serveFile(exchange, Fixtures.catalogDir(), "/catalog/");
  }

  /** A catalog behind a token: every request without {@code ?token=abc} is refused. */
  private void serveOnlyWithTheToken(HttpExchange exchange) throws IOException {
    privateRequests.add(exchange.getRequestURI().toString());
    if (!"token=abc".equals(exchange.getRequestURI().getRawQuery())) {
      exchange.sendResponseHeaders(403, -1);
      exchange.close();
      return;
    }
    serveFile(exchange, Fixtures.catalogDir(), "/private/");
  }

  private static void serveFile(HttpExchange exchange, Path root, String prefix)
      throws IOException {
    String rel = exchange.getRequestURI().getPath().substring(prefix.length());
    Path file = root.resolve(rel).normalize();
    if (!file.startsWith(root) || !Files.isRegularFile(file)) {
      exchange.sendResponseHeaders(404, -1);
      exchange.close();
      return;
    }
    byte[] body = Files.readAllBytes(file);
    exchange.sendResponseHeaders(200, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  /** Sends the headers and a few bytes, then nothing for far longer than the test waits. */
  private static void serveAStalledBody(HttpExchange exchange) throws IOException {
    exchange.sendResponseHeaders(200, 0);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write("{\"apiVersion\":".getBytes(java.nio.charset.StandardCharsets.UTF_8));
      out.flush();
      Thread.sleep(10_000);
    } catch (IOException | InterruptedException clientGaveUp) {
      // Expected: the fetcher closes the connection at its deadline.
    }
  }

  /** Streams more than the cap without announcing a length, so only counting can stop it. */
  private static void redirectToTheCatalog(HttpExchange exchange) throws IOException {
    String rest = exchange.getRequestURI().getPath().substring("/moved/".length());
    redirect(exchange, "/catalog/" + rest);
  }

  private static void redirectToTheMetadataService(HttpExchange exchange) throws IOException {
    redirect(exchange, "http://169.254.169.254/latest/meta-data/index.json");
  }

  private static void redirect(HttpExchange exchange, String location) throws IOException {
    exchange.getResponseHeaders().add("Location", location);
    exchange.sendResponseHeaders(302, -1);
    exchange.close();
  }

  private static void serveAnEndlessBody(HttpExchange exchange) throws IOException {
    exchange.sendResponseHeaders(200, 0);
    byte[] chunk = new byte[64 * 1024];
    java.util.Arrays.fill(chunk, (byte) ' ');
    try (OutputStream out = exchange.getResponseBody()) {
      for (int sent = 0; sent <= (8 << 20); sent += chunk.length) {
        out.write(chunk);
      }
    } catch (IOException clientHungUp) {
      // Expected: the fetcher stops reading at the cap.
    }
  }
}
