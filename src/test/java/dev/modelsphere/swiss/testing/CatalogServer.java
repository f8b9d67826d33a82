package dev.modelsphere.swiss.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A model catalog (the fixture one unless a test brings its own directory) served over http from a
 * local server, which a test can make fail (503 for everything) and which counts the index requests
 * it answers.
 */
public final class CatalogServer implements AutoCloseable {
  private final HttpServer server;
  private final Path root;
  private final AtomicBoolean failing = new AtomicBoolean();
  private final AtomicInteger indexReads = new AtomicInteger();

  public CatalogServer() {
    this(SharedFixtures.modelCatalog());
  }

  /** Serves the catalog in {@code root}, as its files are at each request. */
  public CatalogServer(Path root) {
    this.root = root;
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext("/catalog/", this::serve);
    server.start();
  }

  /** The catalog's base URL, as a profile or config names it. */
  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/catalog/";
  }

  public void fail(boolean fail) {
    failing.set(fail);
  }

  public int indexReads() {
    return indexReads.get();
  }

  @Override
  public void close() {
    server.stop(0);
  }

  private void serve(HttpExchange exchange) throws IOException {
    String relative = exchange.getRequestURI().getPath().substring("/catalog/".length());
    Path file = root.resolve(relative).normalize();
    if (relative.equals("index.json")) {
      indexReads.incrementAndGet();
    }
    if (failing.get() || !file.startsWith(root) || !Files.isRegularFile(file)) {
      exchange.sendResponseHeaders(failing.get() ? 503 : 404, -1);
      exchange.close();
      return;
    }
    byte[] body = Files.readAllBytes(file);
    exchange.sendResponseHeaders(200, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }
}
