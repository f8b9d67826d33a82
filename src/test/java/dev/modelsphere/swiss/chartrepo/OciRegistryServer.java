package dev.modelsphere.swiss.chartrepo;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.modelsphere.swiss.helm.TestCharts;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The read side of an OCI registry on 127.0.0.1 (the distribution API's {@code /v2/} manifests and
 * blobs), holding example charts as helm pushes them: one manifest per chart version, whose config
 * is the chart metadata and whose one layer is the packaged chart.
 */
public final class OciRegistryServer implements AutoCloseable {

  private static final String MANIFEST_TYPE = "application/vnd.oci.image.manifest.v1+json";

  private final HttpServer server;
  // Written by a test while the server's thread reads them.
  private final Map<String, byte[]> manifests = new ConcurrentHashMap<>();
  private final Map<String, byte[]> blobs = new ConcurrentHashMap<>();

  private OciRegistryServer(HttpServer server) {
    this.server = server;
  }

  /** Serves each example chart at each version under the repository path {@code charts/}. */
  public static OciRegistryServer serving(List<String> charts, List<String> versions) {
    return servingOn(0, charts, versions);
  }

  /**
   * As {@link #serving}, on a port chosen by the caller (0: any free one), for an address that
   * stays the same across runs.
   */
  public static OciRegistryServer servingOn(int port, List<String> charts, List<String> versions) {
    try {
      HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
      OciRegistryServer registry = new OciRegistryServer(http);
      Path dir = Files.createTempDirectory("swiss-oci-");
      for (String chart : charts) {
        for (String version : versions) {
          registry.add(
              chart, version, Files.readAllBytes(TestCharts.packageAt(chart, version, dir)));
        }
      }
      http.createContext("/v2/", registry::handle);
      http.start();
      return registry;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The registry address a site profile would name: {@code oci://127.0.0.1:<port>/charts}. */
  public String url() {
    return "oci://127.0.0.1:" + server.getAddress().getPort() + "/charts";
  }

  /**
   * Pushes {@code chart} at {@code version} again with a changed description, as {@code helm push}
   * over an existing tag does: the tag names another manifest and archive.
   *
   * @return the new archive's digest, {@code sha256:<hex>}
   */
  public String pushAgain(String chart, String version) {
    try {
      Path dir = Files.createTempDirectory("swiss-oci-repush-");
      byte[] archive =
          Files.readAllBytes(
              TestCharts.packageAt(chart, version, dir, "pushed again at " + System.nanoTime()));
      add(chart, version, archive);
      return digest(archive);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void add(String chart, String version, byte[] archive) {
    byte[] config =
        ("{\"apiVersion\":\"v2\",\"name\":\"" + chart + "\",\"version\":\"" + version + "\"}")
            .getBytes(StandardCharsets.UTF_8);
    String configDigest = store(config);
    String layerDigest = store(archive);
    String manifest =
        "{\"schemaVersion\":2,\"mediaType\":\""
            + MANIFEST_TYPE
            + "\","
            + "\"config\":{\"mediaType\":\"application/vnd.cncf.helm.config.v1+json\",\"digest\":\""
            + configDigest
            + "\",\"size\":"
            + config.length
            + "},"
            + "\"layers\":[{\"mediaType\":\"application/vnd.cncf.helm.chart.content.v1.tar+gzip\","
            + "\"digest\":\""
            + layerDigest
            + "\",\"size\":"
            + archive.length
            + "}]}";
    byte[] bytes = manifest.getBytes(StandardCharsets.UTF_8);
    manifests.put("charts/" + chart + ":" + version, bytes);
    manifests.put("charts/" + chart + "@" + digest(bytes), bytes);
  }

  private String store(byte[] blob) {
    String digest = digest(blob);
    blobs.put(digest, blob);
    return digest;
  }

  private void handle(HttpExchange exchange) throws IOException {
    String path = exchange.getRequestURI().getPath();
    boolean head = exchange.getRequestMethod().equals("HEAD");
    if (path.equals("/v2/")) {
      respond(exchange, 200, "application/json", "{}".getBytes(StandardCharsets.UTF_8), head, null);
      return;
    }
    int manifestAt = path.indexOf("/manifests/");
    int blobAt = path.indexOf("/blobs/");
    if (manifestAt > 0) {
      String repo = path.substring("/v2/".length(), manifestAt);
      String ref = path.substring(manifestAt + "/manifests/".length());
      byte[] manifest = manifests.get(repo + (ref.startsWith("sha256:") ? "@" : ":") + ref);
      respond(
          exchange,
          manifest == null ? 404 : 200,
          MANIFEST_TYPE,
          manifest,
          head,
          manifest == null ? null : digest(manifest));
    } else if (blobAt > 0) {
      byte[] blob = blobs.get(path.substring(blobAt + "/blobs/".length()));
      respond(
          exchange,
          blob == null ? 404 : 200,
          "application/octet-stream",
          blob,
          head,
          blob == null ? null : digest(blob));
    } else {
      respond(exchange, 404, "application/json", null, head, null);
    }
  }

  private static void respond(
      HttpExchange exchange, int status, String type, byte[] body, boolean head, String digest)
      throws IOException {
    byte[] bytes =
        body == null
            ? "{\"errors\":[{\"code\":\"NAME_UNKNOWN\",\"message\":\"not found\"}]}"
                .getBytes(StandardCharsets.UTF_8)
            : body;
    exchange.getResponseHeaders().set("Content-Type", body == null ? "application/json" : type);
    exchange.getResponseHeaders().set("Docker-Distribution-API-Version", "registry/2.0");
    if (digest != null) {
      exchange.getResponseHeaders().set("Docker-Content-Digest", digest);
    }
    if (head) {
      exchange.getResponseHeaders().set("Content-Length", Integer.toString(bytes.length));
      exchange.sendResponseHeaders(status, -1);
      exchange.close();
      return;
    }
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private static String digest(byte[] data) {
    try {
      return "sha256:"
          + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
