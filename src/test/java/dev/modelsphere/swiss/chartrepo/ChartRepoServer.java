package dev.modelsphere.swiss.chartrepo;

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
 * for, and an {@code index.yaml} listing them.
 */
public final class ChartRepoServer implements AutoCloseable {

  private final HttpServer server;
  private final AtomicInteger archiveDownloads = new AtomicInteger();

  private ChartRepoServer(HttpServer server) {
    this.server = server;
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
      Files.writeString(root.resolve("index.yaml"), IndexYaml.of(listed));
      HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      ChartRepoServer repo = new ChartRepoServer(server);
      server.createContext(
          "/",
          exchange -> {
            Path file = root.resolve(exchange.getRequestURI().getPath().substring(1)).normalize();
            if (!file.startsWith(root) || !Files.isRegularFile(file)) {
              exchange.sendResponseHeaders(404, -1);
              exchange.close();
              return;
            }
            if (file.toString().endsWith(".tgz")) {
              repo.archiveDownloads.incrementAndGet();
            }
            byte[] body = Files.readAllBytes(file);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(body);
            }
          });
      server.start();
      return repo;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
  }

  public int archiveDownloads() {
    return archiveDownloads.get();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
